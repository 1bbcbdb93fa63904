// SPDX-License-Identifier: GPL-2.0
/* Calls in flight by thread (syscalls/scpair.h): linear probing, deletion by back-shift. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "syscalls/scpair.h"

#define FIRST_SLOTS 64

struct scpair {
	unsigned char *slots; /* nr_slots of slot_size bytes, a power of two of them */
	size_t slot_size, nr_slots, used;
};

static struct scpair_key *key_at(const struct scpair *p, size_t i)
{
	return (struct scpair_key *)(p->slots + i * p->slot_size);
}

static size_t home_of(const struct scpair *p, uint32_t tid)
{
	return (size_t)(tid * 2654435761u) & (p->nr_slots - 1);
}

struct scpair *scpair__new(size_t slot_size)
{
	struct scpair *p = calloc(1, sizeof(*p));

	if (!p)
		return NULL;
	p->slot_size = slot_size < sizeof(struct scpair_key) ? sizeof(struct scpair_key) :
							       slot_size;
	p->nr_slots = FIRST_SLOTS;
	p->slots = calloc(p->nr_slots, p->slot_size);
	if (!p->slots) {
		free(p);
		return NULL;
	}
	return p;
}

void scpair__free(struct scpair *p)
{
	if (!p)
		return;
	free(p->slots);
	free(p);
}

void *scpair__find(struct scpair *p, uint32_t tid)
{
	for (size_t i = home_of(p, tid);; i = (i + 1) & (p->nr_slots - 1)) {
		struct scpair_key *k = key_at(p, i);

		if (!k->used)
			return NULL;
		if (k->tid == tid)
			return k;
	}
}

/* The free slot on tid's way from its home. */
static struct scpair_key *free_slot(struct scpair *p, uint32_t tid)
{
	size_t i = home_of(p, tid);

	while (key_at(p, i)->used)
		i = (i + 1) & (p->nr_slots - 1);
	return key_at(p, i);
}

static int grow(struct scpair *p)
{
	unsigned char *old = p->slots;
	size_t n = p->nr_slots;

	p->slots = calloc(n * 2, p->slot_size);
	if (!p->slots) {
		p->slots = old;
		return -ENOMEM;
	}
	p->nr_slots = n * 2;
	for (size_t i = 0; i < n; i++) {
		struct scpair_key *k = (struct scpair_key *)(old + i * p->slot_size);

		if (k->used)
			memcpy(free_slot(p, k->tid), k, p->slot_size);
	}
	free(old);
	return 0;
}

void *scpair__take(struct scpair *p, uint32_t tid)
{
	struct scpair_key *k = scpair__find(p, tid);

	if (k)
		return k;
	if ((p->used + 1) * 2 > p->nr_slots && grow(p))
		return NULL;
	k = free_slot(p, tid);
	k->used = true;
	k->tid = tid;
	p->used++;
	return k;
}

void scpair__drop(struct scpair *p, void *slot)
{
	size_t mask = p->nr_slots - 1, hole = ((unsigned char *)slot - p->slots) / p->slot_size;

	key_at(p, hole)->used = false;
	p->used--;
	/* move back the slots the hole kept from their home, so that no search stops early */
	for (size_t i = (hole + 1) & mask; key_at(p, i)->used; i = (i + 1) & mask) {
		size_t home = home_of(p, key_at(p, i)->tid);

		if (((i - home) & mask) >= ((i - hole) & mask)) {
			memcpy(key_at(p, hole), key_at(p, i), p->slot_size);
			key_at(p, i)->used = false;
			hole = i;
		}
	}
}

void *scpair__at(struct scpair *p, size_t *i)
{
	for (; *i < p->nr_slots; (*i)++)
		if (key_at(p, *i)->used)
			return key_at(p, (*i)++);
	return NULL;
}

size_t scpair__count(const struct scpair *p)
{
	return p->used;
}
