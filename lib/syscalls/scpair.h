/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Entries and exits paired by thread: a thread makes one system call at a time, so what a
 * call's entry said waits under its thread's id for its exit. An open-addressing table of
 * the caller's slots (any struct whose first member is a struct scpair_key), by tid; the
 * lines (sclines.c) and the timeline (output/view-timeline.c) keep theirs in one.
 *
 *	struct scpair *p = scpair__new(sizeof(struct my_slot));
 *	struct my_slot *s = scpair__take(p, tid);	(its slot: a new one's members are the
 *							 caller's to set, all but its key)
 *	s = scpair__find(p, tid);			(NULL: no entry waits)
 *	scpair__drop(p, s);				(slots may move: no pointer is kept)
 *	for (size_t i = 0; (s = scpair__at(p, &i));) ...	(every slot in use)
 *	scpair__free(p);
 */
#ifndef PERF_BPF_SCPAIR_H
#define PERF_BPF_SCPAIR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct scpair_key {
	uint32_t tid;
	bool used;
};

struct scpair;

struct scpair *scpair__new(size_t slot_size);
void scpair__free(struct scpair *p);
void *scpair__find(struct scpair *p, uint32_t tid);
/*
 * tid's slot, made if there is none: its key set, the rest as the last slot there left it
 * (zeroed once; setting every slot's members costs less than zeroing them on every call).
 * NULL when memory runs out.
 */
void *scpair__take(struct scpair *p, uint32_t tid);
/* The slot free again; the others may move into its place. */
void scpair__drop(struct scpair *p, void *slot);
/* The slot in use at or after *i, *i moved past it; NULL at the end. */
void *scpair__at(struct scpair *p, size_t *i);
size_t scpair__count(const struct scpair *p);

#endif
