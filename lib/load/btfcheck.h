/* SPDX-License-Identifier: GPL-2.0 */
/*
 * An object's BTF (its .BTF section), checked before libbpf reads it: the header and its
 * sections inside the bytes, strings ending in a NUL, whole types of known kinds, every
 * name inside the strings, every type id a type names existing, and no typedef or
 * modifier chain that loops. Reads the bytes itself, with bounds checks only.
 */
#ifndef PERF_BPF_BTFCHECK_H
#define PERF_BPF_BTFCHECK_H

#include <stddef.h>

/* 0, -EINVAL with the first defect in why (whysize bytes), or -ENOMEM. */
int btfcheck__validate(const void *data, size_t size, char *why, size_t whysize);

#endif
