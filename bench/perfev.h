/* SPDX-License-Identifier: GPL-2.0 */
/* What bench/floor.c and bench/drain.c both do with the kernel: open events, find tracepoints. */
#ifndef PERF_BPF_BENCH_PERFEV_H
#define PERF_BPF_BENCH_PERFEV_H

#include <linux/perf_event.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <unistd.h>

static inline int perf_open(struct perf_event_attr *a, pid_t pid, int cpu)
{
	return syscall(SYS_perf_event_open, a, pid, cpu, -1, PERF_FLAG_FD_CLOEXEC);
}

/* The id of tracepoint "sys:name", or -1. */
static inline int tp_id(const char *name)
{
	char path[512], *colon = strchr(name, ':');
	FILE *f;
	int id = -1;

	if (!colon)
		return -1;
	snprintf(path, sizeof(path), "/sys/kernel/tracing/events/%.*s/%s/id", (int)(colon - name),
		 name, colon + 1);
	f = fopen(path, "r");
	if (f && fscanf(f, "%d", &id) != 1)
		id = -1;
	if (f)
		fclose(f);
	return id;
}

#endif
