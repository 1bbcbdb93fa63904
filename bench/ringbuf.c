// SPDX-License-Identifier: GPL-2.0
/*
 * throughput.c's 48-byte record per getppid, through a RINGBUF __bpf_stdout__ of 2 MiB
 * (the memory of the perf buffers of two CPUs at the default -m) instead of per-CPU
 * perf buffers: the channel benchmark's source.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 2 * 1024 * 1024);
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

	p.time = bpf_ktime_get_ns();
	p.pid_tgid = bpf_get_current_pid_tgid();
	p.seq = p.time ^ p.pid_tgid;
	bpf_ringbuf_output(&__bpf_stdout__, &p, sizeof(p), 0);
	return 0;
}

char _license[] SEC("license") = "GPL";
