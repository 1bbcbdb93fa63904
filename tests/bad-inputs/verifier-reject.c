// SPDX-License-Identifier: GPL-2.0
/* Rejected by the verifier: reads a map value without checking the lookup for NULL. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(key_size, sizeof(int));
	__uint(value_size, sizeof(long));
	__uint(max_entries, 1);
} bad_values SEC(".maps");

SEC("syscalls:sys_enter_getppid")
int bad_deref(void *ctx)
{
	int zero = 0;
	long *v = bpf_map_lookup_elem(&bad_values, &zero);

	return *v;
}

char _license[] SEC("license") = "GPL";
