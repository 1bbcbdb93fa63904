/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The Prometheus view: each look at the maps (every --interval and at the end of a run,
 * the last one a file keeps) rewrites a file of exposition text (output/prom.h) whole, by
 * a temporary file renamed over it, so that node_exporter's textfile collector never reads
 * half of one.
 */
#ifndef PERF_BPF_VIEW_PROM_H
#define PERF_BPF_VIEW_PROM_H

#include <stdbool.h>

struct view;

/* The maps to path; host: the label host="the host's name" on every sample. NULL + errno. */
struct view *view_prom__new(const char *path, bool host);

#endif
