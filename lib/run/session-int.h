/* SPDX-License-Identifier: GPL-2.0 */
/* One run's state, shared by the files of the session only (run/session*.c). */
#ifndef PERF_BPF_SESSION_INT_H
#define PERF_BPF_SESSION_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "run/evlist.h"
#include "run/runctl.h"
#include "run/session.h"
#include "run/tasktree.h"
#include "util/dbuf.h"

struct channels;
struct loader;
struct objconf;
struct objconf_bind;
struct recqueue;
struct syschan;
struct typed;

/*
 * One run, by job: its events (built and opened by session-events.c), its target, what
 * ends it (runctl.c), and the reader loop that hands the records out (session.c).
 */
struct session {
	struct session_opts opts;

	/* the events, the programs and their outputs */
	struct loader *loader;
	struct evlist *evlist;
	struct objconf_bind *binds; /* what each -e event became, for the map terms */
	int nr_binds;
	struct objconf *objconf;
	struct typed *typed; /* record types of the channels, the maps to show */
	struct channels *channels; /* printk, ring buffers, other perf event arrays */
	struct syschan *syschan; /* the target's system calls, or NULL */

	/* the target: whose records are shown */
	struct target target;
	int nr_threads; /* threads of -p's process */
	bool follow_tree; /* show only the target's outputs: the workload's, -p's, -t's (no -a) */
	bool tree_by_tid; /* -t: the tree holds threads (the thread and what it creates) */
	struct tasktree tree; /* the target and its descendants (processes, or threads with -t) */
	unsigned long filtered;
	pid_t own_pid; /* perf-bpf's: its samples are dropped (-a) */

	/* what ends the run: the workload, the stop signals */
	struct runctl ctl;

	/* the reader loop */
	struct recqueue *queue; /* records of all rings, released in time order */
	size_t queue_bytes; /* its bound */
	unsigned long bad_records;
	int (*round_fn)(void *ctx);
	void *round_ctx;
	bool (*hold_fn)(void *ctx);
	void *hold_ctx;
	bool held; /* records were held once (said once) */
	session_span_fn span_fn; /* record: samples as the kernel wrote them */
	size_t span_max;
	struct dbuf synth; /* the records of what existed before the run, read before attaching */
};

/* session-events.c: the events from the options, loaded, the map terms and channels planned. */
int session__build_events(struct session *s);
/*
 * Open them on the target, apply the map terms, start the channels, read what exists
 * (session__synthesize), attach the programs.
 */
int session__open_and_attach(struct session *s);
/* session.c: the records of what existed before the run, into s->synth. */
int session__synthesize(struct session *s);

#endif
