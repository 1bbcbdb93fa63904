/* SPDX-License-Identifier: GPL-2.0 */
/*
 * An object's .BTF.ext checked before libbpf reads it, as btfcheck.h checks its .BTF: the
 * header and its func_info, line_info and CO-RE relocation parts inside the bytes, each
 * part whole sections of whole records, and what each record names existing: its
 * section (by a name in the BTF's strings), its instruction inside that section, its
 * type ids in the BTF, its strings in the BTF's strings, its relocation kind known.
 */
#ifndef PERF_BPF_BTFEXT_H
#define PERF_BPF_BTFEXT_H

#include <stddef.h>
#include <stdint.h>

#include "load/btfcheck.h"

struct btfext_sections {
	/* The size of the object's section named name, -1 when it has none. */
	int64_t (*size_of)(const char *name, void *ctx);
	void *ctx;
};

/* 0, -EINVAL with the first defect in why (whysize bytes). */
int btfext__validate(const void *data, size_t size, const struct btfcheck_info *btf,
		     const struct btfext_sections *secs, char *why, size_t whysize);

#endif
