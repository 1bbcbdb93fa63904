// SPDX-License-Identifier: GPL-2.0
/*
 * A second scriptlet to run beside hello.c: each nanosleep's return emits a line
 * through its own __bpf_stdout__, which shares hello.c's bpf-output event.
 *
 *	perf-bpf trace --json -e examples/hello.c -e examples/other.c -a -- sleep 1
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct {
	__uint(type, BPF_MAP_TYPE_PERF_EVENT_ARRAY);
	__uint(key_size, sizeof(int));
	__uint(value_size, sizeof(int));
	__uint(max_entries, __NR_CPUS__);
} __bpf_stdout__ SEC(".maps");

SEC("syscalls:sys_exit_clock_nanosleep")
int goodbye(void *ctx)
{
	char msg[] = "Goodbye, world!";

	bpf_perf_event_output(ctx, &__bpf_stdout__, BPF_F_CURRENT_CPU, msg, sizeof(msg));
	return 0;
}

char _license[] SEC("license") = "GPL";
