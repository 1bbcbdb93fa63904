// SPDX-License-Identifier: GPL-2.0
/* perf's ordered delivery of records, in one reused array (see pdorder.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "pdorder.h"

static int cmp_entry(const void *a, const void *b)
{
	const struct pdorder_entry *x = a, *y = b;

	if (x->time != y->time)
		return x->time < y->time ? -1 : 1;
	return x->off < y->off ? -1 : x->off > y->off;
}

/* Sort what is pending and release the entries up to limit. */
static void release(struct pdorder *o, uint64_t limit)
{
	size_t n = o->n - o->head, i;

	if (!n)
		return;
	qsort(o->q + o->head, n, sizeof(*o->q), cmp_entry);
	for (i = 0; i < n && o->q[o->head + i].time <= limit; i++)
		;
	o->ready = i;
	if (i)
		o->last_flush = o->q[o->head + i - 1].time;
}

int pdorder__push(struct pdorder *o, uint64_t time, uint64_t off, int64_t event)
{
	if (o->head && o->n == o->cap) { /* reuse the delivered front */
		memmove(o->q, o->q + o->head, (o->n - o->head) * sizeof(*o->q));
		o->n -= o->head;
		o->head = 0;
	}
	if (o->n == o->cap) {
		size_t cap = o->cap ? o->cap * 2 : 4096;
		struct pdorder_entry *q = realloc(o->q, cap * sizeof(*q));

		if (!q)
			return -ENOMEM;
		o->q = q;
		o->cap = cap;
	}
	if (time < o->last_flush)
		o->nr_unordered++;
	if (time > o->max_time)
		o->max_time = time;
	o->q[o->n++] = (struct pdorder_entry){ time, off, event };
	return 0;
}

void pdorder__round(struct pdorder *o)
{
	if (!o->ready)
		release(o, o->next_flush);
	o->next_flush = o->max_time;
}

void pdorder__flush(struct pdorder *o)
{
	if (!o->ready)
		release(o, UINT64_MAX);
}

bool pdorder__pop(struct pdorder *o, struct pdorder_entry *e)
{
	if (!o->ready)
		return false;
	*e = o->q[o->head++];
	o->ready--;
	if (o->head == o->n)
		o->head = o->n = 0;
	return true;
}

size_t pdorder__pending(const struct pdorder *o)
{
	return o->n - o->head;
}

void pdorder__exit(struct pdorder *o)
{
	if (!o)
		return;
	free(o->q);
	memset(o, 0, sizeof(*o));
}
