// SPDX-License-Identifier: GPL-2.0
/*
 * The precompiled vmlinux.h: whether a source can use it, where the one for its flags is,
 * and building it into the cache once per kernel, clang and flags.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "compile/compile-int.h"
#include "util/log.h"
#include "util/runcmd.h"
#include "compile/vmlinuxh.h"

/* Skip blanks and comments; returns where the next token starts. */
static const char *skip_space(const char *s)
{
	for (;;) {
		while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
			s++;
		if (s[0] == '/' && s[1] == '/')
			s += strcspn(s, "\n");
		else if (s[0] == '/' && s[1] == '*')
			s = strstr(s + 2, "*/") ? strstr(s + 2, "*/") + 2 : s + strlen(s);
		else
			return s;
	}
}

/*
 * The precompiled vmlinux.h goes in front of the source, so it is only used when the
 * source's first directive includes vmlinux.h anyway, no vmlinux.h of the source's own
 * could be meant instead, and the user's options do not touch the include paths.
 */
bool pch__wanted(struct compile_job *j, const char *text)
{
	const char *s = skip_space(text);
	char own[PATH_MAX];

	if (*s++ != '#')
		return false;
	while (*s == ' ' || *s == '\t')
		s++;
	if (strncmp(s, "include", 7))
		return false;
	s += 7;
	while (*s == ' ' || *s == '\t')
		s++;
	if (strncmp(s, "\"vmlinux.h\"", 11) && strncmp(s, "<vmlinux.h>", 11))
		return false;
	snprintf(own, sizeof(own), "%.*s/vmlinux.h", (int)(strrchr(j->src, '/') - j->src), j->src);
	if (!access(own, F_OK))
		return false;
	/* -I, -include, -isystem, -nostdinc...: the user arranges the headers. */
	return !j->env.clang_opt ||
	       (!strstr(j->env.clang_opt, "-I") && !strstr(j->env.clang_opt, "-i") &&
		!strstr(j->env.clang_opt, "-n"));
}

/* Where the precompiled vmlinux.h for exactly these flags is (or will be). */
int pch__plan(struct compile_job *j)
{
	struct clangcmd flags;
	char key[HASH_HEX_SIZE];
	int err;

	j->env.pch = NULL;
	err = clangcmd__build(&j->env, NULL, NULL, NULL, &flags);
	if (!err)
		err = clangcmd__key(&flags, NULL, NULL, j->clang_id, j->btf_id, key);
	clangcmd__exit(&flags);
	if (err)
		return err;
	snprintf(j->pch_name, sizeof(j->pch_name), "%s/%.16s.pch", j->vmlinux_sub, key);
	err = cache__path(j->cache, j->pch_name, j->pch, sizeof(j->pch));
	if (!err)
		j->env.pch = j->pch;
	return err;
}

/* clang -x c-header vmlinux.h -emit-pch, into the cache (a temporary name, then renamed). */
int pch__build(struct compile_job *j)
{
	char tmp[256], tmp_path[PATH_MAX], header[PATH_MAX + 16], *extra[6];
	struct clangcmd_env env = clangrun__env(j);
	const char *base;
	struct runcmd_result res;
	struct clangcmd flags;
	char **argv;
	int fd, err;

	if (!cache__check(j->cache, j->pch_name))
		return 0;
	fd = cache__tmpfile(j->cache, j->pch_name, tmp, sizeof(tmp));
	if (fd < 0)
		return fd;
	close(fd);
	env.pch = NULL;
	err = clangcmd__build(&env, NULL, NULL, NULL, &flags);
	if (err)
		goto out;
	snprintf(header, sizeof(header), "%s/vmlinux.h", env.vmlinux_dir);
	base = strrchr(tmp, '/') ? strrchr(tmp, '/') + 1 : tmp;
	if (j->vmlinux_fd >= 0) /* the output too: next to the header held */
		snprintf(tmp_path, sizeof(tmp_path), "%s/%s", HELD_VMLINUX, base);
	else
		cache__path(j->cache, tmp, tmp_path, sizeof(tmp_path));
	extra[0] = "-x", extra[1] = "c-header", extra[2] = header;
	extra[3] = "-o", extra[4] = tmp_path, extra[5] = NULL;
	err = -ENOMEM;
	argv = realloc(flags.argv, (flags.argc + 6) * sizeof(*argv));
	if (!argv)
		goto out;
	flags.argv = argv;
	memcpy(argv + flags.argc, extra, sizeof(extra));
	pr_debug("precompiling vmlinux.h: %s", header);
	pr_progress("precompiling vmlinux.h (once per kernel and clang options)...");
	err = clangrun__run(j, argv, &res);
	argv[flags.argc] = NULL; /* the extra words are not ours to free */
	if (!err && res.status) {
		pr_debug("precompiling vmlinux.h failed:\n%s", res.err);
		err = -EINVAL;
	}
	runcmd__result_exit(&res);
	if (!err &&
	    (j->vmlinux_fd >= 0 ? fchmodat(j->vmlinux_fd, base, 0600, 0) : chmod(tmp_path, 0600)))
		err = -errno;
	if (!err)
		err = cache__commit(j->cache, tmp, j->pch_name);
out:
	if (err)
		cache__discard(j->cache, tmp);
	clangcmd__exit(&flags);
	return err;
}

/* The builder's own world: no fd of the run's (a pipe's reader waits for none), the cache again. */
static int builder_setup(struct compile_job *j)
{
	int null = open("/dev/null", O_RDWR | O_CLOEXEC), lock;

	if (null < 0 || dup2(null, 0) < 0 || dup2(null, 1) < 0 || dup2(null, 2) < 0)
		return -1;
	close_range(3, ~0U, 0);
	j->cache = cache__open(NULL);
	if (!j->cache)
		return -1;
	/* one builder at a time: the others leave it to it */
	if (cache__mkdir(j->cache, j->vmlinux_sub))
		return -1;
	lock = cache__openat(j->cache, j->vmlinux_sub, O_RDONLY | O_DIRECTORY);
	if (lock < 0 || flock(lock, LOCK_EX | LOCK_NB))
		return -1;
	/* the run compiled with a cut vmlinux.h (compile.c): the whole one first */
	if (vmlinuxh__ensure(j->cache, VMLINUXH_BTF_PATH, j->btf_id, j->vmlinux_dir,
			     sizeof(j->vmlinux_dir)))
		return -1;
	j->vmlinux_fd = clangrun__hold(j->cache, j->vmlinux_sub, O_RDONLY | O_DIRECTORY);
	j->pch_fd = -1;
	return 0;
}

/*
 * The first run of a source that includes vmlinux.h compiles straight from it, or from a cut
 * of it (compile.c), instead of waiting for the precompiled header (0.8 s more); a grandchild
 * in a session of its own builds it, and vmlinux.h first when missing, for the later runs. It is nobody's child to wait for once the middle
 * process is reaped, and a stop signal of the terminal's does not reach it. Runs that come
 * meanwhile compile without it; the cache's temporary name and rename keep a half-built
 * header from ever being read.
 */
void pch__build_later(struct compile_job *j)
{
	pid_t pid = fork();

	if (pid < 0) {
		pr_debug("cannot start the precompiling of vmlinux.h: %s", strerror(errno));
		return;
	}
	if (pid > 0) {
		waitpid(pid, NULL, 0);
		pr_debug("precompiling vmlinux.h for later runs (%s)", j->pch_name);
		return;
	}
	if (setsid() < 0 || fork() != 0)
		_exit(0);
	if (!builder_setup(j))
		pch__build(j);
	_exit(0);
}
