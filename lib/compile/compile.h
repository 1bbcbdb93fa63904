/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The compile stage: BPF C source to a BPF ELF object, by running clang (as a program,
 * from an argv array) with perf's flags and macros, through the compile cache.
 *
 * clang sees `-target bpf -O2 -g`, perf's -D__KERNEL__, -D__NR_CPUS__=<possible CPUs>
 * and -DLINUX_VERSION_CODE=<running kernel>, then the user's options, then the include
 * directories (see lib/compile/clangcmd.c), so that <linux/bpf.h>, <bpf/bpf_helpers.h>
 * and "vmlinux.h" resolve with no kernel headers installed.
 */
#ifndef PERF_BPF_COMPILE_H
#define PERF_BPF_COMPILE_H

#include <stdbool.h>
#include <stddef.h>

#include "util/hash.h"

struct compile_opts {
	const char *clang_path; /* NULL: perfconfig, then "clang" on PATH */
	const char *clang_opt; /* extra options, split on spaces like a shell would (no shell!) */
	/* kernel build dir for kernel headers; NULL: the running kernel's if present, "": none */
	const char *kbuild_dir;
	bool no_cache;
	/*
	 * A precompiled vmlinux.h not in the cache yet is built by a process of its own for
	 * later runs, while this one compiles straight from vmlinux.h (the first output of a
	 * run comes sooner); false: built first and used at once.
	 */
	bool pch_later;
	unsigned int clang_timeout; /* seconds; 0: perfconfig, then COMPILE_CLANG_TIMEOUT */
};

#define COMPILE_CLANG_TIMEOUT 120 /* seconds a clang run may take */
#define COMPILE_CLANG_TIMEOUT_MAX 1000000

/*
 * Load ~/.perfconfig / $PERF_CONFIG [llvm] defaults into o where o leaves them NULL.
 * The strings live until the process ends. A bad file: -EINVAL (-errno when it cannot be
 * read), the ERROR line recorded (util/errmsg.h).
 */
int compile__load_perfconfig(struct compile_opts *o);

/*
 * Compile src (a .c file) to a BPF ELF object held in memory (*obj malloc'ed, caller frees).
 * On failure: clang's diagnostics were shown, the ERROR/Hint lines recorded (util/errmsg.h),
 * returns -errno. The stop signals (util/stopsig.h) are blocked meanwhile: one that comes ends
 * the compile (clang's process group killed, temporary files removed) with -EINTR, the signal
 * taken. A clang run longer than the time limit is killed the same way: -ETIMEDOUT.
 */
int compile__source(const char *src, const struct compile_opts *o, void **obj, size_t *size);

/* What one compile did, for -v and --json. */
struct compile_report {
	bool cache_hit;
	bool pch; /* vmlinux.h came precompiled */
	double seconds; /* wall time of the whole stage */
	char key[HASH_HEX_SIZE]; /* cache key of the inputs known before compiling */
	char cache_dir[4096]; /* "" when no cache was used */
	char *command; /* the clang command, shell-quoted; malloc'ed */
};

/* compile__source() that also fills r (free with compile__report_exit()); r may be NULL. */
int compile__source_report(const char *src, const struct compile_opts *o, void **obj, size_t *size,
			   struct compile_report *r);
void compile__report_exit(struct compile_report *r);

#endif
