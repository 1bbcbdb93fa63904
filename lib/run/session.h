/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One run of `trace` or `record`: the scriptlets compiled, loaded and attached, the
 * events opened, the map terms applied and `__bpf_stdout__` wired (lib/run/objconf.h)
 * before any program is attached, the workload gated
 * until all of that is done, then every record handed to the caller until the
 * workload exits or a signal stops the run, and the rings drained.
 */
#ifndef PERF_BPF_SESSION_H
#define PERF_BPF_SESSION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/uio.h>

#include "event/sampling.h"
#include "compile/compile.h"
#include "record/record.h"
#include "run/evlist.h"

struct evparse_list;
struct syschan_config;

struct session;

struct session_opts {
	struct evparse_list *events; /* the -e arguments, parsed (borrowed) */
	struct compile_opts compile;
	bool system_wide; /* -a */
	const int *pids; /* -p: processes (borrowed) */
	int nr_pids;
	const int *tids; /* -t: threads (borrowed) */
	int nr_tids;
	const char *cpu_list; /* -C */
	/*
	 * -G: a cgroup2 directory (util/cgroups.h), cgroup_id its id: the system calls of its
	 * tasks only (and of the cgroups below it), the events opened per CPU for them only
	 */
	const char *cgroup_dir;
	uint64_t cgroup_id;
	/*
	 * record --all-cgroups: every sample of the events the kernel writes carries its
	 * task's cgroup (PERF_SAMPLE_CGROUP), and CGROUP records name the cgroups (those there
	 * at the start, synthesized, and those made during the run)
	 */
	bool all_cgroups;
	bool no_inherit; /* -i */
	/* -F/-c as given; freq: what sampling events without a term of theirs ask for (0: 4000) */
	struct sampling sampling;
	unsigned int freq;
	bool callchain; /* -g, --call-graph fp: PERF_SAMPLE_CALLCHAIN on the sampled events */
	unsigned int pages; /* -m: data pages per CPU ring, 0 = default */
	char **argv; /* the workload, or NULL */
	bool use_clockid; /* -k: every event stamps its records with clockid */
	int clockid;
	bool workload_stdout_to_stderr; /* the workload's stdout is ours (trace --json) */
	/* the target's system calls, as samples of EVENT_SYSREC_NAME (run/syschan.h); NULL: none */
	const struct syschan_config *syscalls;
};

/*
 * Called for each record of the run, in time order across CPUs (lib/run/recqueue.h)
 * for records that carry a time (in each ring's order when samples go by spans), on the CPU of the ring it came from, decoded once by the
 * record decoder (rec->decoded is false for a type it does not decode: rec->hdr still
 * holds the bytes). ev may be NULL (unknown id).
 */
typedef int (*session_record_fn)(void *ctx, const struct record *rec, int cpu, struct evsel *ev);

/*
 * Record: the samples of a pass as the kernel wrote them, nr whole records in iov[0..n) (two
 * pieces when they wrap around a ring's end), at most max bytes; each ring in its own order,
 * not in time order across rings (a reader orders them by the round ends, as perf's files).
 * Every other record still goes to the session_record_fn, in its place between spans.
 */
typedef int (*session_span_fn)(void *ctx, const struct iovec *iov, int n, unsigned int nr);

/*
 * Build everything short of starting the workload. NULL + errno, the ERROR (and Hint) line
 * recorded for the command (util/errmsg.h) unless perf's caret error was printed.
 */
struct session *session__new(const struct session_opts *opts);
void session__free(struct session *s);
struct evlist *session__evlist(const struct session *s);
/* The channels' record types and the maps to show (run/typed.h). */
struct typed *session__typed(const struct session *s);
/*
 * Start the workload and deliver records until it ends, a stop signal ends the run, or fn
 * returns -ECANCELED (returned: it has shown all it was asked to)
 * (util/stopsig.h: a workload gets a grace to exit, a second signal ends it); then drain.
 */
int session__run(struct session *s, session_record_fn fn, void *ctx);
/* The workload's pid (forked, waiting at its gate until session__run), 0 without one. */
int session__workload_pid(const struct session *s);
/* The workload's exit status (shell style), 0 without a workload or when stopped by a signal. */
int session__exit_code(const struct session *s);
/* bpf-output samples dropped because they came from tasks outside the workload, -p or -t. */
unsigned long session__filtered(const struct session *s);
/* Records too short for their own type or layout (none from a sane kernel). */
unsigned long session__bad_records(const struct session *s);
/* Samples go to fn by spans from now on (none when fn is NULL: one record at a time). */
void session__set_span_fn(struct session *s, session_span_fn fn, size_t max);
/* Called by session__run every time the rings were drained (a flush point). */
void session__set_round_fn(struct session *s, int (*fn)(void *ctx), void *ctx);
/*
 * While fn says so, session__run keeps the records it reads in its queue instead of handing
 * them on: what they go to would stop for a while (kernel symbols being read), and the
 * rings must be read meanwhile, or they fill and lose records.
 */
void session__set_hold_fn(struct session *s, bool (*fn)(void *ctx), void *ctx);

#endif
