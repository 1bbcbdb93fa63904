// SPDX-License-Identifier: GPL-2.0
/*
 * test_bpf_trace.c on tracepoints, so it runs where kprobes do not: the entry and the return
 * of clock_nanosleep (what sleep calls today) each raise "Raise a BPF event!"
 * through the __bpf_stdout__ map, which gets a bpf-output event by itself.
 *
 *	perf-bpf record -e examples/tp_bpf_trace.c -- sleep 0.1
 *	perf-bpf script
 *	perf-bpf trace -e examples/tp_bpf_trace.c -- sleep 0.1
 */
#include <uapi/linux/bpf.h>

struct bpf_map_def {
	unsigned int type;
	unsigned int key_size;
	unsigned int value_size;
	unsigned int max_entries;
};

#define SEC(NAME) __attribute__((section(NAME), used))

static u64 (*ktime_get_ns)(void) = (void *)BPF_FUNC_ktime_get_ns;
static int (*trace_printk)(const char *fmt, int fmt_size, ...) = (void *)BPF_FUNC_trace_printk;
static int (*get_smp_processor_id)(void) = (void *)BPF_FUNC_get_smp_processor_id;
static int (*perf_event_output)(void *, struct bpf_map_def *, int, void *,
				unsigned long) = (void *)BPF_FUNC_perf_event_output;

struct bpf_map_def SEC("maps") __bpf_stdout__ = {
	.type = BPF_MAP_TYPE_PERF_EVENT_ARRAY,
	.key_size = sizeof(int),
	.value_size = sizeof(u32),
	.max_entries = __NR_CPUS__,
};

static inline int __attribute__((always_inline)) func(void *ctx, int type)
{
	char output_str[] = "Raise a BPF event!";
	char err_str[] = "BAD %d\n";
	int err;

	err = perf_event_output(ctx, &__bpf_stdout__, get_smp_processor_id(), &output_str,
				sizeof(output_str));
	if (err)
		trace_printk(err_str, sizeof(err_str), err);
	return 1;
}

SEC("syscalls:sys_enter_clock_nanosleep")
int func_begin(void *ctx)
{
	return func(ctx, 1);
}

SEC("syscalls:sys_exit_clock_nanosleep")
int func_end(void *ctx)
{
	return func(ctx, 2);
}

char _license[] SEC("license") = "GPL";
int _version SEC("version") = LINUX_VERSION_CODE;
