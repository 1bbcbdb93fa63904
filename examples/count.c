// SPDX-License-Identifier: GPL-2.0
/*
 * Counting: openat calls per command name, in a hash map that perf-bpf prints when the
 * run ends (bpftrace's `@[comm] = count()`).
 *
 *	perf-bpf trace -e examples/count.c -a -- sleep 1
 *
 * prints lines "@counts[COMM]: N", the biggest last.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct comm {
	char name[16];
};

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 1024);
	__type(key, struct comm);
	__type(value, __u64);
} counts SEC(".maps");

SEC("syscalls:sys_enter_openat")
int count_openat(void *ctx)
{
	struct comm key = {};
	__u64 one = 1, *n;

	bpf_get_current_comm(key.name, sizeof(key.name));
	n = bpf_map_lookup_elem(&counts, &key);
	if (n)
		__sync_fetch_and_add(n, 1);
	else
		bpf_map_update_elem(&counts, &key, &one, BPF_NOEXIST);
	return 0; /* the count is all: no sample */
}

char _license[] SEC("license") = "GPL";
