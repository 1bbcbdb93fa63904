/* SPDX-License-Identifier: GPL-2.0 */
/*
 * vmlinux.h: every type of the running kernel as C, from its BTF, for BPF programs that
 * `#include "vmlinux.h"` on a machine without kernel headers. Generated with libbpf's
 * BTF dumper once per kernel BTF and kept in the compile cache.
 */
#ifndef PERF_BPF_VMLINUXH_H
#define PERF_BPF_VMLINUXH_H

#include <stddef.h>
#include <linux/types.h>

#include "compile/cache.h"

#define VMLINUXH_BTF_PATH "/sys/kernel/btf/vmlinux"

struct btf;

/*
 * SHA-256 of the BTF file at btf_path (hex), remembered in the cache next to its size and
 * mtime, so the file is only read again when either changes.
 */
int vmlinuxh__btf_id(struct cache *c, const char *btf_path, char *hex);
/*
 * Make sure "vmlinux-<btf_id>/vmlinux.h" exists in the cache (generating it when missing or
 * not trusted); its directory's path (to pass as -I) goes into dir.
 */
int vmlinuxh__ensure(struct cache *c, const char *btf_path, const char *btf_id, char *dir,
		     size_t size);
/*
 * Write name in the cache (atomically) as a vmlinux.h of btf's types ids[0..nr), with what
 * they need, in that order (every type when ids is NULL): the one text both the whole
 * header and a cut one (vmlinuxcut.h) have around the types.
 */
int vmlinuxh__write(struct cache *c, const char *name, const struct btf *btf, const __u32 *ids,
		    size_t nr);

#endif
