/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The system-call view: the samples of perf-bpf's system-call capture (EVENT_SYSREC_NAME
 * of record/evdesc.h, bpf/syscalls.h records as their raw data) shown as perf trace shows
 * calls, one line each (syscalls/sclines.h), and as its summary tables (syscalls/scsummary.h),
 * from the records or from the kernel's counts (COUNT records). The other views leave
 * these samples alone; this one comes first, so that a call in flight prints its entry
 * ("...") before a line of another view falls inside it.
 */
#ifndef PERF_BPF_VIEW_SYSCALLS_H
#define PERF_BPF_VIEW_SYSCALLS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "syscalls/sccolumns.h"
#include "syscalls/sctime.h"
#include "syscalls/scsummary.h"

struct view;

struct view_syscalls_opts {
	FILE *out;
	bool json; /* JSON Lines */
	bool lines; /* a line per call */
	bool summary; /* the summary tables at the end */
	enum scsummary_mode summary_mode; /* --summary-mode */
	struct sccolumns_spec summary_columns; /* -U, --summary-sort-by; zero: the defaults */
	bool errno_summary; /* --errno-summary: the errors of each call by errno */
	bool failure_only; /* --failure */
	uint64_t min_duration_ns; /* --duration */
	uint64_t max_events; /* --max-events: 0 for no limit */
	bool absolute_time; /* -T */
	unsigned int status; /* --status, -z, -Z: syscalls/sclines.h's bits; 0: every call */
	/* -F tod, --timestamps: the lines' times (wall_offset_ns: the pipeline's tod offset) */
	struct sctime time;
	unsigned int strsize; /* bytes of data shown; 0: SCFMT_STRSIZE_DEFAULT (paths whole) */
	bool verbose_structs; /* every member of a struct, as strace -v */
	int fd_paths; /* -y: descriptors with their path; 2 (-yy): sockets with their addresses */
	/*
	 * -y: the process whose descriptors are read from /proc when the view starts (0: none,
	 * a recording's); fd_at_exec: it waits to exec (the workload), what it holds
	 * close-on-exec will be gone; fd_all_procs: every process's (-a).
	 */
	int fd_target;
	bool fd_at_exec;
	bool fd_all_procs;
	bool fd_stdout_to_stderr; /* the workload's stdout becomes its stderr at its exec */
	/*
	 * The calls shown, a bit per number (SYSREC_NR_MAX bits); NULL: every call the records
	 * have. Others are read for what they say of descriptors (-y) and not shown.
	 */
	const uint64_t *shown;
	uint64_t hidden_signals; /* signals not shown, bit signo - 1 (--no-signals: all) */
	bool no_exits; /* --no-exits: the ends of processes not shown */
};

/* NULL + errno. */
struct view *view_syscalls__new(const struct view_syscalls_opts *o);

#endif
