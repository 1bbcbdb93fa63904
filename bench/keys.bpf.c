// SPDX-License-Identifier: GPL-2.0
/* One key per fd the bench's keys workload closes (bench/keys.c), printed at exit. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 1 << 21);
	__type(key, long);
	__type(value, long);
} fds SEC(".maps");

struct close_args {
	unsigned long long common;
	long nr;
	unsigned long fd;
};

SEC("syscalls:sys_enter_close")
int on_close(struct close_args *ctx)
{
	long fd = ctx->fd, one = 1;
	char comm[8];

	bpf_get_current_comm(comm, sizeof(comm));
	if (comm[0] != 'k' || comm[1] != 'e' || comm[2] != 'y' || comm[3] != 's' || comm[4])
		return 0;
	bpf_map_update_elem(&fds, &fd, &one, BPF_ANY);
	return 0;
}

char _license[] SEC("license") = "GPL";
