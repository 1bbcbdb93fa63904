// SPDX-License-Identifier: GPL-2.0
/* A section name that is neither perf's nor libbpf's. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

SEC("no such=section;")
int bad_section(void *ctx)
{
	return 0;
}

char _license[] SEC("license") = "GPL";
