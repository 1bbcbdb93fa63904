// SPDX-License-Identifier: GPL-2.0
/*
 * Running clang: the cache's vmlinux.h and precompiled header handed over as held fds,
 * the time limit, and a stop signal; a run stopped either way is the compile's ERROR line.
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>

#include "compile/compile-int.h"
#include "util/errmsg.h"
#include "util/log.h"
#include "util/runcmd.h"

/* The facts clang runs with: vmlinux.h and the precompiled header through the held fds. */
struct clangcmd_env clangrun__env(const struct compile_job *j)
{
	struct clangcmd_env e = j->env;

	if (e.vmlinux_dir && j->vmlinux_fd >= 0)
		e.vmlinux_dir = HELD_VMLINUX;
	if (e.pch && j->pch_fd >= 0)
		e.pch = HELD_PCH;
	return e;
}

/* name in the cache c held open for clang; -1 without /proc (then clang goes by path). */
int clangrun__hold(struct cache *c, const char *name, int flags)
{
	struct stat st;
	int fd;

	if (stat(HELD_DIR, &st) || !S_ISDIR(st.st_mode))
		return -1;
	fd = cache__openat(c, name, flags);
	if (fd < 0)
		pr_debug("compile cache: cannot hold '%s' open: %s", name, strerror(-fd));
	return fd < 0 ? -1 : fd;
}

/* Run a clang command under the time limit; a stopped run is recorded as the ERROR line. */
int clangrun__run(struct compile_job *j, char **argv, struct runcmd_result *res)
{
	struct runcmd_opts ro = { .timeout_ms = j->timeout * 1000u };
	int err;

	if (j->vmlinux_fd >= 0) {
		ro.fds[ro.nr_fds++] = j->vmlinux_fd;
		if (j->pch_fd >= 0)
			ro.fds[ro.nr_fds++] = j->pch_fd;
	}
	err = runcmd__run_opts(argv, &ro, res);

	if (err == -ETIMEDOUT) {
		errmsg__set(err, "clang ran for more than %u s on %s: stopped", j->timeout,
			    j->given);
		errmsg__hint("does it include something that never ends (a FIFO, a device)? If "
			     "not, raise --clang-timeout (or clang-timeout in the [llvm] section "
			     "of ~/.perfconfig)");
	} else if (err == -EINTR) {
		const char *name = sigabbrev_np(res->stop_signal);

		errmsg__set(err, "compile of %s interrupted by SIG%s", j->given, name ? name : "?");
	}
	if (err == -ETIMEDOUT || err == -EINTR)
		j->stopped = err;
	return err;
}
