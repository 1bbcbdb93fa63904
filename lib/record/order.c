// SPDX-License-Identifier: GPL-2.0
/* perf's ordered delivery of records, in one reused array (see order.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "record/order.h"
#include "util/bigbuf.h"

static int cmp_entry(const void *a, const void *b)
{
	const struct order_entry *x = a, *y = b;

	if (x->time != y->time)
		return x->time < y->time ? -1 : 1;
	return x->off < y->off ? -1 : x->off > y->off;
}

/* Where the sorted run that starts at i ends. */
static size_t run_end(const struct order_entry *q, size_t i, size_t n)
{
	for (i++; i < n; i++)
		if (cmp_entry(&q[i - 1], &q[i]) > 0)
			break;
	return i;
}

/* Merge the sorted runs [a, a+na) and [b, b+nb) (adjacent, b = a+na) in place, via tmp. */
static int merge(struct order *o, struct order_entry *a, size_t na, size_t nb)
{
	struct order_entry *b = a + na, *t;
	size_t i = 0, j = 0, k = 0;

	if (!na || !nb || cmp_entry(&a[na - 1], &b[0]) <= 0)
		return 0;
	if (o->tmp_cap < na + nb) {
		t = realloc(o->tmp, (na + nb) * sizeof(*t));
		if (!t)
			return -ENOMEM;
		o->tmp = t;
		o->tmp_cap = na + nb;
	}
	t = o->tmp;
	while (i < na && j < nb)
		t[k++] = cmp_entry(&b[j], &a[i]) < 0 ? b[j++] : a[i++];
	while (i < na)
		t[k++] = a[i++];
	while (j < nb)
		t[k++] = b[j++];
	memcpy(a, t, k * sizeof(*t));
	return 0;
}

/*
 * Sort [q, q+n), made of a few sorted runs (a ring's records are in time order, a pass
 * reads one ring after the other): adjacent runs merged pairwise until one is left.
 */
static int merge_runs(struct order *o, struct order_entry *q, size_t n)
{
	size_t runs;

	do {
		size_t start = 0;

		for (runs = 0; start < n; runs++) {
			size_t mid = run_end(q, start, n), end = mid < n ? run_end(q, mid, n) : n;

			if (merge(o, q + start, mid - start, end - mid))
				return -ENOMEM;
			start = end;
		}
	} while (runs > 1);
	return 0;
}

/*
 * Sort what is pending and release the entries up to limit. What stayed from the last
 * release is sorted already: only the new entries are sorted (when they are not in
 * order already, as they often are), then merged with it.
 */
static void release(struct order *o, uint64_t limit)
{
	size_t n = o->n - o->head, old = o->sorted - o->head, i;
	struct order_entry *q;

	if (!n)
		return;
	q = o->q + o->head;
	if (merge_runs(o, q + old, n - old) || merge(o, q, old, n - old))
		qsort(q, n, sizeof(*q), cmp_entry); /* no memory to merge: sort it all */
	o->sorted = o->n;
	for (i = 0; i < n && q[i].time <= limit; i++)
		;
	o->ready = i;
	if (i)
		o->last_flush = q[i - 1].time;
}

int order__push(struct order *o, uint64_t time, uint64_t off, int64_t event)
{
	if (o->head && o->n == o->cap) { /* reuse the delivered front */
		memmove(o->q, o->q + o->head, (o->n - o->head) * sizeof(*o->q));
		o->n -= o->head;
		o->sorted -= o->head;
		o->head = 0;
	}
	if (o->n == o->cap) {
		size_t cap = o->cap ? o->cap * 2 : 4096;
		struct order_entry *q = realloc(o->q, cap * sizeof(*q));

		if (!q)
			return -ENOMEM;
		bigbuf__populate(q + o->cap, (cap - o->cap) * sizeof(*q));
		o->q = q;
		o->cap = cap;
	}
	if (time < o->last_flush)
		o->nr_unordered++;
	if (time > o->max_time)
		o->max_time = time;
	o->q[o->n++] = (struct order_entry){ time, off, event };
	return 0;
}

void order__round(struct order *o)
{
	if (!o->ready)
		release(o, o->next_flush);
	o->next_flush = o->max_time;
}

void order__flush(struct order *o)
{
	if (!o->ready)
		release(o, UINT64_MAX);
}

bool order__pop(struct order *o, struct order_entry *e)
{
	if (!o->ready)
		return false;
	*e = o->q[o->head++];
	o->ready--;
	if (o->head == o->n)
		o->head = o->n = o->sorted = 0;
	return true;
}

size_t order__pending(const struct order *o)
{
	return o->n - o->head;
}

void order__exit(struct order *o)
{
	if (!o)
		return;
	free(o->q);
	free(o->tmp);
	memset(o, 0, sizeof(*o));
}
