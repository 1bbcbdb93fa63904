// SPDX-License-Identifier: GPL-2.0
/* A tracepoint this kernel does not have. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

SEC("nosuchgroup:nosuch_event")
int absent_tp(void *ctx)
{
	return 0;
}

char _license[] SEC("license") = "GPL";
