// SPDX-License-Identifier: GPL-2.0
/*
 * test_bpf_map_2.c on tracepoints, so it runs where kprobes do not: at each write() entry
 * and return, read the counter the command line put into the PERF_EVENT_ARRAY "pmu_map" for
 * this CPU, and print it with trace_printk.
 *
 *	perf-bpf record -i -e cycles \
 *		-e './examples/tp_bpf_map_2.c/map:pmu_map.event=cycles/' -- ls /
 *	grep 'pmu=' /sys/kernel/tracing/trace
 *
 * Without a hardware PMU (or without the map: term) the slots stay empty and the program
 * prints the read's error instead, pmu=18446744073709551614 (-ENOENT), as perf's own example
 * showed:
 *
 *	perf-bpf record -e ./examples/tp_bpf_map_2.c -- ls /
 */
#include <uapi/linux/bpf.h>

#define SEC(NAME) __attribute__((section(NAME), used))

struct bpf_map_def {
	unsigned int type;
	unsigned int key_size;
	unsigned int value_size;
	unsigned int max_entries;
};

static int (*trace_printk)(const char *fmt, int fmt_size, ...) = (void *)BPF_FUNC_trace_printk;
static int (*get_smp_processor_id)(void) = (void *)BPF_FUNC_get_smp_processor_id;
static int (*perf_event_read)(struct bpf_map_def *, int) = (void *)BPF_FUNC_perf_event_read;

struct bpf_map_def SEC("maps") pmu_map = {
	.type = BPF_MAP_TYPE_PERF_EVENT_ARRAY,
	.key_size = sizeof(int),
	.value_size = sizeof(int),
	.max_entries = __NR_CPUS__,
};

SEC("syscalls:sys_enter_write")
int func_write(void *ctx)
{
	unsigned long long val;
	char fmt[] = "sys_write: pmu=%llu\n";

	val = perf_event_read(&pmu_map, get_smp_processor_id());
	trace_printk(fmt, sizeof(fmt), val);
	return 0;
}

SEC("syscalls:sys_exit_write")
int func_write_return(void *ctx)
{
	unsigned long long val = 0;
	char fmt[] = "sys_write_return: pmu=%llu\n";

	val = perf_event_read(&pmu_map, get_smp_processor_id());
	trace_printk(fmt, sizeof(fmt), val);
	return 0;
}

char _license[] SEC("license") = "GPL";
int _version SEC("version") = LINUX_VERSION_CODE;
