// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's floor for a system-call capture: a program on raw_syscalls' sys_enter and
 * sys_exit that does nothing. Every call of every task then takes the kernel's traced
 * system-call path and runs both programs.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

SEC("raw_tp/sys_enter")
int floor_enter(void *ctx)
{
	return 0;
}

SEC("raw_tp/sys_exit")
int floor_exit(void *ctx)
{
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
