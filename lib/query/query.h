/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Which BPF programs sit on which tracing hook. Tracepoints are asked with
 * PERF_EVENT_IOC_QUERY_BPF (programs in run order, whoever attached them); the
 * kernel's BPF links and the perf events held by processes add the hooks that
 * ioctl cannot see (raw tracepoints, tp_btf, fentry, kprobe/uprobe PMU events).
 *
 * Opening a perf event on a tracepoint nobody uses costs a tracepoint
 * registration and an RCU grace period on close (tens of ms each on 6.18), so
 * pattern and --all queries only open the tracepoints that something refers to:
 * a perf event in some process (found by BPF_TASK_FD_QUERY), a perf_event link,
 * or a dynamic (kprobe/uprobe) event. An exact name is always opened, and so is
 * every match with query_opts.exhaustive.
 */
#ifndef PERF_BPF_QUERY_H
#define PERF_BPF_QUERY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "query/bpfinfo.h"
#include "query/procfd.h"

/* The most programs the kernel lets one tracepoint run (BPF_TRACE_MAX_PROGS).
 */
#define QUERY_MAX_PROGS 64

struct query_prog {
	uint32_t id;
	uint32_t link_id; /* 0: attached by PERF_EVENT_IOC_SET_BPF, or no link known */
};

struct query_hook {
	char *name; /* "sched:sched_switch", "raw_tp:sched_switch",
                     "uprobe:/bin/sh:0x10" */
	int kind; /* enum bpfinfo_kind */
	bool run_order; /* progs in run order (the kernel's program array), else by id */
	bool dynamic; /* a kprobe/uprobe event created through tracefs */
	size_t nr_progs;
	struct query_prog *progs;
};

struct query {
	struct query_hook *hooks;
	size_t nr_hooks, cap_hooks;
	/* internal: what refers to tracepoints, gathered once */
	struct bpfinfo_link *links;
	size_t nr_links, cap_links;
	bool have_links;
	char **dynamic; /* "sys:name" of the dynamic events */
	size_t nr_dynamic;
	bool have_dynamic;
};

struct query_opts {
	const struct procfd *fds; /* perf events held by processes; NULL: none known */
	bool exhaustive; /* open every tracepoint a pattern matches */
	bool keep_empty; /* list matched tracepoints that have no program too */
};

void query__init(struct query *q);
void query__exit(struct query *q);

/*
 * PERF_EVENT_IOC_QUERY_BPF on a tracepoint perf event: *ids (malloc'd, caller
 * frees; NULL when *cnt is 0) gets the program ids in run order. Retries while
 * programs come and go.
 */
int query__event_progs(int fd, uint32_t **ids, uint32_t *cnt);

/* Is pattern a tracepoint name query__tracepoints() takes? */
bool query__is_pattern(const char *pattern);
/*
 * One hook per tracepoint matching pattern: "sys:name" or "sys/name", globs in
 * either part; a bare "name" matches in every system. -ENOENT when nothing
 * matches, -EINVAL when pattern is no tracepoint name. Errors are recorded
 * (util/errmsg.h), naming the tracepoint or pattern asked.
 */
int query__tracepoints(struct query *q, const char *pattern, const struct query_opts *opts);
/*
 * Every hook that has a BPF program, tracepoints and link-only hooks alike, by
 * name. Errors are recorded (util/errmsg.h).
 */
int query__all(struct query *q, const struct query_opts *opts);

#endif
