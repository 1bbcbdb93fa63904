// SPDX-License-Identifier: GPL-2.0
/*
 * A profiler written as libbpf-bootstrap writes its profile.bpf.c: SEC("perf_event") runs
 * at every sample of the events given before it, here the name of the task each cpu-clock
 * sample hits. Returning 0 drops the sample itself, so only our line is shown.
 *
 *	perf-bpf trace -e cpu-clock -e examples/profile.bpf.c -a -- sleep 1
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

struct {
	__uint(type, BPF_MAP_TYPE_PERF_EVENT_ARRAY);
	__uint(key_size, sizeof(u32));
	__uint(value_size, sizeof(u32));
} __bpf_stdout__ SEC(".maps");

SEC("perf_event")
int profile(struct bpf_perf_event_data *ctx)
{
	char comm[16];

	bpf_get_current_comm(comm, sizeof(comm));
	bpf_perf_event_output(ctx, &__bpf_stdout__, BPF_F_CURRENT_CPU, comm, sizeof(comm));
	return 0;
}

char LICENSE[] SEC("license") = "Dual BSD/GPL";
