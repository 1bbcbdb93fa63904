/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The options that pick the system-call lines by how their calls ended and give them the
 * time of day, in strace's words beside perf's, for trace and script:
 *
 *	--status=SET	successful, failed, unfinished, detached (strace's words; all, none,
 *			!SET), and strace's -z (successful) and -Z (failed); also -e status=SET
 *	--timestamps[=FORMAT]	the wall-clock time, strace's: time (default) or unix, with
 *			s (default), ms, us or ns; strace's -tt (time,us) and -ttt (unix,us) too
 *			(-t alone is perf's --tid); -F tod on the call lines gives perf script's
 *
 * And strace's habits that are no options here, each an ERROR with a Hint naming ours
 * (-f, -ff, -e trace=NAME, -c). From them the view's options (output/view-syscalls.h).
 */
#ifndef PERF_BPF_LINEOPTS_H
#define PERF_BPF_LINEOPTS_H

#include <stdbool.h>

#include "output/view-syscalls.h"
#include "util/opts.h"

struct lineopts {
	const char *status; /* --status, or -e status= (the last one wins) */
	bool successful_only; /* -z */
	bool failed_only; /* -Z */
	struct sctime time; /* --timestamps, -tt, -ttt as read (SCTIME_RELATIVE: none) */
};

/* clang-format off */
#define OPT_LINES(lo) \
	OPT_STRING(0, "status", &(lo)->status, "SET", \
		   "only the calls that ended so: successful, failed, unfinished, detached " \
		   "(strace's)"), \
	OPT_BOOL('z', "successful-only", &(lo)->successful_only, \
		 "only the calls that succeeded (--status=successful)"), \
	OPT_BOOL('Z', "failed-only", &(lo)->failed_only, \
		 "only the calls that failed (--status=failed)"), \
	OPT_CALLBACK_OPTARG(0, "timestamps", &(lo)->time, "FORMAT", lineopts__timestamps, \
			    "the time of day on the lines, strace's: time or unix, s, ms, us or " \
			    "ns (-tt: time,us; -ttt: unix,us)")
/* script has no -t: -tt and -ttt are strace's there alone */
#define OPT_LINES_STRACE_T(lo) \
	OPT_CALLBACK_HIDDEN('t', NULL, &(lo)->time, "t", lineopts__strace_t)
/* trace: strace's options that are none of ours, each with perf-bpf's way */
#define OPT_STRACE_HABITS \
	OPT_HABIT('f', "follow-forks", \
		  "strace's -f and -ff: perf-bpf follows the children by default (-i, " \
		  "--no-inherit, stops that)"), \
	OPT_HABIT(0, "summary-only", "strace's -c: perf-bpf's is -s --summary-mode=total"), \
	OPT_HABIT(0, "output-separately", \
		  "strace's -ff: the lines of every task go to one output, with the tid on each")
/* clang-format on */

int lineopts__timestamps(const struct opts *o, const struct opt *row, const char *arg);
/* -t's argument "t" or "tt" is strace's -tt or -ttt: 1 when it was, 0 when not. */
int lineopts__strace_tt(struct sctime *t, const char *arg);
int lineopts__strace_t(const struct opts *o, const struct opt *row, const char *arg);
/*
 * The -e arguments that are strace's qualifiers: status=SET is taken (out of the list),
 * trace=SET and the others strace has are a misuse with the Hint of ours. 0 or OPTS_USAGE.
 */
int lineopts__qualifiers(struct lineopts *lo, const struct opts *o, struct opt_list *event_args);
/*
 * Into the view's options: the status bits and the time of the lines, from these and -F's
 * fields (tod, time) when only system calls are shown (only_calls: then another field is a
 * misuse). 0, or OPTS_USAGE (reported).
 */
int lineopts__view(const struct lineopts *lo, const struct opts *o, unsigned int fields,
		   bool only_calls, struct view_syscalls_opts *v);

#endif
