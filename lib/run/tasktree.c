// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdlib.h>

#include "run/tasktree.h"

static unsigned int slot_of(const struct tasktree *t, int pid)
{
	unsigned int i = ((unsigned int)pid * 2654435761u) & (t->cap - 1);

	while (t->slots[i] && t->slots[i] != pid)
		i = (i + 1) & (t->cap - 1);
	return i;
}

bool tasktree__has(const struct tasktree *t, int pid)
{
	return t->nr && pid > 0 && t->slots[slot_of(t, pid)] == pid;
}

static int grow(struct tasktree *t)
{
	struct tasktree old = *t;

	t->cap = old.cap ? old.cap * 2 : 16;
	t->slots = calloc(t->cap, sizeof(*t->slots));
	if (!t->slots) {
		*t = old;
		return -ENOMEM;
	}
	for (unsigned int i = 0; i < old.cap; i++)
		if (old.slots[i])
			t->slots[slot_of(t, old.slots[i])] = old.slots[i];
	free(old.slots);
	return 0;
}

int tasktree__add(struct tasktree *t, int pid)
{
	unsigned int i;

	if (pid <= 0 || tasktree__has(t, pid))
		return 0;
	/* at most half full: probes stay short */
	if (2 * (t->nr + 1) > t->cap && grow(t))
		return -ENOMEM;
	i = slot_of(t, pid);
	t->slots[i] = pid;
	t->nr++;
	return 0;
}

static int wait_for_parent(struct tasktree *t, int parent, int child)
{
	if (t->nr_waiting == t->cap_waiting) {
		unsigned int cap = t->cap_waiting ? t->cap_waiting * 2 : 8;
		struct tasktree_fork *n = realloc(t->waiting, sizeof(*n) * cap);

		if (!n)
			return -ENOMEM;
		t->waiting = n;
		t->cap_waiting = cap;
	}
	t->waiting[t->nr_waiting++] = (struct tasktree_fork){ parent, child };
	return 0;
}

/* child joined: so do the children waiting for it, and theirs. */
static int admit_waiting(struct tasktree *t)
{
	bool more = true;

	while (more) {
		more = false;
		for (unsigned int i = 0; i < t->nr_waiting; i++) {
			if (!tasktree__has(t, t->waiting[i].parent))
				continue;
			if (tasktree__add(t, t->waiting[i].child))
				return -ENOMEM;
			t->waiting[i--] = t->waiting[--t->nr_waiting];
			more = true;
		}
	}
	return 0;
}

int tasktree__fork(struct tasktree *t, int parent, int child)
{
	if (tasktree__has(t, child))
		return 0;
	if (!tasktree__has(t, parent))
		return wait_for_parent(t, parent, child);
	if (tasktree__add(t, child))
		return -ENOMEM;
	return t->nr_waiting ? admit_waiting(t) : 0;
}

void tasktree__new_pass(struct tasktree *t)
{
	t->nr_waiting = 0;
}

void tasktree__exit(struct tasktree *t)
{
	free(t->slots);
	free(t->waiting);
	*t = (struct tasktree){ 0 };
}
