// SPDX-License-Identifier: GPL-2.0
/*
 * A treap keyed by the start of each range (see umaps.h). A file's maps may come in any
 * order: each insert splits the tree at the new range's bounds, drops what lies between,
 * trims the neighbour that reached into it, and merges the parts back, all in the depth
 * of the tree, whose expected value is the log of its size whatever the order, since the
 * priorities are random and unknown to the file.
 */
#include <errno.h>
#include <stdlib.h>
#include <sys/random.h>

#include "resolve/umaps.h"

struct unode {
	struct umap m;
	struct unode *l, *r;
	uint64_t prio;
};

static uint64_t next_prio(void)
{
	static uint64_t x;

	if (!x && getrandom(&x, sizeof(x), GRND_NONBLOCK) != sizeof(x))
		x = (uintptr_t)&x ^ 0x9e3779b97f4a7c15ULL;
	x |= !x;
	x ^= x << 13; /* xorshift64 */
	x ^= x >> 7;
	x ^= x << 17;
	return x;
}

/* *a gets the nodes of t starting below key, *b the others. */
static void split(struct unode *t, uint64_t key, struct unode **a, struct unode **b)
{
	if (!t) {
		*a = *b = NULL;
	} else if (t->m.start < key) {
		split(t->r, key, &t->r, b);
		*a = t;
	} else {
		split(t->l, key, a, &t->l);
		*b = t;
	}
}

/* a and b joined: every node of a starts below every node of b. */
static struct unode *merge(struct unode *a, struct unode *b)
{
	if (!a || !b)
		return a ? a : b;
	if (a->prio > b->prio) {
		a->r = merge(a->r, b);
		return a;
	}
	b->l = merge(a, b->l);
	return b;
}

static struct unode *last(struct unode *t)
{
	while (t && t->r)
		t = t->r;
	return t;
}

static size_t free_tree(struct unode *t)
{
	size_t n;

	if (!t)
		return 0;
	n = 1 + free_tree(t->l) + free_tree(t->r);
	free(t);
	return n;
}

static struct unode *node_of(const struct umap *m)
{
	struct unode *n = malloc(sizeof(*n));

	if (n)
		*n = (struct unode){ .m = *m, .prio = next_prio() };
	return n;
}

/* What of old lies past end, as a map of its own: the part of old a new map left. */
static void tail_of(struct unode *tail, const struct umap *old, uint64_t end)
{
	tail->m = *old;
	tail->m.pgoff += end - old->start;
	tail->m.start = end;
}

int umaps__insert(struct umaps *u, const struct umap *m)
{
	struct unode *n = node_of(m), *tail = node_of(m), *below, *inside, *above, *prev;
	bool cut = false; /* an old map went on past m: tail is what is left of it */

	if (!n || !tail) {
		free(n);
		free(tail);
		return -ENOMEM;
	}
	split(u->root, m->start, &below, &inside);
	split(inside, m->end, &inside, &above);
	prev = last(below);
	if (prev && prev->m.end > m->start) { /* it reaches into m: it ends where m starts */
		if (prev->m.end > m->end) {
			tail_of(tail, &prev->m, m->end);
			cut = true;
		}
		prev->m.end = m->start;
	}
	prev = last(inside);
	if (prev && prev->m.end > m->end) {
		tail_of(tail, &prev->m, m->end);
		cut = true;
	}
	u->nr -= free_tree(inside);
	if (!cut) {
		free(tail);
		tail = NULL;
	}
	u->root = merge(merge(below, n), merge(tail, above));
	u->nr += 1 + cut;
	return 0;
}

const struct umap *umaps__find(const struct umaps *u, uint64_t ip)
{
	const struct unode *t = u->root;

	while (t) {
		if (ip < t->m.start)
			t = t->l;
		else if (ip >= t->m.end)
			t = t->r;
		else
			return &t->m;
	}
	return NULL;
}

static struct unode *copy_tree(const struct unode *t, int *err)
{
	struct unode *n;

	if (!t || *err)
		return NULL;
	n = malloc(sizeof(*n));
	if (!n) {
		*err = -ENOMEM;
		return NULL;
	}
	*n = *t;
	n->l = copy_tree(t->l, err);
	n->r = copy_tree(t->r, err);
	return n;
}

int umaps__copy(struct umaps *dst, const struct umaps *src)
{
	int err = 0;

	umaps__clear(dst);
	dst->root = copy_tree(src->root, &err);
	dst->nr = src->nr;
	if (err)
		umaps__clear(dst);
	return err;
}

void umaps__clear(struct umaps *u)
{
	free_tree(u->root);
	*u = (struct umaps){ 0 };
}
