/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A BPF object's ELF layout, checked before libbpf or the kernel see it: section headers
 * and sections inside the file and not overlapping, names and symbols inside their string
 * tables, relocations naming existing symbols and offsets inside their sections, a
 * NUL-terminated license, and BTF whose types name existing types (load/btfcheck.h).
 * Reads the bytes itself, with bounds checks only.
 */
#ifndef PERF_BPF_OBJCHECK_H
#define PERF_BPF_OBJCHECK_H

#include <stddef.h>

/* 0, or -EINVAL with errmsg__set() naming path and the first defect. */
int objcheck__validate(const void *buf, size_t size, const char *path);

#endif
