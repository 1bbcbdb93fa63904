// SPDX-License-Identifier: GPL-2.0
/*
 * Hello world: each nanosleep of the traced command emits one line through
 * __bpf_stdout__, which perf-bpf wires to a bpf-output event by itself.
 *
 *	perf-bpf trace -e examples/hello.c -- sleep 0.1
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct {
	__uint(type, BPF_MAP_TYPE_PERF_EVENT_ARRAY);
	__uint(key_size, sizeof(int));
	__uint(value_size, sizeof(int));
	__uint(max_entries, __NR_CPUS__);
} __bpf_stdout__ SEC(".maps");

SEC("syscalls:sys_enter_clock_nanosleep")
int hello(void *ctx)
{
	char msg[] = "Hello, world!";

	bpf_perf_event_output(ctx, &__bpf_stdout__, BPF_F_CURRENT_CPU, msg, sizeof(msg));
	return 0; /* 0: do not record the tracepoint sample itself, only our output */
}

char _license[] SEC("license") = "GPL";
