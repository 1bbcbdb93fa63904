// SPDX-License-Identifier: GPL-2.0
/*
 * The compile stage's driver: find clang and the include directories (toolchain.c), look
 * the object up in the cache by everything known before compiling, and on a miss run clang
 * (clangrun.c; with vmlinux.h precompiled when the source starts by including it, pch.c),
 * then store the object with the list of headers clang read (inputs.c). [llvm] settings:
 * llvmconf.c.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>

#include "compile/cache.h"
#include "compile/clangcmd.h"
#include "compile/compile.h"
#include "compile/compile-int.h"
#include "util/errmsg.h"
#include "util/log.h"
#include "util/runcmd.h"
#include "util/stopsig.h"
#include "compile/vmlinuxh.h"

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int open_cache(struct compile_job *j, const struct compile_opts *o)
{
	j->cache = cache__open(NULL);
	if (j->cache) {
		j->persistent = !o->no_cache;
		return 0;
	}
	/* Unusable (and said why when it is not trusted): work in a private directory. */
	j->cache = cache__open_temp();
	if (!j->cache)
		return errmsg__set(-errno, "unable to create a temporary directory: %s",
				   strerror(errno));
	return 0;
}

static int make_key(struct compile_job *j)
{
	int err = 0;

	if (j->want_pch)
		err = pch__plan(j);
	if (!err)
		err = clangcmd__build(&j->env, j->src, NULL, NULL, &j->cmd);
	if (!err)
		err = clangcmd__key(&j->cmd, j->src, j->src_hash, j->clang_id, j->btf_id, j->key);
	return err;
}

/* vmlinux.h in the cache (once per kernel); without it, clang goes without. */
static void ensure_vmlinux(struct compile_job *j)
{
	if (vmlinuxh__ensure(j->cache, VMLINUXH_BTF_PATH, j->btf_id, j->vmlinux_dir,
			     sizeof(j->vmlinux_dir))) {
		pr_warn("unable to generate vmlinux.h from '%s'", VMLINUXH_BTF_PATH);
		j->env.vmlinux_dir = NULL;
		j->env.pch = NULL;
	}
}

/*
 * Run the command; with a precompiled header clang rejects, once more without it; when a
 * header of the source's includes vmlinux.h not made yet, once more with it.
 */
static int run(struct compile_job *j, struct cache *work, struct runcmd_result *res)
{
	char out[PATH_MAX], dep[PATH_MAX];
	struct clangcmd_env env;
	struct clangcmd held;
	int err;

	cache__path(work, "out.o", out, sizeof(out));
	cache__path(work, "out.d", dep, sizeof(dep));
	inputs__mark_start(j);
	for (;;) {
		clangcmd__exit(&j->cmd);
		env = clangrun__env(j);
		err = clangcmd__build(&j->env, j->src, out, dep, &j->cmd);
		if (!err)
			err = clangcmd__build(&env, j->src, out, dep, &held);
		if (err)
			return err;
		if (j->r) {
			free(j->r->command);
			j->r->command = runcmd__quote(j->cmd.argv);
			j->r->pch = j->env.pch != NULL;
		}
		if (verbose) {
			char *line = runcmd__quote(j->cmd.argv);

			pr_debug("clang command: %s", line ? line : "?");
			if (j->vmlinux_fd >= 0)
				pr_debug(
					"(run with vmlinux.h's directory and the precompiled header "
					"as %s and %s)",
					HELD_VMLINUX, HELD_PCH);
			free(line);
		}
		err = clangrun__run(j, held.argv, res);
		clangcmd__exit(&held);
		/* clang's files follow the umask: make them ours alone before reading them. */
		chmod(out, 0600);
		chmod(dep, 0600);
		if (!err && res->status && j->kbuild_later &&
		    clangcmd__wants_kernel_headers(res->err)) {
			pr_debug("compiling again with the kernel build dir %s:\n%s", j->kbuild.obj,
				 res->err);
			runcmd__result_exit(res);
			j->kbuild_later = false;
			j->env.kbuild = &j->kbuild;
			continue;
		}
		if (!err && res->status && j->vmlinux_later &&
		    strstr(res->err, "'vmlinux.h' file not found")) {
			pr_debug("compiling again with vmlinux.h");
			runcmd__result_exit(res);
			j->vmlinux_later = false;
			ensure_vmlinux(j);
			continue;
		}
		if (err || !res->status || !j->env.pch ||
		    (!strstr(res->err, "precompiled") && !strstr(res->err, "PCH")))
			return err;
		pr_debug("the precompiled vmlinux.h does not fit, compiling without it:\n%s",
			 res->err);
		runcmd__result_exit(res);
		cache__discard(j->cache, j->pch_name); /* stale: built again next time */
		j->env.pch = NULL;
		if (j->pch_fd >= 0)
			close(j->pch_fd);
		j->pch_fd = -1;
	}
}

/*
 * The first run of a vmlinux.h source, while no precompiled header is there: clang on the
 * whole vmlinux.h (2.8 MB) takes 0.4-0.9 s, and generating it 0.2 s more; on vmlinux.h cut to
 * the kernel types the source and its headers can name (firstcut.c) about 0.1 s. So that
 * compile goes first against the cut header, written as vmlinux/vmlinux.h in the compile's
 * own temporary directory and held open for clang as the whole one's directory is: the
 * command line is the whole header's, letter for letter, and the header is no input the
 * cache entry lists. What it compiles is kept only when clang said nothing: every name the
 * source can reach means there what it means with the whole header, and what the cut lacks
 * is an error; a warning, though, could come of the cut itself (a struct the source builds
 * its name of, then unknown), so any diagnostic sends the compile to the whole header, and
 * only that compile's diagnostics are shown. The object has the same instructions and
 * relocations; its BTF has the types the program reads whole, and those it only points to
 * declared (with the whole header clang puts everything they lead to in: 0.6 MB more for a
 * task_struct). It is stored under the key the compile has anyway, where later runs find it
 * as they would the whole header's. The whole vmlinux.h and its precompiled form are then
 * made by the builder for later runs (pch__build_later).
 */
static int compile_cut(struct compile_job *j, struct cache *work, struct runcmd_result *res)
{
	bool kbuild_later = j->kbuild_later;
	int err;

	if (!j->env.vmlinux_dir || j->vmlinux_later || cache__mkdir(work, "vmlinux") ||
	    firstcut__write(j, work, "vmlinux/vmlinux.h"))
		return -ENOENT;
	j->vmlinux_fd = clangrun__hold(work, "vmlinux", O_RDONLY | O_DIRECTORY);
	if (j->vmlinux_fd < 0)
		return -ENOENT;
	j->kbuild_later = false; /* what fails here goes to the whole header first */
	err = run(j, work, res);
	j->kbuild_later = kbuild_later;
	close(j->vmlinux_fd);
	j->vmlinux_fd = -1;
	if (!err && (res->status || res->err_len)) {
		pr_debug("compiling again with the whole vmlinux.h, the cut one gave:\n%s",
			 res->err);
		runcmd__result_exit(res);
		err = -EAGAIN;
	}
	return err;
}

/* vmlinux.h for clang (the precompiled one when wanted): made if missing, and held. */
static int prepare_whole(struct compile_job *j)
{
	if (j->env.vmlinux_dir && !j->vmlinux_later)
		ensure_vmlinux(j);
	else if (j->env.vmlinux_dir && cache__mkdir(j->cache, j->vmlinux_sub))
		j->env.vmlinux_dir = NULL;
	if (j->env.vmlinux_dir)
		j->vmlinux_fd = clangrun__hold(j->cache, j->vmlinux_sub, O_RDONLY | O_DIRECTORY);
	if (j->env.pch && pch__build(j)) {
		if (j->stopped)
			return j->stopped;
		pr_debug("compiling without a precompiled vmlinux.h");
		j->env.pch = NULL;
	}
	if (j->env.pch && j->vmlinux_fd >= 0) {
		j->pch_fd = clangrun__hold(j->cache, j->pch_name, O_RDONLY);
		if (j->pch_fd < 0)
			j->env.pch = NULL; /* not the one built: none */
	}
	return 0;
}

static int compile(struct compile_job *j, void **obj, size_t *size)
{
	char hint_buf[PATH_MAX + 512];
	struct runcmd_result res;
	const char *hint;
	struct cache *work;
	int err;

	work = cache__open_temp();
	if (!work)
		return errmsg__set(-errno, "unable to create a temporary directory: %s",
				   strerror(errno));
	if (j->env.pch && j->pch_later && j->persistent && cache__check(j->cache, j->pch_name)) {
		pr_debug("compiling straight from vmlinux.h, precompiled for later runs meanwhile");
		j->env.pch = NULL;
	} else {
		j->pch_later = false;
	}
	err = j->pch_later ? compile_cut(j, work, &res) : -ENOENT;
	if (err && !j->stopped) {
		err = prepare_whole(j);
		if (!err)
			err = run(j, work, &res);
	}
	if (j->stopped)
		; /* said */
	else if (err == -ENOENT || err == -EACCES)
		errmsg__set(err, "unable to run clang '%s': %s", j->clang, strerror(-err));
	else if (err)
		errmsg__set(err, "unable to compile %s: %s", j->given, strerror(-err));
	if (err)
		goto out;
	if (res.err_len && (res.status || !quiet)) /* warnings are muted by -q, errors never */
		pr_raw("%.*s", (int)(res.err_len - (res.err[res.err_len - 1] == '\n')), res.err);
	err = res.status ? -EINVAL : cache__read(work, "out.o", obj, size);
	hint = res.status && res.err ?
		       clangcmd__header_hint(res.err, j->env.kbuild, hint_buf, sizeof(hint_buf)) :
		       NULL;
	runcmd__result_exit(&res);
	if (err) {
		errmsg__set(err, "unable to compile %s", j->given);
		if (hint)
			errmsg__hint("%s", hint);
		else
			errmsg__hint("check the messages above; add -v to see the clang command "
				     "and run it by hand");
		goto out;
	}
	if (j->persistent)
		inputs__store(j, work, *obj, *size);
	if (j->pch_later)
		pch__build_later(j);
out:
	cache__close(work);
	return err;
}

static int lookup_or_compile(struct compile_job *j, const struct compile_opts *o, void **obj,
			     size_t *size)
{
	int err;

	j->timeout = o->clang_timeout ? o->clang_timeout : COMPILE_CLANG_TIMEOUT;
	j->pch_later = o->pch_later;
	err = toolchain__find_clang(j, o);
	if (!err)
		err = open_cache(j, o);
	if (!err)
		err = toolchain__prepare(j, o);
	if (err)
		return err;
	if (j->r && j->persistent)
		snprintf(j->r->cache_dir, sizeof(j->r->cache_dir), "%s", cache__dir(j->cache));
	err = inputs__read_source(j);
	if (err == -EINVAL)
		return err; /* not a regular file: said */
	if (!err)
		err = make_key(j);
	if (err)
		return errmsg__set(err, "unable to compile %s: %s", j->given, strerror(-err));
	if (j->r) {
		memcpy(j->r->key, j->key, sizeof(j->key));
		j->r->command = runcmd__quote(j->cmd.argv);
		j->r->pch = j->env.pch != NULL;
	}
	if (j->persistent && !cache__lookup(j->cache, j->key, obj, size)) {
		pr_debug("compile cache: hit %s (%s)", j->key, cache__dir(j->cache));
		if (verbose) {
			char *line = runcmd__quote(j->cmd.argv);

			pr_debug("clang command (not run): %s", line ? line : "?");
			free(line);
		}
		if (j->r)
			j->r->cache_hit = true;
		return 0;
	}
	pr_debug("compile cache: %s %s", j->persistent ? "miss" : "not used for", j->key);
	return compile(j, obj, size);
}

int compile__source_report(const char *src, const struct compile_opts *o, void **obj, size_t *size,
			   struct compile_report *r)
{
	struct compile_job *j = calloc(1, sizeof(*j));
	double start = now();
	sigset_t old;
	int err, sig;

	if (r)
		memset(r, 0, sizeof(*r));
	if (!j)
		return -ENOMEM;
	j->given = src;
	j->r = r;
	j->vmlinux_fd = j->pch_fd = -1;
	/* A stop signal ends the compile through its cleanup: held until then. */
	stopsig__block(0, &old);
	err = lookup_or_compile(j, o, obj, size);
	sig = stopsig__wait(0);
	if (sig > 0 && !err) {
		free(*obj);
		*obj = NULL;
		err = errmsg__set(-EINTR, "compile of %s interrupted by SIG%s", src,
				  sigabbrev_np(sig) ? sigabbrev_np(sig) : "?");
	}
	if (r)
		r->seconds = now() - start;
	pr_debug("compile %s: %s in %.1f ms", src, err ? "failed" : "done", (now() - start) * 1e3);
	clangcmd__exit(&j->cmd);
	cache__close(j->cache);
	if (j->vmlinux_fd >= 0)
		close(j->vmlinux_fd);
	if (j->pch_fd >= 0)
		close(j->pch_fd);
	free(j);
	stopsig__unblock(&old);
	return err;
}

int compile__source(const char *src, const struct compile_opts *o, void **obj, size_t *size)
{
	return compile__source_report(src, o, obj, size, NULL);
}

void compile__report_exit(struct compile_report *r)
{
	if (!r)
		return;
	free(r->command);
	r->command = NULL;
}
