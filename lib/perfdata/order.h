/* SPDX-License-Identifier: GPL-2.0 */
/*
 * perf's delivery order for timed records: records wait in a queue; at each
 * FINISHED_ROUND the ones no newer than the newest time seen before the previous round
 * are released, sorted by time (file order among equal times); the rest at the end.
 * A record older than what was already released still goes out, and is counted.
 * One array, reused: no allocation per record.
 *
 *	struct pdorder o = {};
 *	pdorder__push(&o, time, offset, event);	... pdorder__round(&o);
 *	while (pdorder__pop(&o, &ent)) deliver(ent);
 *	pdorder__exit(&o);
 */
#ifndef PERF_BPF_PDORDER_H
#define PERF_BPF_PDORDER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct pdorder_entry {
	uint64_t time;
	uint64_t off; /* the record's file offset: also the tie-breaker */
	int64_t event;
};

struct pdorder {
	struct pdorder_entry *q;
	size_t head, n, cap, ready;
	size_t sorted; /* q[head..sorted) is in order */
	struct pdorder_entry *tmp; /* for merging */
	size_t tmp_cap;
	uint64_t next_flush, max_time, last_flush;
	uint64_t nr_unordered; /* records older than what was already released */
};

/* Queue a record; 0 or -ENOMEM. Entries must come in increasing off order. */
int pdorder__push(struct pdorder *o, uint64_t time, uint64_t off, int64_t event);
/* A FINISHED_ROUND: release what the previous rounds made safe. */
void pdorder__round(struct pdorder *o);
/* The end of the data: release everything. */
void pdorder__flush(struct pdorder *o);
/* The next released entry; false when none is released (more may be queued). */
bool pdorder__pop(struct pdorder *o, struct pdorder_entry *e);
/* Entries queued and not released yet. */
size_t pdorder__pending(const struct pdorder *o);
void pdorder__exit(struct pdorder *o);

#endif
