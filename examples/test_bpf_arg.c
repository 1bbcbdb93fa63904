// SPDX-License-Identifier: GPL-2.0
/*
 * perf's prologue-sharing example (2015): one definition probes every function matching
 * SyS_dup? (SyS_dup2 and SyS_dup3 then), fetching the argument oldfd into the program's
 * third register (the generated prologue's arg1).  Both probe points have the same argument
 * list, so one program serves them both: only one bpf-prog fd appears.
 *
 *	perf-bpf record -e ./examples/test_bpf_arg.c -- sleep 4 &
 *	sleep 1 && ls -l /proc/$!/fd/ | grep bpf-prog
 *
 * Needs kprobes, debug info for the kernel, and a kernel with SyS_dup2/SyS_dup3 (today's x86
 * has __x64_sys_dup2/__x64_sys_dup3).
 */
#include <uapi/linux/bpf.h>

#define SEC(NAME) __attribute__((section(NAME), used))

SEC("inlines=no;"
    "func=SyS_dup? oldfd")
int func(void *ctx)
{
	return 1;
}

char _license[] SEC("license") = "GPL";
int _version SEC("version") = LINUX_VERSION_CODE;
