// SPDX-License-Identifier: GPL-2.0
/*
 * perf.data features: the index after the data section, EVENT_DESC (event names),
 * TRACING_DATA (formats, through pdtracing) and the header strings (HOSTNAME, ...);
 * then tracepoint events get their formats and default names.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/log.h"
#include "perfdata/feature.h"
#include "perfdata/format.h"
#include "perfdata/header.h"
#include "perfdata/reader-int.h"

/* perf's header string at *off (u32 len + NUL-terminated text); advances *off. */
static const char *get_hstr(const struct pdreader *r, uint64_t *off, uint64_t end)
{
	uint32_t len;
	const char *s;

	if (!bytes__inside(*off, 4, 0, end))
		return NULL;
	len = get32(r, *off);
	if (!bytes__inside(*off + 4, len, 0, end))
		return NULL;
	s = (const char *)r->buf + *off + 4;
	if (!len || !memchr(s, 0, len))
		return NULL;
	*off += 4 + len;
	return s;
}

void pdfeature__name_event(struct pdreader *r, size_t idx, const char *name, size_t len)
{
	struct ev *e = &r->evs[idx];

	if (e->name || !len)
		return;
	e->name = strndup(name, len);
	e->pub.desc.name = e->name;
}

static int read_event_desc(struct pdreader *r, uint64_t off, uint64_t end)
{
	uint32_t nr, asz;

	if (!bytes__inside(off, 8, 0, end))
		return -EINVAL;
	nr = get32(r, off);
	asz = get32(r, off + 4);
	off += 8;
	if (asz < PERF_ATTR_SIZE_VER0 || asz > PD_MAX_ATTR)
		return -EINVAL;
	for (uint32_t i = 0; i < nr; i++) {
		const char *name;
		uint32_t nr_ids;

		if (!bytes__inside(off, asz + 4ULL, 0, end))
			return -EINVAL;
		nr_ids = get32(r, off + asz);
		off += asz + 4;
		name = get_hstr(r, &off, end);
		if (!name || !bytes__inside(off, nr_ids * 8ULL, 0, end))
			return -EINVAL;
		off += nr_ids * 8ULL;
		if (i < r->nr_evs)
			pdfeature__name_event(r, i, name, strlen(name));
	}
	return 0;
}

/*
 * At most this much is copied for the features the reader keeps, all of them together: a
 * file cannot make the reader hold more, however many ids it gives.
 */
#define PD_XFEAT_MAX (32U << 20)

static struct pdxfeat *xfeat_of(struct pdreader *r, int feat)
{
	struct pdxfeat *x;

	for (size_t i = 0; i < r->nr_xfeat; i++)
		if (r->xfeat[i].feat == feat)
			return &r->xfeat[i];
	x = realloc(r->xfeat, sizeof(*x) * (r->nr_xfeat + 1));
	if (!x)
		return NULL;
	r->xfeat = x;
	x = &r->xfeat[r->nr_xfeat++];
	*x = (struct pdxfeat){ .feat = feat };
	return x;
}

/*
 * A feature for the caller (pdreader__feature): appended to what earlier records gave.
 * A section of the index is the file's own bytes, held as long as the reader: it is
 * pointed at, not copied (the index may name one section for every id).
 */
static int keep_feature(struct pdreader *r, int feat, uint64_t off, uint64_t size, bool in_place)
{
	struct pdxfeat *x = xfeat_of(r, feat);
	uint8_t *data;
	size_t held;

	if (!x)
		return -ENOMEM;
	if (in_place && !x->len) {
		x->data = at(r, off);
		x->len = size;
		return 0;
	}
	held = x->copy ? 0 : x->len; /* a section pointed at is copied now */
	if (size + held > PD_XFEAT_MAX - r->xfeat_copied)
		return -EFBIG;
	if (x->len + size + 1 > x->cap) {
		size_t cap = x->cap ? x->cap : 4096;

		while (cap < x->len + size + 1)
			cap *= 2;
		data = x->copy ? realloc(x->copy, cap) : malloc(cap);
		if (!data)
			return -ENOMEM;
		if (!x->copy && x->len)
			memcpy(data, x->data, x->len);
		x->data = x->copy = data;
		x->cap = cap;
	}
	memcpy(x->copy + x->len, at(r, off), size);
	r->xfeat_copied += size + held;
	x->len += size;
	return 0;
}

const void *pdreader__feature(const struct pdreader *r, int feat, size_t *len)
{
	for (size_t i = 0; i < r->nr_xfeat; i++) {
		if (r->xfeat[i].feat == feat) {
			*len = r->xfeat[i].len;
			return r->xfeat[i].data;
		}
	}
	*len = 0;
	return NULL;
}

static void read_feature(struct pdreader *r, int feat, uint64_t off, uint64_t size, bool in_place)
{
	uint64_t end = off + size;
	size_t used;
	int err = 0;

	if (feat == PD_FEAT_TRACING_DATA) {
		if (r->tr.header_page) /* a second copy: keep the first */
			return;
		/* perf ignores the index size here: the stream may run to the end */
		err = pdtracing__parse(&r->tr, r->buf + off, r->len - off, &used);
	} else if (feat == PD_FEAT_COMPRESSED && size >= 8) {
		r->comp_type = get32(r, off + 4); /* after its version: 1 is zstd */
	} else if (feat == PD_FEAT_EVENT_DESC) {
		err = read_event_desc(r, off, end);
	} else if (feat == CLOCKFEAT_CLOCK_DATA) {
		err = clockfeat__decode(r->buf + off, size, &r->clock_data);
		r->has_clock_data = !err;
	} else if (feat >= PD_FEAT_HOSTNAME && feat < PD_NR_FEAT && feat != PD_FEAT_NRCPUS &&
		   feat != PD_FEAT_TOTAL_MEM && feat != PD_FEAT_CMDLINE &&
		   feat < PD_FEAT_CPU_TOPOLOGY) {
		/* HOSTNAME, OSRELEASE, VERSION, ARCH, CPUDESC, CPUID: one header string */
		uint64_t at = off;

		r->fstr[feat] = get_hstr(r, &at, end);
	} else if (feat >= PD_NR_FEAT && feat < PD_FEAT_BITS) {
		err = keep_feature(r, feat, off, size, in_place);
	}
	if (err == -EFBIG && !r->warned_xfeat)
		pr_warn("perf.data: features of ids %d and up hold more than %u MiB, the rest ignored",
			PD_NR_FEAT, PD_XFEAT_MAX >> 20);
	else if (err && err != -EFBIG)
		pr_warn("perf.data: feature %d is damaged, ignored", feat);
	r->warned_xfeat |= err == -EFBIG;
}

/* The feature payload [off, off+size) of feature id feat, from a record. */
void pdfeature__read(struct pdreader *r, int feat, uint64_t off, uint64_t size)
{
	read_feature(r, feat, off, size, false);
}

void pdfeature__read_index(struct pdreader *r, const struct pdheader *h)
{
	for (int bit = 0; bit < PD_FEAT_BITS; bit++) {
		uint64_t idx, off, size;
		int err = pdheader__feature_entry(h, bit, &idx);

		if (err == -ENOENT)
			continue;
		if (err || !bytes__inside(idx, 16, 0, r->len)) {
			pr_warn("perf.data: the feature index is outside the file, features ignored");
			return;
		}
		off = get64(r, idx);
		size = get64(r, idx + 8);
		/* bit 0 is no feature: perf-bpf's writer keeps a record header in its slot */
		if (bit == 0)
			continue;
		if (!bytes__inside(off, size, 0, r->len)) {
			pr_warn("perf.data: feature %d is outside the file, ignored", bit);
			continue;
		}
		read_feature(r, bit, off, size, true);
	}
}

static int cmp_fmt(const void *a, const void *b)
{
	const struct pdtracing_format *x = *(const struct pdtracing_format *const *)a;
	const struct pdtracing_format *y = *(const struct pdtracing_format *const *)b;

	if (x->id != y->id)
		return x->id < y->id ? -1 : 1;
	return x < y ? -1 : x > y; /* the first of the file wins */
}

/* The first format of ID id in v (sorted by cmp_fmt), or NULL. */
static const struct pdtracing_format *find_fmt(const struct pdtracing_format **v, size_t n,
					       uint64_t id)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (v[mid]->id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && v[lo]->id == id ? v[lo] : NULL;
}

/*
 * Tracepoint events get their format (the file's first of that ID) and a default name.
 * Through a sorted index: n events and m formats take (n + m) log m, not n * m.
 */
void pdfeature__link_formats(struct pdreader *r)
{
	const struct pdtracing_format **v, *f;
	size_t n = r->tr.nr_fmts;

	if (!n || !r->nr_evs)
		return;
	v = malloc(n * sizeof(*v));
	if (!v)
		return;
	for (size_t i = 0; i < n; i++)
		v[i] = &r->tr.fmts[i];
	qsort(v, n, sizeof(*v), cmp_fmt);
	for (size_t j = 0; j < r->nr_evs; j++) {
		struct ev *e = &r->evs[j];

		if (e->pub.desc.attr.type != PERF_TYPE_TRACEPOINT || !e->pub.desc.attr.config)
			continue;
		f = find_fmt(v, n, e->pub.desc.attr.config);
		if (!f)
			continue;
		e->pub.desc.tp_sys = f->sys;
		e->pub.tp_format = f->text;
		e->pub.tp_format_len = f->len;
		if (!e->name && f->name[0]) {
			if (asprintf(&e->name, "%s:%s", f->sys, f->name) < 0)
				e->name = NULL;
			e->pub.desc.name = e->name;
		}
	}
	free(v);
}
