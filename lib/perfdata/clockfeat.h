/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The clock of a recording made with -k, in the two feature sections stock perf reads for
 * it: CLOCKID (23: u64, the clock's resolution in ns, shown as a frequency) and CLOCK_DATA
 * (29: u32 version 1, u32 clockid, u64 wall-clock ns, u64 the clock's ns, read back to back),
 * from which `perf script -F +tod` and `perf-bpf script --json`'s header get wall-clock time.
 */
#ifndef PERF_BPF_CLOCKFEAT_H
#define PERF_BPF_CLOCKFEAT_H

#include <stddef.h>
#include <stdint.h>

#include "perfdata/writer.h"

#define CLOCKFEAT_CLOCKID 23
#define CLOCKFEAT_CLOCK_DATA 29
#define CLOCKFEAT_CLOCK_DATA_SIZE 24

struct clockfeat_data {
	int clockid;
	uint64_t wall_ns; /* CLOCK_REALTIME */
	uint64_t clock_ns; /* the clock's time at wall_ns */
};

/* CLOCK_DATA's payload into buf (CLOCKFEAT_CLOCK_DATA_SIZE bytes). */
void clockfeat__encode(const struct clockfeat_data *d, void *buf);
/* Read a CLOCK_DATA payload: 0, or -EINVAL (short, or a version other than 1). */
int clockfeat__decode(const void *buf, size_t len, struct clockfeat_data *d);
/*
 * Both features for clockid, measured now, added to the writer (before its start). For
 * CLOCKID_PERF (no -k) CLOCK_DATA alone, with clockid -1 (perf report --header-only shows
 * "(not found)"), so that stock perf script -F +tod reads it too; nothing if it cannot be
 * measured.
 */
int clockfeat__add(struct pdwriter *w, int clockid);

#endif
