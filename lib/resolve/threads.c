// SPDX-License-Identifier: GPL-2.0
/*
 * tid -> thread table with linear probing. Removal uses backward-shift deletion, so no
 * tombstones build up however many threads come and go.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "resolve/threads.h"

struct thread {
	uint32_t tid;
	uint32_t pid;
	bool used;
	char comm[THREADS_COMM_MAX + 1];
};

struct threads {
	struct thread *slots;
	size_t cap; /* a power of two */
	size_t nr;
};

static size_t slot_of(uint32_t tid, size_t cap)
{
	uint64_t h = tid * 0x9e3779b97f4a7c15ull;

	return (size_t)(h >> 32) & (cap - 1);
}

struct threads *threads__new(void)
{
	struct threads *t = calloc(1, sizeof(*t));

	if (!t)
		return NULL;
	t->cap = 64;
	t->slots = calloc(t->cap, sizeof(*t->slots));
	/* no COMM ever names the idle task: perf calls it "swapper", and so do we */
	if (!t->slots || threads__set_comm(t, 0, 0, "swapper")) {
		threads__free(t);
		return NULL;
	}
	return t;
}

void threads__free(struct threads *t)
{
	if (!t)
		return;
	free(t->slots);
	free(t);
}

static struct thread *find(const struct threads *t, uint32_t tid)
{
	size_t i;

	if (!t)
		return NULL;
	for (i = slot_of(tid, t->cap); t->slots[i].used; i = (i + 1) & (t->cap - 1))
		if (t->slots[i].tid == tid)
			return &t->slots[i];
	return NULL;
}

/* The slot for tid: its own, or the empty one where it would go. */
static struct thread *probe(struct threads *t, uint32_t tid)
{
	size_t i = slot_of(tid, t->cap);

	while (t->slots[i].used && t->slots[i].tid != tid)
		i = (i + 1) & (t->cap - 1);
	return &t->slots[i];
}

static int grow(struct threads *t)
{
	struct thread *old = t->slots;
	size_t i, old_cap = t->cap;

	t->slots = calloc(old_cap * 2, sizeof(*t->slots));
	if (!t->slots) {
		t->slots = old;
		return -ENOMEM;
	}
	t->cap = old_cap * 2;
	for (i = 0; i < old_cap; i++)
		if (old[i].used)
			*probe(t, old[i].tid) = old[i];
	free(old);
	return 0;
}

int threads__set_comm(struct threads *t, uint32_t pid, uint32_t tid, const char *comm)
{
	struct thread *th;

	if (!t || !comm)
		return -EINVAL;
	/* keep the load under 3/4 */
	if ((t->nr + 1) * 4 > t->cap * 3 && !find(t, tid) && grow(t))
		return -ENOMEM;
	th = probe(t, tid);
	if (!th->used) {
		th->used = true;
		th->tid = tid;
		t->nr++;
	}
	th->pid = pid;
	strncpy(th->comm, comm, THREADS_COMM_MAX);
	th->comm[THREADS_COMM_MAX] = '\0';
	return 0;
}

void threads__remove(struct threads *t, uint32_t tid)
{
	struct thread *th = find(t, tid);
	size_t hole, i;

	if (!th)
		return;
	hole = th - t->slots;
	t->slots[hole].used = false;
	t->nr--;
	/* shift back every entry of the run that would not be found past the hole */
	for (i = (hole + 1) & (t->cap - 1); t->slots[i].used; i = (i + 1) & (t->cap - 1)) {
		size_t home = slot_of(t->slots[i].tid, t->cap);
		bool movable = hole <= i ? (home <= hole || home > i) : (home <= hole && home > i);

		if (movable) {
			t->slots[hole] = t->slots[i];
			t->slots[i].used = false;
			hole = i;
		}
	}
}

const char *threads__comm(const struct threads *t, uint32_t tid)
{
	struct thread *th = find(t, tid);

	return th ? th->comm : NULL;
}

int threads__pid(const struct threads *t, uint32_t tid, uint32_t *pid)
{
	struct thread *th = find(t, tid);

	if (!th)
		return -ENOENT;
	*pid = th->pid;
	return 0;
}

size_t threads__count(const struct threads *t)
{
	return t ? t->nr : 0;
}
