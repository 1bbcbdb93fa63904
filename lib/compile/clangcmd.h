/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The clang command line of the compile stage, in one place: flags, macros, include
 * directories and their order; the cache key over it; clang's dependency output.
 */
#ifndef PERF_BPF_CLANGCMD_H
#define PERF_BPF_CLANGCMD_H

#include <stdbool.h>
#include <stddef.h>

/* Split s into words as a shell would (quotes, backslashes; no expansion). -EINVAL: bad quote. */
int clangcmd__split(const char *s, char ***words, int *nr);
void clangcmd__free_words(char **words);

/*
 * A kernel build dir (perf's [llvm] kbuild-dir): its object tree, the source tree its
 * Makefile names (the same dir for an in-tree build) and the architecture it was built for.
 */
struct clangcmd_kbuild {
	char obj[4096];
	char src[4096];
	char arch[32]; /* SRCARCH: x86, arm64, ... */
	bool compiler_version; /* has include/linux/compiler-version.h (5.13+) */
};

/*
 * Check dir is a kernel build dir (include/generated/autoconf.h, as perf checked) and find
 * its source tree and architecture. A Debian linux-headers-* tree is one, also extracted
 * elsewhere: its Makefile's /usr/src/linux-headers-*-common is then looked for next to it.
 */
int clangcmd__kbuild_find(const char *dir, struct clangcmd_kbuild *kb);

/* clang's diagnostics say a kernel header is missing, or a type it would have declared. */
bool clangcmd__wants_kernel_headers(const char *diag);

/*
 * A Hint for clang's diagnostics (its stderr) when they say a kernel header is missing,
 * written to buf; NULL when they do not.
 */
const char *clangcmd__header_hint(const char *diag, const struct clangcmd_kbuild *kb, char *buf,
				  size_t size);

/* Facts about this machine and toolchain that shape the clang command. */
struct clangcmd_env {
	const char *clang; /* resolved path of clang */
	const char *clang_opt; /* user's options, or NULL */
	int nr_cpus; /* __NR_CPUS__ */
	unsigned int version_code; /* LINUX_VERSION_CODE */
	const char *target_arch; /* -D__TARGET_ARCH_<this> unless the user's options set one */
	const char *mcpu; /* -mcpu=<this> unless the user's options set one; or NULL */
	const char *compat_dir; /* the project's bpf-compat headers, or NULL */
	const char *perf_dir; /* Debian perf's BPF headers, or NULL */
	const char *vmlinux_dir; /* directory holding vmlinux.h, or NULL */
	const char *multiarch_dir; /* /usr/include/<triple>, or NULL */
	const char *libbpf_dir; /* directory holding bpf/bpf_helpers.h, or NULL */
	const char *pch; /* precompiled vmlinux.h to include first, or NULL */
	const struct clangcmd_kbuild *kbuild; /* kernel build dir's include set, or NULL */
	/* included last (a source's only): puts struct event into the BTF; or NULL */
	const char *record_types;
};

/* A clang command: argv[0..key_argc) are its inputs, the rest names its outputs. */
struct clangcmd {
	char **argv; /* NULL-terminated */
	int argc;
	int key_argc;
	bool user_opts; /* has the user's options (which may name paths relative to the cwd) */
};

/*
 * The clang command compiling src to out, its dependencies written to depfile; with
 * src NULL, the flags only (the precompiled header is built with exactly those).
 */
int clangcmd__build(const struct clangcmd_env *env, const char *src, const char *out,
		    const char *depfile, struct clangcmd *cmd);
void clangcmd__exit(struct clangcmd *cmd);

/*
 * The cache key of a command: its inputs, the source's path and content (src_hash, its
 * SHA-256 as hash__file_hex() gives it: the bytes read once, not the file again), clang's
 * identity and the kernel BTF's identity (the included headers are checked by the cache
 * entry). src NULL: flags only.
 */
int clangcmd__key(const struct clangcmd *cmd, const char *src, const char *src_hash,
		  const char *clang_id, const char *btf_id, char *hex);

/*
 * Where the command's clang looks for a header, in its order (-I and -isystem dirs, the
 * system's, -idirafter dirs), and the files -include puts ahead of the source: malloc'ed,
 * NULL-terminated.
 */
int clangcmd__search_path(const struct clangcmd *cmd, char ***dirs, char ***forced);

/* Paths in a make-style dependency file (clang -MD -MF): malloc'ed, NULL-terminated. */
int clangcmd__parse_deps(const char *text, char ***paths);

#endif
