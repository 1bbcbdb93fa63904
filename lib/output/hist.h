/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Histograms as bars, the way bpftrace prints hist() and lhist(). A map is one when its
 * name says so (the convention is documented in perf-bpf(1)):
 *
 *	NAME_hist	log2 buckets: key 0 counts the value 0, key k >= 1 the values
 *			[2^(k-1), 2^k)
 *	NAME_lhist_W	linear buckets of width W: the key is the lowest value of its
 *			bucket (the program stores v / W * W)
 *	NAME_lhist	the same, the width taken as the greatest common divisor of the keys
 *			present (a multiple of the real one when buckets between are empty)
 *
 * and its keys and values are integers. libbpf-tools' log2 slots (output/histgroup.h) are
 * buckets of their own: slot 0 counts the values 0 and 1, slot k >= 1 [2^k, 2^(k+1)).
 * Buckets from the lowest to the highest one that
 * counted anything are shown, up to 8 empty ones between two others included (a longer
 * run of empty buckets is left out: the next label shows the jump).
 */
#ifndef PERF_BPF_HIST_H
#define PERF_BPF_HIST_H

#include <stddef.h>
#include <stdint.h>

#include "output/btfprint.h"

struct jsonw;

enum hist_kind {
	HIST_NONE,
	HIST_LOG2,
	HIST_LINEAR,
	HIST_LOG2_SLOTS,
};

struct hist_bucket {
	uint64_t key;
	uint64_t count;
};

/* What a map's name makes of it (HIST_NONE for neither); *width: W of _lhist_W, else 0. */
enum hist_kind hist__kind(const char *map_name, uint64_t *width);
/* The width of linear buckets: the GCD of the keys (1 when all are 0). */
uint64_t hist__linear_width(const struct hist_bucket *bk, size_t n);
/* The bounds of bucket key: [*lo, *hi). */
void hist__bounds(enum hist_kind kind, uint64_t width, uint64_t key, uint64_t *lo, uint64_t *hi);
/* Lines of bars, one per bucket (bk is sorted by key in place); width 0: the GCD. */
void hist__text(struct dbuf *b, enum hist_kind kind, uint64_t width, struct hist_bucket *bk,
		size_t n);
/* An array of {"low":L,"high":H,"count":N}, the same buckets as the bars. */
void hist__json(struct jsonw *w, enum hist_kind kind, uint64_t width, struct hist_bucket *bk,
		size_t n);

#endif
