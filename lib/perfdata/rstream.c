// SPDX-License-Identifier: GPL-2.0
/*
 * The records of a perf.data file, delivered in perf script's order. Timed records wait
 * in a order queue (perf's rounds), an array of {time, offset, event} reused between
 * rounds: no allocation per record. A pipe is read as its records are needed, through a
 * window that drops what was delivered; a mapped file's pages are dropped behind the
 * reading. COMPRESSED records are decompressed (zstream.c) into records of their own.
 */
#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "record/order.h"
#include "record/record.h"
#include "util/log.h"
#include "perfdata/feature.h"
#include "perfdata/reader-int.h"
#include "perfdata/zstream.h"

#define PREFETCH_AHEAD 1024 /* bytes: a few records */
#define PREFETCH_RECORDS 4 /* records of the time order, ahead of delivery */
#ifndef MADV_POPULATE_READ
#define MADV_POPULATE_READ 22 /* Linux 5.14; older kernels fault the pages in one by one */
#endif

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

/*
 * Records go out in time order a round after they were read, out of the cache by then:
 * the one a few deliveries ahead is brought back while this one is decoded and printed.
 */
static void prefetch_ready(const struct pdreader *r)
{
	const struct order *o = &r->order;
	const uint8_t *p;
	uint64_t off;

	if (o->ready <= PREFETCH_RECORDS)
		return;
	off = o->q[o->head + PREFETCH_RECORDS].off;
	if (off & PD_ZOFF)
		return;
	p = at(r, off);
	__builtin_prefetch(p);
	__builtin_prefetch(p + 64);
	__builtin_prefetch(p + 128);
}

int pdreader__next(struct pdreader *r, struct pdreader_record *rec)
{
	struct order_entry e;
	int ret;

	for (;;) {
		if (order__pop(&r->order, &e)) {
			prefetch_ready(r);
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
