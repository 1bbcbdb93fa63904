/* SPDX-License-Identifier: GPL-2.0 */
/* The compile stage's internals: one compile's state, shared by the files of lib/compile only. */
#ifndef PERF_BPF_COMPILE_INT_H
#define PERF_BPF_COMPILE_INT_H

#include <limits.h>
#include <stdbool.h>
#include <time.h>

#include "compile/cache.h"
#include "compile/clangcmd.h"
#include "compile/compile.h"
#include "util/hash.h"

/*
 * vmlinux.h's directory and the precompiled header are in the cache, whose path another
 * user may redirect (a parent directory swapped): clang reads them through fds the tool
 * opened from the cache directory's own fd, as its fds 3 and 4.
 */
#define HELD_DIR "/proc/self/fd"
#define HELD_VMLINUX HELD_DIR "/3"
#define HELD_PCH HELD_DIR "/4"

/* One compile: what was found out, and the command built from it. */
struct compile_job {
	const char *given; /* the source as the user named it */
	struct compile_report *r;
	struct cache *cache; /* the user's cache, or a temporary directory */
	bool persistent; /* objects may be looked up and stored */
	bool want_pch;
	bool pch_later; /* build the precompiled vmlinux.h for later runs (compile_opts) */
	bool kbuild_later; /* the default kernel build dir, for a source that needs it */
	bool vmlinux_later; /* vmlinux.h made only if clang misses it: the source never names it */
	char vmlinux_sub[64]; /* "vmlinux-<btf id>", in the cache */
	char pch_name[128]; /* "vmlinux-<btf id>/<flags key>.pch", in the cache */
	char src[PATH_MAX]; /* its real path */
	char clang[PATH_MAX];
	char clang_id[HASH_HEX_SIZE];
	char btf_id[HASH_HEX_SIZE];
	char compat_dir[PATH_MAX];
	char compat_perf_dir[PATH_MAX];
	char record_types[PATH_MAX];
	char multiarch_dir[PATH_MAX];
	char vmlinux_dir[PATH_MAX];
	char pch[PATH_MAX];
	struct clangcmd_kbuild kbuild;
	struct clangcmd_env env;
	struct clangcmd cmd;
	char key[HASH_HEX_SIZE];
	char src_hash[HASH_HEX_SIZE]; /* the source's bytes, read once, that the key covers */
	struct timespec start; /* before clang first ran (CLOCK_REALTIME_COARSE) */
	int vmlinux_fd, pch_fd; /* held open for clang as HELD_VMLINUX, HELD_PCH; or -1 */
	unsigned int timeout; /* seconds a clang run may take */
	int stopped; /* -ETIMEDOUT or -EINTR once a clang run was stopped (the ERROR recorded) */
};

struct runcmd_result;

/* clangrun.c: running clang */
/* The facts clang runs with: vmlinux.h and the precompiled header through the held fds. */
struct clangcmd_env clangrun__env(const struct compile_job *j);
/* name in the cache c held open for clang; -1 without /proc (then clang goes by path). */
int clangrun__hold(struct cache *c, const char *name, int flags);
/* Run a clang command under the time limit; a stopped run is recorded as the ERROR line. */
int clangrun__run(struct compile_job *j, char **argv, struct runcmd_result *res);

/* firstcut.c: vmlinux.h cut to the source's names, as name in work, for a first compile */
int firstcut__write(struct compile_job *j, struct cache *work, const char *name);

/* pch.c: the precompiled vmlinux.h */
/* Can the source, whose first bytes are text, have vmlinux.h precompiled in front of it? */
bool pch__wanted(struct compile_job *j, const char *text);
/* Where the precompiled vmlinux.h for exactly these flags is (or will be). */
int pch__plan(struct compile_job *j);
/* Build it into the cache, unless it is there. */
int pch__build(struct compile_job *j);
/* Build it in a process of its own that outlives this one; this one goes on at once. */
void pch__build_later(struct compile_job *j);

/* toolchain.c: what clang compiles with */
/* clang found (o->clang_path, else PATH) and identified, or the ERROR recorded. */
int toolchain__find_clang(struct compile_job *j, const struct compile_opts *o);
/* Everything else the command depends on (clang found, the cache open): j->env. */
int toolchain__prepare(struct compile_job *j, const struct compile_opts *o);

/* inputs.c: what a compile read */
/* The source read once: its first bytes decide on the precompiled header, all is hashed. */
int inputs__read_source(struct compile_job *j);
/* Before clang first runs: files changed from now on are not taken as settled. */
void inputs__mark_start(struct compile_job *j);
/* The object in the cache, with the hashes of what clang read, if none of it changed. */
void inputs__store(struct compile_job *j, struct cache *work, const void *obj, size_t size);

#endif
