/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel's BTF cut down to what one BPF object's CO-RE relocations read: the types they
 * start from, and of each struct or union only the members they go through (at their own
 * offsets, the type's size kept). libbpf relocates against it as against the whole BTF
 * (bpf_object_open_opts.btf_custom_path) and reads a few hundred bytes instead of the
 * kernel's megabytes. Made once per kernel BTF and object, and kept in the compile cache.
 *
 * Relocations of every kind but the type-match one are covered; for an object with
 * another, or any failure, there is no cut BTF and libbpf reads the kernel's own.
 */
#ifndef PERF_BPF_COREBTF_H
#define PERF_BPF_COREBTF_H

#include <stddef.h>

#include "compile/cache.h"

struct btf;

/*
 * The BTF of target that the CO-RE relocations in btf_ext (an object's .BTF.ext, whose
 * type ids are local's) need; NULL + errno when it cannot be made.
 */
struct btf *corebtf__cut(const struct btf *local, const void *btf_ext, size_t ext_size,
			 const struct btf *target);

/*
 * The path of the cut kernel BTF for the BPF object elf (size bytes) in the cache c, made
 * there when missing, into path: 0, or -errno when there is none to use.
 */
int corebtf__path(struct cache *c, const void *elf, size_t size, char *path, size_t psize);

#endif
