/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One perf event as the user named it (a bpf-output channel, a tracepoint, a
 * software or hardware counter, the tracking event), opened once per CPU.
 * The evsel owns its fds; closing them detaches whatever BPF program they hold.
 */
#ifndef PERF_BPF_EVSEL_H
#define PERF_BPF_EVSEL_H

#include <linux/perf_event.h>
#include <stdbool.h>
#include <stdint.h>

#include "record/evdesc.h"

/* Every event is opened with this layout, so one decoder and one perf.data attr fit all. */
#define EVSEL_SAMPLE_TYPE                                                               \
	(PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME | \
	 PERF_SAMPLE_CPU | PERF_SAMPLE_PERIOD | PERF_SAMPLE_RAW)

/* Ids of events made in user space (evsel.synthetic), far above the ids the kernel hands out. */
#define EVSEL_SYNTH_ID_BASE (1ULL << 62) /* output channels (run/channels.h), upwards */
#define EVSEL_SYNTH_ID_SYSCALLS (EVSEL_SYNTH_ID_BASE - 1) /* system calls (run/syschan.h) */

enum evsel_kind {
	EVSEL_BPF_OUTPUT,
	EVSEL_TRACEPOINT,
	EVSEL_COUNTER, /* hardware / software counters */
	EVSEL_TRACKING, /* dummy event carrying COMM/FORK/EXIT records */
};

/* Where events are opened: the workload's tasks, one pid, or every CPU. */
struct target {
	bool system_wide;
	int pid; /* > 0: per-task events follow this pid (and its children with inherit) */
	int nr_tids; /* > 0: per-task events are opened on each of these threads instead */
	int *tids; /* -p's threads, as perf opens them (freed by target__exit) */
	int nr_cpus; /* CPUs to open on (possible CPUs by default) */
	int *cpus;
	/*
	 * -G: > 0, the fd of a cgroup2 directory (closed by target__exit): events opened per
	 * CPU count, sample and take outputs only while a task of it (or of a cgroup below it)
	 * runs; 0: none. cgroup_id is its id.
	 */
	int cgroup_fd;
	uint64_t cgroup_id;
};

struct evsel {
	int idx; /* position in its evlist */
	/* name, attr, tracepoint sys and name (tracepoints): owned, as the run opens it */
	struct event_desc desc;
	enum evsel_kind kind;
	bool per_task; /* opened on target's task(s) (else on every CPU, pid -1) */
	int nr_fds; /* one per CPU of the target, times its threads when per task */
	int *fds;
	uint64_t *ids;
	int prog_fd; /* program to attach with PERF_EVENT_IOC_SET_BPF, or -1 */
	const char *filter; /* a tracepoint's: the kernel's filter (--filter), NULL; borrowed */
	/*
	 * Inherited events: the program is held by an event of its own on this task
	 * (evsel__attach_bpf), carrier_fd, or -1
	 */
	int carrier_pid, carrier_fd;
	/* no perf event: samples made in user space (run/channels.h), all with this id */
	bool synthetic;
	uint64_t synth_id;
};

struct evsel *evsel__new_bpf_output(const char *name);
/* sys:name must exist in tracefs; returns NULL with errno ENOENT otherwise. */
struct evsel *evsel__new_tracepoint(const char *sys, const char *name);
struct evsel *evsel__new_counter(const char *name, uint32_t type, uint64_t config);
struct evsel *evsel__new_tracking(void);
void evsel__free(struct evsel *ev);
/* The name records and output show it by, from now on. 0 or -ENOMEM. */
int evsel__rename(struct evsel *ev, const char *name);

/*
 * Open one fd per CPU of target (per thread and CPU for a per-task event on target->tids:
 * fds[thread * nr_cpus + cpu]); -errno with an ERROR line naming the event recorded.
 */
int evsel__open(struct evsel *ev, const struct target *target);
/*
 * Attach ev->prog_fd to every fd (EEXIST from the shared tracepoint array is expected), then
 * enable them if they were opened disabled (so that nothing is sampled unfiltered); -errno
 * with the ERROR line recorded (util/errmsg.h).
 */
int evsel__attach_bpf(struct evsel *ev);
/*
 * Samples the kernel dropped on ev's fds (PERF_FORMAT_LOST), those whose LOST record was
 * never written included; inherited children's are not counted. -EOPNOTSUPP before 6.0.
 */
int evsel__read_lost(const struct evsel *ev, uint64_t *lost);

#endif
