// SPDX-License-Identifier: GPL-2.0
/*
 * perf-style uprobe and uretprobe sections over a glob of the probe-args workload's four
 * probe_glob_* functions, counting calls and returns in a map.  Both programs return 0 on every
 * path, so no hit is ever sampled: where the kernel has uprobe_multi links, each program sits
 * on its four points through one link.  The path is the workload's in the kernel lane's guest;
 * tests/e2e/probe-multi.sh puts the host's in its place.
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
	long *v = bpf_map_lookup_elem(&calls, &key);

	if (v)
		__sync_fetch_and_add(v, 1);
}

SEC("exec=/build/tests/workloads/probe-args;entry=probe_glob_*")
int entry(void *ctx)
{
	bump(0);
	return 0;
}

SEC("exec=/build/tests/workloads/probe-args;exit=probe_glob_*%return")
int exit_(void *ctx)
{
	bump(1);
	return 0;
}

char _license[] SEC("license") = "GPL";
