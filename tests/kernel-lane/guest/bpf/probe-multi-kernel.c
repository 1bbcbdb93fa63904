// SPDX-License-Identifier: GPL-2.0
/*
 * perf-style kprobe and kretprobe sections over a glob of the dup system calls (dup, dup2,
 * dup3), counting the probe-kernel workload's calls and returns in a map.  Both programs
 * return 0 on every path: where the kernel has kprobe_multi links, each program sits on its
 * three points through one link.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 2);
	__type(key, int);
	__type(value, long);
} calls SEC(".maps");

static void bump(int key)
{
	char comm[16] = "";
	long *v;

	bpf_get_current_comm(comm, sizeof(comm));
	/* the workload's calls only: "probe-kernel" */
	if (comm[0] != 'p' || comm[6] != 'k' || comm[11] != 'l' || comm[12])
		return;
	v = bpf_map_lookup_elem(&calls, &key);
	if (v)
		__sync_fetch_and_add(v, 1);
}

SEC("entry=__x64_sys_dup*")
int entry(void *ctx)
{
	bump(0);
	return 0;
}

SEC("exit=__x64_sys_dup*%return")
int exit_(void *ctx)
{
	bump(1);
	return 0;
}

char _license[] SEC("license") = "GPL";
