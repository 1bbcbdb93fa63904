/* SPDX-License-Identifier: GPL-2.0 */
/* perf's BPF <pid_filter.h>: a set of pids, as a pid_map of bools. */
#ifndef PERF_BPF_COMPAT_PERF_PID_FILTER_H
#define PERF_BPF_COMPAT_PERF_PID_FILTER_H

#include "bpf.h"

#define pid_filter(name) pid_map(name, bool)

static inline int pid_filter__add(void *pids, pid_t pid)
{
	bool yes = true;

	return bpf_map_update_elem(pids, &pid, &yes, BPF_NOEXIST);
}

static inline bool pid_filter__has(void *pids, pid_t pid)
{
	return bpf_map_lookup_elem(pids, &pid) != NULL;
}

#endif
