/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The BTF of a run's objects and the record type of each typed output channel, taken from
 * util/tfeat.h bytes (trace hands them over live, script finds them in the file), and the
 * maps of a tfeat DUMP printed with them:
 *
 *	@NAME[KEY]: VALUE	one line per entry; hash maps sorted by value (integers,
 *				smallest first), arrays by index with zero entries left out,
 *				per-CPU values summed; KEY and VALUE as output/btfprint.h
 *				prints them (hex without BTF)
 *	@NAME:			then bars, for a histogram (output/hist.h)
 *	@NAME[KEY]:		then bars, for each histogram of a map that holds many
 *				(output/histgroup.h)
 *
 * then, when the key names stacks, their frames (output/mapstacks.h); with an empty line
 * after each map; JSON: one object per map,
 *	{"type":"map","map":NAME,"entries":[{"key":K,"value":V},...]}
 *	{"type":"map","map":NAME,"hist":"log2"|"linear","buckets":[{"low":L,"high":H,"count":N}...]}
 *	{"type":"map","map":NAME,"hist":"log2"|"linear","groups":[{"key":K,"buckets":[...]}...]}
 */
#ifndef PERF_BPF_TYPESET_H
#define PERF_BPF_TYPESET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "util/dbuf.h"

struct btf;
struct fold;
struct hist_bucket;
struct hist_groups;
struct jsonw;
struct resolver;
struct typeset;

struct typeset *typeset__new(void);
void typeset__free(struct typeset *ts);
/* Take the BTF and CHANNEL entries of buf. 0 or -errno (-EINVAL: a BTF that does not parse). */
int typeset__add(struct typeset *ts, const void *buf, size_t len);
/* The record type of the channel whose records come on event: false when it has none. */
bool typeset__channel(const struct typeset *ts, const char *event, const struct btf **btf,
		      uint32_t *type_id);
/* Do the records of event come from a ring buffer (BPF_MAP_TYPE_RINGBUF)? */
bool typeset__is_ringbuf(const struct typeset *ts, const char *event);
/*
 * Print every MAP entry of buf (with the BTF taken so far), but STACK_TRACE maps: the keys
 * that name their stacks show the frames (output/mapstacks.h), named by res. 0 or -EIO
 * when out fails.
 */
int typeset__print_maps(const struct typeset *ts, const void *buf, size_t len, struct resolver *res,
			FILE *out, bool json);
/*
 * Fold into f the entries of the maps of buf whose keys name stacks (output/mapstacks.h)
 * and whose values are integers (per-CPU ones summed), weighted by their values; *name
 * (when not NULL) is set to the first such map's name (borrowed from buf), else NULL.
 * 0 or -ENOMEM.
 */
int typeset__fold_stacks(const struct typeset *ts, const void *buf, size_t len,
			 struct resolver *res, struct fold *f, const char **name);
/* A map of a look, as typeset__each_map() hands it over. */
struct typeset_entry {
	const uint8_t *key;
	uint8_t *value; /* summed over the CPUs */
	int64_t num; /* the value as an integer, when it is one */
};

struct typeset_map {
	const char *name;
	const struct btf *btf; /* NULL: no types */
	uint32_t key_type, value_type, key_size, value_size, map_type;
	bool num_values; /* the values are integers (num) */
	const struct typeset_entry *ents;
	uint32_t nr;
	/* a histogram (output/hist.h): its buckets, sorted by key; else HIST_NONE */
	int hist; /* enum hist_kind */
	uint64_t hist_width;
	const struct hist_bucket *buckets;
	/* a map of many histograms (output/histgroup.h), else NULL */
	const struct hist_groups *groups;
};

/* A key of map m as its entries print it, but the key struct's member skip (-1: none). */
void typeset__key_text(struct dbuf *b, const struct typeset_map *m, const uint8_t *key, int skip);
void typeset__key_json(struct jsonw *w, const struct typeset_map *m, const uint8_t *key, int skip);

/* fn(ctx, map) for every map of buf but STACK_TRACE ones; stops at fn's error. 0 or -errno. */
int typeset__each_map(const struct typeset *ts, const void *buf, size_t len,
		      int (*fn)(void *ctx, const struct typeset_map *m), void *ctx);
/* The object whose BTF btf is, -1 for none. */
int typeset__obj_of(const struct typeset *ts, const struct btf *btf);
/* The BTF of object obj, NULL when it has none. */
const struct btf *typeset__btf(const struct typeset *ts, uint32_t obj);

#endif
