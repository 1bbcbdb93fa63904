/* SPDX-License-Identifier: GPL-2.0 */
/*
 * perf's delivery order for timed records, of a file or of a live run's rings: records
 * wait in a queue; at each round (a FINISHED_ROUND, a pass over the rings) the ones no
 * newer than the newest time seen before the previous round are released, sorted by
 * time (queue order among equal times); the rest at the end.
 * A record older than what was already released still goes out, and is counted.
 * One array, reused: no allocation per record.
 *
 *	struct order o = {};
 *	order__push(&o, time, offset, event);	... order__round(&o);
 *	while (order__pop(&o, &ent)) deliver(ent);
 *	order__exit(&o);
 */
#ifndef PERF_BPF_ORDER_H
#define PERF_BPF_ORDER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct order_entry {
	uint64_t time;
	uint64_t off; /* where the record is (a file offset, a queue position): the tie-breaker */
	int64_t event;
};

struct order {
	struct order_entry *q;
	size_t head, n, cap, ready;
	size_t sorted; /* q[head..sorted) is in order */
	struct order_entry *tmp; /* for merging */
	size_t tmp_cap;
	uint64_t next_flush, max_time, last_flush;
	uint64_t nr_unordered; /* records older than what was already released */
};

/* Queue a record; 0 or -ENOMEM. Entries must come in increasing off order. */
int order__push(struct order *o, uint64_t time, uint64_t off, int64_t event);
/* A FINISHED_ROUND: release what the previous rounds made safe. */
void order__round(struct order *o);
/* The end of the data: release everything. */
void order__flush(struct order *o);
/* The next released entry; false when none is released (more may be queued). */
bool order__pop(struct order *o, struct order_entry *e);
/* Entries queued and not released yet. */
size_t order__pending(const struct order *o);
void order__exit(struct order *o);

#endif
