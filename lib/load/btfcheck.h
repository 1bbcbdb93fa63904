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

#include <stdint.h>

/* What the checks of the object's .BTF.ext (btfext.h) need of its BTF. */
struct btfcheck_info {
	const char *strs; /* its strings, str_len bytes, the last a NUL */
	uint32_t str_len;
	uint32_t nr_types; /* without void */
};

/*
 * 0 (info filled, when not NULL), -EINVAL with the first defect in why (whysize bytes), or
 * -ENOMEM.
 */
int btfcheck__validate(const void *data, size_t size, struct btfcheck_info *info, char *why,
		       size_t whysize);

#endif
