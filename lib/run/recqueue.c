// SPDX-License-Identifier: GPL-2.0
/*
 * Records wait in 1 MiB chunks, written one after the other at increasing positions (a
 * record never straddles two chunks); a chunk is reused once every record in it is
 * delivered and no chunk before it holds one. The order module sorts (time, position).
 */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "record/order.h"
#include "run/recqueue.h"
#include "util/bigbuf.h"

#define CHUNK_SHIFT 20
#define CHUNK_SIZE (1ULL << CHUNK_SHIFT)
#define CHUNK_MASK (CHUNK_SIZE - 1)
#define MAX_SPARE 8 /* populated chunks kept for the next ones (util/bigbuf.h) */

struct chunk {
	char *mem;
	size_t live; /* records in it not delivered yet */
};

struct recqueue {
	struct order order;
	struct chunk *chunks; /* chunks[i] is chunk number base + i */
	size_t nr_chunks, cap_chunks;
	size_t max_chunks; /* the bound; 0: none */
	uint64_t nr_dropped;
	uint64_t base;
	uint64_t pos; /* where the next record goes */
	char *spare[MAX_SPARE];
	int nr_spare;
	uint64_t popped; /* position of the record the last pop handed out */
	bool has_popped, flushing;
};

struct recqueue *recqueue__new(void)
{
	return calloc(1, sizeof(struct recqueue));
}

void recqueue__free(struct recqueue *q)
{
	if (!q)
		return;
	order__exit(&q->order);
	for (size_t i = 0; i < q->nr_chunks; i++)
		bigbuf__free(q->chunks[i].mem, CHUNK_SIZE);
	for (int i = 0; i < q->nr_spare; i++)
		bigbuf__free(q->spare[i], CHUNK_SIZE);
	free(q->chunks);
	free(q);
}

void recqueue__limit(struct recqueue *q, size_t bytes)
{
	q->max_chunks = (bytes + CHUNK_SIZE - 1) >> CHUNK_SHIFT;
}

static struct chunk *chunk_of(struct recqueue *q, uint64_t pos)
{
	return &q->chunks[(pos >> CHUNK_SHIFT) - q->base];
}

/* Make chunk number pos >> CHUNK_SHIFT exist: 0, -ENOSPC past the bound, or -ENOMEM. */
static int add_chunk(struct recqueue *q, uint64_t pos)
{
	if (!q->nr_chunks)
		q->base = pos >> CHUNK_SHIFT;
	while (q->base + q->nr_chunks <= pos >> CHUNK_SHIFT) {
		struct chunk *c;

		if (q->max_chunks && q->nr_chunks >= q->max_chunks)
			return -ENOSPC;

		if (q->nr_chunks == q->cap_chunks) {
			size_t cap = q->cap_chunks ? q->cap_chunks * 2 : 8;

			c = realloc(q->chunks, cap * sizeof(*c));
			if (!c)
				return -ENOMEM;
			q->chunks = c;
			q->cap_chunks = cap;
		}
		c = &q->chunks[q->nr_chunks];
		c->mem = q->nr_spare ? q->spare[--q->nr_spare] : bigbuf__alloc(CHUNK_SIZE);
		if (!c->mem)
			return -ENOMEM;
		c->live = 0;
		q->nr_chunks++;
	}
	return 0;
}

void *recqueue__reserve(struct recqueue *q, size_t size, uint64_t time, int64_t ev, int *err)
{
	uint64_t pos = q->pos;
	char *at;

	if ((pos & CHUNK_MASK) + size > CHUNK_SIZE)
		pos = (pos | CHUNK_MASK) + 1; /* the rest of this chunk stays unused */
	*err = add_chunk(q, pos);
	if (*err == -ENOSPC) {
		q->nr_dropped++;
		*err = 0;
		return NULL;
	}
	if (!*err)
		*err = order__push(&q->order, time, pos, ev);
	if (*err)
		return NULL;
	at = chunk_of(q, pos)->mem + (pos & CHUNK_MASK);
	chunk_of(q, pos)->live++;
	q->pos = pos + size;
	return at;
}

int recqueue__push(struct recqueue *q, const struct perf_event_header *rec, uint64_t time,
		   int64_t ev)
{
	int err;
	void *at = recqueue__reserve(q, rec->size, time, ev, &err);

	if (at)
		memcpy(at, rec, rec->size);
	return err;
}

void recqueue__round(struct recqueue *q)
{
	order__round(&q->order);
}

void recqueue__flush(struct recqueue *q)
{
	q->flushing = true;
	order__flush(&q->order);
}

/* The record handed out last is done with: its chunk may be reused. */
static void release_popped(struct recqueue *q)
{
	if (!q->has_popped)
		return;
	q->has_popped = false;
	chunk_of(q, q->popped)->live--;
	/* the front chunks that are empty, short of the one being written */
	while (q->nr_chunks && !q->chunks[0].live && q->base < q->pos >> CHUNK_SHIFT) {
		if (q->nr_spare < MAX_SPARE)
			q->spare[q->nr_spare++] = q->chunks[0].mem;
		else
			bigbuf__free(q->chunks[0].mem, CHUNK_SIZE);
		memmove(q->chunks, q->chunks + 1, (q->nr_chunks - 1) * sizeof(*q->chunks));
		q->nr_chunks--;
		q->base++;
	}
}

const struct perf_event_header *recqueue__pop(struct recqueue *q, int64_t *ev)
{
	struct order_entry e;

	release_popped(q);
	if (!order__pop(&q->order, &e)) {
		if (!q->flushing || !order__pending(&q->order))
			return NULL;
		order__flush(&q->order);
		if (!order__pop(&q->order, &e))
			return NULL;
	}
	q->popped = e.off;
	q->has_popped = true;
	*ev = e.event;
	return (const void *)(chunk_of(q, e.off)->mem + (e.off & CHUNK_MASK));
}

uint64_t recqueue__nr_unordered(const struct recqueue *q)
{
	return q->order.nr_unordered;
}

uint64_t recqueue__nr_dropped(const struct recqueue *q)
{
	return q->nr_dropped;
}
