/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The command to trace: forked first, held at a gate until every event is open and
 * every program attached, then exec'd, so none of its events is missed.
 */
#ifndef PERF_BPF_WORKLOAD_H
#define PERF_BPF_WORKLOAD_H

#include <stdbool.h>
#include <sys/types.h>

struct workload {
	pid_t pid;
	int gate_fd; /* write end: closing it without a byte makes the child exit */
	bool stdout_to_stderr; /* set before prepare: the command's stdout goes to our stderr */
};

/*
 * The name the child goes by from its fork (the command's file name, cut to 15 bytes by the
 * kernel), as its exec will name it.
 */
const char *workload__comm(const char *argv0);
/* Fork the child, which waits at the gate; -errno on failure. */
int workload__prepare(struct workload *w, char **argv);
/* Open the gate: the child execs argv. */
int workload__start(struct workload *w);
/* Make a prepared child exit without running anything (setup failed). */
void workload__abort(struct workload *w);
/* A shell-style exit status from a wait status: the code, or 128 + signal. */
int workload__exit_code(int wstatus);

#endif
