/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The maps view: each look at a run's maps (at its end, every --interval, or the last
 * one a file keeps) printed as output/typeset.h prints them, bpftrace's way or as JSON
 * objects, after what the other views buffered.
 */
#ifndef PERF_BPF_VIEW_MAPS_H
#define PERF_BPF_VIEW_MAPS_H

#include <stdbool.h>
#include <stdio.h>

struct view;

/* The maps on out, as text or JSON Lines. NULL + errno. */
struct view *view_maps__new(FILE *out, bool json);

#endif
