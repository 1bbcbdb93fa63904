/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The run's system calls (run/syscalls.h) as samples of a bpf-output event made in user
 * space, EVENT_SYSREC_NAME (record/evdesc.h): each record of the capture is one sample's
 * raw data, stamped with the record's task, CPU and time (in the clock of the run's
 * samples), so that the time-ordered queue, the views and the perf.data writer take them
 * as any other sample; when counting, every (thread, call) pair becomes one COUNT record
 * at the end of the run.
 *
 * The workload is followed from its exec: what its forked child does before (waiting at
 * the gate, execvp's search of PATH) is left out, but for the execve that succeeded.
 *
 *	sc = syschan__new(&opts);	after the target is known (the workload forked)
 *	syschan__start_entries(sc);	before the run's events are opened
 *	syschan__start(sc);		with the other programs, before the workload starts
 *	syschan__read(sc, fn, room, ctx, last);	with every pass over the rings
 *	syschan__report(sc);		losses, one warning line each
 *	syschan__free(sc);
 */
#ifndef PERF_BPF_SYSCHAN_H
#define PERF_BPF_SYSCHAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "run/channels.h"
#include "run/evlist.h"
#include "run/syscalls.h"

/* What to capture or count, from the command's options. */
struct syschan_config {
	enum syscalls_mode mode;
	const uint64_t *select; /* SYSCALLS_SELECT_WORDS words; NULL: every call */
	const struct sysrec_spec *specs; /* SYSREC_NR_MAX entries, or NULL */
	unsigned int strsize; /* 0: the default */
	bool signals; /* capture the signals the tasks take */
	bool exits; /* capture the ends of their processes */
	bool errnos; /* count: the failed calls by errno too (--errno-summary) */
	bool cgroups; /* count: by cgroup too (--summary-mode=cgroup) */
	bool cgroup_ids; /* each record ends with its task's cgroup id (SYSREC_F_CGROUP) */
	/* record --all-cgroups: the samples carry it too (PERF_SAMPLE_CGROUP); implies cgroup_ids */
	bool sample_cgroup;
};

struct syschan_opts {
	const struct syschan_config *config;
	struct evlist *evlist; /* gets the event */
	const struct target *target; /* whose calls: every task's, a pid's or a thread's */
	bool by_tid; /* target->pid is a thread (-t) */
	const int *ids; /* -p's processes or (by_tid) -t's threads; nr_ids 0: target->pid alone */
	int nr_ids;
	bool cpus_given; /* -C: only the calls made on target->cpus */
	int workload_pid; /* > 0: target->pid is a workload, traced from its exec */
	int clockid; /* the clock of the run's samples (util/clockid.h) */
};

struct syschan;

/* Loaded, its event added; NULL + errno, the ERROR line recorded (util/errmsg.h). */
struct syschan *syschan__new(const struct syschan_opts *opts);
/*
 * Attach the entry program, then the others: calls are stamped at entry before, and at
 * exit after, what the run's own programs on the same calls emit (run/syscalls.h). 0 or
 * -errno, the ERROR line recorded.
 */
int syschan__start_entries(struct syschan *sc);
int syschan__start(struct syschan *sc);
/* What polls readable when records wait (-1 when counting). */
int syschan__fd(const struct syschan *sc);
/*
 * Where a record of size bytes, stamped time, from cpu, is written in place (the run's
 * time-ordered queue): NULL when it is dropped there (*err 0) or on an error (*err < 0).
 */
typedef void *(*syschan_room_fn)(void *ctx, size_t size, uint64_t time, int cpu, int *err);

/*
 * The records written so far (and, last, the counts) to fn, or encoded straight into
 * room() when it is given (one copy less); how many, or <0.
 */
int syschan__read(struct syschan *sc, channels_record_fn fn, syschan_room_fn room, void *ctx,
		  bool last);
/* The calls are counted in the kernel: COUNT records, which need no time order. */
bool syschan__counting(const struct syschan *sc);
/* The last read left records: read again without waiting (run/rbread.h). */
bool syschan__more(const struct syschan *sc);
void syschan__report(const struct syschan *sc);
void syschan__free(struct syschan *sc);

#endif
