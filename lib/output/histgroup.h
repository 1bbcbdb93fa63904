/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Maps that hold many histograms, one block of bars per group (output/hist.h draws them):
 *
 *	key slot	a map named as a histogram (NAME_hist, NAME_lhist_W, NAME_lhist) whose
 *			values are integers and whose key is a struct of an integer member
 *			`slot` and others: the others name the group, slot is the bucket's key
 *			as NAME says (bpftrace's @bytes[comm] = hist())
 *	value slots	a map whose value is a struct with an integer array member `slots`
 *			(libbpf-tools' struct hist): each key a group, slots[i] the count of
 *			bucket i, log2 as libbpf-tools counts (HIST_LOG2_SLOTS) or, when the map
 *			is named NAME_lhist_W, linear of width W (slot i: [i*W, (i+1)*W))
 *
 * Groups are sorted by their total count, smallest first (as bpftrace sorts them), those
 * that counted nothing left out. Text: a block per group,
 *
 *	@NAME[KEY]:		the group's key (slot aside), then the value's other
 *				members when a slots value has any: `@hists[12]: comm=bash`
 *	bars			hist__text
 *	(an empty line)
 *
 * JSON: {"type":"map","map":NAME,"hist":"log2"|"linear","groups":[{"key":K,"buckets":[...]}]},
 * K as the key prints without slot, a "value" object of the other members after it when
 * there are.
 */
#ifndef PERF_BPF_HISTGROUP_H
#define PERF_BPF_HISTGROUP_H

#include <stddef.h>
#include <stdint.h>

#include "util/dbuf.h"
#include "output/hist.h"
#include "output/typeset.h"

struct jsonw;

enum hist_by {
	HIST_BY_KEY_SLOT = 1,
	HIST_BY_VALUE_SLOTS,
};

struct hist_group {
	const uint8_t *key; /* one of its entries' key */
	const uint8_t *value; /* value slots: the entry's value */
	struct hist_bucket *bk; /* sorted by key */
	size_t n;
	uint64_t total;
};

struct hist_groups {
	enum hist_by by;
	enum hist_kind kind;
	uint64_t width; /* of linear buckets; 1 else */
	int member; /* the index of slot in the key's struct, or of slots in the value's */
	struct hist_group *g;
	size_t nr;
	struct hist_bucket *store; /* the buckets of every group */
};

/* The groups of map m in hg: 1 when it holds some, 0 when it is no such map, or -ENOMEM. */
int hist_groups__make(struct hist_groups *hg, const struct typeset_map *m);
void hist_groups__free(struct hist_groups *hg);
/* The blocks of bars of m's groups (hg of hist_groups__make) to b. */
void hist_groups__text(struct dbuf *b, const struct hist_groups *hg, const struct typeset_map *m);
/* m's JSON object, groups and their buckets. */
void hist_groups__json(struct jsonw *w, const struct hist_groups *hg, const struct typeset_map *m);

#endif
