// SPDX-License-Identifier: GPL-2.0
/* No license section: the GPL-only bpf_perf_event_output() may not be called. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct {
	__uint(type, BPF_MAP_TYPE_PERF_EVENT_ARRAY);
	__uint(key_size, sizeof(int));
	__uint(value_size, sizeof(int));
	__uint(max_entries, __NR_CPUS__);
} __bpf_stdout__ SEC(".maps");

SEC("syscalls:sys_enter_getppid")
int nolicense_prog(void *ctx)
{
	char msg[] = "x";

	bpf_perf_event_output(ctx, &__bpf_stdout__, BPF_F_CURRENT_CPU, msg, sizeof(msg));
	return 0;
}
