/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Folded stacks: every distinct stack once, with the weight of the samples (or map values)
 * that had it, as flame graphs and profile servers take them. A stack is a row of frame
 * ids, root first: the thread's name, then its frames down to the leaf. Frames are
 * interned (name and kind), so a stack costs 4 bytes a frame. In names, ';' becomes ':' and
 * line ends '_', and so do spaces in a thread's name, so that a folded line splits back.
 *
 *	struct fold *f = fold__new(0);
 *	ids[n++] = fold__intern(f, comm, FOLD_COMM); ... root to leaf
 *	fold__add(f, ids, n, 1);
 *	fold__write(f, out);		comm;frame;...;leaf WEIGHT, one line a stack
 *	fold__free(f);
 *
 * Memory is bounded: once the stacks and names take max_bytes, a stack not seen yet is
 * counted as its thread's name and one frame "[more stacks]" (fold__overflow() tells how
 * much weight went there), so a run with millions of distinct stacks stays in its bound.
 */
#ifndef PERF_BPF_FOLD_H
#define PERF_BPF_FOLD_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "resolve/resolver.h"

enum fold_kind {
	FOLD_USER,
	FOLD_KERNEL,
	FOLD_BPF, /* a BPF program's code (JIT) */
	FOLD_COMM, /* the root: a thread's name */
	FOLD_OTHER, /* none of those: a placeholder ("[more stacks]", merged frames) */
};

/* Default bound of a fold's memory (fold__new(0)): 256 MiB. */
#define FOLD_MAX_BYTES (256u << 20)
/* Frames of a stack kept at most (the deepest callchain a sample resolves, and its comm). */
#define FOLD_MAX_DEPTH 160
/* The id fold__intern() gives when it cannot keep a name. */
#define FOLD_NO_ID UINT32_MAX

struct fold;

/* max_bytes 0: FOLD_MAX_BYTES. NULL + errno. */
struct fold *fold__new(size_t max_bytes);
void fold__free(struct fold *f);

/* The id of the frame name (len bytes, copied) of kind; FOLD_NO_ID past the bound. */
uint32_t fold__intern(struct fold *f, const char *name, size_t len, enum fold_kind kind);
/*
 * nr frame ids more (ids[0] the root, a FOLD_COMM), weighing weight; nr is cut at
 * FOLD_MAX_DEPTH. A stack with a FOLD_NO_ID frame (a name past the bound) is one of
 * "[more stacks]". 0 or -ENOMEM.
 */
int fold__add(struct fold *f, const uint32_t *ids, uint32_t nr, uint64_t weight);

/*
 * The stack of a resolved sample (its callchain, else its ip's symbol) under its thread's
 * name, weighing weight. A frame is named by its symbol, else "[DSO]" (the DSO's file name),
 * else "[unknown]"; its kind is the kernel's for upper-half addresses, BPF's for a program
 * (bpf_prog_*). A sample with neither is left out. 0 or -ENOMEM.
 */
int fold__add_sample(struct fold *f, const struct resolved_sample *rs, uint64_t weight);

/* The id of the frame of address ip named sym, by fold__add_sample()'s rules. */
uint32_t fold__intern_sym(struct fold *f, uint64_t ip, const struct resolved_sym *sym);

size_t fold__nr(const struct fold *f); /* distinct stacks */
size_t fold__nr_names(const struct fold *f); /* frame ids: 0 .. fold__nr_names() - 1 */
uint64_t fold__total(const struct fold *f); /* the weights added */
uint64_t fold__overflow(const struct fold *f); /* what went to "[more stacks]" */
const char *fold__name(const struct fold *f, uint32_t id);
enum fold_kind fold__kind(const struct fold *f, uint32_t id);
/* Stack i (0 <= i < fold__nr): its frame ids, *nr of them, and its weight. */
const uint32_t *fold__stack(const struct fold *f, size_t i, uint32_t *nr, uint64_t *weight);
/*
 * The stacks' indexes in the order of their frames' names, frame by frame from the root
 * (the order flame graphs lay them out in, callers before their callees). Free it.
 * NULL + errno.
 */
uint32_t *fold__sorted(const struct fold *f);
/* Every stack as a folded line, in that order: names joined by ';', a space, the weight. */
int fold__write(const struct fold *f, FILE *out);

#endif
