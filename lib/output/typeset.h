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
 *
 * then, when the key names stacks, their frames (output/mapstacks.h); with an empty line
 * after each map; JSON: one object per map,
 *	{"type":"map","map":NAME,"entries":[{"key":K,"value":V},...]}
 *	{"type":"map","map":NAME,"hist":"log2"|"linear","buckets":[{"low":L,"high":H,"count":N}...]}
 */
#ifndef PERF_BPF_TYPESET_H
#define PERF_BPF_TYPESET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct btf;
struct fold;
struct resolver;
struct typeset;

struct typeset *typeset__new(void);
void typeset__free(struct typeset *ts);
/* Take the BTF and CHANNEL entries of buf. 0 or -errno (-EINVAL: a BTF that does not parse). */
int typeset__add(struct typeset *ts, const void *buf, size_t len);
/* The record type of the channel whose records come on event: false when it has none. */
bool typeset__channel(const struct typeset *ts, const char *event, const struct btf **btf,
		      uint32_t *type_id);
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
/* The object whose BTF btf is, -1 for none. */
int typeset__obj_of(const struct typeset *ts, const struct btf *btf);
/* The BTF of object obj, NULL when it has none. */
const struct btf *typeset__btf(const struct typeset *ts, uint32_t obj);

#endif
