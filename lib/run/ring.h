/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A perf mmap ring buffer: the control page plus 2^n data pages, read from user
 * space without a copy except for the records that wrap around the end.
 */
#ifndef PERF_BPF_RING_H
#define PERF_BPF_RING_H

#include <linux/perf_event.h>
#include <stddef.h>
#include <stdint.h>

struct ring {
	int fd; /* the perf event fd the ring belongs to (owned by its evsel) */
	int cpu;
	void *base; /* control page */
	size_t data_size;
	uint64_t lost; /* records the kernel dropped, from PERF_RECORD_LOST */
	char *bounce; /* a record that wrapped around, made contiguous */
};

/* Called once per record; rec stays valid until the callback returns. Non-zero stops the read. */
typedef int (*ring_record_fn)(void *ctx, const struct perf_event_header *rec, int cpu);

/* pages: data pages, a power of two. */
int ring__mmap(struct ring *r, int fd, int cpu, unsigned int pages);
void ring__unmap(struct ring *r);
/* Consume what the kernel has written so far; returns the number of records, or <0 from fn. */
int ring__read(struct ring *r, ring_record_fn fn, void *ctx);

#endif
