/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The stacks views: the callchains of the samples of events recorded with -g, each sample
 * weighing one, folded (output/fold.h) under their threads' names, and shown at the end of
 * the stream: as folded lines (--folded, the text flamegraph.pl, inferno, speedscope and
 * Pyroscope read), as a flame graph (--flamegraph FILE.svg, output/flamegraph.h) or as a
 * pprof profile (--pprof FILE.pb.gz, output/pprof.h).
 * Samples without a callchain are not counted. Maps whose keys name stacks (output/mapstacks.h)
 * are folded too, from the last look at them, each key's stacks weighing its value: an
 * off-CPU time map gives an off-CPU flame graph.
 */
#ifndef PERF_BPF_VIEW_STACKS_H
#define PERF_BPF_VIEW_STACKS_H

#include <stdio.h>

struct view;

/* Folded stacks on out at the end. NULL + errno. */
struct view *view_folded__new(FILE *out);
/* A flame graph in the file at path (created now, written at the end). NULL + errno. */
struct view *view_flamegraph__new(const char *path);
/* A pprof profile (output/pprof.h) in the file at path, as the flame graph. NULL + errno. */
struct view *view_pprof__new(const char *path);

#endif
