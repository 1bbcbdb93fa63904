/* SPDX-License-Identifier: GPL-2.0 */
/*
 * vmlinux.h cut to the kernel types a source can name: each struct, union, enum and typedef
 * of the kernel's BTF whose name (or one of whose enumerators' names) the source or its
 * headers use (srcnames.h), dumped as the whole vmlinux.h dumps them (with what they embed;
 * what they point to declared), and the complete type behind a pointer member the source's
 * own files name (task->mm->arg_start needs struct mm_struct whole). Clang reads 0.1 MB
 * instead of 2.8 MB for the same declarations of every name the source can reach.
 */
#ifndef PERF_BPF_VMLINUXCUT_H
#define PERF_BPF_VMLINUXCUT_H

#include <stddef.h>
#include <linux/types.h>

#include "util/nameset.h"

struct btf;

/* The types to dump, in that order. */
struct vmlinuxcut {
	__u32 *ids;
	size_t nr;
	size_t named; /* of them, by a name */
};

/*
 * The types of btf that names (srcnames.h's flags) reach. -EDOM when a name the source
 * uses belongs to several types and the cut could not give it to the one the whole
 * header gives it to (libbpf's dumper numbers the others NAME___2...: the first dumped
 * keeps the name).
 */
int vmlinuxcut__select(const struct btf *btf, const struct nameset *names, struct vmlinuxcut *cut);
void vmlinuxcut__free(struct vmlinuxcut *cut);

#endif
