/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one place a command's options pick the views of its records (output/view.h): a
 * new view is one line in views__add().
 *
 *	struct views_opts o = { .out = stdout, .json = json, .fields = fields };
 *	err = views__add(consumer, &o);
 */
#ifndef PERF_BPF_VIEWS_H
#define PERF_BPF_VIEWS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

struct consumer;
struct view_syscalls_opts;

/* The pictures and formats of the samples (trace's and script's options). */
struct views_formats {
	bool folded; /* --folded: the stacks folded on out, instead of the samples and maps */
	const char *flamegraph; /* --flamegraph FILE.svg */
	const char *pprof; /* --pprof FILE.pb.gz */
	const char *trace_event; /* --trace-event FILE.json: the timeline */
	const char *prom; /* --prom FILE: the maps as Prometheus text, at each look */
	bool prom_host; /* --prom-host: with the label host */
};

struct views_opts {
	FILE *out; /* where samples are shown; NULL: nowhere */
	bool json; /* JSON Lines (output/view-json.h), else perf script's text */
	unsigned fields; /* -F: PF_* of output/view-text.h; 0: perf script's default */
	int64_t tod_offset_ns; /* -F tod: a record's time plus this is the wall-clock time */
	FILE *maps_out; /* where the looks at the maps are shown, in the same form; NULL: nowhere */
	const struct view_syscalls_opts *syscalls; /* the system-call view; NULL: none */
	struct views_formats fmt; /* files written besides, or in place of the sample lines */
	bool batch; /* a file's text: print_opts.batch, when no system-call view shares out */
};

/* Are the samples shown as JSON Lines on out (which then start with their header)? */
bool views__json_lines(const struct views_opts *o);
/* Add to c the views o asks for. 0 or -errno. */
int views__add(struct consumer *c, const struct views_opts *o);

#endif
