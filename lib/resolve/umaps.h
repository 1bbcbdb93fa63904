/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A process's maps: address ranges that do not overlap, each with its dso, kept in
 * address order in a treap (a binary search tree balanced by random priorities), so that
 * a map that comes, cutting what older ones had of its range, and a lookup each cost the
 * log of the maps held, in whatever order a file gives them.
 *
 *	struct umaps u = { 0 };
 *	umaps__insert(&u, &m);		m's range now belongs to m alone
 *	umaps__find(&u, ip);		the map holding ip, or NULL
 *	umaps__clear(&u);
 */
#ifndef PERF_BPF_UMAPS_H
#define PERF_BPF_UMAPS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct dso;

struct umap {
	uint64_t start, end, pgoff;
	struct dso *dso;
	bool identity; /* anonymous and [heap]-like maps: perf prints the address itself */
};

struct unode;

/* A zeroed struct umaps holds no maps. */
struct umaps {
	struct unode *root;
	size_t nr;
};

/* Add m (end > start), cutting away what older maps had of its range. 0, or -ENOMEM. */
int umaps__insert(struct umaps *u, const struct umap *m);
/* The map holding ip, NULL when none does. */
const struct umap *umaps__find(const struct umaps *u, uint64_t ip);
/* dst (cleared first) gets a copy of src's maps. 0, or -ENOMEM (dst then holds none). */
int umaps__copy(struct umaps *dst, const struct umaps *src);
/* Forget every map. */
void umaps__clear(struct umaps *u);

#endif
