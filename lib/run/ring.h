/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A perf mmap ring buffer: the control page plus 2^n data pages, read from user
 * space without a copy except for the records that wrap around the end.
 */
#ifndef PERF_BPF_RING_H
#define PERF_BPF_RING_H

#include <linux/perf_event.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/uio.h>

struct ring {
	int fd; /* the perf event fd the ring belongs to (owned by its evsel) */
	int cpu;
	void *base; /* control page */
	size_t data_size;
	uint64_t lost; /* records the kernel dropped, from PERF_RECORD_LOST */
	char *bounce; /* a record that wrapped around, made contiguous */
	uint64_t snap; /* the head a span read stops at (ring__snap) */
};

/* Called once per record; rec stays valid until the callback returns. Non-zero stops the read. */
typedef int (*ring_record_fn)(void *ctx, const struct perf_event_header *rec, int cpu);

/* What a span read does with a record (ring_span_ops.sort). */
enum ring_verdict {
	RING_SPAN, /* part of the run of bytes handed to .span */
	RING_SKIP, /* left out */
	RING_ALONE, /* handed to .record on its own, in its place */
};

/*
 * A span read hands consecutive records over as one run of bytes, as the kernel wrote them,
 * without looking further than their headers: the recorder's path, where most records are
 * written as they are.
 */
struct ring_span_ops {
	/* A ring_verdict for rec, or a negative errno to stop the read. */
	int (*sort)(void *ctx, const struct perf_event_header *rec);
	ring_record_fn record; /* for RING_ALONE */
	/*
	 * nr whole records in iov[0..n): two pieces when they wrap around the ring's end.
	 * Non-zero stops the read.
	 */
	int (*span)(void *ctx, const struct iovec *iov, int n, unsigned int nr);
	size_t span_max; /* bytes a span may hold at most (a record over it: a span of its own) */
	/* Every SAMPLE joins the span unlooked at: .sort sees only the other records. */
	bool samples_span;
	uint32_t type; /* non-zero: the records of other types are skipped (ring__peek's) */
};

/* pages: data pages, a power of two. */
int ring__mmap(struct ring *r, int fd, int cpu, unsigned int pages);
void ring__unmap(struct ring *r);
/* Consume what the kernel has written so far; returns the number of records, or <0 from fn. */
int ring__read(struct ring *r, ring_record_fn fn, void *ctx);
/* Note the head a span read will stop at: what the kernel has written so far. */
void ring__snap(struct ring *r);
/* Consume the records up to the snapped head, by ops; returns the number read, or <0. */
int ring__read_spans(struct ring *r, const struct ring_span_ops *ops, void *ctx);
/*
 * Show fn every record of type (0: of any type) written so far, up to the head now, without
 * consuming any; returns the number of records passed, or <0 from fn.
 */
int ring__peek(struct ring *r, uint32_t type, ring_record_fn fn, void *ctx);

#endif
