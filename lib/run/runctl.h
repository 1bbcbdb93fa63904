/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What ends a run: the workload's exit, or a stop signal (util/stopsig.h), both read from a
 * signalfd the reader loop polls. After a stop signal a workload gets a grace to exit on its
 * own (the signal forwarded, unless the terminal sent it to both); a second signal, or the
 * grace's end, ends the run. A workload still there at the end gets TERM, then KILL.
 */
#ifndef PERF_BPF_RUNCTL_H
#define PERF_BPF_RUNCTL_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>

#include "run/workload.h"

/* What ends the run: the workload's exit or a stop signal, and the workload's grace after one. */
struct runctl {
	struct workload workload;
	bool has_workload; /* a child still to be reaped */
	int sigfd; /* the stop signals and SIGCHLD */
	sigset_t oldmask;
	int exit_code;
	bool done;
	bool stopping; /* a stop signal came: the workload has until stop_deadline */
	uint64_t stop_deadline; /* CLOCK_MONOTONIC, ms */
};

/* Nothing started, nothing watched yet: what runctl__exit may be called on. */
void runctl__init(struct runctl *c);
/* The stop signals and the workload's exit, read in the reader loop's poll (c->sigfd). */
int runctl__watch_signals(struct runctl *c);
/* A workload that never started exits without running anything. */
void runctl__abort(struct runctl *c);
/* Last: the stop signals as they were (one still pending is delivered now). */
void runctl__exit(struct runctl *c);
/* The signals the reader loop's poll saw: c->done may be set after them. */
void runctl__handle_signals(struct runctl *c);
/* The workload had its grace after a stop signal: c->done. */
void runctl__check_grace(struct runctl *c);
/* The run is over and the workload is still there: TERM, then KILL if TERM is not enough. */
void runctl__stop_workload(struct runctl *c);

#endif
