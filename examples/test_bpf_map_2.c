// SPDX-License-Identifier: GPL-2.0
/*
 * perf's map-event example (2016), as perf users wrote it: at each sys_write entry and return,
 * read the counter the command line put into the PERF_EVENT_ARRAY "pmu_map" for this CPU, and
 * print it with trace_printk.
 *
 *	perf-bpf record -i -e cycles \
 *		-e './examples/test_bpf_map_2.c/map:pmu_map.event=cycles/' -- ls /
 *	cat /sys/kernel/tracing/trace		# ... : sys_write: pmu=1157327
 *
 * Needs kprobes and a hardware PMU; tp_bpf_map_2.c does the same on the syscall tracepoints
 * with a software counter.
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

SEC("func_write=sys_write")
int func_write(void *ctx)
{
	unsigned long long val;
	char fmt[] = "sys_write: pmu=%llu\n";

	val = perf_event_read(&pmu_map, get_smp_processor_id());
	trace_printk(fmt, sizeof(fmt), val);
	return 0;
}

SEC("func_write_return=sys_write%return")
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
