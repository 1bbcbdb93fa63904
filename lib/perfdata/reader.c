// SPDX-License-Identifier: GPL-2.0
/*
 * perf.data reader. The file is mapped (or held in the caller's buffer) and never
 * copied: events, formats and records point into it. Every offset and size read from
 * the file is checked against the buffer before use; multi-byte fields are read with
 * memcpy, so a hostile file cannot cause an unaligned or out-of-bounds access.
 * Timed records wait in a order queue (perf's rounds), an array of {time, offset,
 * event} reused between rounds: no allocation per record.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <poll.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "record/record.h"
#include "util/errmsg.h"
#include "util/log.h"
#include "perfdata/feature.h"
#include "perfdata/header.h"
#include "perfdata/reader-int.h"
#include "perfdata/zstream.h"

#define DEFAULT_WINDOW (16ULL << 20)
#define PREFETCH_AHEAD 1024 /* bytes: a few records */
#ifndef MADV_POPULATE_READ
#define MADV_POPULATE_READ 22 /* Linux 5.14; older kernels fault the pages in one by one */
#endif

int pdreader__fail(struct pdreader *r, int err, const char *fmt, ...)
{
	char why[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	pr_debug("perf.data: %s", why);
	if (r->path)
		return errmsg__set(err, "cannot read '%s': %s", r->path, why);
	return errmsg__set(err, "cannot read the perf.data in memory: %s", why);
}

bool pdreader__is_pipe(const struct pdreader *r)
{
	return r->pipe;
}

size_t pdreader__nr_events(const struct pdreader *r)
{
	return r->nr_evs;
}

const struct pdreader_event *pdreader__event(const struct pdreader *r, size_t idx)
{
	return idx < r->nr_evs ? &r->evs[idx].pub : NULL;
}

const char *pdreader__header_page(const struct pdreader *r, size_t *len)
{
	*len = r->tr.header_page_len;
	return r->tr.header_page;
}

const char *pdreader__printk_formats(const struct pdreader *r, size_t *len)
{
	*len = r->tr.printk_len;
	return r->tr.printk;
}

size_t pdreader__nr_formats(const struct pdreader *r)
{
	return r->tr.nr_fmts;
}

const struct pdtracing_format *pdreader__format(const struct pdreader *r, size_t idx)
{
	return idx < r->tr.nr_fmts ? &r->tr.fmts[idx] : NULL;
}

const char *pdreader__feature_string(const struct pdreader *r, int feature)
{
	return feature >= 0 && feature < PD_NR_FEAT ? r->fstr[feature] : NULL;
}

int pdreader__clock_data(const struct pdreader *r, struct clockfeat_data *d)
{
	if (!r->has_clock_data)
		return -ENOENT;
	*d = r->clock_data;
	return 0;
}

const struct pdreader_stats *pdreader__stats(const struct pdreader *r)
{
	return &r->st;
}

/* ---- attrs ---- */

/* Add an event from attr bytes at off (size bytes, already bounds-checked) and its ids. */
static int add_event(struct pdreader *r, uint64_t off, uint32_t size, uint64_t ids_off,
		     uint64_t nr_ids)
{
	struct ev *evs, *e;

	if (size < PERF_ATTR_SIZE_VER0 || size > PD_MAX_ATTR)
		return pdreader__fail(r, -EINVAL, "attr %zu: unsupported size %u", r->nr_evs, size);
	if (r->nr_evs == r->cap_evs) {
		size_t cap = r->cap_evs ? r->cap_evs * 2 : 8;

		evs = realloc(r->evs, cap * sizeof(*evs));
		if (!evs)
			return pdreader__fail(r, -ENOMEM, "out of memory");
		r->evs = evs;
		r->cap_evs = cap;
	}
	evs = r->evs;
	e = &evs[r->nr_evs];
	memset(e, 0, sizeof(*e));
	memcpy(&e->pub.attr, at(r, off), size < sizeof(e->pub.attr) ? size : sizeof(e->pub.attr));
	if (nr_ids) {
		e->ids = malloc(nr_ids * 8);
		if (!e->ids)
			return pdreader__fail(r, -ENOMEM, "out of memory");
		memcpy(e->ids, at(r, ids_off), nr_ids * 8);
	}
	e->pub.ids = e->ids;
	e->pub.nr_ids = nr_ids;
	e->layout.sample_type = e->pub.attr.sample_type;
	e->layout.sample_id_all = e->pub.attr.sample_id_all;
	r->nr_evs++;
	return 0;
}

struct idrange {
	uint64_t off, size;
	size_t attr;
};

static int cmp_idrange(const void *a, const void *b)
{
	const struct idrange *x = a, *y = b;

	return x->off < y->off ? -1 : x->off > y->off;
}

/*
 * Each attr's id table must be its own bytes: tables that share bytes would make the
 * id map (and the time to build it) grow with the square of the file's size.
 */
static int check_id_tables(struct pdreader *r, uint64_t off, uint64_t attr_size, uint64_t n)
{
	struct idrange *v = malloc((n ?: 1) * sizeof(*v));
	size_t k = 0;
	int err = 0;

	if (!v)
		return pdreader__fail(r, -ENOMEM, "out of memory");
	for (uint64_t i = 0; i < n; i++) {
		uint64_t at = off + i * attr_size, asz = attr_size - 16;

		v[k] = (struct idrange){ get64(r, at + asz), get64(r, at + asz + 8), i };
		if (v[k].size)
			k++;
	}
	qsort(v, k, sizeof(*v), cmp_idrange);
	for (size_t i = 1; i < k && !err; i++)
		if (v[i].off - v[i - 1].off < v[i - 1].size)
			err = pdreader__fail(r, -EINVAL, "attrs %zu and %zu share the ids at %#llx",
					     v[i - 1].attr < v[i].attr ? v[i - 1].attr : v[i].attr,
					     v[i - 1].attr < v[i].attr ? v[i].attr : v[i - 1].attr,
					     (unsigned long long)v[i].off);
	free(v);
	return err;
}

static int read_file_attrs(struct pdreader *r, const struct pdheader *h)
{
	uint64_t attr_size = h->attr_size, off = h->attrs_off, size = h->attrs_size;
	int err;

	if (!attr_size)
		return pdreader__fail(r, -EINVAL, "the attr size field is 0");
	if (!bytes__inside(off, size, 0, r->len))
		return pdreader__fail(r, -EINVAL,
				      "attr section [%#llx, +%#llx) is outside the file",
				      (unsigned long long)off, (unsigned long long)size);
	if (size / attr_size && attr_size < PERF_ATTR_SIZE_VER0 + 16)
		return pdreader__fail(r, -EINVAL, "attr size %llu is too small",
				      (unsigned long long)attr_size);
	err = check_id_tables(r, off, attr_size, size / attr_size);
	if (err)
		return err;
	for (uint64_t i = 0; i < size / attr_size; i++) {
		uint64_t at = off + i * attr_size, ids_off, ids_size;
		uint32_t asz;
		asz = get32(r, at + 4) ?: PERF_ATTR_SIZE_VER0;
		if (asz + 16ULL != attr_size)
			return pdreader__fail(r, -EINVAL,
					      "attr %llu: size %u does not match attr_size %llu",
					      (unsigned long long)i, asz,
					      (unsigned long long)attr_size);
		ids_off = get64(r, at + asz);
		ids_size = get64(r, at + asz + 8);
		if (ids_size % 8 || !bytes__inside(ids_off, ids_size, 0, r->len))
			return pdreader__fail(r, -EINVAL,
					      "attr %llu: ids [%#llx, +%#llx) are outside the file",
					      (unsigned long long)i, (unsigned long long)ids_off,
					      (unsigned long long)ids_size);
		err = add_event(r, at, asz, ids_off, ids_size / 8);
		if (err)
			return err;
	}
	return 0;
}

static int cmp_idmap(const void *a, const void *b)
{
	const struct idmap *x = a, *y = b;

	return x->id < y->id ? -1 : x->id > y->id;
}

const struct idmap *revents__find_id(const struct pdreader *r, uint64_t id)
{
	struct idmap key = { .id = id };

	return r->nr_ids ? bsearch(&key, r->ids, r->nr_ids, sizeof(key), cmp_idmap) : NULL;
}

/* perf's consistency rules between attrs, and the id -> event table. */
static int check_events(struct pdreader *r)
{
	size_t n = 0;

	r->sorted = r->nr_evs > 0;
	for (size_t i = 0; i < r->nr_evs; i++) {
		const struct perf_event_attr *a = &r->evs[i].pub.attr;

		if (a->sample_id_all != r->evs[0].pub.attr.sample_id_all)
			return pdreader__fail(r, -EINVAL, "non matching sample_id_all");
		if (r->nr_evs > 1 && !record__same_id_pos(&r->evs[i].layout, &r->evs[0].layout))
			return pdreader__fail(r, -EINVAL, "non matching sample_type");
		/* a READ sample can only be attributed with the ids in it */
		if ((a->sample_type & PERF_SAMPLE_READ) && !(a->read_format & PERF_FORMAT_ID))
			return pdreader__fail(r, -EINVAL, "non matching read_format");
		r->sorted &= a->sample_id_all;
		n += r->evs[i].pub.nr_ids;
	}
	if (r->pipe)
		r->sorted = true;
	free(r->ids);
	r->ids = n ? malloc(n * sizeof(*r->ids)) : NULL;
	if (n && !r->ids)
		return pdreader__fail(r, -ENOMEM, "out of memory");
	r->nr_ids = 0;
	for (size_t i = 0; i < r->nr_evs; i++)
		for (size_t j = 0; j < r->evs[i].pub.nr_ids; j++)
			r->ids[r->nr_ids++] = (struct idmap){ r->evs[i].pub.ids[j], i };
	if (r->nr_ids)
		qsort(r->ids, r->nr_ids, sizeof(*r->ids), cmp_idmap);
	return 0;
}

static int open_file_mode(struct pdreader *r, const struct pdheader *h)
{
	uint64_t size;
	int err;

	err = read_file_attrs(r, h);
	if (err)
		return err;
	r->data_off = h->data_off;
	size = h->data_size;
	if (r->data_off > r->len)
		return pdreader__fail(r, -EINVAL, "bad data offset %#llx",
				      (unsigned long long)r->data_off);
	if (!size)
		pr_warn("The perf.data file's data size field is 0 which is unexpected.\n"
			"Was the 'perf record' command properly terminated?");
	if (size > r->len - r->data_off) {
		pr_warn("perf.data: the data section runs past the end of the file");
		size = r->len - r->data_off;
		r->st.truncated = true;
	}
	r->data_end = r->data_off + size;
	pdfeature__read_index(r, h);
	return 0;
}

/* ---- a pipe, read as its records are needed ---- */

/*
 * The lowest offset that must stay held: pos, and every record still queued, of the input
 * (zspace false) or of the decompressed records (true; pos is then one of theirs).
 */
static uint64_t lowest_in(const struct pdreader *r, uint64_t pos, bool zspace)
{
	const struct order *o = &r->order;

	for (size_t i = o->head; i < o->n; i++) {
		uint64_t off = o->q[i].off;

		if (!(off & PD_ZOFF) == !zspace && (off & ~PD_ZOFF) < pos)
			pos = off & ~PD_ZOFF;
	}
	return pos;
}

static uint64_t lowest_needed(const struct pdreader *r, uint64_t pos)
{
	return lowest_in(r, pos, false);
}

/* Room for one more read at the window's end: drop what is no longer needed, or grow. */
static int make_room(struct pdreader *r, uint64_t pos)
{
	uint64_t keep = r->in_header ? r->base : lowest_needed(r, pos) & ~7ULL, held;
	uint8_t *p;

	held = r->len - keep;
	if (keep - r->base >= r->cap / 4 && held < r->cap) { /* records stay 8-byte aligned */
		memmove(r->copy, r->copy + (keep - r->base), held);
		r->base = keep;
		r->buf = r->copy;
		return 0;
	}
	p = realloc(r->copy, r->cap * 2);
	if (!p)
		return -ENOMEM;
	r->copy = p;
	r->buf = p;
	r->cap *= 2;
	return 0;
}

/* Nothing to read right now: the caller's wait hook runs (to flush its output) first. */
static void before_read(struct pdreader *r)
{
	struct pollfd pfd = { .fd = r->fd, .events = POLLIN };

	if (r->wait && poll(&pfd, 1, 0) == 0)
		r->wait(r->wait_arg);
}

/*
 * Read until [off, off+n) is held, or the input ends. The window grows only by what was
 * read (doubling), never by what a record claims: memory stays within twice the bytes
 * that must be held (the header records, and the records of the rounds not delivered yet).
 */
bool rstream__fill(struct pdreader *r, uint64_t off, uint64_t n)
{
	ssize_t got;

	if (n > UINT64_MAX - off)
		return false;
	while (r->len < off + n) {
		if (r->fd < 0 || r->eof)
			return false;
		if (r->len - r->base == r->cap && make_room(r, off)) {
			r->read_err = ENOMEM;
			r->eof = true;
			return false;
		}
		before_read(r);
		got = read(r->fd, r->copy + (r->len - r->base), r->cap - (r->len - r->base));
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0) {
			r->read_err = got < 0 ? errno : 0;
			r->eof = true;
			return false;
		}
		r->len += got;
		if (r->pipe)
			r->data_end = r->len;
	}
	return true;
}

/* Are the data bytes [off, off+n) held (read from the pipe if need be)? */
static bool held(struct pdreader *r, uint64_t off, uint64_t n)
{
	if (bytes__inside(off, n, 0, r->data_end))
		return true;
	return r->fd >= 0 && rstream__fill(r, off, n) && bytes__inside(off, n, 0, r->data_end);
}

/* ---- records ---- */

/* Bytes that follow a record without being counted in its size, or -1. */
static int64_t extra_bytes(const struct pdreader *r, uint64_t pos, uint32_t type, uint16_t size)
{
	if (type == PD_HEADER_TRACING_DATA && size >= 16)
		return get32(r, pos + 8);
	if (type == PD_AUXTRACE && size >= 16)
		return get64(r, pos + 8);
	return 0;
}

/* The record at pos: its size, or 0 when the data ends (or breaks) there. */
uint64_t rstream__record_at(struct pdreader *r, uint64_t pos, uint64_t *extra)
{
	uint16_t size;
	int64_t x;

	if (pos < r->data_end && r->data_end - pos >= 8) { /* the common case, checked once */
		uint32_t type = get32(r, pos);

		size = get32(r, pos + 4) >> 16;
		if (size >= 8 && size <= r->data_end - pos && type != PD_HEADER_TRACING_DATA &&
		    type != PD_AUXTRACE) {
			*extra = 0;
			return size;
		}
	}
	if (!held(r, pos, 1))
		return 0;
	if (!held(r, pos, 8)) {
		r->st.truncated = true;
		return 0;
	}
	size = at(r, pos)[6] | at(r, pos)[7] << 8;
	if (size < 8 || !held(r, pos, size)) {
		r->st.truncated = true;
		return 0;
	}
	x = extra_bytes(r, pos, get32(r, pos), size);
	if (x < 0 || !held(r, pos + size, x)) {
		r->st.truncated = true;
		return 0;
	}
	*extra = x;
	return size;
}

static void read_event_update(struct pdreader *r, uint64_t pos, uint16_t size)
{
	const struct idmap *m;

	if (size < 32 || get64(r, pos + 8) != 2) /* PERF_EVENT_UPDATE__NAME */
		return;
	m = revents__find_id(r, get64(r, pos + 16));
	if (m)
		pdfeature__name_event(r, m->ev, (const char *)at(r, pos + 24),
				      strnlen((const char *)at(r, pos + 24), size - 24));
}

/*
 * A pipe's records from pos on go to a window of their own (the header records stay where
 * they are: events and formats point into them).
 */
int rstream__start_window(struct pdreader *r, uint64_t pos)
{
	uint64_t keep = pos & ~7ULL, n = r->len - keep, cap = 1 << 20;

	while (cap < n)
		cap *= 2;
	r->hdr = r->copy;
	r->copy = malloc(cap);
	if (!r->copy)
		return pdreader__fail(r, -ENOMEM, "out of memory");
	memcpy(r->copy, at(r, keep), n);
	r->buf = r->copy;
	r->base = keep;
	r->cap = cap;
	r->in_header = false;
	return 0;
}

/*
 * Streaming format: the header records (attrs, features, tracing data, event updates)
 * come before the first kernel record; they are read up to there, and the rest as it is
 * needed. Header records after it are counted and skipped.
 */
static int scan_pipe(struct pdreader *r)
{
	uint64_t pos = r->data_off, size, extra, hdr_end;
	int err;

	r->in_header = true;
	while ((size = rstream__record_at(r, pos, &extra)) && get32(r, pos) >= PD_HEADER_ATTR)
		pos += size + extra;
	if (r->read_err)
		return pdreader__fail(r, -r->read_err, "cannot read: %s", strerror(r->read_err));
	hdr_end = pos;
	r->hdr_end = hdr_end;
	for (pos = r->data_off; pos < hdr_end && (size = rstream__record_at(r, pos, &extra));) {
		uint32_t type = get32(r, pos);

		if (type == PD_HEADER_ATTR) {
			uint32_t asz = size >= 16 ? get32(r, pos + 12) ?: PERF_ATTR_SIZE_VER0 : 0;

			if (size < 16 || 8ULL + asz > size || (size - 8 - asz) % 8)
				return pdreader__fail(r, -EINVAL, "bad attr record at %#llx",
						      (unsigned long long)pos);
			err = add_event(r, pos + 8, asz, pos + 8 + asz, (size - 8 - asz) / 8);
			if (err)
				return err;
		} else if (type == PD_HEADER_FEATURE && size >= 16 &&
			   get64(r, pos + 8) < PD_FEAT_BITS) {
			pdfeature__read(r, get64(r, pos + 8), pos + 16, size - 16);
		} else if (type == PD_HEADER_TRACING_DATA && !r->tr.header_page) {
			size_t used;

			if (pdtracing__parse(&r->tr, at(r, pos + size), extra, &used))
				pr_warn("perf.data: the tracing data is damaged, ignored");
		}
		pos += size + extra;
	}
	r->st.truncated = false; /* reported again when the records are read */
	err = check_events(r);
	if (err)
		return err;
	for (pos = r->data_off; pos < hdr_end && (size = rstream__record_at(r, pos, &extra));
	     pos += size + extra)
		if (get32(r, pos) == PD_EVENT_UPDATE)
			read_event_update(r, pos, size);
	r->st.truncated = false;
	return r->fd >= 0 ? rstream__start_window(r, r->data_off) : 0;
}

/*
 * A file's perf-bpf features (ids of 32 and up) are HEADER_FEATURE records in its data,
 * where stock perf skips them (a feature section of an id it does not know makes perf
 * inject crash): those before the first other record are read now, later ones as they
 * come (take()).
 */
static void scan_leading_features(struct pdreader *r)
{
	uint64_t pos = r->data_off, size, extra;
	bool truncated = r->st.truncated;

	while ((size = rstream__record_at(r, pos, &extra)) && get32(r, pos) >= PD_HEADER_ATTR) {
		if (get32(r, pos) == PD_HEADER_FEATURE && size >= 16 &&
		    get64(r, pos + 8) >= PD_NR_FEAT && get64(r, pos + 8) < PD_FEAT_BITS)
			pdfeature__read(r, (int)get64(r, pos + 8), pos + 16, size - 16);
		pos += size + extra;
	}
	r->hdr_end = pos;
	r->st.truncated = truncated; /* a cut met here is reported when the records are read */
}

int revents__setup(struct pdreader *r)
{
	struct pdheader h;
	char why[128];
	int err = pdheader__parse(r->buf, r->len, &h, why, sizeof(why));

	if (err)
		return pdreader__fail(r, err, "%s", why);
	if (h.pipe) {
		r->pipe = true;
		r->data_off = PD_PIPE_HDR;
		r->data_end = r->len;
		err = scan_pipe(r);
	} else {
		err = open_file_mode(r, &h);
		err = err ?: check_events(r);
		if (!err)
			scan_leading_features(r);
	}
	if (err)
		return err;
	pdfeature__link_formats(r);
	for (size_t i = 0; i < r->nr_evs; i++)
		if (r->evs[i].pub.attr.type == PERF_TYPE_TRACEPOINT && !r->evs[i].pub.tp_format)
			pr_warn("perf.data: no format for tracepoint id %llu",
				(unsigned long long)r->evs[i].pub.attr.config);
	r->pos = r->data_off;
	return 0;
}

/* The event of a kernel record (-1 with *err set when its id names none). */
static int64_t record_event(struct pdreader *r, const struct perf_event_header *hdr, uint64_t pos,
			    int *err)
{
	const struct idmap *m;
	uint64_t id;
	int ret;

	*err = 0;
	if (r->nr_evs <= 1)
		return r->nr_evs ? 0 : -1;
	ret = record__id(hdr, hdr->size, &r->evs[0].layout, &id);
	if (ret == -ENOENT) /* only samples must name their event */
		return hdr->type == PERF_RECORD_SAMPLE ? -1 : 0;
	if (ret)
		return -1;
	if (!id)
		return 0;
	m = revents__find_id(r, id);
	if (m)
		return m->ev;
	*err = pdreader__fail(r, -EINVAL, "record at %#llx (type %u): id %llu belongs to no event",
			      (unsigned long long)pos, hdr->type, (unsigned long long)id);
	return -1;
}

/* The record at off, copied when it is misaligned (streaming files have odd-sized records). */
static const struct perf_event_header *record_ptr(struct pdreader *r, uint64_t off)
{
	const uint8_t *p = off & PD_ZOFF ? pdzstream__at(r->z, off & ~PD_ZOFF) : at(r, off);

	if ((uintptr_t)p % 8) {
		memcpy(r->scratch, p, p[6] | p[7] << 8);
		p = (const uint8_t *)r->scratch;
	}
	return (const struct perf_event_header *)p;
}

static void fill(struct pdreader *r, struct pdreader_record *rec, uint64_t off, int64_t ev,
		 uint64_t time)
{
	rec->hdr = record_ptr(r, off);
	rec->event = ev;
	rec->time = time;
	rec->offset = off;
}

static void count(struct pdreader *r, const struct perf_event_header *hdr, size_t size)
{
	static const struct record_layout body_only;
	struct record rec;

	r->st.nr_records++;
	if (hdr->type == PERF_RECORD_SAMPLE) {
		r->st.nr_samples++;
	} else if (hdr->type == PERF_RECORD_LOST) {
		if (!record__decode(hdr, size, &body_only, &rec)) {
			r->st.nr_lost++;
			r->st.lost_events += rec.lost.lost;
		}
	} else if (hdr->type == PERF_RECORD_LOST_SAMPLES) {
		if (!record__decode(hdr, size, &body_only, &rec))
			r->st.lost_samples += rec.lost_samples.lost;
	}
}

static void skip_unknown(struct pdreader *r, uint32_t type)
{
	r->st.nr_skipped++;
	if (!r->warned_type)
		pr_warn("perf.data: skipping records of unknown type %u", type);
	r->warned_type = true;
}

/*
 * Deliver what is queued now, before its round ends: the records waiting outgrew the
 * window. They go out sorted among themselves; a later record older than them is counted
 * as out of order, as after any round.
 */
static void flush_early(struct pdreader *r)
{
	r->st.nr_early_flushes++;
	if (!r->warned_early)
		pr_warn("perf.data: a round holds more than the %llu bytes of the reading window: "
			"its records are delivered early, and may come out of order",
			(unsigned long long)r->window);
	r->warned_early = true;
	order__flush(&r->order);
}

/*
 * The bounded window, checked every quarter window read: records waiting for their round
 * span at most the window (else the round is flushed early: true, deliver first); the
 * mapped pages below the lowest record still waiting are dropped.
 */
static bool keep_window(struct pdreader *r)
{
	size_t page = 4096;
	uint64_t low;

	if (r->pos < r->next_check)
		return false;
	r->next_check = r->pos + (r->window / 4 ?: 1);
	low = lowest_needed(r, r->pos);
	if (r->pos - low > r->window) {
		flush_early(r);
		r->next_check = r->pos; /* drop what the flush delivered at the next read */
		return true;
	}
	low &= ~(uint64_t)(page - 1);
	if (r->map && low > r->dropped + r->window / 4) {
		madvise((uint8_t *)r->map + r->dropped, low - r->dropped, MADV_DONTNEED);
		r->dropped = low;
	}
	if (r->map && r->pos < r->len) { /* the next quarter in one go: fewer page faults */
		uint64_t from = r->pos & ~(uint64_t)(page - 1), n = r->window / 4 + page;

		madvise((uint8_t *)r->map + from, n < r->len - from ? n : r->len - from,
			MADV_POPULATE_READ);
	}
	return false;
}

/*
 * A COMPRESSED record's payload: decompressed after the records of the previous ones (a
 * record can start in one and end in the next). 1: there are records to read; 0: it was
 * skipped; -errno on a fatal error. When the decompressed records still waiting span the
 * window, the round is flushed early first (-EAGAIN: deliver, then come back).
 */
static int decompress(struct pdreader *r, uint64_t pos, const struct perf_event_header *hdr)
{
	uint64_t keep;
	int err;

	if (r->comp_type > 1) {
		skip_unknown(r, PD_COMPRESSED);
		return 0;
	}
	if (!r->z && !(r->z = pdzstream__new()))
		return pdreader__fail(r, -ENOMEM, "out of memory");
	keep = lowest_in(r, r->zpos, true);
	if (pdzstream__end(r->z) - keep > r->window && order__pending(&r->order)) {
		flush_early(r);
		return -EAGAIN;
	}
	err = pdzstream__add(r->z, hdr + 1, hdr->size - sizeof(*hdr), keep,
			     2 * r->window + (4 << 20));
	if (err == -ENOMEM)
		return pdreader__fail(r, err, "out of memory");
	if (err) {
		r->st.nr_skipped++;
		if (!r->warned_compressed)
			pr_warn("perf.data: compressed record at %#llx: %s, skipped",
				(unsigned long long)pos,
				err == -E2BIG ? "too much data" : "damaged zstd data");
		r->warned_compressed = true;
		/* what it held past the records read is lost: start afresh at the next one */
		pdzstream__reset(r->z, r->zpos);
		return 0;
	}
	r->st.nr_compressed++;
	return 1;
}

/*
 * The record at off (of size bytes, at hdr): counted, queued for its round, or handed out
 * (1 with *rec). in_z: it was decompressed (off has PD_ZOFF).
 */
static int take(struct pdreader *r, struct pdreader_record *rec, uint64_t off,
		const struct perf_event_header *hdr, uint64_t size, bool in_z)
{
	uint32_t type = hdr->type;
	uint64_t time;
	int64_t ev;
	int err;

	if (type >= PD_USER_MAX || (type >= PD_KERNEL_MAX && type < PD_HEADER_ATTR)) {
		skip_unknown(r, type);
		return 0;
	}
	if (type == PD_COMPRESSED && !in_z) {
		err = decompress(r, off, hdr);
		if (err != -EAGAIN)
			count(r, hdr, size);
		return err < 0 ? err : 0;
	}
	count(r, hdr, size);
	if (type >= PD_HEADER_ATTR) {
		if (type == PD_FINISHED_ROUND && r->sorted) {
			order__round(&r->order);
		} else if (type == PD_HEADER_ATTR && r->pipe && off >= r->hdr_end && !in_z) {
			r->st.nr_skipped++;
			if (!r->warned_attr)
				pr_warn("perf.data: an attr after the first sample (at %#llx), ignored",
					(unsigned long long)off);
			r->warned_attr = true;
		} else if (type == PD_HEADER_FEATURE && off >= r->hdr_end && !in_z && size >= 16 &&
			   get64(r, off + 8) >= PD_NR_FEAT && get64(r, off + 8) < PD_FEAT_BITS) {
			/* perf-bpf's own features, after the first record */
			pdfeature__read(r, (int)get64(r, off + 8), off + 16, size - 16);
		} else if (in_z && type != PD_FINISHED_ROUND) {
			r->st.nr_skipped++; /* perf compresses kernel records only */
		}
		return 0;
	}
	ev = record_event(r, hdr, off, &err);
	if (err)
		return err;
	time = ev < 0 ? 0 : record__time(hdr, size, &r->evs[ev].layout);
	if (r->sorted && time && time != ~0ULL) {
		err = order__push(&r->order, time, off, ev);
		r->st.nr_unordered = r->order.nr_unordered;
		if (order__pending(&r->order) > r->window / 64)
			flush_early(r); /* the queue itself stays within a fraction of it */
		return err ? pdreader__fail(r, err, "out of memory") : 0;
	}
	fill(r, rec, off, ev, time);
	return 1;
}

/*
 * The next decompressed record: 1 or 0 as take() says, -ENODATA when none is whole yet
 * (its rest comes with the next COMPRESSED record).
 */
static int read_z(struct pdreader *r, struct pdreader_record *rec)
{
	uint64_t end = pdzstream__end(r->z), pos = r->zpos;
	const uint8_t *p;
	uint16_t size;

	if (end - pos < 8)
		return -ENODATA;
	p = pdzstream__at(r->z, pos);
	size = p[6] | p[7] << 8;
	if (size < 8) { /* no way to find the next record: drop the rest of the stream */
		r->st.truncated = true;
		r->zpos = end;
		return 0;
	}
	if (end - pos < size)
		return -ENODATA;
	r->zpos += size;
	return take(r, rec, pos | PD_ZOFF, record_ptr(r, pos | PD_ZOFF), size, true);
}

/* Read the record at r->pos: 1 with *rec when it is to be delivered now, 0 to go on. */
static int read_one(struct pdreader *r, struct pdreader_record *rec)
{
	uint64_t pos = r->pos, extra, size;
	int ret;

	if (r->z) {
		ret = read_z(r, rec);
		if (ret != -ENODATA)
			return ret;
	}
	if (keep_window(r))
		return 0;
	if (r->map && pos + PREFETCH_AHEAD < r->data_end) /* the first touch, ahead of need */
		__builtin_prefetch(at(r, pos + PREFETCH_AHEAD));
	size = rstream__record_at(r, pos, &extra);
	if (!size) {
		r->at_end = true;
		if (r->z && pdzstream__end(r->z) != r->zpos)
			r->st.truncated = true; /* a compressed record cut short */
		if (r->read_err)
			return pdreader__fail(r, -r->read_err, "cannot read at %#llx: %s",
					      (unsigned long long)pos, strerror(r->read_err));
		if (r->st.truncated)
			pr_debug("perf.data: the data ends inside a record at %#llx",
				 (unsigned long long)pos);
		return 0;
	}
	ret = take(r, rec, pos, record_ptr(r, pos), size, false);
	if (ret == -EAGAIN)
		return 0; /* read again once the early flush is delivered */
	r->pos += size + extra;
	return ret;
}

int pdreader__next(struct pdreader *r, struct pdreader_record *rec)
{
	struct order_entry e;
	int ret;

	for (;;) {
		if (order__pop(&r->order, &e)) {
			fill(r, rec, e.off, e.event, e.time);
			return 1;
		}
		if (r->at_end) {
			if (!order__pending(&r->order))
				return 0;
			order__flush(&r->order);
			continue;
		}
		ret = read_one(r, rec);
		if (ret)
			return ret;
	}
}

static struct pdreader *finish_new(struct pdreader *r)
{
	/* PERF_BPF_READ_WINDOW: the window in bytes, for tests of small windows */
	const char *w = getenv("PERF_BPF_READ_WINDOW");
	int err;

	r->window = w && strtoull(w, NULL, 0) ? strtoull(w, NULL, 0) : DEFAULT_WINDOW;
	err = revents__setup(r);

	if (!err)
		return r;
	pdreader__free(r);
	errno = -err;
	return NULL;
}

struct pdreader *pdreader__new_mem(const void *buf, size_t len)
{
	struct pdreader *r = calloc(1, sizeof(*r));

	if (!r) {
		errno = -errmsg__set(-ENOMEM, "cannot read the perf.data in memory: %s",
				     strerror(ENOMEM));
		return NULL;
	}
	if ((uintptr_t)buf % 8) { /* records are read in place: keep them aligned */
		r->copy = malloc(len ?: 1);
		if (!r->copy) {
			free(r);
			errno = -errmsg__set(-ENOMEM, "cannot read the perf.data in memory: %s",
					     strerror(ENOMEM));
			return NULL;
		}
		memcpy(r->copy, buf, len);
		buf = r->copy;
	}
	r->buf = buf;
	r->len = len;
	r->fd = -1;
	return finish_new(r);
}

/*
 * Not a regular file: the pipe format is read as its records are needed; anything else
 * needs to be seeked in, so it is read whole.
 */
static int open_stream(struct pdreader *r, int fd)
{
	r->cap = 1 << 20;
	r->copy = malloc(r->cap);
	if (!r->copy)
		return -ENOMEM;
	r->buf = r->copy;
	r->fd = fd;
	r->in_header = true;
	rstream__fill(r, 0, PD_PIPE_HDR);
	if (r->len < PD_PIPE_HDR || get64(r, 8) != PD_PIPE_HDR)
		while (rstream__fill(r, 0, r->len + 1))
			;
	return -r->read_err;
}

struct pdreader *pdreader__open(const char *path)
{
	struct pdreader *r;
	struct stat st;
	int fd, err;

	r = calloc(1, sizeof(*r));
	if (!r || !(r->path = strdup(path))) {
		free(r);
		errno = -errmsg__set(-ENOMEM, "cannot read '%s': %s", path, strerror(ENOMEM));
		return NULL;
	}
	r->fd = -1;
	fd = strcmp(path, "-") ? open(path, O_RDONLY | O_CLOEXEC) : dup(STDIN_FILENO);
	if (fd < 0 || fstat(fd, &st) < 0) {
		err = pdreader__fail(r, -errno, "%s", strerror(errno));
		goto fail;
	}
	if (S_ISREG(st.st_mode) && st.st_size > 0) {
		r->map = mmap(NULL, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
		if (r->map == MAP_FAILED) {
			r->map = NULL;
			err = pdreader__fail(r, -errno, "%s", strerror(errno));
			goto fail;
		}
		madvise(r->map, st.st_size, MADV_SEQUENTIAL);
		r->buf = r->map;
		r->len = st.st_size;
	} else if (!S_ISREG(st.st_mode)) {
		err = open_stream(r, fd);
		if (err) {
			pdreader__fail(r, err, "%s", strerror(-err));
			r->fd = -1;
			goto fail;
		}
		if (r->eof) { /* read whole */
			close(fd);
			r->fd = fd = -1;
		}
		return finish_new(r); /* r owns fd now */
	}
	close(fd);
	return finish_new(r);
fail:
	if (fd >= 0)
		close(fd);
	pdreader__free(r);
	errno = -err;
	return NULL;
}

void pdreader__set_wait(struct pdreader *r, void (*fn)(void *arg), void *arg)
{
	r->wait = fn;
	r->wait_arg = arg;
}

void pdreader__free(struct pdreader *r)
{
	if (!r)
		return;
	for (size_t i = 0; i < r->nr_evs; i++) {
		free(r->evs[i].name);
		free(r->evs[i].ids);
	}
	free(r->evs);
	free(r->ids);
	for (size_t i = 0; i < r->nr_xfeat; i++)
		free(r->xfeat[i].data);
	free(r->xfeat);
	pdtracing__exit(&r->tr);
	order__exit(&r->order);
	pdzstream__free(r->z);
	if (r->map)
		munmap(r->map, r->len);
	free(r->copy);
	free(r->hdr);
	if (r->fd >= 0)
		close(r->fd);
	free(r->path);
	free(r);
}
