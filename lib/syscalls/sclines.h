/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The system-call lines of `trace`, as perf trace prints them: a call's entry and exit
 * paired by thread into one line
 *
 *	     0.044 ( 0.010 ms): cat/28218 openat(dfd: CWD, filename: "/etc/hostname") = 3
 *
 * relative milliseconds, duration, comm/tid, the call (syscalls/scfmt.h) padded to 70
 * columns, its result. When another line must print while a call is in flight (a
 * scriptlet's output, another thread's call), the call's entry prints first, ended by
 * "...", and its exit later as " ... [continued]: name()) = ret". A call that never returns
 * (exit_group) ends its task as "= ?". With --failure or --duration a call prints whole at
 * its exit, or not at all, and waits there until the calls in flight before it have ended
 * (syscalls/scorder.h): the lines stay in time order. JSON Lines: one object per call, at its
 * end, with absolute times and every argument raw and decoded, and the task's cgroup
 * ("cgroup_id", and "cgroup", its path from the cgroup2 mount or null) when the capture gave it.
 *
 *	struct sclines *sv = sclines__new(&opts);
 *	sclines__enter(sv, &ev);  sclines__exit(sv, &ev);	(records of the capture)
 *	sclines__interrupt(sv);	(before any other line is printed)
 *	sclines__signal(sv, &ev, &sig);  sclines__process_exit(sv, &ev, status);
 *	sclines__task_exit(sv, tid);  sclines__end(sv);
 *	sclines__free(sv);
 */
#ifndef PERF_BPF_SCLINES_H
#define PERF_BPF_SCLINES_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "syscalls/scfmt.h"
#include "syscalls/sctime.h"

struct cgroups;
struct jsonw;
struct sysrec_fdinfo;
struct sysrec_signal;

/* How a call ended, in strace's words (--status=): the bits of sclines_opts.status. */
enum sclines_status {
	SCLINES_SUCCESSFUL = 1 << 0, /* it returned no error */
	SCLINES_FAILED = 1 << 1, /* it returned -1 to -4095: an errno */
	SCLINES_UNFINISHED = 1 << 2, /* it never returned: its task ended, or the trace did */
	SCLINES_DETACHED = 1 << 3, /* it was still in flight when the trace ended */
};

/*
 * strace's --status SET into enum sclines_status bits: successful, failed, unfinished,
 * detached, unavailable (strace's: a result it could not read; no call here), all, none,
 * a leading '!' for all but those. A set of no call is a bit no call has: bits are never 0
 * (which shows all). NULL, or the first word it does not know (its length in *bad_len).
 */
const char *sclines__parse_status(const char *set, unsigned int *bits, size_t *bad_len);

struct sclines_opts {
	FILE *out;
	struct jsonw *json; /* JSON Lines instead of text (borrowed) */
	bool failure_only; /* --failure */
	uint64_t min_duration_ns; /* --duration */
	uint64_t max_events; /* --max-events: 0 for no limit */
	bool absolute_time; /* -T: times as they are, not from the first call */
	/*
	 * --status, -z, -Z: the calls shown by how they ended, enum sclines_status bits (0: all).
	 * A call in flight at the end is unfinished and detached: either bit shows it.
	 */
	unsigned int status;
	struct sctime time; /* the time at the head of a text line (JSON keeps its numbers) */
	struct scfmt_opts fmt; /* strsize, -y (its pid is set per call) */
	/* JSON: the paths of the records' cgroup ids (borrowed; NULL: ids alone) */
	struct cgroups *cgroups;
};

/* One record of the capture, decoded: an entry (call.args, call.mem) or an exit (ret, out). */
struct sc_event {
	uint64_t time;
	uint32_t pid, tid, cpu;
	const char *comm; /* NULL when unknown */
	uint64_t duration; /* exit: ns since the entry, as the capture measured it; 0: unknown */
	uint64_t cgroup; /* the task's cgroup id; 0: unknown */
	struct sc_call call; /* exited set for an exit */
	/* -y: what the descriptors of the call referred to, as the capture read them */
	int nfds;
	const struct sysrec_fdinfo *fds;
};

struct sclines;

struct sclines *sclines__new(const struct sclines_opts *o);
/* Prints what is still in flight as "= ?" and frees. */
void sclines__free(struct sclines *sv);
/* 0, or -ECANCELED once --max-events calls were printed, -ENOMEM. */
int sclines__enter(struct sclines *sv, const struct sc_event *ev);
int sclines__exit(struct sclines *sv, const struct sc_event *ev);
/* Another line is about to print: calls in flight print their entry first. */
void sclines__interrupt(struct sclines *sv);
/* The task ended: its call in flight never returns ("= ?"). */
void sclines__task_exit(struct sclines *sv, uint32_t tid);
/*
 * A signal delivered to ev's thread, "--- SIGUSR1 {si_signo=SIGUSR1, ...} ---", and the end
 * of ev's process (ev->tid its last thread), "+++ exited with 3 +++", each a line of its own
 * (JSON: an object of type "signal", "exit") with the head of a call's line; the calls in
 * flight print their entry first. 0.
 */
int sclines__signal(struct sclines *sv, const struct sc_event *ev, const struct sysrec_signal *s);
int sclines__process_exit(struct sclines *sv, const struct sc_event *ev, int32_t status);
/*
 * The end of ev's thread, not its process's: "+++ exited with 0 +++" on the thread's line
 * (JSON: type "thread_exit"), as strace -f reports each thread. 0.
 */
int sclines__thread_exit(struct sclines *sv, const struct sc_event *ev, int32_t status);
/* The stream ended: every call in flight prints as "= ?". */
void sclines__end(struct sclines *sv);
/* Calls printed. */
uint64_t sclines__printed(const struct sclines *sv);

#endif
