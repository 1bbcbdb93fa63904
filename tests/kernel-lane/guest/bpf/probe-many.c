// SPDX-License-Identifier: GPL-2.0
/*
 * About a thousand kprobe points from perf-style globs: the entries and returns of the
 * x86-64 system calls and the entries of the 32-bit ones. The entries count the probe-kernel
 * workload's dup, dup2 and dup3 calls by the number in the registers of the call (the
 * handler's first argument), the returns every return of the workload. Every program returns 0.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

#define PT_REGS_DI 112 /* offsetof(struct pt_regs, di) on x86-64 */
#define PT_REGS_ORIG_AX 120 /* offsetof(struct pt_regs, orig_ax) */

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 3);
	__type(key, int);
	__type(value, long);
} calls SEC(".maps");

static int ours(void)
{
	char comm[16] = "";

	bpf_get_current_comm(comm, sizeof(comm));
	/* "probe-kernel" */
	return comm[0] == 'p' && comm[6] == 'k' && comm[11] == 'l' && !comm[12];
}

static void bump(int key)
{
	long *v = bpf_map_lookup_elem(&calls, &key);

	if (v)
		__sync_fetch_and_add(v, 1);
}

static void count_dup(void *ctx)
{
	unsigned long regs = 0, nr = 0;

	if (!ours())
		return;
	bpf_probe_read_kernel(&regs, sizeof(regs), (char *)ctx + PT_REGS_DI);
	bpf_probe_read_kernel(&nr, sizeof(nr), (char *)regs + PT_REGS_ORIG_AX);
	if (nr == 32 || nr == 33 || nr == 292) /* dup, dup2, dup3 */
		bump(0);
}

/* perf takes at most 128 points a glob: the calls in groups by their first letter */
#define ENTRY(NAME, GLOB)             \
	SEC(#NAME "=__x64_sys_" GLOB) \
	int NAME(void *ctx)           \
	{                             \
		count_dup(ctx);       \
		return 0;             \
	}
#define EXIT(NAME, GLOB)                        \
	SEC(#NAME "=__x64_sys_" GLOB "%return") \
	int NAME(void *ctx)                     \
	{                                       \
		if (ours())                     \
			bump(1);                \
		return 0;                       \
	}
#define COMPAT(NAME, GLOB)             \
	SEC(#NAME "=__ia32_sys_" GLOB) \
	int NAME(void *ctx)            \
	{                              \
		if (ours())            \
			bump(2);       \
		return 0;              \
	}

#ifdef PROBE_SOME /* probe-some.c: the calls from a to d only */
ENTRY(entry0, "[a-d]*")
EXIT(exit0, "[a-d]*")
COMPAT(compat0, "[a-d]*")
#else
ENTRY(entry0, "[a-f]*")
EXIT(exit0, "[a-f]*")
ENTRY(entry1, "[g-l]*")
EXIT(exit1, "[g-l]*")
ENTRY(entry2, "[m-o]*")
EXIT(exit2, "[m-o]*")
ENTRY(entry3, "[p-r]*")
EXIT(exit3, "[p-r]*")
ENTRY(entry4, "s*")
EXIT(exit4, "s*")
ENTRY(entry5, "[t-z]*")
EXIT(exit5, "[t-z]*")
COMPAT(compat0, "[a-f]*")
COMPAT(compat1, "[g-l]*")
COMPAT(compat2, "[m-o]*")
#endif

char _license[] SEC("license") = "GPL";
