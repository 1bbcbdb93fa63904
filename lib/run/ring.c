// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "record/record.h"
#include "run/ring.h"

#define RECORD_MAX 65536 /* header.size is a u16 */

int ring__mmap(struct ring *r, int fd, int cpu, unsigned int pages)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);

	memset(r, 0, sizeof(*r));
	if (!pages || (pages & (pages - 1)))
		return -EINVAL;
	r->data_size = pages * page;
	r->base = mmap(NULL, page + r->data_size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (r->base == MAP_FAILED) {
		r->base = NULL;
		return -errno;
	}
	r->fd = fd;
	r->cpu = cpu;
	return 0;
}

void ring__unmap(struct ring *r)
{
	if (r->base)
		munmap(r->base, (size_t)sysconf(_SC_PAGESIZE) + r->data_size);
	free(r->bounce);
	r->base = NULL;
	r->bounce = NULL;
}

static const struct perf_event_header *contiguous(struct ring *r, const char *data, uint64_t off,
						  size_t size)
{
	size_t first = r->data_size - off;

	if (size <= first)
		return (const void *)(data + off);
	if (!r->bounce) {
		r->bounce = malloc(RECORD_MAX);
		if (!r->bounce)
			return NULL;
	}
	memcpy(r->bounce, data + off, first);
	memcpy(r->bounce + first, data, size - first);
	return (const void *)r->bounce;
}

static void count_lost(struct ring *r, const struct perf_event_header *rec)
{
	static const struct record_layout body_only;
	struct record lost;

	if (!record__decode(rec, rec->size, &body_only, &lost))
		r->lost += lost.lost.lost;
}

static uint64_t load_head(const struct ring *r)
{
	const struct perf_event_mmap_page *pc = r->base;

	return __atomic_load_n(&pc->data_head, __ATOMIC_ACQUIRE);
}

/* A pass over the records from the tail: [start, tail) is the span not yet handed over. */
struct walk {
	struct ring *r;
	const char *data;
	uint64_t mask;
	uint64_t tail, start, released;
	unsigned int nr; /* records in the span */
};

static int flush_span(struct walk *w, const struct ring_span_ops *ops, void *ctx)
{
	uint64_t len = w->tail - w->start, off = w->start & w->mask;
	size_t first = len < w->r->data_size - off ? len : w->r->data_size - off;
	struct iovec iov[2] = { { (void *)(w->data + off), first },
				{ (void *)w->data, len - first } };
	unsigned int nr = w->nr;

	if (!len)
		return 0;
	w->start = w->tail;
	w->nr = 0;
	return ops->span(ctx, iov, len > first ? 2 : 1, nr);
}

/* What was handed over goes back to the kernel a quarter ring at a time, or all at the end. */
static void release(struct walk *w, bool all)
{
	struct perf_event_mmap_page *pc = w->r->base;

	if (!all && w->start - w->released < w->r->data_size / 4)
		return;
	__atomic_store_n(&pc->data_tail, w->start, __ATOMIC_RELEASE);
	w->released = w->start;
}

/* Does a record of type go to the span by its header alone? */
static bool samples_span(const struct ring_span_ops *ops, uint32_t type)
{
	return ops->samples_span && type == PERF_RECORD_SAMPLE;
}

/* The verdict on rec, made contiguous when it has to be looked into. */
static int sort_record(struct walk *w, const struct ring_span_ops *ops, void *ctx, bool consume,
		       uint32_t type, size_t size, const struct perf_event_header **rec)
{
	if (ops->type && type != ops->type)
		return RING_SKIP;
	if (samples_span(ops, type))
		return RING_SPAN;
	*rec = contiguous(w->r, w->data, w->tail & w->mask, size);
	if (!*rec)
		return -ENOMEM;
	if (consume && type == PERF_RECORD_LOST)
		count_lost(w->r, *rec);
	return ops->sort ? ops->sort(ctx, *rec) : RING_ALONE;
}

/* One record (size bytes) at w->tail: into the span, or skipped, or handed to ops->record alone. */
static int walk_record(struct walk *w, const struct perf_event_header *h,
		       const struct ring_span_ops *ops, void *ctx, bool consume, size_t span_max)
{
	const struct perf_event_header *rec = NULL;
	size_t size = h->size;
	int v, err;

	if (ops->span && w->tail + size - w->start > span_max) {
		err = flush_span(w, ops, ctx); /* the span is full */
		if (err)
			return err;
	}
	v = sort_record(w, ops, ctx, consume, h->type, size, &rec);
	if (v == RING_SPAN) {
		w->tail += size;
		w->nr++;
		return 0;
	}
	err = v < 0 ? v : flush_span(w, ops, ctx);
	w->tail += size;
	w->start = w->tail;
	if (!err && v == RING_ALONE)
		err = ops->record(ctx, rec, w->r->cpu);
	return err;
}

static int walk(struct ring *r, uint64_t head, const struct ring_span_ops *ops, void *ctx,
		bool consume)
{
	struct perf_event_mmap_page *pc = r->base;
	struct walk w = { .r = r,
			  .data = (const char *)r->base + sysconf(_SC_PAGESIZE),
			  .mask = r->data_size - 1,
			  .tail = pc->data_tail };
	size_t span_max = ops->span_max < r->data_size / 4 ? ops->span_max : r->data_size / 4;
	int n = 0, err = 0;

	w.start = w.released = w.tail;
	while (!err && w.tail < head) {
		/* the 8-byte header never wraps: records are 8-byte aligned */
		const struct perf_event_header *h = (const void *)(w.data + (w.tail & w.mask));

		if (h->size < sizeof(*h) || h->size > head - w.tail)
			break; /* cannot happen with a sane kernel; never loop on it */
		err = walk_record(&w, h, ops, ctx, consume, span_max);
		n++;
		if (consume)
			release(&w, false);
	}
	err = err ?: flush_span(&w, ops, ctx);
	if (consume)
		release(&w, true);
	return err ? err : n;
}

int ring__read(struct ring *r, ring_record_fn fn, void *ctx)
{
	struct ring_span_ops ops = { .record = fn };

	return walk(r, load_head(r), &ops, ctx, true);
}

void ring__snap(struct ring *r)
{
	r->snap = load_head(r);
}

int ring__read_spans(struct ring *r, const struct ring_span_ops *ops, void *ctx)
{
	return walk(r, r->snap, ops, ctx, true);
}

int ring__peek(struct ring *r, uint32_t type, ring_record_fn fn, void *ctx)
{
	struct ring_span_ops ops = { .record = fn, .type = type };

	return walk(r, load_head(r), &ops, ctx, false);
}
