// SPDX-License-Identifier: GPL-2.0
/* bench: one typed record per getppid() of the workload, printed field by field by trace. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct rec {
	__u32 pid;
	__u64 ts;
	char comm[16];
};

struct {
	__uint(type, BPF_MAP_TYPE_PERF_EVENT_ARRAY);
	__uint(key_size, sizeof(int));
	__uint(max_entries, __NR_CPUS__);
	__type(value, struct rec);
} __bpf_stdout__ SEC(".maps");

SEC("syscalls:sys_enter_getppid")
int emit(void *ctx)
{
	struct rec r = { .pid = bpf_get_current_pid_tgid() >> 32, .ts = bpf_ktime_get_ns() };

	bpf_get_current_comm(r.comm, sizeof(r.comm));
	bpf_perf_event_output(ctx, &__bpf_stdout__, BPF_F_CURRENT_CPU, &r, sizeof(r));
	return 0;
}

char _license[] SEC("license") = "GPL";
