// SPDX-License-Identifier: GPL-2.0
/*
 * Histograms of the sizes read(2) asks for, printed as bars when the run ends
 * (bpftrace's hist() and lhist()). A map whose name ends in _hist holds log2 buckets
 * (key 0 counts 0, key k the values [2^(k-1), 2^k)); one ending in _lhist_W holds linear
 * buckets of width W keyed by their lowest value.
 *
 *	perf-bpf trace -e examples/hist.c -- dd if=/dev/zero of=/dev/null bs=4k count=100
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

#define LINEAR_WIDTH 1024

struct sys_enter_read {
	__u64 common; /* type, flags, preempt count, pid */
	int nr;
	__u64 fd;
	__u64 buf;
	__u64 count;
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 65);
	__type(key, __u32);
	__type(value, __u64);
} sizes_hist SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 256);
	__type(key, __u64);
	__type(value, __u64);
} sizes_lhist_1024 SEC(".maps");

static __always_inline __u32 log2_bucket(__u64 v)
{
	__u32 k = 0;

	for (int i = 0; i < 64 && v; i++) {
		v >>= 1;
		k++;
	}
	return k; /* 0 for 0, k for [2^(k-1), 2^k) */
}

SEC("syscalls:sys_enter_read")
int read_sizes(struct sys_enter_read *ctx)
{
	__u32 k = log2_bucket(ctx->count);
	__u64 lin = ctx->count / LINEAR_WIDTH * LINEAR_WIDTH, one = 1, *n;

	n = bpf_map_lookup_elem(&sizes_hist, &k);
	if (n)
		__sync_fetch_and_add(n, 1);
	n = bpf_map_lookup_elem(&sizes_lhist_1024, &lin);
	if (n)
		__sync_fetch_and_add(n, 1);
	else
		bpf_map_update_elem(&sizes_lhist_1024, &lin, &one, BPF_NOEXIST);
	return 0;
}

char _license[] SEC("license") = "GPL";
