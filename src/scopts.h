/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The system-call options of `trace` and `record`, in perf trace's words: -e takes system
 * call names, globs, '!' and strace's classes beside events; --ev adds an event and keeps
 * the system calls on; -s/-S the summary, --summary-mode and --errno-summary what it counts,
 * -U and --summary-sort-by its columns and order; --failure, --duration, --max-events,
 * --strsize, --verbose-structs, -y and -T shape the lines; --no-signals, --no-exits and
 * strace's -e signal=SET leave out the lines of signals and of the ends of processes. From
 * them: the selection checked against the running kernel,
 * what the capture reads of each call (run/syschan.h) and the view's options
 * (output/view-syscalls.h).
 */
#ifndef PERF_BPF_SCOPTS_H
#define PERF_BPF_SCOPTS_H

#include <stdbool.h>
#include <stdint.h>

#include "output/view-syscalls.h"
#include "run/syschan.h"
#include "util/opts.h"

struct sctable;

struct scopts {
	/* as given */
	struct opt_list ev_args; /* --ev */
	bool no_syscalls; /* --no-syscalls */
	bool summary_only; /* -s */
	bool with_summary; /* -S */
	const char *summary_mode; /* --summary-mode: thread (default), process, comm, total, cgroup */
	bool errno_summary; /* --errno-summary */
	const char *summary_columns; /* -U, --summary-columns: strace's */
	const char *summary_sort; /* --summary-sort-by: strace's -S */
	bool failure; /* --failure */
	const char *duration; /* --duration MS */
	unsigned int max_events; /* --max-events */
	unsigned int strsize; /* --strsize */
	bool verbose_structs; /* --verbose-structs: -v and --verbose say how much perf-bpf logs */
	int fd_paths; /* -y; -yy: sockets with their addresses */
	bool absolute_time; /* -T */
	bool no_signals; /* --no-signals */
	bool no_exits; /* --no-exits */
	char *signal_set; /* -e signal=SET, strace's: the set (owned copy) */
	struct opt_list terms; /* the system-call terms of -e (owned copies) */
	char **owned; /* the event words of -e arguments that mixed both */
	int nr_owned;

	/* made from them by scopts__finish */
	bool on; /* system calls are traced */
	struct sctable *table;
	uint64_t select[SYSCALLS_SELECT_WORDS]; /* captured */
	uint64_t shown[SYSCALLS_SELECT_WORDS]; /* selected */
	struct sysrec_spec *specs;
	struct syschan_config config;
	struct view_syscalls_opts view;
};

/* The rows of the options: trace has them all, script the lines' and summary's. */
/* clang-format off */
#define OPT_SYSCALL_SHOW(sc) \
	OPT_BOOL('s', "summary", &(sc)->summary_only, \
		 "only a summary of the system calls (live: counted in the kernel)"), \
	OPT_BOOL('S', "with-summary", &(sc)->with_summary, "the calls and their summary"), \
	OPT_STRING(0, "summary-mode", &(sc)->summary_mode, "MODE", \
		   "the summary per thread (default), process, comm, cgroup or in total"), \
	OPT_BOOL(0, "errno-summary", &(sc)->errno_summary, \
		 "the summary's failed calls by errno (with -s or -S)"), \
	OPT_STRING('U', "summary-columns", &(sc)->summary_columns, "COLS", \
		   "the summary's columns, in order: strace -U's names, stddev, p50, p99"), \
	OPT_STRING(0, "summary-sort-by", &(sc)->summary_sort, "KEY", \
		   "the summary's rows by a column (default time) or nothing, as strace -S"), \
	OPT_BOOL(0, "failure", &(sc)->failure, "only the system calls that failed"), \
	OPT_STRING(0, "duration", &(sc)->duration, "MS", \
		   "only the system calls that took longer than MS milliseconds"), \
	OPT_UINT(0, "max-events", &(sc)->max_events, "N", 1, 4000000000u, \
		 "stop after N system calls"), \
	OPT_UINT(0, "strsize", &(sc)->strsize, "N", 1, SYSREC_STRSIZE_MAX, \
		 "bytes of data shown (default 32, as strace -s; paths whole)"), \
	OPT_BOOL(0, "verbose-structs", &(sc)->verbose_structs, \
		 "every member of the structs calls read or fill, as strace -v"), \
	OPT_BOOL('T', "time", &(sc)->absolute_time, "absolute times, not from the first call"), \
	OPT_BOOL(0, "no-signals", &(sc)->no_signals, \
		 "no line for the signals the tasks take (-e signal=none)"), \
	OPT_BOOL(0, "no-exits", &(sc)->no_exits, "no line for the ends of processes and threads")
#define OPT_SYSCALL_VIEW(sc) \
	OPT_LIST(0, "ev", &(sc)->ev_args, "EVENT", \
		 "an event or scriptlet beside the system calls (which stay on)"), \
	OPT_BOOL(0, "no-syscalls", &(sc)->no_syscalls, "do not trace system calls"), \
	OPT_SYSCALL_SHOW(sc), \
	OPT_COUNT('y', NULL, &(sc)->fd_paths, \
		  "file descriptors with their paths (-yy: sockets with their addresses)")
/* clang-format on */

/*
 * Move the system-call terms of the -e arguments (names, globs, !, %class: what is no event)
 * into sc->terms, and a signal=SET into sc->signal_set; the events stay. 0 or -ENOMEM.
 */
int scopts__split(struct scopts *sc, struct opt_list *event_args);
/*
 * Decide and build: trace (for_trace) traces the system calls when a term, --ev, -s or -S is
 * given or no event is; record when a term is. nr_events: the events left by the split.
 * 0, or OPTS_ERROR / OPTS_USAGE (reported).
 */
int scopts__finish(struct scopts *sc, const struct opts *o, int nr_events, bool for_trace);
/* The view's options alone (script). 0, or OPTS_USAGE (reported). */
int scopts__view(struct scopts *sc, const struct opts *o);
void scopts__exit(struct scopts *sc);

#endif
