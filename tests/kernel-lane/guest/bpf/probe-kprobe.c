// SPDX-License-Identifier: GPL-2.0
/*
 * perf-style kprobe sections for the kernel lane: a plain function, a return probe with
 * $retval, arguments resolved from the kernel's BTF (a struct member through a pointer), and a
 * glob whose points all fetch the same way (one program for all).  Each prints a BPF string.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct {
	__uint(type, BPF_MAP_TYPE_PERF_EVENT_ARRAY);
	__uint(key_size, sizeof(int));
	__uint(value_size, sizeof(int));
	__uint(max_entries, __NR_CPUS__);
} __bpf_stdout__ SEC(".maps");

#define SAY(ctx, fmt, ...)                                                                   \
	({                                                                                   \
		char _b[64];                                                                 \
		long _n = BPF_SNPRINTF(_b, sizeof(_b), fmt, __VA_ARGS__);                    \
		/* a mask, not a range check: older verifiers lose the bounds of a copy */   \
		if (_n > 0)                                                                  \
			bpf_perf_event_output(ctx, &__bpf_stdout__, BPF_F_CURRENT_CPU, _b,   \
					      _n & 63);                                      \
	})

SEC("kp_sleep=do_nanosleep")
int kp_sleep(void *ctx)
{
	SAY(ctx, "nanosleep %d", 1);
	return 0;
}

/* do_sys_openat2(int dfd, const char __user *filename, struct open_how *how) */
SEC("kp_open=do_sys_openat2 dfd how->flags how->mode")
int kp_open(void *ctx, int err, unsigned long dfd, unsigned long flags, unsigned long mode)
{
	SAY(ctx, "open err=%d dfd=%d flags=%lx mode=%lx", err, (int)dfd, flags, mode);
	return 0;
}

SEC("kp_open_ret=do_sys_openat2%return $retval")
int kp_open_ret(void *ctx, int err, unsigned long ret)
{
	SAY(ctx, "open-ret err=%d fd=%ld", err, (long)ret);
	return 0;
}

/* __x64_sys_dup, dup2, dup3 (const struct pt_regs *regs): regs->di is oldfd for each */
SEC("kp_dup=__x64_sys_dup* regs->di")
int kp_dup(void *ctx, int err, unsigned long oldfd)
{
	SAY(ctx, "dup err=%d oldfd=%lu", err, oldfd);
	return 0;
}

char _license[] SEC("license") = "GPL";
