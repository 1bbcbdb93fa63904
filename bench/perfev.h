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

/*
 * Fork the command argv, held until a byte arrives on go[1] (what perf-bpf does with its
 * workload, so that the events can be opened on its pid first). The pid, or -1.
 */
static inline pid_t spawn_held(int go[2], char **argv)
{
	pid_t pid = fork();

	if (pid == 0) {
		char c;

		close(go[1]);
		if (read(go[0], &c, 1) != 1)
			_exit(127);
		execvp(argv[0], argv);
		_exit(127);
	}
	close(go[0]);
	return pid;
}

#endif
