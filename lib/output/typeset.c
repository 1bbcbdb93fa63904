// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <linux/bpf.h>
#include <bpf/btf.h>

#include "util/jsonw.h"
#include "util/log.h"
#include "util/stopsig.h"
#include "util/tfeat.h"
#include "output/btfprint.h"
#include "output/hist.h"
#include "output/histgroup.h"
#include "output/mapstacks.h"
#include "output/typeset.h"

#define MAX_BTF 64

struct tchannel {
	char *event;
	uint32_t btf, type_id, map_type;
};

struct typeset {
	struct btf *btf[MAX_BTF];
	struct tchannel *chans;
	size_t nr_chans;
};

struct typeset *typeset__new(void)
{
	return calloc(1, sizeof(struct typeset));
}

void typeset__free(struct typeset *ts)
{
	if (!ts)
		return;
	for (int i = 0; i < MAX_BTF; i++)
		btf__free(ts->btf[i]);
	for (size_t i = 0; i < ts->nr_chans; i++)
		free(ts->chans[i].event);
	free(ts->chans);
	free(ts);
}

static const struct btf *btf_of(const struct typeset *ts, uint32_t idx)
{
	return idx < MAX_BTF ? ts->btf[idx] : NULL;
}

int typeset__obj_of(const struct typeset *ts, const struct btf *btf)
{
	for (int i = 0; ts && btf && i < MAX_BTF; i++)
		if (ts->btf[i] == btf)
			return i;
	return -1;
}

const struct btf *typeset__btf(const struct typeset *ts, uint32_t obj)
{
	return ts ? btf_of(ts, obj) : NULL;
}

static int add_btf(struct typeset *ts, const struct tfeat_entry *e)
{
	uint32_t idx;
	struct btf *btf;

	if (e->len < 8)
		return -EINVAL;
	memcpy(&idx, e->data, 4);
	if (idx >= MAX_BTF || ts->btf[idx])
		return 0;
	btf = btf__new(e->data + 8, (uint32_t)(e->len - 8));
	if (!btf)
		return -EINVAL;
	ts->btf[idx] = btf;
	return 0;
}

static int add_channel(struct typeset *ts, const struct tfeat_entry *e)
{
	uint32_t hdr[4];
	struct tchannel *n;
	const char *name = (const char *)e->data + sizeof(hdr);

	if (e->len <= sizeof(hdr) || !memchr(name, 0, e->len - sizeof(hdr)))
		return -EINVAL;
	memcpy(hdr, e->data, sizeof(hdr));
	n = realloc(ts->chans, sizeof(*n) * (ts->nr_chans + 1));
	if (!n)
		return -ENOMEM;
	ts->chans = n;
	n[ts->nr_chans] = (struct tchannel){
		.event = strdup(name), .btf = hdr[0], .type_id = hdr[1], .map_type = hdr[2]
	};
	if (!n[ts->nr_chans].event)
		return -ENOMEM;
	ts->nr_chans++;
	return 0;
}

int typeset__add(struct typeset *ts, const void *buf, size_t len)
{
	struct tfeat_entry e;
	size_t off = 0;
	int err = 0;

	while (!err && tfeat__next(buf, len, &off, &e)) {
		if (e.tag == TFEAT_BTF)
			err = add_btf(ts, &e);
		else if (e.tag == TFEAT_CHANNEL)
			err = add_channel(ts, &e);
	}
	return err;
}

bool typeset__channel(const struct typeset *ts, const char *event, const struct btf **btf,
		      uint32_t *type_id)
{
	for (size_t i = 0; ts && event && i < ts->nr_chans; i++) {
		const struct tchannel *c = &ts->chans[i];

		if (strcmp(c->event, event) || !btf_of(ts, c->btf))
			continue;
		*btf = btf_of(ts, c->btf);
		*type_id = c->type_id;
		return btf__type_by_id(*btf, c->type_id) != NULL;
	}
	return false;
}

bool typeset__is_ringbuf(const struct typeset *ts, const char *event)
{
	for (size_t i = 0; ts && event && i < ts->nr_chans; i++)
		if (!strcmp(ts->chans[i].event, event))
			return ts->chans[i].map_type == BPF_MAP_TYPE_RINGBUF;
	return false;
}

/* ---- maps ---- */

struct mapview {
	const struct btf *btf;
	struct tfeat_map m;
	const char *name;
	struct typeset_entry *ents;
	uint8_t *values;
	bool num_values, signed_values;
	/* the key names stacks of the look's (a STACK_TRACE map of the same object) */
	struct mapstacks *ms;
	struct resolver *res;
	struct stackkey sk;
	bool stacks;
};

static int cmp_num(const void *a, const void *b)
{
	const struct typeset_entry *x = a, *y = b;

	return x->num < y->num ? -1 : x->num > y->num;
}

static void hexbytes(struct dbuf *b, const uint8_t *p, size_t n)
{
	static const char hx[] = "0123456789abcdef";

	for (size_t i = 0; i < n; i++) {
		char c[2] = { hx[p[i] >> 4], hx[p[i] & 15] };

		dbuf__text(b, c, 2);
	}
}

/*
 * A key or value: by BTF (a key of one member as that member's value), else an integer of 4
 * or 8 bytes, else hex.
 */
static void text_of(struct dbuf *b, const struct btf *btf, uint32_t id, const uint8_t *p, size_t n,
		    bool key)
{
	char num[32];

	if (btf && id && btf__type_by_id(btf, id) && key) {
		btfprint__key_text(b, btf, id, p, n, -1);
	} else if (btf && id && btf__type_by_id(btf, id)) {
		btfprint__text(b, btf, id, p, n);
	} else if (n == 4 || n == 8) {
		snprintf(num, sizeof(num), "%lld",
			 (long long)btfprint__int_value(p, n, n == 8 ? true : false));
		dbuf__text(b, num, strlen(num));
	} else {
		hexbytes(b, p, n);
	}
}

static void json_of(struct jsonw *w, const struct btf *btf, uint32_t id, const uint8_t *p, size_t n)
{
	if (btf && id && btf__type_by_id(btf, id))
		btfprint__json(w, btf, id, p, n);
	else if (n == 4 || n == 8)
		jsonw__s64(w, btfprint__int_value(p, n, n == 8));
	else
		jsonw__hex(w, p, n);
}

void typeset__key_text(struct dbuf *b, const struct typeset_map *m, const uint8_t *key, int skip)
{
	if (skip >= 0 && m->btf && m->key_type)
		btfprint__key_text(b, m->btf, m->key_type, key, m->key_size, skip);
	else
		text_of(b, m->btf, m->key_type, key, m->key_size, true);
}

void typeset__key_json(struct jsonw *w, const struct typeset_map *m, const uint8_t *key, int skip)
{
	if (skip >= 0 && m->btf && m->key_type)
		btfprint__json_without(w, m->btf, m->key_type, key, m->key_size, skip);
	else
		json_of(w, m->btf, m->key_type, key, m->key_size);
}

/*
 * Whether a MAP entry's rest bytes, after its name, hold nr_entries entries of key_size +
 * nr_values * value_size bytes each (value_size > 0: every entry has bytes, so the work on
 * a dump is linear in its size).
 */
static bool entries_fit(const struct tfeat_map *m, size_t rest)
{
	uint64_t stride = m->key_size + (uint64_t)m->value_size * m->nr_values;

	return m->nr_values && m->value_size && m->nr_entries <= rest / stride;
}

/*
 * What the entries of one map may take to be shown (their index, their summed values): a
 * dump of tiny entries costs 24 bytes of index for each 2 bytes it has.
 */
#define VIEW_BUDGET (32u << 20)

/* How many of m's entries are shown: those the budget holds, with a warning for the rest. */
static uint32_t entries_shown(const struct tfeat_map *m, const char *name)
{
	uint64_t most = VIEW_BUDGET / (sizeof(struct typeset_entry) + m->value_size);

	if (m->nr_entries <= most)
		return m->nr_entries;
	pr_warn("map '%s' has %u entries: the first %llu are shown", name, m->nr_entries,
		(unsigned long long)most);
	return (uint32_t)most;
}

static int load_view(const struct typeset *ts, const struct tfeat_entry *e, struct mapview *v)
{
	const uint8_t *p;
	size_t rest, stride;
	bool sgn = false;

	memset(v, 0, sizeof(*v));
	if (e->len < sizeof(v->m))
		return -EINVAL;
	memcpy(&v->m, e->data, sizeof(v->m));
	rest = e->len - sizeof(v->m);
	if (v->m.name_len > rest || !memchr(e->data + sizeof(v->m), 0, v->m.name_len))
		return -EINVAL;
	v->name = (const char *)e->data + sizeof(v->m);
	if (!entries_fit(&v->m, rest - v->m.name_len))
		return -EINVAL;
	stride = v->m.key_size + (size_t)v->m.value_size * v->m.nr_values;
	v->m.nr_entries = entries_shown(&v->m, v->name);
	v->btf = btf_of(ts, v->m.btf);
	if (v->btf && v->m.value_type && !btf__type_by_id(v->btf, v->m.value_type))
		v->btf = NULL;
	v->ents = calloc(v->m.nr_entries + 1, sizeof(*v->ents));
	v->values = malloc((size_t)v->m.nr_entries * v->m.value_size + 1);
	if (!v->ents || !v->values)
		return -ENOMEM;
	v->num_values = v->btf && v->m.value_type ?
				btfprint__is_int(v->btf, v->m.value_type, &sgn) :
				v->m.value_size == 4 || v->m.value_size == 8;
	v->signed_values = sgn;
	p = e->data + sizeof(v->m) + v->m.name_len;
	for (uint32_t i = 0; i < v->m.nr_entries; i++, p += stride) {
		struct typeset_entry *en = &v->ents[i];

		en->key = p;
		en->value = v->values + (size_t)i * v->m.value_size;
		memcpy(en->value, p + v->m.key_size, v->m.value_size);
		for (uint32_t c = 1; c < v->m.nr_values; c++) {
			const uint8_t *src = p + v->m.key_size + (size_t)c * v->m.value_size;

			if (v->btf && v->m.value_type) {
				btfprint__add(v->btf, v->m.value_type, en->value, src,
					      v->m.value_size);
			} else if (v->num_values) {
				uint64_t a = 0, b = 0;

				memcpy(&a, en->value, v->m.value_size);
				memcpy(&b, src, v->m.value_size);
				a += b;
				memcpy(en->value, &a, v->m.value_size);
			}
		}
		if (v->num_values)
			en->num = btfprint__int_value(en->value, v->m.value_size,
						      v->btf ? v->signed_values : false);
	}
	return 0;
}

static void free_view(struct mapview *v)
{
	free(v->ents);
	free(v->values);
}

static bool is_array(const struct mapview *v)
{
	return v->m.map_type == BPF_MAP_TYPE_ARRAY || v->m.map_type == BPF_MAP_TYPE_PERCPU_ARRAY;
}

/* A histogram: the name says so, keys and values are integers. */
static int cmp_bucket_key(const void *a, const void *b)
{
	const struct hist_bucket *x = a, *y = b;

	return x->key < y->key ? -1 : x->key > y->key;
}

static enum hist_kind hist_of(const struct mapview *v, struct hist_bucket **bk, uint64_t *width)
{
	enum hist_kind kind = hist__kind(v->name, width);
	bool sgn;

	if (kind == HIST_NONE || !v->num_values ||
	    !(v->m.key_size == 4 || v->m.key_size == 8 || v->m.key_size == 2 ||
	      v->m.key_size == 1) ||
	    (v->btf && v->m.key_type && !btfprint__is_int(v->btf, v->m.key_type, &sgn)))
		return HIST_NONE;
	*bk = calloc(v->m.nr_entries + 1, sizeof(**bk));
	if (!*bk)
		return HIST_NONE;
	for (uint32_t i = 0; i < v->m.nr_entries; i++) {
		(*bk)[i].key = (uint64_t)btfprint__int_value(v->ents[i].key, v->m.key_size, false);
		(*bk)[i].count = v->ents[i].num < 0 ? 0 : (uint64_t)v->ents[i].num;
	}
	return kind;
}

/* The map a view holds, as typeset_map shows it (no histogram). */
static struct typeset_map map_of(const struct mapview *v)
{
	return (struct typeset_map){ .name = v->name,
				     .btf = v->btf,
				     .key_type = v->m.key_type,
				     .value_type = v->m.value_type,
				     .key_size = v->m.key_size,
				     .value_size = v->m.value_size,
				     .map_type = v->m.map_type,
				     .num_values = v->num_values,
				     .ents = v->ents,
				     .nr = v->m.nr_entries };
}

static int each_map(const struct mapview *v, int (*fn)(void *ctx, const struct typeset_map *m),
		    void *ctx)
{
	struct hist_bucket *bk = NULL;
	uint64_t width = 0;
	enum hist_kind kind = hist_of(v, &bk, &width);
	struct typeset_map m = map_of(v);
	struct hist_groups hg;
	int err = hist_groups__make(&hg, &m);

	if (err < 0) {
		free(bk);
		return err;
	}
	m.groups = err ? &hg : NULL;
	m.hist = kind;
	m.buckets = bk;
	if (kind != HIST_NONE) {
		m.hist_width = width ?: hist__linear_width(bk, v->m.nr_entries);
		qsort(bk, v->m.nr_entries, sizeof(*bk), cmp_bucket_key);
	}
	err = fn(ctx, &m);
	hist_groups__free(&hg);
	free(bk);
	return err;
}

int typeset__each_map(const struct typeset *ts, const void *buf, size_t len,
		      int (*fn)(void *ctx, const struct typeset_map *m), void *ctx)
{
	struct tfeat_entry e;
	size_t off = 0;
	int err = 0;

	while (!err && tfeat__next(buf, len, &off, &e)) {
		struct mapview v;

		if (e.tag != TFEAT_MAP)
			continue;
		if (!load_view(ts, &e, &v) && v.m.map_type != BPF_MAP_TYPE_STACK_TRACE)
			err = each_map(&v, fn, ctx);
		free_view(&v);
	}
	return err;
}

/* The frames of the stacks key names, as text in b or JSON to w. */
static void print_stacks(const struct mapview *v, const void *key, struct dbuf *b, struct jsonw *w)
{
	struct resolved_stack st[MAPSTACKS_MAX_FIELDS];
	uint32_t n = mapstacks__resolve(v->ms, v->res, v->m.btf, &v->sk, key, 0, st);

	if (b)
		mapstacks__text(b, st, n);
	else
		mapstacks__json(w, st, n);
}

/* Text is written out each time this much has been made: a map's text is never held whole. */
#define TEXT_CHUNK (64u << 10)

static void print_text(const struct mapview *v, struct dbuf *b, FILE *out)
{
	struct hist_bucket *bk = NULL;
	uint64_t width;
	enum hist_kind kind = hist_of(v, &bk, &width);

	if (kind != HIST_NONE && !v->m.nr_entries) {
		free(bk);
		return;
	}
	if (kind != HIST_NONE) {
		dbuf__text(b, "@", 1);
		dbuf__text(b, v->name, strlen(v->name));
		dbuf__text(b, ":\n", 2);
		hist__text(b, kind, width, bk, v->m.nr_entries);
		dbuf__text(b, "\n", 1);
		free(bk);
		return;
	}
	for (uint32_t i = 0; i < v->m.nr_entries && !stopsig__cut(); i++) {
		const struct typeset_entry *en = &v->ents[i];

		dbuf__text(b, "@", 1);
		dbuf__text(b, v->name, strlen(v->name));
		dbuf__text(b, "[", 1);
		text_of(b, v->btf, v->m.key_type, en->key, v->m.key_size, true);
		dbuf__text(b, "]: ", 3);
		text_of(b, v->btf, v->m.value_type, en->value, v->m.value_size, false);
		dbuf__text(b, "\n", 1);
		if (v->stacks)
			print_stacks(v, en->key, b, NULL);
		if (b->len >= TEXT_CHUNK) {
			fwrite(b->p, 1, b->len, out);
			b->len = 0;
		}
	}
	if (v->m.nr_entries)
		dbuf__text(b, "\n", 1);
}

static void print_json(const struct mapview *v, struct jsonw *w)
{
	struct hist_bucket *bk = NULL;
	uint64_t width;
	enum hist_kind kind = hist_of(v, &bk, &width);

	jsonw__start_object(w);
	jsonw__kv_str(w, "type", "map");
	jsonw__kv_str(w, "map", v->name);
	if (kind != HIST_NONE) {
		jsonw__kv_str(w, "hist", kind == HIST_LOG2 ? "log2" : "linear");
		jsonw__name(w, "buckets");
		hist__json(w, kind, width, bk, v->m.nr_entries);
		free(bk);
		jsonw__end_object(w);
		return;
	}
	jsonw__name(w, "entries");
	jsonw__start_array(w);
	for (uint32_t i = 0; i < v->m.nr_entries && !stopsig__cut(); i++) {
		jsonw__start_object(w);
		jsonw__name(w, "key");
		json_of(w, v->btf, v->m.key_type, v->ents[i].key, v->m.key_size);
		jsonw__name(w, "value");
		json_of(w, v->btf, v->m.value_type, v->ents[i].value, v->m.value_size);
		if (v->stacks)
			print_stacks(v, v->ents[i].key, NULL, w);
		jsonw__end_object(w);
	}
	jsonw__end_array(w);
	jsonw__end_object(w);
}

/* A map, text to b or JSON to w: as many histograms when it holds them. */
static void print_map(const struct mapview *v, struct jsonw *w, struct dbuf *b, FILE *out)
{
	struct typeset_map m = map_of(v);
	struct hist_groups hg;
	bool groups = hist_groups__make(&hg, &m) > 0;

	if (groups && w)
		hist_groups__json(w, &hg, &m);
	else if (groups)
		hist_groups__text(b, &hg, &m);
	else if (w)
		print_json(v, w);
	else
		print_text(v, b, out);
	hist_groups__free(&hg);
}

/* A map to fold: its key names stacks, its values are integers. */
static int fold_map(struct mapview *v, struct fold *f)
{
	char root[64];
	int err = 0;

	snprintf(root, sizeof(root), "[%s]", v->name);
	for (uint32_t i = 0; i < v->m.nr_entries && !err; i++)
		if (v->ents[i].num > 0)
			err = mapstacks__fold(v->ms, v->res, v->m.btf, &v->sk, v->ents[i].key, root,
					      (uint64_t)v->ents[i].num, f);
	return err;
}

static void find_stacks(struct mapview *v, struct mapstacks *ms, struct resolver *res);

int typeset__fold_stacks(const struct typeset *ts, const void *buf, size_t len,
			 struct resolver *res, struct fold *f, const char **name)
{
	struct mapstacks *ms = mapstacks__new(buf, len);
	struct tfeat_entry e;
	size_t off = 0;
	int err = 0;

	if (name)
		*name = NULL;
	if (!ms)
		return -ENOMEM;
	while (!err && tfeat__next(buf, len, &off, &e)) {
		struct mapview v;

		if (e.tag != TFEAT_MAP)
			continue;
		if (load_view(ts, &e, &v)) {
			free_view(&v);
			continue;
		}
		find_stacks(&v, ms, res);
		if (v.stacks && v.num_values && v.m.map_type != BPF_MAP_TYPE_STACK_TRACE) {
			err = fold_map(&v, f);
			if (name && !*name)
				*name = v.name;
		}
		free_view(&v);
	}
	mapstacks__free(ms);
	return err;
}

/* Does the key of the map name stacks the look keeps? */
static void find_stacks(struct mapview *v, struct mapstacks *ms, struct resolver *res)
{
	v->ms = ms;
	v->res = res;
	v->stacks = res && v->btf && mapstacks__has(ms, v->m.btf) &&
		    mapstacks__key(v->btf, v->m.key_type, &v->sk);
}

int typeset__print_maps(const struct typeset *ts, const void *buf, size_t len, struct resolver *res,
			FILE *out, bool json)
{
	struct jsonw *w = json ? jsonw__new(out, false) : NULL;
	struct mapstacks *ms = mapstacks__new(buf, len);
	struct dbuf b = { 0 };
	struct tfeat_entry e;
	size_t off = 0;

	if ((json && !w) || !ms) {
		jsonw__free(w);
		mapstacks__free(ms);
		return -ENOMEM;
	}
	while (!stopsig__cut() && tfeat__next(buf, len, &off, &e)) {
		struct mapview v;

		if (e.tag != TFEAT_MAP)
			continue;
		if (load_view(ts, &e, &v)) {
			if (v.name)
				pr_warn("the dump of map '%s' is damaged, not shown", v.name);
			else
				pr_warn("a map dump is damaged, not shown");
			free_view(&v);
			continue;
		}
		if (v.m.map_type == BPF_MAP_TYPE_STACK_TRACE) { /* shown where keys name them */
			free_view(&v);
			continue;
		}
		find_stacks(&v, ms, res);
		if (!is_array(&v) && v.num_values)
			qsort(v.ents, v.m.nr_entries, sizeof(*v.ents), cmp_num);
		b.len = 0;
		print_map(&v, w, &b, out);
		if (b.len)
			fwrite(b.p, 1, b.len, out);
		free_view(&v);
	}
	jsonw__free(w);
	mapstacks__free(ms);
	dbuf__free(&b);
	fflush(out);
	return ferror(out) ? -EIO : 0;
}
