// SPDX-License-Identifier: GPL-2.0
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <bpf/btf.h>

#include "load/rectype.h"

#define SUFFIX "_event"

/* The offset of the array t ends in (its records may stop inside it), else t's size. */
static uint32_t tail_start(const struct btf *btf, const struct btf_type *t)
{
	uint16_t n = btf_vlen(t);
	const struct btf_type *mt;
	int id;

	if (!n)
		return t->size;
	id = btf__resolve_type(btf, btf_members(t)[n - 1].type);
	mt = id > 0 ? btf__type_by_id(btf, id) : NULL;
	if (!mt || !btf_is_array(mt))
		return t->size;
	return btf_member_bit_offset(t, n - 1) / 8;
}

static bool fits(const struct btf *btf, const struct btf_type *t, const struct progscan_sizes *s)
{
	uint32_t lo = tail_start(btf, t);

	if (!s->calls || (s->variable && lo >= t->size) || s->nr > PROGSCAN_MAX_SIZES)
		return false;
	for (int i = 0; i < s->nr; i++)
		if (s->size[i] != t->size && (s->size[i] < lo || s->size[i] > t->size))
			return false;
	return true;
}

/* What the calls pass, for the messages: "312 bytes", "a size computed as it runs", ... */
static void describe_sizes(const struct progscan_sizes *s, char *buf, size_t len)
{
	int off = 0;

	buf[0] = '\0';
	for (int i = 0; i < s->nr && i < PROGSCAN_MAX_SIZES && off < (int)len; i++)
		off += snprintf(buf + off, len - off, "%s%u", i ? ", " : "", s->size[i]);
	if (s->nr && off < (int)len)
		off += snprintf(buf + off, len - off, " bytes");
	if (s->variable && off < (int)len)
		snprintf(buf + off, len - off, "%sa size computed as it runs",
			 s->nr ? " and " : "");
}

static void describe_fit(const struct btf *btf, const struct btf_type *t, char *why, size_t len)
{
	uint32_t lo = tail_start(btf, t);

	if (lo < t->size)
		snprintf(why, len, "struct %s (records of %u to %u bytes)",
			 btf__name_by_offset(btf, t->name_off), lo, t->size);
	else
		snprintf(why, len, "struct %s (records of %u bytes)",
			 btf__name_by_offset(btf, t->name_off), t->size);
}

static bool is_suffixed(const char *name)
{
	size_t n = strlen(name), k = strlen(SUFFIX);

	return n > k && !strcmp(name + n - k, SUFFIX);
}

/* The one *_event struct that fits (not a kernel type), 0 with why for none or several. */
static uint32_t find_suffixed(const struct btf *btf, rectype_kernel_fn kernel, void *ctx,
			      const struct progscan_sizes *s, char *why, size_t whysize)
{
	uint32_t found = 0, nr = btf__type_cnt(btf);
	const struct btf *k;
	char sizes[96];

	describe_sizes(s, sizes, sizeof(sizes));
	for (uint32_t id = 1; id < nr && !s->variable; id++) {
		const struct btf_type *t = btf__type_by_id(btf, id);
		const char *name = btf__name_by_offset(btf, t->name_off);

		if (!btf_is_struct(t) || !btf_vlen(t) || !name || !is_suffixed(name) ||
		    !fits(btf, t, s))
			continue;
		k = kernel ? kernel(ctx) : NULL;
		if (!k || btf__find_by_name_kind(k, name, BTF_KIND_STRUCT) > 0)
			continue;
		if (found) {
			snprintf(why, whysize, "struct %s and struct %s both fit its records (%s)",
				 btf__name_by_offset(btf, btf__type_by_id(btf, found)->name_off),
				 name, sizes);
			return 0;
		}
		found = id;
	}
	if (found)
		describe_fit(btf, btf__type_by_id(btf, found), why, whysize);
	else
		snprintf(why, whysize,
			 "the object has no struct event, nor one *_event struct "
			 "of the records' size (%s)",
			 sizes);
	return found;
}

uint32_t rectype__find(const struct btf *btf, rectype_kernel_fn kernel, void *ctx,
		       const struct progscan_sizes *s, char *why, size_t whysize)
{
	int id = btf ? btf__find_by_name_kind(btf, "event", BTF_KIND_STRUCT) : -1;
	const struct btf_type *t = id > 0 ? btf__type_by_id(btf, id) : NULL;
	char sizes[96];

	if (!btf) {
		snprintf(why, whysize, "the object has no BTF");
		return 0;
	}
	if (!s->calls) {
		snprintf(why, whysize, "no program call that hands it records was found");
		return 0;
	}
	if (!t || !btf_vlen(t))
		return find_suffixed(btf, kernel, ctx, s, why, whysize);
	if (fits(btf, t, s)) {
		describe_fit(btf, t, why, whysize);
		return (uint32_t)id;
	}
	describe_sizes(s, sizes, sizeof(sizes));
	snprintf(why, whysize, "struct event (%u bytes) does not fit the records' size (%s)",
		 t->size, sizes);
	return 0;
}
