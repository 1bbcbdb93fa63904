// SPDX-License-Identifier: GPL-2.0
/*
 * BTF value printer. Every read and write is bounded by the bytes given, every type walk
 * by a depth limit and a budget of steps linear in those bytes: a file's BTF is not
 * trusted to be free of loops, nor of members that overlap (a union of two unions of two
 * unions ... is 2^depth steps for a few bytes).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/btf.h>

#include "util/jsonw.h"
#include "output/btfprint.h"

#define MAX_DEPTH 32

/*
 * The steps (types visited, members looked at) one value may cost: a real value needs
 * about one per byte, eight per byte of bitfields.
 */
#define STEPS_BASE 256
#define STEPS_PER_BYTE 16

struct walk {
	size_t left; /* steps */
	bool cut; /* the budget ran out: the rest of the value is left out */
};

static struct walk walk_of(size_t size)
{
	size_t per_byte = size < SIZE_MAX / 2 / STEPS_PER_BYTE ? size * STEPS_PER_BYTE :
								 SIZE_MAX / 2;

	return (struct walk){ .left = STEPS_BASE + per_byte };
}

/* Take one step: false (and cut) when the value's budget is spent. */
static bool step(struct walk *w)
{
	if (w->left) {
		w->left--;
		return true;
	}
	w->cut = true;
	return false;
}

#define put dbuf__text

static void puts_(struct dbuf *b, const char *s)
{
	put(b, s, strlen(s));
}

static void __attribute__((format(printf, 2, 3))) putf(struct dbuf *b, const char *fmt, ...)
{
	char tmp[64];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(tmp, sizeof(tmp), fmt, ap);
	va_end(ap);
	if (n > 0)
		put(b, tmp, (size_t)n < sizeof(tmp) ? (size_t)n : sizeof(tmp) - 1);
}

uint32_t btfprint__resolve(const struct btf *btf, uint32_t id)
{
	for (int depth = 0; id && depth < MAX_DEPTH; depth++) {
		const struct btf_type *t = btf__type_by_id(btf, id);

		if (!t)
			return 0;
		switch (btf_kind(t)) {
		case BTF_KIND_TYPEDEF:
		case BTF_KIND_VOLATILE:
		case BTF_KIND_CONST:
		case BTF_KIND_RESTRICT:
		case BTF_KIND_TYPE_TAG:
			id = t->type;
			break;
		default:
			return id;
		}
	}
	return 0;
}

int64_t btfprint__int_value(const void *data, size_t size, bool is_signed)
{
	uint64_t u = 0;

	switch (size) {
	case 1: {
		uint8_t v;

		memcpy(&v, data, 1);
		return is_signed ? (int64_t)(int8_t)v : (int64_t)v;
	}
	case 2: {
		uint16_t v;

		memcpy(&v, data, 2);
		return is_signed ? (int64_t)(int16_t)v : (int64_t)v;
	}
	case 4: {
		uint32_t v;

		memcpy(&v, data, 4);
		return is_signed ? (int64_t)(int32_t)v : (int64_t)v;
	}
	case 8:
		memcpy(&u, data, 8);
		return (int64_t)u;
	default:
		return 0;
	}
}

static bool int_size_ok(size_t size)
{
	return size == 1 || size == 2 || size == 4 || size == 8;
}

bool btfprint__is_int(const struct btf *btf, uint32_t id, bool *is_signed)
{
	const struct btf_type *t = btf__type_by_id(btf, btfprint__resolve(btf, id));

	if (!t)
		return false;
	if (btf_is_int(t)) {
		*is_signed = btf_int_encoding(t) & BTF_INT_SIGNED;
		return int_size_ok(t->size) && btf_int_offset(t) == 0 &&
		       btf_int_bits(t) == t->size * 8;
	}
	if (btf_is_any_enum(t)) {
		*is_signed = btf_kflag(t);
		return int_size_ok(t->size);
	}
	return false;
}

/*
 * An array of plain char is text, printed as a string; unsigned char, signed char and __u8
 * arrays are bytes (addresses, hashes) and print every element as a number.
 */
static bool is_char(const struct btf *btf, uint32_t id)
{
	const struct btf_type *t = btf__type_by_id(btf, btfprint__resolve(btf, id));
	const char *name;

	if (!t || !btf_is_int(t) || t->size != 1)
		return false;
	name = btf__name_by_offset(btf, t->name_off);
	return name && !strcmp(name, "char");
}

/* Bits [bit_off, bit_off + bits) of the little-endian bytes at data (size bytes held). */
static uint64_t get_bits(const unsigned char *data, size_t size, uint32_t bit_off, uint32_t bits)
{
	uint64_t v = 0;

	/* a whole integer (nearly every value): its bytes at once, not bit by bit */
	if (__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ && bit_off % 8 == 0 && bits % 8 == 0 &&
	    int_size_ok(bits / 8) && bit_off / 8 + bits / 8 <= size)
		return (uint64_t)btfprint__int_value(data + bit_off / 8, bits / 8, false);
	for (uint32_t i = 0; i < bits && i < 64; i++) {
		uint32_t bit = bit_off + i;

		if (bit / 8 >= size)
			break;
		v |= (uint64_t)(data[bit / 8] >> (bit % 8) & 1) << i;
	}
	return v;
}

static int64_t sign_extend(uint64_t v, uint32_t bits)
{
	if (bits == 0 || bits >= 64)
		return (int64_t)v;
	return (int64_t)(v << (64 - bits)) >> (64 - bits);
}

static const char *enum_name(const struct btf *btf, const struct btf_type *t, int64_t v)
{
	int n = btf_vlen(t);

	if (btf_is_enum(t)) {
		const struct btf_enum *e = btf_enum(t);

		for (int i = 0; i < n; i++)
			if ((uint32_t)e[i].val == (uint32_t)v)
				return btf__name_by_offset(btf, e[i].name_off);
	} else {
		const struct btf_enum64 *e = btf_enum64(t);

		for (int i = 0; i < n; i++)
			if (btf_enum64_value(&e[i]) == (uint64_t)v)
				return btf__name_by_offset(btf, e[i].name_off);
	}
	return NULL;
}

/* One value's print: its BTF, where it goes, the steps it has left. */
struct pr {
	const struct btf *btf;
	struct dbuf *b;
	struct jsonw *jw;
	struct walk w;
	int skip; /* the top struct's member left out (a map key's), -1 for none */
	bool bare; /* the top struct's one member shown: its value alone, unnamed */
};

/* ---- text ---- */

static void text_value(struct pr *c, uint32_t id, const unsigned char *d, size_t size, int depth,
		       bool top);

/* A step of a text walk: when the budget runs out, "..." stands for the rest. */
static bool text_step(struct pr *c)
{
	bool was_cut = c->w.cut;

	if (step(&c->w))
		return true;
	if (!was_cut)
		puts_(c->b, "...");
	return false;
}

static bool plain_char(unsigned char c)
{
	return c >= 0x20 && c < 0x7f && c != '\\';
}

/*
 * The bytes of a char array's text: up to its NUL; or, for an array the value's end cuts
 * short (a record that stops after the strings it holds, as execsnoop's arguments, each
 * with its NUL), every string up to the last one's NUL.
 */
static size_t string_len(const struct btf_type *t, const unsigned char *d, size_t n)
{
	size_t len = n;

	if (n >= btf_array(t)->nelems)
		return strnlen((const char *)d, n);
	while (len && d[len - 1]) /* bytes past the last NUL: no string's */
		len--;
	if (!len)
		return n;
	while (len && !d[len - 1])
		len--;
	return len;
}

static void text_string(struct dbuf *b, const unsigned char *d, size_t n)
{
	for (size_t i = 0; i < n;) {
		size_t run = 0;

		while (i + run < n && plain_char(d[i + run]))
			run++;
		if (run) /* the printable bytes in one go */
			put(b, (const char *)d + i, run);
		else if (!d[i])
			puts_(b, "\\0");
		else
			putf(b, "\\x%02x", d[i]);
		i += run ? run : 1;
	}
}

/* %PRIu64 or %PRId64, without printf's cost on the values of every record */
static void put_dec(struct dbuf *b, uint64_t v, bool negative)
{
	char buf[24], *q = buf + sizeof(buf);

	do {
		*--q = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	if (negative)
		*--q = '-';
	put(b, q, (size_t)(buf + sizeof(buf) - q));
}

static void put_int(struct dbuf *b, int64_t v, bool is_signed)
{
	if (is_signed && v < 0)
		put_dec(b, -(uint64_t)v, true);
	else
		put_dec(b, (uint64_t)v, false);
}

static void text_int(struct dbuf *b, const struct btf_type *t, const unsigned char *d, size_t size)
{
	uint8_t enc = btf_int_encoding(t);
	uint32_t bits = btf_int_bits(t);
	uint64_t v = get_bits(d, size, btf_int_offset(t), bits);

	if (enc & BTF_INT_BOOL)
		puts_(b, v ? "true" : "false");
	else if (enc & BTF_INT_SIGNED)
		put_int(b, sign_extend(v, bits), true);
	else
		put_int(b, (int64_t)v, false);
}

/* The elements of array t held in size bytes (0 when its elements have no size). */
static uint32_t array_held(const struct btf *btf, const struct btf_type *t, size_t size,
			   int64_t *esz)
{
	const struct btf_array *a = btf_array(t);
	uint32_t n = a->nelems;

	*esz = btf__resolve_size(btf, a->type);
	if (*esz <= 0)
		return 0;
	if (!n || (uint64_t)n * *esz > size) /* a flexible or cut-short tail: what is there */
		n = size / *esz;
	return n;
}

static void text_array(struct pr *c, const struct btf_type *t, const unsigned char *d, size_t size,
		       int depth)
{
	uint32_t elem = btf_array(t)->type;
	int64_t esz;
	uint32_t n = array_held(c->btf, t, size, &esz);

	if (esz <= 0)
		return;
	if (is_char(c->btf, elem)) {
		text_string(c->b, d, string_len(t, d, n));
		return;
	}
	put(c->b, "[", 1);
	for (uint32_t i = 0; i < n && !c->w.cut; i++) {
		if (i)
			put(c->b, ",", 1);
		text_value(c, elem, d + i * esz, esz, depth + 1, false);
	}
	put(c->b, "]", 1);
}

/* A member's bytes: is it whole inside size? */
static bool member_held(const struct btf *btf, const struct btf_member *m, bool kflag, size_t size,
			uint32_t *bit_off, uint32_t *bitfield, int64_t *msize)
{
	*bit_off = kflag ? BTF_MEMBER_BIT_OFFSET(m->offset) : m->offset;
	*bitfield = kflag ? BTF_MEMBER_BITFIELD_SIZE(m->offset) : 0;
	*msize = btf__resolve_size(btf, m->type);
	if (*bitfield)
		return (*bit_off + *bitfield + 7) / 8 <= size;
	return *msize >= 0 && *bit_off % 8 == 0 && *bit_off / 8 + (uint64_t)*msize <= size;
}

/* An array member cut short still shows the elements it holds. */
static bool partial_array(const struct btf *btf, const struct btf_member *m, uint32_t bit_off,
			  size_t size)
{
	const struct btf_type *t = btf__type_by_id(btf, btfprint__resolve(btf, m->type));

	return t && btf_is_array(t) && bit_off % 8 == 0 && bit_off / 8 < size;
}

/* What a record of size bytes at d holds of a struct member. */
struct member_view {
	uint32_t bit_off;
	uint32_t bitfield; /* its width in bits, 0 for a whole-byte member */
	size_t len; /* bytes of a whole-byte member held: all of it, or an array's head */
	uint64_t bits; /* a bitfield's value */
	bool is_signed; /* a bitfield of a signed integer type */
};

/* Fills v for member m of struct t; false when the record does not hold it. */
static bool member_view(const struct btf *btf, const struct btf_type *t, const struct btf_member *m,
			const unsigned char *d, size_t size, struct member_view *v)
{
	int64_t msize;
	bool whole = member_held(btf, m, btf_kflag(t), size, &v->bit_off, &v->bitfield, &msize);
	const struct btf_type *mt;

	if (!whole && !partial_array(btf, m, v->bit_off, size))
		return false;
	v->len = whole ? (size_t)msize : size - v->bit_off / 8;
	if (v->bitfield) {
		mt = btf__type_by_id(btf, btfprint__resolve(btf, m->type));
		v->bits = get_bits(d, size, v->bit_off, v->bitfield);
		v->is_signed = mt && btf_is_int(mt) && (btf_int_encoding(mt) & BTF_INT_SIGNED);
	}
	return true;
}

static void text_struct(struct pr *c, const struct btf_type *t, const unsigned char *d, size_t size,
			int depth, bool top)
{
	const struct btf_member *m = btf_members(t);
	bool first = true;

	if (!top)
		put(c->b, "{", 1);
	for (int i = 0; i < btf_vlen(t) && text_step(c); i++, m++) {
		const char *name = btf__name_by_offset(c->btf, m->name_off);
		struct member_view v;

		if ((top && i == c->skip) || !member_view(c->btf, t, m, d, size, &v))
			continue;
		if (!first)
			put(c->b, " ", 1);
		first = false;
		if (name && *name && !(top && c->bare)) {
			puts_(c->b, name);
			put(c->b, "=", 1);
		}
		if (!v.bitfield)
			text_value(c, m->type, d + v.bit_off / 8, v.len, depth + 1, false);
		else if (v.is_signed)
			putf(c->b, "%" PRId64, sign_extend(v.bits, v.bitfield));
		else
			putf(c->b, "%" PRIu64, v.bits);
	}
	if (!top)
		put(c->b, "}", 1);
}

static void text_value(struct pr *c, uint32_t id, const unsigned char *d, size_t size, int depth,
		       bool top)
{
	const struct btf_type *t = btf__type_by_id(c->btf, btfprint__resolve(c->btf, id));
	struct dbuf *b = c->b;
	const char *name;
	int64_t v;

	if (!text_step(c))
		return;
	if (!t || depth > MAX_DEPTH) {
		puts_(b, "?");
		return;
	}
	switch (btf_kind(t)) {
	case BTF_KIND_INT:
		if (t->size <= size)
			text_int(b, t, d, size);
		break;
	case BTF_KIND_PTR:
		if (size >= 8)
			putf(b, "0x%" PRIx64, (uint64_t)btfprint__int_value(d, 8, false));
		else if (size >= 4)
			putf(b, "0x%" PRIx64, (uint64_t)btfprint__int_value(d, 4, false));
		break;
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64:
		if (!int_size_ok(t->size) || t->size > size)
			break;
		v = btfprint__int_value(d, t->size, btf_kflag(t));
		name = enum_name(c->btf, t, v);
		if (name)
			puts_(b, name);
		else
			putf(b, btf_kflag(t) ? "%" PRId64 : "%" PRIu64, v);
		break;
	case BTF_KIND_FLOAT:
		if (t->size == 8 && size >= 8) {
			double f;

			memcpy(&f, d, 8);
			putf(b, "%g", f);
		} else if (t->size == 4 && size >= 4) {
			float f;

			memcpy(&f, d, 4);
			putf(b, "%g", f);
		}
		break;
	case BTF_KIND_ARRAY:
		text_array(c, t, d, size, depth);
		break;
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
		text_struct(c, t, d, size, depth, top);
		break;
	default:
		puts_(b, "?");
	}
}

static void text_top(struct dbuf *b, const struct btf *btf, uint32_t id, const void *data,
		     size_t size, int skip, bool bare)
{
	struct pr c = { .btf = btf, .b = b, .w = walk_of(size), .skip = skip, .bare = bare };

	text_value(&c, id, data, size, 0, true);
}

void btfprint__text(struct dbuf *b, const struct btf *btf, uint32_t id, const void *data,
		    size_t size)
{
	text_top(b, btf, id, data, size, -1, false);
}

void btfprint__text_without(struct dbuf *b, const struct btf *btf, uint32_t id, const void *data,
			    size_t size, int skip)
{
	text_top(b, btf, id, data, size, skip, false);
}

/* The members a struct key shows: all of them, or all but skip (-1: not a struct). */
static int key_members(const struct btf *btf, uint32_t id, int skip)
{
	const struct btf_type *t = btf__type_by_id(btf, btfprint__resolve(btf, id));

	if (!t || !(btf_is_struct(t) || btf_is_union(t)))
		return -1;
	return btf_vlen(t) - (skip >= 0 && skip < btf_vlen(t));
}

void btfprint__key_text(struct dbuf *b, const struct btf *btf, uint32_t id, const void *data,
			size_t size, int skip)
{
	text_top(b, btf, id, data, size, skip, key_members(btf, id, skip) == 1);
}

/* ---- JSON ---- */

static void json_value(struct pr *c, uint32_t id, const unsigned char *d, size_t size, int depth);

static void json_int(struct jsonw *w, const struct btf_type *t, const unsigned char *d, size_t size)
{
	uint8_t enc = btf_int_encoding(t);
	uint32_t bits = btf_int_bits(t);
	uint64_t v = get_bits(d, size, btf_int_offset(t), bits);

	if (enc & BTF_INT_BOOL)
		jsonw__bool(w, v);
	else if (enc & BTF_INT_SIGNED)
		jsonw__s64(w, sign_extend(v, bits));
	else
		jsonw__u64(w, v);
}

static void json_array(struct pr *c, const struct btf_type *t, const unsigned char *d, size_t size,
		       int depth)
{
	uint32_t elem = btf_array(t)->type;
	int64_t esz;
	uint32_t n = array_held(c->btf, t, size, &esz);

	if (esz <= 0) {
		jsonw__null(c->jw);
		return;
	}
	if (is_char(c->btf, elem)) {
		jsonw__strn(c->jw, (const char *)d, string_len(t, d, n));
		return;
	}
	jsonw__start_array(c->jw);
	for (uint32_t i = 0; i < n && !c->w.cut; i++)
		json_value(c, elem, d + i * esz, esz, depth + 1);
	jsonw__end_array(c->jw);
}

static void json_struct(struct pr *c, const struct btf_type *t, const unsigned char *d, size_t size,
			int depth)
{
	const struct btf_member *m = btf_members(t);
	char anon[32];

	jsonw__start_object(c->jw);
	for (int i = 0; i < btf_vlen(t) && step(&c->w); i++, m++) {
		const char *name = btf__name_by_offset(c->btf, m->name_off);
		struct member_view v;

		if ((depth == 0 && i == c->skip) || !member_view(c->btf, t, m, d, size, &v))
			continue;
		if (!name || !*name) {
			snprintf(anon, sizeof(anon), "_%d", i);
			name = anon;
		}
		jsonw__name(c->jw, name);
		if (!v.bitfield)
			json_value(c, m->type, d + v.bit_off / 8, v.len, depth + 1);
		else if (v.is_signed)
			jsonw__s64(c->jw, sign_extend(v.bits, v.bitfield));
		else
			jsonw__u64(c->jw, v.bits);
	}
	jsonw__end_object(c->jw);
}

static void json_value(struct pr *c, uint32_t id, const unsigned char *d, size_t size, int depth)
{
	const struct btf_type *t = btf__type_by_id(c->btf, btfprint__resolve(c->btf, id));
	struct jsonw *w = c->jw;
	char buf[32];
	const char *name;
	int64_t v;

	if (!t || depth > MAX_DEPTH || !step(&c->w)) {
		jsonw__null(w);
		return;
	}
	switch (btf_kind(t)) {
	case BTF_KIND_INT:
		if (t->size > size)
			jsonw__null(w);
		else
			json_int(w, t, d, size);
		break;
	case BTF_KIND_PTR:
		if (size < 4) { /* text shows nothing of it either */
			jsonw__null(w);
			break;
		}
		snprintf(buf, sizeof(buf), "0x%" PRIx64,
			 (uint64_t)btfprint__int_value(d, size >= 8 ? 8 : 4, false));
		jsonw__str(w, buf);
		break;
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64:
		if (!int_size_ok(t->size) || t->size > size) {
			jsonw__null(w);
			break;
		}
		v = btfprint__int_value(d, t->size, btf_kflag(t));
		name = enum_name(c->btf, t, v);
		if (name)
			jsonw__str(w, name);
		else if (btf_kflag(t))
			jsonw__s64(w, v);
		else
			jsonw__u64(w, v);
		break;
	case BTF_KIND_FLOAT:
		if (t->size == 8 && size >= 8) {
			double f;

			memcpy(&f, d, 8);
			jsonw__double(w, f);
		} else if (t->size == 4 && size >= 4) {
			float f;

			memcpy(&f, d, 4);
			jsonw__double(w, f);
		} else {
			jsonw__null(w);
		}
		break;
	case BTF_KIND_ARRAY:
		json_array(c, t, d, size, depth);
		break;
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
		json_struct(c, t, d, size, depth);
		break;
	default:
		jsonw__null(w);
	}
}

void btfprint__json_without(struct jsonw *w, const struct btf *btf, uint32_t id, const void *data,
			    size_t size, int skip)
{
	struct pr c = { .btf = btf, .jw = w, .w = walk_of(size), .skip = skip };

	json_value(&c, id, data, size, 0);
}

void btfprint__json(struct jsonw *w, const struct btf *btf, uint32_t id, const void *data,
		    size_t size)
{
	btfprint__json_without(w, btf, id, data, size, -1);
}

/* ---- per-CPU sums ---- */

/* Add src into dst (size bytes each): nothing past size is read or written. */
static void add_value(struct pr *c, uint32_t id, unsigned char *dst, const unsigned char *src,
		      size_t size, int depth)
{
	const struct btf_type *t = btf__type_by_id(c->btf, btfprint__resolve(c->btf, id));

	if (!t || depth > MAX_DEPTH || !step(&c->w))
		return;
	if (btf_is_int(t) && int_size_ok(t->size) && t->size <= size &&
	    !(btf_int_encoding(t) & ~BTF_INT_SIGNED) && !btf_int_offset(t) &&
	    !is_char(c->btf, id)) {
		uint64_t a = 0, b = 0;

		memcpy(&a, dst, t->size); /* little endian: the low bytes */
		memcpy(&b, src, t->size);
		a += b;
		memcpy(dst, &a, t->size);
	} else if (btf_is_array(t) && !is_char(c->btf, btf_array(t)->type)) {
		int64_t esz;
		uint32_t n = array_held(c->btf, t, size, &esz);

		for (uint32_t i = 0; i < n && !c->w.cut; i++)
			add_value(c, btf_array(t)->type, dst + i * esz, src + i * esz, esz,
				  depth + 1);
	} else if (btf_is_struct(t)) {
		const struct btf_member *m = btf_members(t);

		for (int i = 0; i < btf_vlen(t) && step(&c->w); i++, m++) {
			uint32_t off = btf_member_bit_offset(t, i);

			if (btf_member_bitfield_size(t, i) || off % 8 || off / 8 >= size)
				continue;
			add_value(c, m->type, dst + off / 8, src + off / 8, size - off / 8,
				  depth + 1);
		}
	}
}

void btfprint__add(const struct btf *btf, uint32_t id, void *dst, const void *src, size_t size)
{
	struct pr c = { .btf = btf, .w = walk_of(size) };

	add_value(&c, id, dst, src, size, 0);
}
