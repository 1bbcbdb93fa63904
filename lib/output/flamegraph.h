/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A flame graph of folded stacks (output/fold.h) as one self-contained SVG file: no network,
 * no fonts or scripts from elsewhere. Each frame is a <g class="f"> holding a <title>
 * ("NAME (N samples, P%)"), a <rect> as wide as its weight and a <text> with as much of its
 * name as fits; data-name, data-w (its weight), data-x and data-d (its first sample and
 * depth) carry the same for the script. The roots (thread names) sit at the bottom, callees
 * above their callers; siblings in name order, as the folded stacks sort.
 *
 * Colours tell the frames apart: user code warm (red to yellow), kernel orange-brown, BPF
 * programs blue, thread names grey; a frame's colour comes from its name, so a function
 * keeps its colour across graphs. The script: hover shows a frame's title, a click zooms
 * on it (its callers stay below, full width; "Reset Zoom" goes back), the search box (or
 * "#search=REGEX" after the file's URL) paints the frames whose names match purple and
 * shows the share of the weight they hold (a frame inside a matched frame counts once),
 * in an element with id "matched".
 *
 * Frames narrower than 0.1% of the whole (min_share) are merged: the narrow children of a
 * frame become one "[N frames]" frame, and nothing is drawn above it. So the file stays
 * small however many stacks there are: at most 1000 frames a row.
 */
#ifndef PERF_BPF_FLAMEGRAPH_H
#define PERF_BPF_FLAMEGRAPH_H

#include <stdio.h>

#include "output/fold.h"

struct flamegraph_opts {
	const char *title; /* NULL: "Flame Graph" */
	const char *count_name; /* what the weight counts; NULL: "samples" */
	double min_share; /* 0: 0.001 */
};

/* The SVG of f's stacks to out. 0, -ENOMEM, or -EIO when out fails. */
int flamegraph__write(const struct fold *f, FILE *out, const struct flamegraph_opts *o);

#endif
