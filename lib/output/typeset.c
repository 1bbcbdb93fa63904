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
#include "output/typeset.h"

#define MAX_BTF 64

struct tchannel {
	char *event;
	uint32_t btf, type_id;
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
	n[ts->nr_chans] =
		(struct tchannel){ .event = strdup(name), .btf = hdr[0], .type_id = hdr[1] };
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

/* ---- maps ---- */

struct entry {
	const uint8_t *key;
	uint8_t *value; /* summed over the CPUs */
	int64_t num; /* the value as an integer, when it is one */
};

struct mapview {
	const struct btf *btf;
	struct tfeat_map m;
	const char *name;
	struct entry *ents;
	uint8_t *values;
	bool num_values, signed_values;
};

static int cmp_num(const void *a, const void *b)
{
	const struct entry *x = a, *y = b;

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

/* A key or value: by BTF, else an integer of 4 or 8 bytes, else hex. */
static void text_of(struct dbuf *b, const struct btf *btf, uint32_t id, const uint8_t *p, size_t n)
{
	char num[32];

	if (btf && id && btf__type_by_id(btf, id)) {
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

static int load_view(const struct typeset *ts, const struct tfeat_entry *e, struct mapview *v)
{
	const uint8_t *p;
	size_t vall, stride;
	bool sgn = false;

	memset(v, 0, sizeof(*v));
	if (e->len < sizeof(v->m))
		return -EINVAL;
	memcpy(&v->m, e->data, sizeof(v->m));
	vall = (size_t)v->m.value_size * v->m.nr_values;
	stride = v->m.key_size + vall;
	if (!v->m.nr_values || v->m.name_len > e->len - sizeof(v->m) ||
	    !memchr(e->data + sizeof(v->m), 0, v->m.name_len) ||
	    (uint64_t)v->m.nr_entries * stride > e->len - sizeof(v->m) - v->m.name_len)
		return -EINVAL;
	v->name = (const char *)e->data + sizeof(v->m);
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
		struct entry *en = &v->ents[i];

		en->key = p;
		en->value = v->values + (size_t)i * v->m.value_size;
		memcpy(en->value, p + v->m.key_size, v->m.value_size);
		for (uint32_t c = 1; c < v->m.nr_values; c++) {
			const uint8_t *src = p + v->m.key_size + (size_t)c * v->m.value_size;

			if (v->btf && v->m.value_type) {
				btfprint__add(v->btf, v->m.value_type, en->value, src);
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

static void print_text(const struct mapview *v, struct dbuf *b)
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
		const struct entry *en = &v->ents[i];

		dbuf__text(b, "@", 1);
		dbuf__text(b, v->name, strlen(v->name));
		dbuf__text(b, "[", 1);
		text_of(b, v->btf, v->m.key_type, en->key, v->m.key_size);
		dbuf__text(b, "]: ", 3);
		text_of(b, v->btf, v->m.value_type, en->value, v->m.value_size);
		dbuf__text(b, "\n", 1);
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
		jsonw__end_object(w);
	}
	jsonw__end_array(w);
	jsonw__end_object(w);
}

int typeset__print_maps(const struct typeset *ts, const void *buf, size_t len, FILE *out, bool json)
{
	struct jsonw *w = json ? jsonw__new(out, false) : NULL;
	struct dbuf b = { 0 };
	struct tfeat_entry e;
	size_t off = 0;

	if (json && !w)
		return -ENOMEM;
	while (!stopsig__cut() && tfeat__next(buf, len, &off, &e)) {
		struct mapview v;

		if (e.tag != TFEAT_MAP)
			continue;
		if (load_view(ts, &e, &v)) {
			pr_debug("a map dump is damaged, not shown");
			free_view(&v);
			continue;
		}
		if (!is_array(&v) && v.num_values)
			qsort(v.ents, v.m.nr_entries, sizeof(*v.ents), cmp_num);
		if (w) {
			print_json(&v, w);
		} else {
			b.len = 0;
			print_text(&v, &b);
			if (b.len)
				fwrite(b.p, 1, b.len, out);
		}
		free_view(&v);
	}
	jsonw__free(w);
	dbuf__free(&b);
	fflush(out);
	return ferror(out) ? -EIO : 0;
}
