// SPDX-License-Identifier: GPL-2.0
/*
 * perf.data reader. The file is mapped (or held in the caller's buffer) and never
 * copied: events, formats and records point into it. Every offset and size read from
 * the file is checked against the buffer before use; multi-byte fields are read with
 * memcpy, so a hostile file cannot cause an unaligned or out-of-bounds access.
 * Sorting keeps one array of {time, offset, event} per pending record, reused between
 * rounds: no allocation per record.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "log.h"
#include "pdreader.h"

#define PD_MAGIC 0x32454c4946524550ULL /* "PERFILE2" */
#define PD_MAGIC_SWAP 0x50455246494c4532ULL /* the same, written on the other endianness */
#define PD_MAGIC_V1 0x454c494646524550ULL /* "PERFFILE" */
#define PD_FILE_HDR 104
#define PD_FILE_HDR_OLD 72
#define PD_PIPE_HDR 16
#define PD_MAX_ATTR 4096

enum {
	PD_HEADER_ATTR = 64,
	PD_HEADER_TRACING_DATA = 66,
	PD_FINISHED_ROUND = 68,
	PD_AUXTRACE = 71,
	PD_EVENT_UPDATE = 78,
	PD_HEADER_FEATURE = 80,
	PD_COMPRESSED = 81,
	PD_USER_MAX = 83, /* first user type perf 6.1 does not know */
	PD_KERNEL_MAX = 22, /* first kernel type perf 6.1 does not know */
};

enum { PD_FEAT_TRACING_DATA = 1, PD_FEAT_EVENT_DESC = 12, PD_NR_FEAT = 32 };

struct ev {
	struct pdreader_event pub;
	char *name;
	uint64_t *ids;
};

struct idmap {
	uint64_t id;
	size_t ev;
};

struct qent {
	uint64_t time;
	uint64_t off;
	int64_t ev;
};

struct pdreader {
	const uint8_t *buf;
	size_t len;
	void *map; /* munmap at free */
	uint8_t *copy; /* free at free */
	bool pipe;
	bool sorted;
	uint64_t data_off, data_end;

	struct ev *evs;
	size_t nr_evs;
	struct idmap *ids;
	size_t nr_ids;
	int id_pos; /* u64 index of the id in a sample body, -1: none */
	int is_pos; /* u64 index of the id counted from a trailer's end, -1: none */

	const char *header_page;
	size_t header_page_len;
	struct pdreader_format *fmts;
	size_t nr_fmts;
	const char *fstr[PD_NR_FEAT];

	uint64_t pos;
	bool at_end;
	struct qent *q;
	size_t qhead, qn, qcap, ready;
	uint64_t next_flush, max_ts, last_flush;

	struct pdreader_stats st;
	bool warned_type, warned_compressed;
	char err[256];
	uint64_t scratch[65536 / 8]; /* a misaligned record, copied */
};

static __thread char last_err[256];

static int seterr(struct pdreader *r, int err, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int seterr(struct pdreader *r, int err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(r->err, sizeof(r->err), fmt, ap);
	va_end(ap);
	pr_debug("perf.data: %s", r->err);
	return err;
}

static uint64_t get64(const struct pdreader *r, uint64_t off)
{
	uint64_t v;

	memcpy(&v, r->buf + off, 8);
	return v;
}

static uint32_t get32(const struct pdreader *r, uint64_t off)
{
	uint32_t v;

	memcpy(&v, r->buf + off, 4);
	return v;
}

/* Is [off, off+size) inside [lo, hi)? Written to be immune to overflow. */
static bool inside(uint64_t off, uint64_t size, uint64_t lo, uint64_t hi)
{
	return off >= lo && off <= hi && size <= hi - off;
}

const char *pdreader__errmsg(const struct pdreader *r)
{
	return r ? r->err : last_err;
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
	*len = r->header_page_len;
	return r->header_page;
}

size_t pdreader__nr_formats(const struct pdreader *r)
{
	return r->nr_fmts;
}

const struct pdreader_format *pdreader__format(const struct pdreader *r, size_t idx)
{
	return idx < r->nr_fmts ? &r->fmts[idx] : NULL;
}

const char *pdreader__feature_string(const struct pdreader *r, int feature)
{
	return feature >= 0 && feature < PD_NR_FEAT ? r->fstr[feature] : NULL;
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
		return seterr(r, -EINVAL, "attr %zu: unsupported size %u", r->nr_evs, size);
	evs = realloc(r->evs, (r->nr_evs + 1) * sizeof(*evs));
	if (!evs)
		return seterr(r, -ENOMEM, "out of memory");
	r->evs = evs;
	e = &evs[r->nr_evs];
	memset(e, 0, sizeof(*e));
	memcpy(&e->pub.attr, r->buf + off, size < sizeof(e->pub.attr) ? size : sizeof(e->pub.attr));
	if (nr_ids) {
		e->ids = malloc(nr_ids * 8);
		if (!e->ids)
			return seterr(r, -ENOMEM, "out of memory");
		memcpy(e->ids, r->buf + ids_off, nr_ids * 8);
	}
	e->pub.ids = e->ids;
	e->pub.nr_ids = nr_ids;
	r->nr_evs++;
	return 0;
}

static int read_file_attrs(struct pdreader *r)
{
	uint64_t attr_size = get64(r, 16), off = get64(r, 24), size = get64(r, 32);

	if (!attr_size)
		return seterr(r, -EINVAL, "the attr size field is 0");
	if (!inside(off, size, 0, r->len))
		return seterr(r, -EINVAL, "attr section [%#llx, +%#llx) is outside the file",
			      (unsigned long long)off, (unsigned long long)size);
	for (uint64_t i = 0; i < size / attr_size; i++) {
		uint64_t at = off + i * attr_size, ids_off, ids_size;
		uint32_t asz;
		int err;

		if (attr_size < PERF_ATTR_SIZE_VER0 + 16)
			return seterr(r, -EINVAL, "attr size %llu is too small",
				      (unsigned long long)attr_size);
		asz = get32(r, at + 4) ?: PERF_ATTR_SIZE_VER0;
		if (asz + 16ULL != attr_size)
			return seterr(r, -EINVAL,
				      "attr %llu: size %u does not match attr_size %llu",
				      (unsigned long long)i, asz, (unsigned long long)attr_size);
		ids_off = get64(r, at + asz);
		ids_size = get64(r, at + asz + 8);
		if (ids_size % 8 || !inside(ids_off, ids_size, 0, r->len))
			return seterr(r, -EINVAL,
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

static int sample_id_pos(uint64_t st)
{
	if (st & PERF_SAMPLE_IDENTIFIER)
		return 0;
	if (!(st & PERF_SAMPLE_ID))
		return -1;
	return __builtin_popcountll(
		st & (PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_ADDR));
}

static int trailer_id_pos(uint64_t st)
{
	if (st & PERF_SAMPLE_IDENTIFIER)
		return 1;
	if (!(st & PERF_SAMPLE_ID))
		return -1;
	return 1 + __builtin_popcountll(st & (PERF_SAMPLE_CPU | PERF_SAMPLE_STREAM_ID));
}

/* perf's consistency rules between attrs, and the id -> event table. */
static int check_events(struct pdreader *r)
{
	size_t n = 0;

	r->id_pos = r->is_pos = -1;
	r->sorted = r->nr_evs > 0;
	for (size_t i = 0; i < r->nr_evs; i++) {
		const struct perf_event_attr *a = &r->evs[i].pub.attr;

		if (a->sample_id_all != r->evs[0].pub.attr.sample_id_all)
			return seterr(r, -EINVAL, "non matching sample_id_all");
		if (r->nr_evs > 1 && (sample_id_pos(a->sample_type) < 0 ||
				      sample_id_pos(a->sample_type) !=
					      sample_id_pos(r->evs[0].pub.attr.sample_type) ||
				      trailer_id_pos(a->sample_type) !=
					      trailer_id_pos(r->evs[0].pub.attr.sample_type)))
			return seterr(r, -EINVAL, "non matching sample_type");
		/* a READ sample can only be attributed with the ids in it */
		if ((a->sample_type & PERF_SAMPLE_READ) && !(a->read_format & PERF_FORMAT_ID))
			return seterr(r, -EINVAL, "non matching read_format");
		r->sorted &= a->sample_id_all;
		n += r->evs[i].pub.nr_ids;
	}
	if (r->pipe)
		r->sorted = true;
	if (r->nr_evs) {
		r->id_pos = sample_id_pos(r->evs[0].pub.attr.sample_type);
		r->is_pos = trailer_id_pos(r->evs[0].pub.attr.sample_type);
	}
	free(r->ids);
	r->ids = n ? malloc(n * sizeof(*r->ids)) : NULL;
	if (n && !r->ids)
		return seterr(r, -ENOMEM, "out of memory");
	r->nr_ids = 0;
	for (size_t i = 0; i < r->nr_evs; i++)
		for (size_t j = 0; j < r->evs[i].pub.nr_ids; j++)
			r->ids[r->nr_ids++] = (struct idmap){ r->evs[i].pub.ids[j], i };
	if (r->nr_ids)
		qsort(r->ids, r->nr_ids, sizeof(*r->ids), cmp_idmap);
	return 0;
}

/* ---- features ---- */

/* perf's header string at *off (u32 len + NUL-terminated text); advances *off. */
static const char *get_hstr(const struct pdreader *r, uint64_t *off, uint64_t end)
{
	uint32_t len;
	const char *s;

	if (!inside(*off, 4, 0, end))
		return NULL;
	len = get32(r, *off);
	if (!inside(*off + 4, len, 0, end))
		return NULL;
	s = (const char *)r->buf + *off + 4;
	if (!len || !memchr(s, 0, len))
		return NULL;
	*off += 4 + len;
	return s;
}

static void name_event(struct pdreader *r, size_t idx, const char *name, size_t len)
{
	struct ev *e = &r->evs[idx];

	if (e->name || !len)
		return;
	e->name = strndup(name, len);
	e->pub.name = e->name;
}

static int read_event_desc(struct pdreader *r, uint64_t off, uint64_t end)
{
	uint32_t nr, asz;

	if (!inside(off, 8, 0, end))
		return -EINVAL;
	nr = get32(r, off);
	asz = get32(r, off + 4);
	off += 8;
	if (asz < PERF_ATTR_SIZE_VER0 || asz > PD_MAX_ATTR)
		return -EINVAL;
	for (uint32_t i = 0; i < nr; i++) {
		const char *name;
		uint32_t nr_ids;

		if (!inside(off, asz + 4ULL, 0, end))
			return -EINVAL;
		nr_ids = get32(r, off + asz);
		off += asz + 4;
		name = get_hstr(r, &off, end);
		if (!name || !inside(off, nr_ids * 8ULL, 0, end))
			return -EINVAL;
		off += nr_ids * 8ULL;
		if (i < r->nr_evs)
			name_event(r, i, name, strlen(name));
	}
	return 0;
}

/* Advance *off past a NUL-terminated string of at most max bytes; returns it or NULL. */
static const char *get_cstr(const struct pdreader *r, uint64_t *off, uint64_t end, size_t max)
{
	const char *s = (const char *)r->buf + *off, *nul;
	uint64_t room = *off <= end ? end - *off : 0;

	nul = memchr(s, 0, room < max ? room : max);
	if (!nul)
		return NULL;
	*off += nul - s + 1;
	return s;
}

/* A u64-sized blob at *off: returns its offset and advances *off, or -1 if it overruns. */
static int64_t get_blob64(const struct pdreader *r, uint64_t *off, uint64_t end, uint64_t *size)
{
	uint64_t at;

	if (!inside(*off, 8, 0, end))
		return -1;
	*size = get64(r, *off);
	at = *off + 8;
	if (!inside(at, *size, 0, end))
		return -1;
	*off = at + *size;
	return at;
}

static int add_format(struct pdreader *r, const char *sys, uint64_t at, uint64_t size)
{
	struct pdreader_format *f;

	f = realloc(r->fmts, (r->nr_fmts + 1) * sizeof(*f));
	if (!f)
		return -ENOMEM;
	r->fmts = f;
	f[r->nr_fmts++] = (struct pdreader_format){ sys, (const char *)r->buf + at, size };
	return 0;
}

static int read_systems(struct pdreader *r, uint64_t *off, uint64_t end)
{
	uint32_t nsys, nfmt;
	uint64_t size;
	int64_t at;

	if (!inside(*off, 4, 0, end))
		return -EINVAL;
	nfmt = get32(r, *off); /* ftrace's own formats: not needed */
	*off += 4;
	for (uint32_t i = 0; i < nfmt; i++)
		if (get_blob64(r, off, end, &size) < 0)
			return -EINVAL;
	if (!inside(*off, 4, 0, end))
		return -EINVAL;
	nsys = get32(r, *off);
	*off += 4;
	for (uint32_t i = 0; i < nsys; i++) {
		const char *sys = get_cstr(r, off, end, 256);

		if (!sys || !inside(*off, 4, 0, end))
			return -EINVAL;
		nfmt = get32(r, *off);
		*off += 4;
		for (uint32_t j = 0; j < nfmt; j++) {
			at = get_blob64(r, off, end, &size);
			if (at < 0 || !size || add_format(r, sys, at, size))
				return -EINVAL;
		}
	}
	return 0;
}

/* The TRACING_DATA stream at off; *used gets its length. */
static int read_tracing_data(struct pdreader *r, uint64_t off, uint64_t end, uint64_t *used)
{
	static const uint8_t magic[10] = { 23, 8, 68, 't', 'r', 'a', 'c', 'i', 'n', 'g' };
	uint64_t start = off, size;
	const char *version;
	int64_t at;

	if (!inside(off, sizeof(magic), 0, end) || memcmp(r->buf + off, magic, sizeof(magic)))
		return -EINVAL;
	off += sizeof(magic);
	version = get_cstr(r, &off, end, 16);
	if (!version || !inside(off, 6, 0, end) || r->buf[off] != 0 || !get32(r, off + 2))
		return -EINVAL; /* big-endian data, or page size 0 */
	off += 6;
	if (!inside(off, 12, 0, end) || memcmp(r->buf + off, "header_page", 12))
		return -EINVAL;
	off += 12;
	at = get_blob64(r, &off, end, &size);
	if (at < 0 || !size)
		return -EINVAL;
	r->header_page = (const char *)r->buf + at;
	r->header_page_len = size;
	if (!inside(off, 13, 0, end) || memcmp(r->buf + off, "header_event", 13))
		return -EINVAL;
	off += 13;
	if (get_blob64(r, &off, end, &size) < 0 || read_systems(r, &off, end))
		return -EINVAL;
	/* kallsyms and printk formats (u32 size each), saved cmdlines (u64): all optional */
	for (int i = 0; i < 2 && inside(off, 4, 0, end); i++)
		off = inside(off + 4, get32(r, off), 0, end) ? off + 4 + get32(r, off) : end;
	if (atof(version) >= 0.6 && inside(off, 8, 0, end) && get_blob64(r, &off, end, &size) < 0)
		off = end;
	*used = off - start;
	return 0;
}

/* The feature payload [off, off+size) of feature id feat. */
static void read_feature(struct pdreader *r, int feat, uint64_t off, uint64_t size)
{
	uint64_t end = off + size, used;
	int err = 0;

	if (feat == PD_FEAT_TRACING_DATA) {
		if (r->header_page) /* a second copy: keep the first */
			return;
		/* perf ignores the index size here: the stream may run to the end */
		err = read_tracing_data(r, off, r->len, &used);
	} else if (feat == PD_FEAT_EVENT_DESC) {
		err = read_event_desc(r, off, end);
	} else if (feat >= 3 && feat < PD_NR_FEAT && feat != 7 && feat != 10 && feat != 11 &&
		   feat < 13) {
		uint64_t at = off;

		r->fstr[feat] = get_hstr(r, &at, end);
	}
	if (err)
		pr_warn("perf.data: feature %d is damaged, ignored", feat);
}

static void read_file_features(struct pdreader *r, uint64_t hdr_size)
{
	uint64_t idx = r->data_end;
	int nr = 0;

	if (hdr_size < PD_FILE_HDR)
		return;
	for (int w = 0; w < 4; w++)
		nr += __builtin_popcountll(get64(r, 72 + 8 * w));
	for (int bit = 0; bit < 256 && nr; bit++) {
		uint64_t off, size;

		if (!(get64(r, 72 + 8 * (bit / 64)) >> (bit % 64) & 1))
			continue;
		if (!inside(idx, 16, 0, r->len)) {
			pr_warn("perf.data: the feature index is outside the file, features ignored");
			return;
		}
		off = get64(r, idx);
		size = get64(r, idx + 8);
		idx += 16;
		nr--;
		if (bit >= PD_NR_FEAT)
			continue;
		if (!inside(off, size, 0, r->len)) {
			pr_warn("perf.data: feature %d is outside the file, ignored", bit);
			continue;
		}
		read_feature(r, bit, off, size);
	}
}

/* Tracepoint events get their format (matched by ID) and a default name. */
static void link_formats(struct pdreader *r)
{
	for (size_t i = 0; i < r->nr_fmts; i++) {
		const struct pdreader_format *f = &r->fmts[i];
		char text[512], *p;
		unsigned long long id;
		size_t n = f->len < sizeof(text) - 1 ? f->len : sizeof(text) - 1;

		memcpy(text, f->text, n);
		text[n] = 0;
		p = strstr(text, "\nID: ");
		if (!p || sscanf(p, "\nID: %llu", &id) != 1)
			continue;
		for (size_t j = 0; j < r->nr_evs; j++) {
			struct ev *e = &r->evs[j];
			char *name = strstr(text, "name: "), *eol;

			if (e->pub.attr.type != PERF_TYPE_TRACEPOINT || e->pub.attr.config != id ||
			    e->pub.tp_format)
				continue;
			e->pub.tp_sys = f->sys;
			e->pub.tp_format = f->text;
			e->pub.tp_format_len = f->len;
			if (!e->name && name && (eol = strchr(name, '\n'))) {
				*eol = 0;
				if (asprintf(&e->name, "%s:%s", f->sys, name + 6) < 0)
					e->name = NULL;
				e->pub.name = e->name;
				*eol = '\n';
			}
		}
	}
}

static int open_file_mode(struct pdreader *r)
{
	uint64_t hdr_size = get64(r, 8), size;
	int err;

	if (hdr_size != PD_FILE_HDR && hdr_size != PD_FILE_HDR_OLD)
		return seterr(r, -EINVAL, "unknown header size %llu", (unsigned long long)hdr_size);
	if (r->len < hdr_size)
		return seterr(r, -EINVAL, "the file is shorter than its header");
	err = read_file_attrs(r);
	if (err)
		return err;
	r->data_off = get64(r, 40);
	size = get64(r, 48);
	if (r->data_off > r->len)
		return seterr(r, -EINVAL, "bad data offset %#llx", (unsigned long long)r->data_off);
	if (!size)
		pr_warn("The perf.data file's data size field is 0 which is unexpected.\n"
			"Was the 'perf record' command properly terminated?");
	if (size > r->len - r->data_off) {
		pr_warn("perf.data: the data section runs past the end of the file");
		size = r->len - r->data_off;
		r->st.truncated = true;
	}
	r->data_end = r->data_off + size;
	read_file_features(r, hdr_size);
	return 0;
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
static uint64_t record_at(struct pdreader *r, uint64_t pos, uint64_t *extra)
{
	uint16_t size;
	int64_t x;

	if (pos >= r->data_end)
		return 0;
	if (!inside(pos, 8, 0, r->data_end)) {
		r->st.truncated = true;
		return 0;
	}
	size = r->buf[pos + 6] | r->buf[pos + 7] << 8;
	if (size < 8 || !inside(pos, size, 0, r->data_end)) {
		r->st.truncated = true;
		return 0;
	}
	x = extra_bytes(r, pos, get32(r, pos), size);
	if (x < 0 || !inside(pos + size, x, 0, r->data_end)) {
		r->st.truncated = true;
		return 0;
	}
	*extra = x;
	return size;
}

static void read_event_update(struct pdreader *r, uint64_t pos, uint16_t size)
{
	struct idmap key, *m;

	if (size < 32 || get64(r, pos + 8) != 2) /* PERF_EVENT_UPDATE__NAME */
		return;
	key.id = get64(r, pos + 16);
	m = r->nr_ids ? bsearch(&key, r->ids, r->nr_ids, sizeof(key), cmp_idmap) : NULL;
	if (m)
		name_event(r, m->ev, (const char *)r->buf + pos + 24,
			   strnlen((const char *)r->buf + pos + 24, size - 24));
}

/* Streaming format: the header records may sit anywhere; collect them all first. */
static int scan_pipe(struct pdreader *r)
{
	uint64_t pos = r->data_off, size, extra;
	int err;

	while ((size = record_at(r, pos, &extra))) {
		uint32_t type = get32(r, pos);

		if (type == PD_HEADER_ATTR) {
			uint32_t asz = size >= 16 ? get32(r, pos + 12) ?: PERF_ATTR_SIZE_VER0 : 0;

			if (size < 16 || 8ULL + asz > size || (size - 8 - asz) % 8)
				return seterr(r, -EINVAL, "bad attr record at %#llx",
					      (unsigned long long)pos);
			err = add_event(r, pos + 8, asz, pos + 8 + asz, (size - 8 - asz) / 8);
			if (err)
				return err;
		} else if (type == PD_HEADER_FEATURE && size >= 16 &&
			   get64(r, pos + 8) < PD_NR_FEAT) {
			read_feature(r, get64(r, pos + 8), pos + 16, size - 16);
		} else if (type == PD_HEADER_TRACING_DATA && !r->header_page) {
			uint64_t used;

			if (read_tracing_data(r, pos + size, pos + size + extra, &used))
				pr_warn("perf.data: the tracing data is damaged, ignored");
		}
		pos += size + extra;
	}
	r->st.truncated = false; /* reported again when the records are read */
	err = check_events(r);
	if (err)
		return err;
	for (pos = r->data_off; (size = record_at(r, pos, &extra)); pos += size + extra)
		if (get32(r, pos) == PD_EVENT_UPDATE)
			read_event_update(r, pos, size);
	r->st.truncated = false;
	return 0;
}

static int setup(struct pdreader *r)
{
	uint64_t magic;
	int err;

	if (r->len == 0)
		return seterr(r, -EINVAL, "zero-sized data, nothing to do");
	if (r->len < PD_PIPE_HDR)
		return seterr(r, -EINVAL, "the file is too short for a header");
	magic = get64(r, 0);
	if (magic == PD_MAGIC_SWAP)
		return seterr(r, -ENOTSUP, "files of the other byte order are not supported");
	if (magic == PD_MAGIC_V1)
		return seterr(r, -ENOTSUP, "version 1 files are not supported");
	if (magic != PD_MAGIC)
		return seterr(r, -EINVAL, "not a perf.data file (bad magic)");
	if (get64(r, 8) == PD_PIPE_HDR) {
		r->pipe = true;
		r->data_off = PD_PIPE_HDR;
		r->data_end = r->len;
		err = scan_pipe(r);
	} else {
		err = open_file_mode(r);
		err = err ?: check_events(r);
	}
	if (err)
		return err;
	link_formats(r);
	for (size_t i = 0; i < r->nr_evs; i++)
		if (r->evs[i].pub.attr.type == PERF_TYPE_TRACEPOINT && !r->evs[i].pub.tp_format)
			pr_warn("perf.data: no format for tracepoint id %llu",
				(unsigned long long)r->evs[i].pub.attr.config);
	r->pos = r->data_off;
	return 0;
}

/* The event of a kernel record (-1 with *err set when its id names none). */
static int64_t record_event(struct pdreader *r, uint64_t pos, uint32_t type, uint16_t size,
			    int *err)
{
	struct idmap key, *m;
	uint64_t at;

	*err = 0;
	if (r->nr_evs <= 1)
		return r->nr_evs ? 0 : -1;
	if (type == PERF_RECORD_SAMPLE) {
		if (r->id_pos < 0 || 8 + 8ULL * (r->id_pos + 1) > size)
			return -1;
		at = pos + 8 + 8ULL * r->id_pos;
	} else {
		if (!r->evs[0].pub.attr.sample_id_all || r->is_pos < 0)
			return 0;
		if (8 + 8ULL * r->is_pos > size)
			return -1;
		at = pos + size - 8ULL * r->is_pos;
	}
	key.id = get64(r, at);
	if (!key.id)
		return 0;
	m = r->nr_ids ? bsearch(&key, r->ids, r->nr_ids, sizeof(key), cmp_idmap) : NULL;
	if (m)
		return m->ev;
	*err = seterr(r, -EINVAL, "record at %#llx (type %u): id %llu belongs to no event",
		      (unsigned long long)pos, type, (unsigned long long)key.id);
	return -1;
}

/* The record's time by its event's layout, 0 when it has none. */
static uint64_t record_time(const struct pdreader *r, uint64_t pos, uint32_t type, uint16_t size,
			    int64_t ev)
{
	uint64_t st, n;

	if (ev < 0)
		return 0;
	st = r->evs[ev].pub.attr.sample_type;
	if (!(st & PERF_SAMPLE_TIME))
		return 0;
	if (type == PERF_RECORD_SAMPLE) {
		n = __builtin_popcountll(
			st & (PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_IP | PERF_SAMPLE_TID));
		return 8 + 8 * (n + 1) <= size ? get64(r, pos + 8 + 8 * n) : 0;
	}
	if (!r->evs[ev].pub.attr.sample_id_all)
		return 0;
	n = 1 + __builtin_popcountll(st & (PERF_SAMPLE_ID | PERF_SAMPLE_STREAM_ID |
					   PERF_SAMPLE_CPU | PERF_SAMPLE_IDENTIFIER));
	return 8 + 8 * (n + __builtin_popcountll(st & PERF_SAMPLE_TID)) <= size ?
		       get64(r, pos + size - 8 * n) :
		       0;
}

static int cmp_qent(const void *a, const void *b)
{
	const struct qent *x = a, *y = b;

	if (x->time != y->time)
		return x->time < y->time ? -1 : 1;
	return x->off < y->off ? -1 : x->off > y->off;
}

/* Sort what is pending and mark the records up to limit as ready, as a round does. */
static void flush_queue(struct pdreader *r, uint64_t limit)
{
	size_t n = r->qn - r->qhead, i;

	if (!n)
		return;
	qsort(r->q + r->qhead, n, sizeof(*r->q), cmp_qent);
	for (i = 0; i < n && r->q[r->qhead + i].time <= limit; i++)
		;
	r->ready = i;
	if (i)
		r->last_flush = r->q[r->qhead + i - 1].time;
}

static int queue_record(struct pdreader *r, uint64_t time, uint64_t off, int64_t ev)
{
	if (r->qhead && r->qn == r->qcap) { /* reuse the delivered front */
		memmove(r->q, r->q + r->qhead, (r->qn - r->qhead) * sizeof(*r->q));
		r->qn -= r->qhead;
		r->qhead = 0;
	}
	if (r->qn == r->qcap) {
		size_t cap = r->qcap ? r->qcap * 2 : 4096;
		struct qent *q = realloc(r->q, cap * sizeof(*q));

		if (!q)
			return seterr(r, -ENOMEM, "out of memory");
		r->q = q;
		r->qcap = cap;
	}
	if (time < r->last_flush)
		r->st.nr_unordered++;
	if (time > r->max_ts)
		r->max_ts = time;
	r->q[r->qn++] = (struct qent){ time, off, ev };
	return 0;
}

static void fill(struct pdreader *r, struct pdreader_record *rec, uint64_t off, int64_t ev,
		 uint64_t time)
{
	const uint8_t *p = r->buf + off;

	if (off % 8) { /* streaming files have odd-sized header records before */
		memcpy(r->scratch, p, get32(r, off + 4) >> 16);
		p = (const uint8_t *)r->scratch;
	}
	rec->hdr = (const struct perf_event_header *)p;
	rec->event = ev;
	rec->time = time;
	rec->offset = off;
}

static void count(struct pdreader *r, uint64_t pos, uint32_t type, uint16_t size)
{
	r->st.nr_records++;
	if (type == PERF_RECORD_SAMPLE)
		r->st.nr_samples++;
	else if (type == PERF_RECORD_LOST && size >= 24) {
		r->st.nr_lost++;
		r->st.lost_events += get64(r, pos + 16);
	} else if (type == PERF_RECORD_LOST_SAMPLES && size >= 16)
		r->st.lost_samples += get64(r, pos + 8);
}

static void skip_unknown(struct pdreader *r, uint32_t type)
{
	r->st.nr_skipped++;
	if (!r->warned_type)
		pr_warn("perf.data: skipping records of unknown type %u", type);
	r->warned_type = true;
}

/* Read the record at r->pos: 1 with *rec when it is to be delivered now, 0 to go on. */
static int read_one(struct pdreader *r, struct pdreader_record *rec)
{
	uint64_t pos = r->pos, extra, time, size = record_at(r, pos, &extra);
	uint32_t type;
	int64_t ev;
	int err;

	if (!size) {
		r->at_end = true;
		if (r->st.truncated)
			pr_debug("perf.data: the data ends inside a record at %#llx",
				 (unsigned long long)pos);
		return 0;
	}
	r->pos += size + extra;
	type = get32(r, pos);
	if (type >= PD_USER_MAX || (type >= PD_KERNEL_MAX && type < PD_HEADER_ATTR)) {
		skip_unknown(r, type);
		return 0;
	}
	count(r, pos, type, size);
	if (type >= PD_HEADER_ATTR) {
		if (type == PD_FINISHED_ROUND && r->sorted) {
			flush_queue(r, r->next_flush);
			r->next_flush = r->max_ts;
		} else if (type == PD_COMPRESSED) {
			r->st.nr_skipped++;
			if (!r->warned_compressed)
				pr_warn("perf.data: compressed records (perf record -z) are not supported, skipped");
			r->warned_compressed = true;
		}
		return 0;
	}
	ev = record_event(r, pos, type, size, &err);
	if (err)
		return err;
	time = record_time(r, pos, type, size, ev);
	if (r->sorted && time && time != ~0ULL)
		return queue_record(r, time, pos, ev);
	fill(r, rec, pos, ev, time);
	return 1;
}

int pdreader__next(struct pdreader *r, struct pdreader_record *rec)
{
	int ret;

	for (;;) {
		if (r->ready) {
			const struct qent *q = &r->q[r->qhead++];

			r->ready--;
			fill(r, rec, q->off, q->ev, q->time);
			if (r->qhead == r->qn)
				r->qhead = r->qn = 0;
			return 1;
		}
		if (r->at_end) {
			if (r->qn == r->qhead)
				return 0;
			flush_queue(r, ~0ULL);
			continue;
		}
		ret = read_one(r, rec);
		if (ret)
			return ret;
	}
}

static struct pdreader *finish_new(struct pdreader *r)
{
	int err = setup(r);

	if (!err)
		return r;
	snprintf(last_err, sizeof(last_err), "%s", r->err);
	pdreader__free(r);
	errno = -err;
	return NULL;
}

struct pdreader *pdreader__new_mem(const void *buf, size_t len)
{
	struct pdreader *r = calloc(1, sizeof(*r));

	if (!r) {
		snprintf(last_err, sizeof(last_err), "out of memory");
		return NULL;
	}
	if ((uintptr_t)buf % 8) { /* records are read in place: keep them aligned */
		r->copy = malloc(len ?: 1);
		if (!r->copy) {
			free(r);
			errno = ENOMEM;
			return NULL;
		}
		memcpy(r->copy, buf, len);
		buf = r->copy;
	}
	r->buf = buf;
	r->len = len;
	return finish_new(r);
}

static int slurp(int fd, uint8_t **out, size_t *len)
{
	size_t cap = 1 << 20, n = 0;
	uint8_t *p = malloc(cap), *q;
	ssize_t got;

	while (p) {
		if (n == cap) {
			q = realloc(p, cap *= 2);
			if (!q)
				break;
			p = q;
		}
		got = read(fd, p + n, cap - n);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			free(p);
			return -errno;
		}
		if (!got) {
			*out = p;
			*len = n;
			return 0;
		}
		n += got;
	}
	free(p);
	return -ENOMEM;
}

struct pdreader *pdreader__open(const char *path)
{
	struct pdreader *r;
	struct stat st;
	int fd, err;

	r = calloc(1, sizeof(*r));
	if (!r)
		return NULL;
	fd = strcmp(path, "-") ? open(path, O_RDONLY | O_CLOEXEC) : dup(STDIN_FILENO);
	if (fd < 0 || fstat(fd, &st) < 0) {
		err = -errno;
		snprintf(last_err, sizeof(last_err), "%s", strerror(-err));
		goto fail;
	}
	if (S_ISREG(st.st_mode) && st.st_size > 0) {
		r->map = mmap(NULL, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
		if (r->map == MAP_FAILED) {
			r->map = NULL;
			err = -errno;
			snprintf(last_err, sizeof(last_err), "%s", strerror(-err));
			goto fail;
		}
		madvise(r->map, st.st_size, MADV_SEQUENTIAL);
		r->buf = r->map;
		r->len = st.st_size;
	} else if (!S_ISREG(st.st_mode)) {
		err = slurp(fd, &r->copy, &r->len);
		if (err) {
			snprintf(last_err, sizeof(last_err), "%s", strerror(-err));
			goto fail;
		}
		r->buf = r->copy;
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
	free(r->fmts);
	free(r->q);
	if (r->map)
		munmap(r->map, r->len);
	free(r->copy);
	free(r);
}
