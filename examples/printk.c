// SPDX-License-Identifier: GPL-2.0
/*
 * bpf_printk: each nanosleep of the traced command prints a line, shown as perf script
 * shows the bpf_trace:bpf_trace_printk tracepoint, in time order with the other samples,
 * read from a tracefs instance of the run's own (the kernel's trace_pipe is left alone).
 *
 *	perf-bpf trace -e examples/printk.c -- sleep 0.1
 *	perf-bpf record -e examples/printk.c -- sleep 0.1 && perf script
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

SEC("syscalls:sys_enter_clock_nanosleep")
int printk(void *ctx)
{
	bpf_printk("sleeping, pid %d", (int)(bpf_get_current_pid_tgid() >> 32));
	return 0; /* 0: do not record the tracepoint sample itself, only the line */
}

char _license[] SEC("license") = "GPL";
