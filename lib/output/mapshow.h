/* SPDX-License-Identifier: GPL-2.0 */
/*
 * When a run's maps are looked at (run/typed.h reads them; the consumer's maps view,
 * output/view-maps.h, shows them): every --interval seconds while it runs (emptied after
 * with --clear), and once at its end, unless --no-maps. trace shows them with its
 * samples; record on stderr, and keeps the last look for the file. With --interval, every
 * look comes with its wall-clock time and the time since the start (output/view.h's
 * view_maps_time), for the views' headers.
 *
 *	mapshow__init(&ms, session__typed(s), &opts);
 *	at each round:	mapshow__round(&ms, consumer);
 *	at the end:	mapshow__end(&ms, consumer, &keep);
 */
#ifndef PERF_BPF_MAPSHOW_H
#define PERF_BPF_MAPSHOW_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "util/stopsig.h"
#include "util/tfeat.h"

struct consumer;
struct typed;

struct mapshow_opts {
	unsigned int interval; /* seconds, 0: only at the end */
	bool clear; /* empty the maps after each periodic look */
	bool off; /* --no-maps */
};

struct mapshow {
	struct typed *typed;
	struct mapshow_opts o;
	uint64_t start_ns; /* CLOCK_MONOTONIC of the start: looks say the time since */
	uint64_t next_ns; /* CLOCK_MONOTONIC of the next periodic look */
	unsigned long dumps; /* looks taken */
};

int mapshow__init(struct mapshow *ms, struct typed *t, const struct mapshow_opts *o);
/* A periodic look when it is due, to the consumer's views. 0 or -errno. */
int mapshow__round(struct mapshow *ms, struct consumer *c);
/*
 * The last look, to the consumer's views; its bytes (DUMP, MAP entries) appended to keep.
 * A stop signal cuts it short, what was read and printed kept; a second one ends the process
 * (util/stopsig.h).
 */
int mapshow__end(struct mapshow *ms, struct consumer *c, struct dbuf *keep);
/* After stopsig__cut_begin around a print of maps: the cut ended, a warning if it cut. */
void mapshow__cut_end(struct stopsig_catch *cut);

#endif
