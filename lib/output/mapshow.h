/* SPDX-License-Identifier: GPL-2.0 */
/*
 * When a run's maps are shown (run/typed.h reads them, output/typeset.h prints them):
 * every --interval seconds while it runs (emptied after with --clear), and once at its
 * end, unless --no-maps. trace prints them with its samples; record prints them on stderr
 * and keeps the last look for the file.
 *
 *	mapshow__init(&ms, session__typed(s), &opts);
 *	at each round:	mapshow__round(&ms, consumer)	or mapshow__round_to(&ms, stderr)
 *	at the end:	mapshow__end(&ms, consumer)	or mapshow__end_to(&ms, stderr, &buf)
 *	mapshow__exit(&ms);
 */
#ifndef PERF_BPF_MAPSHOW_H
#define PERF_BPF_MAPSHOW_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "util/tfeat.h"

struct consumer;
struct typed;
struct typeset;

struct mapshow_opts {
	unsigned int interval; /* seconds, 0: only at the end */
	bool clear; /* empty the maps after each periodic look */
	bool off; /* --no-maps */
};

struct mapshow {
	struct typed *typed;
	struct mapshow_opts o;
	uint64_t next_ns; /* CLOCK_MONOTONIC of the next periodic look */
	struct typeset *types; /* printing on a stream of its own */
	unsigned long dumps; /* looks printed */
};

int mapshow__init(struct mapshow *ms, struct typed *t, const struct mapshow_opts *o);
void mapshow__exit(struct mapshow *ms);
/* A periodic look when it is due, printed by the consumer. 0 or -errno. */
int mapshow__round(struct mapshow *ms, struct consumer *c);
/* The last look, printed by the consumer. */
int mapshow__end(struct mapshow *ms, struct consumer *c);
/*
 * The same as text on out (NULL: not printed); the last look's bytes (DUMP, MAP entries)
 * appended to keep.
 */
int mapshow__round_to(struct mapshow *ms, FILE *out);
int mapshow__end_to(struct mapshow *ms, FILE *out, struct dbuf *keep);

#endif
