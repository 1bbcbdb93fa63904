// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/btf.h>

#include "util/jsonw.h"
#include "output/btfprint.h"
#include "output/histgroup.h"

/* Where the buckets are: slot's bytes in the key, or slots' elements in the value. */
struct slots {
	uint32_t off; /* bytes */
	uint32_t size; /* of the integer, or of one element */
	uint32_t n; /* elements (1 for slot) */
	bool is_signed;
};

/* The member called name of struct type id, whole bytes: its index (-1: none), offset, type. */
static int find_member(const struct btf *btf, uint32_t id, const char *name, uint32_t *off,
		       uint32_t *type)
{
	const struct btf_type *t = btf__type_by_id(btf, btfprint__resolve(btf, id));
	const struct btf_member *m;

	if (!t || !btf_is_struct(t))
		return -1;
	m = btf_members(t);
	for (int i = 0; i < btf_vlen(t); i++, m++) {
		const char *n = btf__name_by_offset(btf, m->name_off);

		if (!n || strcmp(n, name) || btf_member_bitfield_size(t, i) ||
		    btf_member_bit_offset(t, i) % 8)
			continue;
		*off = btf_member_bit_offset(t, i) / 8;
		*type = m->type;
		return i;
	}
	return -1;
}

static bool members_at_least(const struct btf *btf, uint32_t id, int n)
{
	const struct btf_type *t = btf__type_by_id(btf, btfprint__resolve(btf, id));

	return t && btf_vlen(t) >= n;
}

static bool key_slot(struct hist_groups *hg, const struct typeset_map *m, struct slots *s)
{
	uint32_t type;
	int64_t size;

	hg->kind = hist__kind(m->name, &hg->width);
	if (hg->kind == HIST_NONE || !m->btf || !m->key_type || !m->num_values)
		return false;
	hg->member = find_member(m->btf, m->key_type, "slot", &s->off, &type);
	if (hg->member < 0 || !members_at_least(m->btf, m->key_type, 2) ||
	    !btfprint__is_int(m->btf, type, &s->is_signed))
		return false;
	size = btf__resolve_size(m->btf, type);
	if (size <= 0 || s->off + (uint64_t)size > m->key_size)
		return false;
	s->size = (uint32_t)size;
	s->n = 1;
	hg->by = HIST_BY_KEY_SLOT;
	return true;
}

static bool value_slots(struct hist_groups *hg, const struct typeset_map *m, struct slots *s)
{
	const struct btf_type *t;
	const struct btf_array *a;
	uint32_t type;
	int64_t size;

	if (!m->btf || !m->value_type)
		return false;
	hg->member = find_member(m->btf, m->value_type, "slots", &s->off, &type);
	t = hg->member < 0 ? NULL : btf__type_by_id(m->btf, btfprint__resolve(m->btf, type));
	if (!t || !btf_is_array(t))
		return false;
	a = btf_array(t);
	size = btf__resolve_size(m->btf, a->type);
	if (!a->nelems || size <= 0 || !btfprint__is_int(m->btf, a->type, &s->is_signed) ||
	    s->off + (uint64_t)size * a->nelems > m->value_size)
		return false;
	s->size = (uint32_t)size;
	s->n = a->nelems;
	hg->by = HIST_BY_VALUE_SLOTS;
	if (hist__kind(m->name, &hg->width) == HIST_LINEAR) {
		hg->kind = HIST_LINEAR;
		hg->width = hg->width ?: 1;
	} else {
		hg->kind = HIST_LOG2_SLOTS;
		hg->width = 1;
	}
	return true;
}

/* Keys compared but the bytes of slot (len 0: whole). */
struct masked {
	uint32_t size, off, len;
};

static int cmp_masked(const uint8_t *x, const uint8_t *y, const struct masked *k)
{
	int d = memcmp(x, y, k->off);

	return d ?: memcmp(x + k->off + k->len, y + k->off + k->len, k->size - k->off - k->len);
}

static int cmp_entry(const void *a, const void *b, void *ctx)
{
	const struct typeset_entry *const *x = a, *const *y = b;

	return cmp_masked((*x)->key, (*y)->key, ctx);
}

/* Smallest total first, then by key. */
static int cmp_group(const void *a, const void *b, void *ctx)
{
	const struct hist_group *x = a, *y = b;

	if (x->total != y->total)
		return x->total < y->total ? -1 : 1;
	return cmp_masked(x->key, y->key, ctx);
}

static int cmp_bucket(const void *a, const void *b)
{
	const struct hist_bucket *x = a, *y = b;

	return x->key < y->key ? -1 : x->key > y->key;
}

static uint64_t count_of(const uint8_t *p, const struct slots *s)
{
	int64_t v = btfprint__int_value(p, s->size, s->is_signed);

	return s->is_signed && v < 0 ? 0 : (uint64_t)v;
}

static void add(struct hist_group *g, uint64_t key, uint64_t count)
{
	g->bk[g->n++] = (struct hist_bucket){ .key = key, .count = count };
	g->total = g->total > UINT64_MAX - count ? UINT64_MAX : g->total + count;
}

static int by_key_slot(struct hist_groups *hg, const struct typeset_map *m, const struct slots *s,
		       struct masked *mk)
{
	const struct typeset_entry **e = calloc(m->nr, sizeof(*e));
	struct hist_group *g = NULL;

	if (!e)
		return -ENOMEM;
	for (uint32_t i = 0; i < m->nr; i++)
		e[i] = &m->ents[i];
	qsort_r(e, m->nr, sizeof(*e), cmp_entry, mk);
	for (uint32_t i = 0; i < m->nr; i++) {
		if (!i || cmp_masked(e[i - 1]->key, e[i]->key, mk)) {
			g = &hg->g[hg->nr++];
			*g = (struct hist_group){ .key = e[i]->key, .bk = hg->store + i };
		}
		add(g, (uint64_t)btfprint__int_value(e[i]->key + s->off, s->size, false),
		    e[i]->num < 0 ? 0 : (uint64_t)e[i]->num);
	}
	free(e);
	if (!hg->width && hg->kind == HIST_LINEAR)
		hg->width = hist__linear_width(hg->store, m->nr);
	hg->width = hg->width ?: 1;
	return 0;
}

static void by_value_slots(struct hist_groups *hg, const struct typeset_map *m,
			   const struct slots *s)
{
	for (uint32_t i = 0; i < m->nr; i++) {
		struct hist_group *g = &hg->g[hg->nr++];

		*g = (struct hist_group){ .key = m->ents[i].key,
					  .value = m->ents[i].value,
					  .bk = hg->store + (size_t)i * s->n };
		for (uint32_t k = 0; k < s->n; k++) {
			uint64_t c = count_of(m->ents[i].value + s->off + (size_t)k * s->size, s);

			if (hg->kind == HIST_LINEAR && k > UINT64_MAX / hg->width)
				break;
			if (c)
				add(g, hg->kind == HIST_LINEAR ? k * hg->width : k, c);
		}
	}
}

/* Buckets sorted, those of one key merged; empty groups out; the groups in order. */
static void finish(struct hist_groups *hg, struct masked *mk)
{
	size_t kept = 0;

	for (size_t i = 0; i < hg->nr; i++) {
		struct hist_group *g = &hg->g[i];
		size_t n = 0;

		qsort(g->bk, g->n, sizeof(*g->bk), cmp_bucket);
		for (size_t j = 0; j < g->n; j++) {
			if (n && g->bk[n - 1].key == g->bk[j].key)
				g->bk[n - 1].count += g->bk[j].count;
			else
				g->bk[n++] = g->bk[j];
		}
		g->n = n;
		if (g->total)
			hg->g[kept++] = *g;
	}
	hg->nr = kept;
	qsort_r(hg->g, hg->nr, sizeof(*hg->g), cmp_group, mk);
}

int hist_groups__make(struct hist_groups *hg, const struct typeset_map *m)
{
	struct masked mk = { .size = m->key_size };
	struct slots s;
	int err = 0;

	memset(hg, 0, sizeof(*hg));
	if (!m->nr || !(key_slot(hg, m, &s) || value_slots(hg, m, &s)))
		return 0;
	hg->g = calloc(m->nr, sizeof(*hg->g));
	hg->store = calloc((size_t)m->nr * s.n, sizeof(*hg->store));
	if (!hg->g || !hg->store) {
		hist_groups__free(hg);
		return -ENOMEM;
	}
	if (hg->by == HIST_BY_KEY_SLOT) {
		mk.off = s.off;
		mk.len = s.size;
		err = by_key_slot(hg, m, &s, &mk);
	} else {
		by_value_slots(hg, m, &s);
	}
	if (err) {
		hist_groups__free(hg);
		return err;
	}
	finish(hg, &mk);
	return 1;
}

void hist_groups__free(struct hist_groups *hg)
{
	free(hg->g);
	free(hg->store);
	memset(hg, 0, sizeof(*hg));
}

/* A slots value's members other than slots. */
static bool value_rest(const struct hist_groups *hg, const struct typeset_map *m)
{
	return hg->by == HIST_BY_VALUE_SLOTS && members_at_least(m->btf, m->value_type, 2);
}

static int key_skip(const struct hist_groups *hg)
{
	return hg->by == HIST_BY_KEY_SLOT ? hg->member : -1;
}

void hist_groups__text(struct dbuf *b, const struct hist_groups *hg, const struct typeset_map *m)
{
	for (size_t i = 0; i < hg->nr; i++) {
		const struct hist_group *g = &hg->g[i];

		dbuf__text(b, "@", 1);
		dbuf__text(b, m->name, strlen(m->name));
		dbuf__text(b, "[", 1);
		typeset__key_text(b, m, g->key, key_skip(hg));
		dbuf__text(b, "]:", 2);
		if (value_rest(hg, m)) {
			dbuf__text(b, " ", 1);
			btfprint__text_without(b, m->btf, m->value_type, g->value, m->value_size,
					       hg->member);
		}
		dbuf__text(b, "\n", 1);
		hist__text(b, hg->kind, hg->width, g->bk, g->n);
		dbuf__text(b, "\n", 1);
	}
}

void hist_groups__json(struct jsonw *w, const struct hist_groups *hg, const struct typeset_map *m)
{
	jsonw__start_object(w);
	jsonw__kv_str(w, "type", "map");
	jsonw__kv_str(w, "map", m->name);
	jsonw__kv_str(w, "hist", hg->kind == HIST_LINEAR ? "linear" : "log2");
	jsonw__name(w, "groups");
	jsonw__start_array(w);
	for (size_t i = 0; i < hg->nr; i++) {
		const struct hist_group *g = &hg->g[i];

		jsonw__start_object(w);
		jsonw__name(w, "key");
		typeset__key_json(w, m, g->key, key_skip(hg));
		if (value_rest(hg, m)) {
			jsonw__name(w, "value");
			btfprint__json_without(w, m->btf, m->value_type, g->value, m->value_size,
					       hg->member);
		}
		jsonw__name(w, "buckets");
		hist__json(w, hg->kind, hg->width, g->bk, g->n);
		jsonw__end_object(w);
	}
	jsonw__end_array(w);
	jsonw__end_object(w);
}
