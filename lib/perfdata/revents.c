// SPDX-License-Identifier: GPL-2.0
/*
 * The events of a perf.data file: its attrs and their ids (a file's attr section, a pipe's
 * attr records), held to perf's rules between attrs, and the id -> event table; then a
 * pipe's header records (features, tracing data, event updates), read before its first
 * kernel record, or a file's leading perf-bpf features.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "record/record.h"
#include "util/log.h"
#include "perfdata/feature.h"
#include "perfdata/header.h"
#include "perfdata/reader-int.h"

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
	memcpy(&e->pub.desc.attr, at(r, off),
	       size < sizeof(e->pub.desc.attr) ? size : sizeof(e->pub.desc.attr));
	if (nr_ids) {
		e->ids = malloc(nr_ids * 8);
		if (!e->ids)
			return pdreader__fail(r, -ENOMEM, "out of memory");
		memcpy(e->ids, at(r, ids_off), nr_ids * 8);
	}
	e->pub.ids = e->ids;
	e->pub.nr_ids = nr_ids;
	e->layout = record_layout__of(&e->pub.desc.attr);
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
		const struct perf_event_attr *a = &r->evs[i].pub.desc.attr;

		if (a->sample_id_all != r->evs[0].pub.desc.attr.sample_id_all)
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
		if (r->evs[i].pub.desc.attr.type == PERF_TYPE_TRACEPOINT &&
		    !r->evs[i].pub.tp_format)
			pr_warn("perf.data: no format for tracepoint id %llu",
				(unsigned long long)r->evs[i].pub.desc.attr.config);
	r->pos = r->data_off;
	return 0;
}
