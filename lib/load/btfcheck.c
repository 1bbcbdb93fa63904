// SPDX-License-Identifier: GPL-2.0
/*
 * An object's .BTF checked before libbpf reads it (see btfcheck.h). libbpf 1.1 takes the
 * type ids and name offsets a type names as they are: one that points nowhere (a map
 * definition's key type patched to 9999) is a NULL it dereferences, a chain of typedefs
 * that loops is a walk that never ends. Reads the bytes itself, with bounds checks only.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/btf.h>

#include "load/btfcheck.h"
#include "util/bytes.h"

struct types {
	const uint8_t *p; /* the type section */
	uint32_t len;
	uint32_t str_len; /* the string section's */
	uint32_t nr; /* types, without void */
	uint32_t *at; /* offset of type id i (1 to nr) in p */
	uint32_t *next; /* the type a modifier or typedef names, 0 for the others */
	char *why;
	size_t whysize;
};

static int bad(struct types *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int bad(struct types *t, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(t->why, t->whysize, fmt, ap);
	va_end(ap);
	return -EINVAL;
}

static uint32_t u32_at(const struct types *t, uint64_t off)
{
	return bytes__u32(t->p + off, 0);
}

/* Bytes after struct btf_type that a type of kind with vlen entries has; -1: unknown kind. */
static int64_t extra_size(uint32_t kind, uint32_t vlen)
{
	switch (kind) {
	case BTF_KIND_INT:
	case BTF_KIND_VAR:
	case BTF_KIND_DECL_TAG:
		return 4;
	case BTF_KIND_PTR:
	case BTF_KIND_FWD:
	case BTF_KIND_TYPEDEF:
	case BTF_KIND_VOLATILE:
	case BTF_KIND_CONST:
	case BTF_KIND_RESTRICT:
	case BTF_KIND_FUNC:
	case BTF_KIND_FLOAT:
	case BTF_KIND_TYPE_TAG:
		return 0;
	case BTF_KIND_ARRAY:
		return sizeof(struct btf_array);
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
		return (int64_t)vlen * sizeof(struct btf_member);
	case BTF_KIND_ENUM:
		return (int64_t)vlen * sizeof(struct btf_enum);
	case BTF_KIND_FUNC_PROTO:
		return (int64_t)vlen * sizeof(struct btf_param);
	case BTF_KIND_DATASEC:
		return (int64_t)vlen * sizeof(struct btf_var_secinfo);
	case BTF_KIND_ENUM64:
		return (int64_t)vlen * sizeof(struct btf_enum64);
	default:
		return -1;
	}
}

/* Find where each type starts: the section must be whole types of known kinds. */
static int index_types(struct types *t)
{
	uint32_t cap = 0;

	for (uint64_t off = 0; off < t->len;) {
		uint32_t info, kind;
		int64_t extra;

		if (!bytes__inside(off, sizeof(struct btf_type), 0, t->len))
			return bad(t, "type %u is cut short", t->nr + 1);
		info = u32_at(t, off + 4);
		kind = BTF_INFO_KIND(info);
		extra = extra_size(kind, BTF_INFO_VLEN(info));
		if (extra < 0)
			return bad(t, "type %u is of unknown kind %u", t->nr + 1, kind);
		if (!bytes__inside(off + sizeof(struct btf_type), (uint64_t)extra, 0, t->len))
			return bad(t, "type %u is cut short", t->nr + 1);
		if (t->nr + 1 >= cap) {
			uint32_t *at = realloc(t->at, sizeof(*at) * (cap = cap ? cap * 2 : 64));

			if (!at)
				return -ENOMEM;
			t->at = at;
		}
		t->at[++t->nr] = (uint32_t)off;
		off += sizeof(struct btf_type) + extra;
	}
	return 0;
}

static int check_name(struct types *t, uint32_t id, uint32_t name_off)
{
	if (name_off >= t->str_len)
		return bad(t, "type %u names string %#x, past the strings' %#x bytes", id, name_off,
			   t->str_len);
	return 0;
}

static int check_ref(struct types *t, uint32_t id, uint32_t ref)
{
	if (ref > t->nr)
		return bad(t, "type %u names type %u, which does not exist (%u types)", id, ref,
			   t->nr);
	return 0;
}

/* The names and type ids of type id's vlen entries of size bytes: where each field is. */
static int check_entries(struct types *t, uint32_t id, uint64_t off, uint32_t vlen, uint32_t size,
			 int name_at, int type_at)
{
	int err = 0;

	for (uint32_t i = 0; i < vlen && !err; i++, off += size) {
		if (name_at >= 0)
			err = check_name(t, id, u32_at(t, off + name_at));
		if (!err && type_at >= 0)
			err = check_ref(t, id, u32_at(t, off + type_at));
	}
	return err;
}

static int check_type(struct types *t, uint32_t id)
{
	uint64_t off = t->at[id], x = off + sizeof(struct btf_type);
	uint32_t info = u32_at(t, off + 4), ref = u32_at(t, off + 8), vlen = BTF_INFO_VLEN(info);
	int err = check_name(t, id, u32_at(t, off));

	t->next[id] = 0;
	switch (BTF_INFO_KIND(info)) {
	case BTF_KIND_TYPEDEF:
	case BTF_KIND_VOLATILE:
	case BTF_KIND_CONST:
	case BTF_KIND_RESTRICT:
	case BTF_KIND_TYPE_TAG:
		t->next[id] = ref;
		/* fall through */
	case BTF_KIND_PTR:
	case BTF_KIND_FUNC:
	case BTF_KIND_VAR:
	case BTF_KIND_DECL_TAG:
	case BTF_KIND_FUNC_PROTO: /* its return type */
		err = err ?: check_ref(t, id, ref);
		break;
	case BTF_KIND_ARRAY:
		err = err ?: check_ref(t, id, u32_at(t, x)) ?: check_ref(t, id, u32_at(t, x + 4));
		break;
	default:
		break;
	}
	if (err)
		return err;
	switch (BTF_INFO_KIND(info)) {
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
		return check_entries(t, id, x, vlen, sizeof(struct btf_member), 0, 4);
	case BTF_KIND_ENUM:
		return check_entries(t, id, x, vlen, sizeof(struct btf_enum), 0, -1);
	case BTF_KIND_ENUM64:
		return check_entries(t, id, x, vlen, sizeof(struct btf_enum64), 0, -1);
	case BTF_KIND_FUNC_PROTO:
		return check_entries(t, id, x, vlen, sizeof(struct btf_param), 0, 4);
	case BTF_KIND_DATASEC:
		return check_entries(t, id, x, vlen, sizeof(struct btf_var_secinfo), -1, 0);
	default:
		return 0;
	}
}

/*
 * No chain of typedefs and modifiers comes back to where it started: each type names one
 * next, so a walk marks what it passes and stops at what an earlier walk cleared.
 */
static int check_chains(struct types *t)
{
	uint8_t *state = calloc(t->nr + 1, 1); /* 0 unseen, 1 on this walk, 2 cleared */
	int err = 0;

	if (!state)
		return -ENOMEM;
	for (uint32_t id = 1; id <= t->nr && !err; id++) {
		uint32_t k;

		for (k = id; k && !state[k]; k = t->next[k])
			state[k] = 1;
		if (k && state[k] == 1)
			err = bad(t, "type %u is a typedef or modifier of itself", k);
		for (k = id; k && state[k] == 1; k = t->next[k])
			state[k] = 2;
	}
	free(state);
	return err;
}

int btfcheck__validate(const void *data, size_t size, struct btfcheck_info *info, char *why,
		       size_t whysize)
{
	struct btf_header h;
	struct types t = { .why = why, .whysize = whysize };
	const uint8_t *p = data;
	int err;

	if (size < sizeof(h))
		return bad(&t, "its header is cut short");
	memcpy(&h, data, sizeof(h));
	if (h.magic != BTF_MAGIC || h.version != BTF_VERSION)
		return bad(&t, "its magic or version is not BTF's");
	if (h.hdr_len < sizeof(h) || h.hdr_len > size ||
	    !bytes__inside(h.type_off, h.type_len, 0, size - h.hdr_len) ||
	    !bytes__inside(h.str_off, h.str_len, 0, size - h.hdr_len))
		return bad(&t, "its sections are outside it");
	if (!h.str_len || p[h.hdr_len + h.str_off + h.str_len - 1])
		return bad(&t, "its strings do not end in a NUL");
	t.p = p + h.hdr_len + h.type_off;
	t.len = h.type_len;
	t.str_len = h.str_len;
	err = index_types(&t);
	if (!err) {
		t.next = malloc(sizeof(*t.next) * (t.nr + 1));
		err = t.next ? 0 : -ENOMEM;
	}
	for (uint32_t id = 1; id <= t.nr && !err; id++)
		err = check_type(&t, id);
	err = err ?: check_chains(&t);
	if (!err && info)
		*info = (struct btfcheck_info){ .strs = (const char *)p + h.hdr_len + h.str_off,
						.str_len = t.str_len,
						.nr_types = t.nr };
	free(t.at);
	free(t.next);
	return err;
}
