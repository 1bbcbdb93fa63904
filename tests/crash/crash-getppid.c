// SPDX-License-Identifier: GPL-2.0
/* Crash trials: one 16-byte output per getppid, from a program whose name no other test uses. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct {
	__uint(type, BPF_MAP_TYPE_PERF_EVENT_ARRAY);
	__uint(key_size, sizeof(int));
	__uint(value_size, sizeof(int));
	__uint(max_entries, __NR_CPUS__);
} __bpf_stdout__ SEC(".maps");

SEC("syscalls:sys_enter_getppid")
int crash_getppid(void *ctx)
{
	char msg[16] = "crash-trial";

	bpf_perf_event_output(ctx, &__bpf_stdout__, BPF_F_CURRENT_CPU, msg, sizeof(msg));
	return 0;
}

char _license[] SEC("license") = "GPL";
