// SPDX-License-Identifier: GPL-2.0
/*
 * BURST 48-byte bpf-output records per getppid, so that the event rate can outrun the
 * syscall rate: the highest-rate benchmark's source. The bench writes one copy per BURST
 * (a #define BURST line ahead of this text), for perf-bpf and stock perf alike.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

#ifndef BURST
#define BURST 16
#endif

struct {
	__uint(type, BPF_MAP_TYPE_PERF_EVENT_ARRAY);
	__uint(key_size, sizeof(int));
	__uint(value_size, sizeof(int));
	__uint(max_entries, __NR_CPUS__);
} __bpf_stdout__ SEC(".maps");

struct payload {
	__u64 time;
	__u64 pid_tgid;
	__u64 seq;
	char tag[24];
};

SEC("syscalls:sys_enter_getppid")
int emit(void *ctx)
{
	struct payload p = { .tag = "perf-bpf bench payload" };

	p.pid_tgid = bpf_get_current_pid_tgid();
	/* a bounded loop the verifier walks once per iteration: BURST is a small constant */
	for (int i = 0; i < BURST; i++) {
		p.time = bpf_ktime_get_ns();
		p.seq = i;
		bpf_perf_event_output(ctx, &__bpf_stdout__, BPF_F_CURRENT_CPU, &p, sizeof(p));
	}
	return 0;
}

char _license[] SEC("license") = "GPL";
