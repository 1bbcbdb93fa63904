/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Lines kept back until they can go out in time order. A line filtered by how its call
 * ended (--status, --failure, --duration) is known only at that end, and a call that began
 * earlier on another thread may still be in flight: its line, when it comes, goes first.
 * Each line waits here with its time until no earlier call is in flight; one that waited
 * for longer than SCORDER_WAIT_NS of the trace's own time goes out anyway, so that a call
 * that blocks (a wait4, an epoll_wait) holds the output back no longer than that.
 *
 *	struct scorder q = { 0 };
 *	scorder__add(&q, time, line, len);		(0 or -ENOMEM)
 *	scorder__release(&q, out, oldest_in_flight, newest);	(what may go out, in order)
 *	scorder__release(&q, out, UINT64_MAX, 0);	(everything, at the end)
 *	scorder__exit(&q);
 */
#ifndef PERF_BPF_SCORDER_H
#define PERF_BPF_SCORDER_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* The longest a line waits for an earlier call, in the records' time: one second. */
#define SCORDER_WAIT_NS 1000000000ULL
/* Past this many bytes waiting, the oldest lines go out whatever is in flight. */
#define SCORDER_MAX_BYTES (64UL << 20)

struct scorder_line {
	uint64_t time;
	size_t off, len; /* in bytes */
};

struct scorder {
	struct scorder_line *lines; /* sorted by time, in arrival order for equal times */
	size_t nr, cap, first; /* lines[first .. nr) wait */
	char *bytes;
	size_t used, size;
	unsigned long early; /* lines let out before an earlier call ended */
};

/* Keep a line of len bytes for time. 0, or -ENOMEM (nothing kept). */
int scorder__add(struct scorder *q, uint64_t time, const char *line, size_t len);
/*
 * Write to out, in order, the lines whose time is at most oldest (the entry of the oldest
 * call in flight; UINT64_MAX when none is), or older than newest by SCORDER_WAIT_NS, or that
 * overflow SCORDER_MAX_BYTES.
 */
void scorder__release(struct scorder *q, FILE *out, uint64_t oldest, uint64_t newest);
static inline size_t scorder__waiting(const struct scorder *q)
{
	return q->nr - q->first;
}
void scorder__exit(struct scorder *q);

#endif
