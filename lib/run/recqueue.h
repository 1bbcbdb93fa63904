/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The live run's records in time order across CPUs. Each CPU's ring is in time order,
 * but a pass over the rings reads CPU 0's records before CPU 1's: a child's sample could
 * come before the FORK or COMM that names it, on another CPU. Records are copied out of
 * the rings into chunks and released as perf releases a file's (record/order.h): at each
 * pass, those no newer than the newest time seen before the previous pass.
 *
 *	recqueue__push(q, rec, time, ev) for each record of a pass (or write it at
 *	recqueue__reserve(q, size, time, ev, &err));
 *	recqueue__round(q);
 *	while ((rec = recqueue__pop(q, &ev))) deliver(rec, ev);
 *	... at the end: recqueue__flush(q), then pop the rest.
 *
 * Its memory has a bound (recqueue__limit): a record that would go past it is dropped and
 * counted, as a ring's full buffer drops what comes, so that records arriving faster than
 * they are shown cannot take the machine's memory.
 */
#ifndef PERF_BPF_RECQUEUE_H
#define PERF_BPF_RECQUEUE_H

#include <linux/perf_event.h>
#include <stddef.h>
#include <stdint.h>

struct recqueue;

struct recqueue *recqueue__new(void);
void recqueue__free(struct recqueue *q);
/* Hold at most bytes of records (rounded up to whole chunks of 1 MiB); 0: no bound. */
void recqueue__limit(struct recqueue *q, size_t bytes);

/* Copy a record in, or drop it when the bound is reached; time > 0. 0, or -ENOMEM. */
int recqueue__push(struct recqueue *q, const struct perf_event_header *rec, uint64_t time,
		   int64_t ev);
/*
 * Room for a record of size bytes (a multiple of 8), for the caller to write in place
 * before the next pop: recqueue__push() without the copy. NULL when the record is dropped
 * at the bound (*err 0) or on -ENOMEM (*err).
 */
void *recqueue__reserve(struct recqueue *q, size_t size, uint64_t time, int64_t ev, int *err);
/* A pass over every ring is complete: release what the previous passes made safe. */
void recqueue__round(struct recqueue *q);
/* The end of the run: release everything. */
void recqueue__flush(struct recqueue *q);
/* The next released record, valid until the next pop; NULL when none is released. */
const struct perf_event_header *recqueue__pop(struct recqueue *q, int64_t *ev);
/* Records that arrived older than what was already released (delivered all the same). */
uint64_t recqueue__nr_unordered(const struct recqueue *q);
/* Records dropped: the queue held its bound's worth. */
uint64_t recqueue__nr_dropped(const struct recqueue *q);

#endif
