/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The maps view: each look at a run's maps (at its end, every --interval, or the last
 * one a file keeps) printed as output/typeset.h prints them, bpftrace's way or as JSON
 * objects, after what the other views buffered. A periodic look (--interval) comes after
 * a header: a line "HH:MM:SS (+S.mmm s)" (local wall-clock time, seconds since the run
 * began), or the object
 *
 *	{"type":"interval","time":"2026-01-02T14:03:22.123456789Z","time_ns":N,"elapsed_ns":N}
 *
 * (time: UTC, ISO 8601; time_ns: the same in ns since the epoch; elapsed_ns since the start).
 */
#ifndef PERF_BPF_VIEW_MAPS_H
#define PERF_BPF_VIEW_MAPS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct view;

/* The maps on out, as text or JSON Lines. NULL + errno. */
struct view *view_maps__new(FILE *out, bool json);
/* "14:03:22 (+3.000 s)": wall_ns as local time, elapsed_ns in seconds (snprintf's return). */
int view_maps__time_text(char *buf, size_t size, uint64_t wall_ns, uint64_t elapsed_ns);
/* "2026-01-02T14:03:22.123456789Z": wall_ns in UTC, ISO 8601 (snprintf's return). */
int view_maps__time_iso(char *buf, size_t size, uint64_t wall_ns);

#endif
