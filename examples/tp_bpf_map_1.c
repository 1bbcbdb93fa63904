// SPDX-License-Identifier: GPL-2.0
/*
 * test_bpf_map_1.c on a tracepoint, so it runs where kprobes do not: each clock_nanosleep
 * prints, with trace_printk, the value the command line put into slot 0 of the array map
 * "channel".
 *
 *	perf-bpf record -e './examples/tp_bpf_map_1.c/map:channel.value=11/' -- sleep 0.01
 *	perf-bpf script		# ... bpf_trace:bpf_trace_printk: 11
 */
#include <uapi/linux/bpf.h>

#define SEC(NAME) __attribute__((section(NAME), used))

struct bpf_map_def {
	unsigned int type;
	unsigned int key_size;
	unsigned int value_size;
	unsigned int max_entries;
};

static void *(*map_lookup_elem)(struct bpf_map_def *, void *) = (void *)BPF_FUNC_map_lookup_elem;
static int (*trace_printk)(const char *fmt, int fmt_size, ...) = (void *)BPF_FUNC_trace_printk;

struct bpf_map_def SEC("maps") channel = {
	.type = BPF_MAP_TYPE_ARRAY,
	.key_size = sizeof(int),
	.value_size = sizeof(int),
	.max_entries = 1,
};

SEC("syscalls:sys_enter_clock_nanosleep")
int func(void *ctx)
{
	int key = 0;
	char fmt[] = "%d\n";
	int *pval = map_lookup_elem(&channel, &key);

	if (!pval)
		return 0;
	trace_printk(fmt, sizeof(fmt), *pval);
	return 0;
}

char _license[] SEC("license") = "GPL";
int _version SEC("version") = LINUX_VERSION_CODE;
