/* SPDX-License-Identifier: GPL-2.0 */
/*
 * perf's BPF <stdio.h>: the __bpf_stdout__ map, which perf-bpf wires to a bpf-output event by
 * itself, and puts(STRING_LITERAL), which sends the string (with its NUL) to it.  As in perf,
 * puts() expects the program's context argument to be named "args".
 */
#ifndef PERF_BPF_COMPAT_PERF_STDIO_H
#define PERF_BPF_COMPAT_PERF_STDIO_H

#include "bpf.h"

struct {
	__perf_bpf_uint(type, BPF_MAP_TYPE_PERF_EVENT_ARRAY);
	__perf_bpf_uint(key_size, sizeof(int));
	__perf_bpf_uint(value_size, sizeof(u32));
#ifdef __NR_CPUS__
	__perf_bpf_uint(max_entries, __NR_CPUS__); /* else libbpf sizes it to the CPUs */
#endif
} __bpf_stdout__ SEC(".maps");

#define puts(from)                                                                          \
	({                                                                                  \
		char __perf_bpf_str[sizeof(from)] = from;                                   \
		perf_event_output(args, &__bpf_stdout__, BPF_F_CURRENT_CPU, __perf_bpf_str, \
				  sizeof(__perf_bpf_str));                                  \
	})

#endif
