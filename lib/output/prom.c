// SPDX-License-Identifier: GPL-2.0
/* Prometheus exposition text of the maps of a look. */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <bpf/btf.h>

#include "util/dbuf.h"
#include "output/btfprint.h"
#include "output/hist.h"
#include "output/histgroup.h"
#include "output/prom.h"
#include "output/typeset.h"

struct prom {
	FILE *out;
	const char *host;
	struct dbuf labels; /* of the sample being written */
};

/* A name as Prometheus takes one: [a-zA-Z0-9_], not starting with a digit. */
static void put_name(FILE *out, const char *s)
{
	if (*s >= '0' && *s <= '9')
		putc('_', out);
	for (; *s; s++)
		putc((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
				     (*s >= '0' && *s <= '9') ?
			     *s :
			     '_',
		     out);
}

static void text(struct dbuf *b, const char *s)
{
	dbuf__text(b, s, strlen(s));
}

/* A label's value: '\', '"' and line ends escaped, bytes past ASCII as '?' (UTF-8 stays). */
static void label_value(struct dbuf *b, const char *s, size_t n)
{
	for (size_t i = 0; i < n && s[i]; i++) {
		unsigned char c = s[i];

		if (c == '\\' || c == '"')
			dbuf__text(b, "\\", 1);
		if (c == '\n')
			text(b, "\\n");
		else
			dbuf__text(b, c < 0x20 || c >= 0x7f ? "?" : (const char *)&s[i], 1);
	}
}

static void label(struct dbuf *b, const char *name, const char *value, size_t n)
{
	if (b->len)
		text(b, ",");
	for (const char *p = name; *p; p++) {
		char c = (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
					 (*p >= '0' && *p <= '9' && p != name) ?
				 *p :
				 '_';

		dbuf__text(b, &c, 1);
	}
	text(b, "=\"");
	label_value(b, value, n);
	text(b, "\"");
}

/* A struct member as a label: integers in decimal, char arrays as strings, else as btfprint. */
static void member_label(struct dbuf *b, const struct btf *btf, const struct btf_member *m,
			 const uint8_t *p)
{
	const char *name = btf__name_by_offset(btf, m->name_off);
	uint32_t id = btfprint__resolve(btf, m->type);
	const struct btf_type *t = btf__type_by_id(btf, id);
	struct dbuf v = { 0 };
	bool sgn;

	if (!name || !*name || !t)
		return;
	if (btf_is_array(t) && btf__resolve_size(btf, btf_array(t)->type) == 1) {
		label(b, name, (const char *)p, btf_array(t)->nelems);
		return;
	}
	if (btfprint__is_int(btf, id, &sgn)) {
		char num[32];

		snprintf(num, sizeof(num), "%" PRId64, btfprint__int_value(p, t->size, sgn));
		label(b, name, num, sizeof(num));
		return;
	}
	btfprint__text(&v, btf, id, p, btf__resolve_size(btf, id));
	label(b, name, v.p ?: "", v.len);
	dbuf__free(&v);
}

/* Labels back to their first len bytes. */
static void cut(struct dbuf *b, size_t len)
{
	b->len = len;
	if (b->p)
		b->p[len] = '\0';
}

/* The labels of a key: host, then its struct's members but skip (-1: none), else "key". */
static void key_labels(struct prom *pr, const struct typeset_map *m, const uint8_t *key, int skip)
{
	uint32_t id = m->btf ? btfprint__resolve(m->btf, m->key_type) : 0;
	const struct btf_type *t = id ? btf__type_by_id(m->btf, id) : NULL;
	char num[32];

	cut(&pr->labels, 0);
	if (pr->host)
		label(&pr->labels, "host", pr->host, strlen(pr->host));
	if (!key)
		return;
	if (t && btf_is_struct(t)) {
		const struct btf_member *mb = btf_members(t);

		for (int i = 0; i < btf_vlen(t); i++, mb++)
			if (i != skip && btf_member_bit_offset(t, i) % 8 == 0 &&
			    !btf_member_bitfield_size(t, i))
				member_label(&pr->labels, m->btf, mb,
					     key + btf_member_bit_offset(t, i) / 8);
		return;
	}
	if (m->key_size == 1 || m->key_size == 2 || m->key_size == 4 || m->key_size == 8) {
		bool sgn = false;

		if (m->btf && id)
			btfprint__is_int(m->btf, id, &sgn);
		snprintf(num, sizeof(num), "%" PRId64, btfprint__int_value(key, m->key_size, sgn));
		label(&pr->labels, "key", num, sizeof(num));
	}
}

static void sample(struct prom *pr, const char *name, const char *suffix, int64_t v)
{
	fputs("perf_bpf_", pr->out);
	put_name(pr->out, name);
	fputs(suffix, pr->out);
	if (pr->labels.len)
		fprintf(pr->out, "{%s}", pr->labels.p);
	fprintf(pr->out, " %" PRId64 "\n", v);
}

static void head(struct prom *pr, const char *name, const char *suffix, const char *type)
{
	fputs("# HELP perf_bpf_", pr->out);
	put_name(pr->out, name);
	fprintf(pr->out, "%s BPF map %s\n# TYPE perf_bpf_", suffix, name);
	put_name(pr->out, name);
	fprintf(pr->out, "%s %s\n", suffix, type);
}

/* The samples of one histogram, after the labels set (its key's). */
static void buckets(struct prom *pr, const char *name, int kind, uint64_t width,
		    const struct hist_bucket *bk, size_t n)
{
	size_t base = pr->labels.len;
	uint64_t total = 0, sum = 0, lo, hi;
	char le[32];

	for (size_t i = 0; i < n; i++) {
		hist__bounds(kind, width, bk[i].key, &lo, &hi);
		total += bk[i].count;
		sum += lo * bk[i].count;
		cut(&pr->labels, base);
		snprintf(le, sizeof(le), "%" PRIu64, hi - 1);
		label(&pr->labels, "le", le, sizeof(le));
		sample(pr, name, "_bucket", (int64_t)total);
	}
	cut(&pr->labels, base);
	label(&pr->labels, "le", "+Inf", 4);
	sample(pr, name, "_bucket", (int64_t)total);
	cut(&pr->labels, base);
	sample(pr, name, "_sum", (int64_t)sum);
	sample(pr, name, "_count", (int64_t)total);
}

/* A histogram, or one per group, with its key's members as labels (slot aside). */
static void histogram(struct prom *pr, const struct typeset_map *m)
{
	const struct hist_groups *hg = m->groups;

	head(pr, m->name, "", "histogram");
	if (!hg) {
		key_labels(pr, m, NULL, -1);
		buckets(pr, m->name, m->hist, m->hist_width, m->buckets, m->nr);
		return;
	}
	for (size_t i = 0; i < hg->nr; i++) {
		key_labels(pr, m, hg->g[i].key, hg->by == HIST_BY_KEY_SLOT ? hg->member : -1);
		buckets(pr, m->name, hg->kind, hg->width, hg->g[i].bk, hg->g[i].n);
	}
}

/* A struct value: a gauge per integer member. */
static void struct_values(struct prom *pr, const struct typeset_map *m, const struct btf_type *t)
{
	const struct btf_member *mb = btf_members(t);

	for (int i = 0; i < btf_vlen(t); i++, mb++) {
		const char *mname = btf__name_by_offset(m->btf, mb->name_off);
		uint32_t id = btfprint__resolve(m->btf, mb->type);
		uint32_t off = btf_member_bit_offset(t, i);
		char suffix[128];
		bool sgn;

		if (!mname || !*mname || off % 8 || btf_member_bitfield_size(t, i) ||
		    !btfprint__is_int(m->btf, id, &sgn))
			continue;
		snprintf(suffix, sizeof(suffix), "_%s", mname);
		for (char *p = suffix; *p; p++)
			if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
			      (*p >= '0' && *p <= '9')))
				*p = '_';
		head(pr, m->name, suffix, "gauge");
		for (uint32_t k = 0; k < m->nr; k++) {
			key_labels(pr, m, m->ents[k].key, -1);
			sample(pr, m->name, suffix,
			       btfprint__int_value(m->ents[k].value + off / 8,
						   btf__resolve_size(m->btf, id), sgn));
		}
	}
}

static int one_map(void *ctx, const struct typeset_map *m)
{
	struct prom *pr = ctx;
	uint32_t vid = m->btf ? btfprint__resolve(m->btf, m->value_type) : 0;
	const struct btf_type *vt = vid ? btf__type_by_id(m->btf, vid) : NULL;

	if (m->hist != HIST_NONE || m->groups) {
		histogram(pr, m);
	} else if (m->num_values) {
		head(pr, m->name, "", "gauge");
		for (uint32_t k = 0; k < m->nr; k++) {
			key_labels(pr, m, m->ents[k].key, -1);
			sample(pr, m->name, "", m->ents[k].num);
		}
	} else if (vt && btf_is_struct(vt)) {
		struct_values(pr, m, vt);
	}
	return pr->labels.err;
}

int prom__write(const struct typeset *ts, const void *buf, size_t len, const char *host, FILE *out)
{
	struct prom pr = { .out = out, .host = host };
	int err = typeset__each_map(ts, buf, len, one_map, &pr);

	dbuf__free(&pr.labels);
	fflush(out);
	return err ?: ferror(out) ? -EIO : 0;
}

int prom__write_file(const struct typeset *ts, const void *buf, size_t len, const char *host,
		     const char *path)
{
	size_t n = strlen(path);
	char *tmp = malloc(n + 8);
	FILE *f;
	int err;

	if (!tmp)
		return -ENOMEM;
	snprintf(tmp, n + 8, "%s.tmp", path);
	f = fopen(tmp, "we");
	if (!f) {
		err = -errno;
		free(tmp);
		return err;
	}
	err = prom__write(ts, buf, len, host, f);
	if (fsync(fileno(f)) && !err)
		err = -errno;
	if (fclose(f) && !err)
		err = -EIO;
	if (!err && rename(tmp, path))
		err = -errno;
	if (err)
		unlink(tmp);
	free(tmp);
	return err;
}
