// SPDX-License-Identifier: GPL-2.0
/* A uprobe on a binary that does not exist. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

SEC("exec=/nonexistent/perf-bpf-bad-input;func=main")
int absent_bin(void *ctx)
{
	return 0;
}

char _license[] SEC("license") = "GPL";
