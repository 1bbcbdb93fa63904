// SPDX-License-Identifier: GPL-2.0
/*
 * Folded stacks: two open-addressing tables, one of names (an arena of strings), one of
 * stacks (an arena of frame ids), both doubling at half full.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "util/grow.h"
#include "output/fold.h"

struct fold_name {
	uint32_t off; /* in names */
	uint32_t hash;
	uint32_t len;
	uint32_t kind;
};

struct fold_stack {
	uint64_t weight;
	uint32_t off; /* in ids */
	uint32_t nr;
	uint32_t hash;
};

struct fold {
	size_t max_bytes;
	char *names; /* NUL-terminated, back to back */
	size_t names_len, names_cap;
	struct fold_name *ent; /* by id */
	size_t nr_ent, cap_ent; /* capacities in bytes, as util/grow.h keeps them */
	uint32_t *name_slot; /* id + 1, 0 free */
	size_t name_mask;
	uint32_t *ids;
	size_t ids_len, ids_cap; /* ids_len in ids */
	struct fold_stack *stacks;
	size_t nr_stacks, cap_stacks;
	uint32_t *stack_slot; /* index + 1, 0 free */
	size_t stack_mask;
	uint64_t total, overflow;
	uint32_t more_id, unknown_id;
	bool past_bound; /* adding an overflow stack: at most one a thread name, let through */
};

static uint32_t hash_bytes(const void *p, size_t n, uint32_t seed)
{
	const unsigned char *b = p;
	uint32_t h = 2166136261u ^ seed;

	for (size_t i = 0; i < n; i++)
		h = (h ^ b[i]) * 16777619u;
	return h ^ h >> 15;
}

static size_t used_bytes(const struct fold *f)
{
	return f->names_cap + f->cap_ent + (f->name_mask + 1) * 4 + f->ids_cap + f->cap_stacks +
	       (f->stack_mask + 1) * 4;
}

/* Room for more (bytes at *buf) while the fold stays in its bound; the bound only counts growth. */
static int grow(struct fold *f, void *buf, size_t *cap, size_t need, size_t first)
{
	if (need > *cap && !f->past_bound && used_bytes(f) + (*cap ?: first) > f->max_bytes)
		return -ENOMEM;
	return grow__to(buf, cap, need, first);
}

/* A table of slots twice as large, refilled from the entries' hashes. */
static int rehash(uint32_t **slot, size_t *mask, size_t nr, const void *ent, size_t stride,
		  size_t hash_off)
{
	size_t n = (*mask + 1) * 2;
	uint32_t *s = calloc(n, sizeof(*s));

	if (!s)
		return -ENOMEM;
	for (size_t i = 0; i < nr; i++) {
		uint32_t h;
		size_t j;

		memcpy(&h, (const char *)ent + i * stride + hash_off, sizeof(h));
		for (j = h & (n - 1); s[j]; j = (j + 1) & (n - 1))
			;
		s[j] = i + 1;
	}
	free(*slot);
	*slot = s;
	*mask = n - 1;
	return 0;
}

struct fold *fold__new(size_t max_bytes)
{
	struct fold *f = calloc(1, sizeof(*f));

	if (!f)
		return NULL;
	f->max_bytes = max_bytes ?: FOLD_MAX_BYTES;
	f->name_slot = calloc(256, 4);
	f->stack_slot = calloc(256, 4);
	f->name_mask = f->stack_mask = 255;
	if (!f->name_slot || !f->stack_slot) {
		fold__free(f);
		errno = ENOMEM;
		return NULL;
	}
	f->more_id = fold__intern(f, "[more stacks]", 13, FOLD_OTHER);
	f->unknown_id = fold__intern(f, "[unknown]", 9, FOLD_OTHER);
	return f;
}

void fold__free(struct fold *f)
{
	if (!f)
		return;
	free(f->names);
	free(f->ent);
	free(f->name_slot);
	free(f->ids);
	free(f->stacks);
	free(f->stack_slot);
	free(f);
}

/* The name as folded lines can hold it: ';' separates frames, a line ends at '\n'. */
static void store_name(char *dst, const char *name, size_t len, enum fold_kind kind)
{
	for (size_t i = 0; i < len; i++) {
		char c = name[i];

		if (c == ';')
			c = ':';
		else if (c == '\n' || c == '\r' || (c == ' ' && kind == FOLD_COMM))
			c = '_';
		dst[i] = c;
	}
	dst[len] = 0;
}

static bool name_is(const struct fold *f, const struct fold_name *e, const char *name, size_t len,
		    uint32_t kind, uint32_t h)
{
	return e->hash == h && e->len == len && e->kind == kind &&
	       !memcmp(f->names + e->off, name, len);
}

static uint32_t add_name(struct fold *f, const char *name, size_t len, uint32_t kind, uint32_t h,
			 size_t slot)
{
	struct fold_name *e;

	if (grow(f, &f->names, &f->names_cap, f->names_len + len + 1, 4096) ||
	    grow(f, &f->ent, &f->cap_ent, (f->nr_ent + 1) * sizeof(*e), 64 * sizeof(*e)))
		return FOLD_NO_ID;
	e = &f->ent[f->nr_ent];
	*e = (struct fold_name){ .off = f->names_len, .hash = h, .len = len, .kind = kind };
	store_name(f->names + f->names_len, name, len, kind);
	f->names_len += len + 1;
	f->name_slot[slot] = ++f->nr_ent;
	if (f->nr_ent * 2 > f->name_mask && rehash(&f->name_slot, &f->name_mask, f->nr_ent, f->ent,
						   sizeof(*e), offsetof(struct fold_name, hash)))
		return FOLD_NO_ID;
	return f->nr_ent - 1;
}

uint32_t fold__intern(struct fold *f, const char *name, size_t len, enum fold_kind kind)
{
	uint32_t h = hash_bytes(name, len, kind);
	size_t j;

	for (j = h & f->name_mask; f->name_slot[j]; j = (j + 1) & f->name_mask)
		if (name_is(f, &f->ent[f->name_slot[j] - 1], name, len, kind, h))
			return f->name_slot[j] - 1;
	return add_name(f, name, len, kind, h, j);
}

static bool stack_is(const struct fold *f, const struct fold_stack *s, const uint32_t *ids,
		     uint32_t nr, uint32_t h)
{
	return s->hash == h && s->nr == nr && !memcmp(f->ids + s->off, ids, nr * 4);
}

static int add_stack(struct fold *f, const uint32_t *ids, uint32_t nr, uint32_t h, size_t slot,
		     uint64_t weight)
{
	int err = grow(f, &f->ids, &f->ids_cap, (f->ids_len + nr) * 4, 64 << 10);

	if (!err)
		err = grow(f, &f->stacks, &f->cap_stacks, (f->nr_stacks + 1) * sizeof(*f->stacks),
			   1024 * sizeof(*f->stacks));
	if (err)
		return err;
	memcpy(f->ids + f->ids_len, ids, nr * 4);
	f->stacks[f->nr_stacks] =
		(struct fold_stack){ .weight = weight, .off = f->ids_len, .nr = nr, .hash = h };
	f->ids_len += nr;
	f->stack_slot[slot] = ++f->nr_stacks;
	if (f->nr_stacks * 2 > f->stack_mask)
		return rehash(&f->stack_slot, &f->stack_mask, f->nr_stacks, f->stacks,
			      sizeof(*f->stacks), offsetof(struct fold_stack, hash));
	return 0;
}

static int add_ids(struct fold *f, const uint32_t *ids, uint32_t nr, uint64_t weight)
{
	uint32_t h = hash_bytes(ids, nr * 4, nr);
	size_t j;

	for (j = h & f->stack_mask; f->stack_slot[j]; j = (j + 1) & f->stack_mask) {
		struct fold_stack *s = &f->stacks[f->stack_slot[j] - 1];

		if (stack_is(f, s, ids, nr, h)) {
			s->weight += weight;
			return 0;
		}
	}
	return add_stack(f, ids, nr, h, j, weight);
}

/* Past the bound: the thread's name and "[more stacks]", let through for each name once. */
static int add_overflow(struct fold *f, uint32_t comm, uint64_t weight)
{
	uint32_t row[2] = { comm == FOLD_NO_ID ? f->unknown_id : comm, f->more_id };
	int err;

	f->overflow += weight;
	f->past_bound = true;
	err = add_ids(f, row, 2, weight);
	f->past_bound = false;
	return err;
}

int fold__add(struct fold *f, const uint32_t *ids, uint32_t nr, uint64_t weight)
{
	if (!nr)
		return 0;
	if (nr > FOLD_MAX_DEPTH)
		nr = FOLD_MAX_DEPTH;
	f->total += weight;
	for (uint32_t i = 0; i < nr; i++)
		if (ids[i] == FOLD_NO_ID)
			return add_overflow(f, ids[0], weight);
	return add_ids(f, ids, nr, weight) ? add_overflow(f, ids[0], weight) : 0;
}

size_t fold__nr(const struct fold *f)
{
	return f->nr_stacks;
}

size_t fold__nr_names(const struct fold *f)
{
	return f->nr_ent;
}

uint64_t fold__total(const struct fold *f)
{
	return f->total;
}

uint64_t fold__overflow(const struct fold *f)
{
	return f->overflow;
}

const char *fold__name(const struct fold *f, uint32_t id)
{
	return id < f->nr_ent ? f->names + f->ent[id].off : "[unknown]";
}

enum fold_kind fold__kind(const struct fold *f, uint32_t id)
{
	return id < f->nr_ent ? f->ent[id].kind : FOLD_OTHER;
}

const uint32_t *fold__stack(const struct fold *f, size_t i, uint32_t *nr, uint64_t *weight)
{
	*nr = f->stacks[i].nr;
	*weight = f->stacks[i].weight;
	return f->ids + f->stacks[i].off;
}

/* ---- order ---- */

static const struct fold *sort_fold; /* qsort has no context argument in C11 */
static uint32_t *name_rank; /* per id: its place among the names sorted */

static int cmp_names(const void *a, const void *b)
{
	const char *x = fold__name(sort_fold, *(const uint32_t *)a);
	const char *y = fold__name(sort_fold, *(const uint32_t *)b);

	return strcmp(x, y);
}

static int cmp_stacks(const void *a, const void *b)
{
	const struct fold_stack *x = &sort_fold->stacks[*(const uint32_t *)a];
	const struct fold_stack *y = &sort_fold->stacks[*(const uint32_t *)b];
	const uint32_t *p = sort_fold->ids + x->off, *q = sort_fold->ids + y->off;
	uint32_t n = x->nr < y->nr ? x->nr : y->nr;

	for (uint32_t i = 0; i < n; i++)
		if (name_rank[p[i]] != name_rank[q[i]])
			return name_rank[p[i]] < name_rank[q[i]] ? -1 : 1;
	return (x->nr > y->nr) - (x->nr < y->nr);
}

/* Each name's rank in byte order, so that stacks compare by integers. */
static uint32_t *rank_names(const struct fold *f)
{
	uint32_t *by_name = malloc((f->nr_ent ?: 1) * 4);
	uint32_t *rank = malloc((f->nr_ent ?: 1) * 4);

	if (!by_name || !rank) {
		free(by_name);
		free(rank);
		return NULL;
	}
	for (size_t i = 0; i < f->nr_ent; i++)
		by_name[i] = i;
	qsort(by_name, f->nr_ent, 4, cmp_names);
	for (size_t i = 0, r = 0; i < f->nr_ent; i++) {
		/* a name of two kinds ranks once: the order is by name */
		if (i && strcmp(fold__name(f, by_name[i]), fold__name(f, by_name[i - 1])))
			r = i;
		rank[by_name[i]] = r;
	}
	free(by_name);
	return rank;
}

uint32_t *fold__sorted(const struct fold *f)
{
	uint32_t *order = malloc((f->nr_stacks ?: 1) * 4);

	sort_fold = f;
	name_rank = order ? rank_names(f) : NULL;
	if (!name_rank) {
		free(order);
		errno = ENOMEM;
		return NULL;
	}
	for (size_t i = 0; i < f->nr_stacks; i++)
		order[i] = i;
	qsort(order, f->nr_stacks, 4, cmp_stacks);
	free(name_rank);
	name_rank = NULL;
	return order;
}

int fold__write(const struct fold *f, FILE *out)
{
	uint32_t *order = fold__sorted(f);

	if (!order)
		return -errno;
	for (size_t i = 0; i < f->nr_stacks; i++) {
		uint32_t nr;
		uint64_t w;
		const uint32_t *ids = fold__stack(f, order[i], &nr, &w);

		for (uint32_t k = 0; k < nr; k++) {
			if (k)
				putc(';', out);
			fputs(fold__name(f, ids[k]), out);
		}
		fprintf(out, " %llu\n", (unsigned long long)w);
	}
	free(order);
	return ferror(out) ? -EIO : 0;
}

/* ---- samples ---- */

uint32_t fold__intern_sym(struct fold *f, uint64_t ip, const struct resolved_sym *sym)
{
	enum fold_kind kind = (int64_t)ip < 0 ? FOLD_KERNEL : FOLD_USER;
	const char *base;
	char buf[256];
	int n;

	if (sym->name) {
		if (kind == FOLD_KERNEL && !strncmp(sym->name, "bpf_prog_", 9))
			kind = FOLD_BPF;
		return fold__intern(f, sym->name, strlen(sym->name), kind);
	}
	base = sym->module ?: sym->dso;
	if (!base)
		return f->unknown_id;
	if (strrchr(base, '/'))
		base = strrchr(base, '/') + 1;
	n = snprintf(buf, sizeof(buf), base[0] == '[' ? "%s" : "[%s]", base);
	return fold__intern(f, buf, n < (int)sizeof(buf) ? n : (int)sizeof(buf) - 1, kind);
}

int fold__add_sample(struct fold *f, const struct resolved_sample *rs, uint64_t weight)
{
	uint32_t ids[FOLD_MAX_DEPTH], n = 0;
	char unknown[16];
	const char *comm = rs->comm;

	if (!comm) { /* as perf names a thread it knows no name of */
		snprintf(unknown, sizeof(unknown), ":%d", rs->s->has_tid ? (int)rs->s->tid : -1);
		comm = unknown;
	}
	ids[n++] = fold__intern(f, comm, strlen(comm), FOLD_COMM);
	if (rs->has_chain) {
		for (uint32_t i = rs->nr_frames; i-- > 0 && n < FOLD_MAX_DEPTH;)
			ids[n++] = fold__intern_sym(f, rs->frames[i].ip, &rs->frames[i].sym);
	} else if (rs->s->has_ip) {
		ids[n++] = fold__intern_sym(f, rs->s->ip, &rs->sym);
	}
	return n > 1 ? fold__add(f, ids, n, weight) : 0;
}
