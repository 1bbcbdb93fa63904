// SPDX-License-Identifier: GPL-2.0
/*
 * Read a counter the command line puts into a map: at every Nth write(), how much CPU time
 * the CPU it runs on has counted (cpu-clock, in ns), printed through __bpf_stdout__.
 * Works without a hardware PMU; with one, put cycles or instructions there instead.
 *
 *	perf-bpf trace -i -e cpu-clock/period=1000000000/ \
 *		-e './examples/clock_read.c/map:clock.event=cpu-clock,map:every.value[0]=10/' \
 *		-- dd if=/dev/zero of=/dev/null bs=1 count=100
 *
 * Slots of "clock" are CPU numbers (BPF_F_CURRENT_CPU): the event is opened on every CPU.
 * Without the map:clock.event term the slots stay empty and the read fails (-ENOENT);
 * without map:every.value[0] every write is reported.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct {
	__uint(type, BPF_MAP_TYPE_PERF_EVENT_ARRAY);
	__uint(key_size, sizeof(int));
	__uint(value_size, sizeof(int));
	__uint(max_entries, __NR_CPUS__);
} clock SEC(".maps");

/* report one write in this many (slot 0), and the count so far (slot 1) */
struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__type(key, __u32);
	__type(value, __u32);
	__uint(max_entries, 2);
} every SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERF_EVENT_ARRAY);
	__uint(key_size, sizeof(int));
	__uint(value_size, sizeof(int));
	__uint(max_entries, __NR_CPUS__);
} __bpf_stdout__ SEC(".maps");

struct report {
	__s64 err; /* of the read: 0, or -ENOENT without an event in this CPU's slot */
	__u64 ns; /* cpu-clock's count */
	__u64 enabled, running; /* its times enabled and running */
};

SEC("syscalls:sys_enter_write")
int clock_read(void *ctx)
{
	__u32 zero = 0, one = 1, *nth = bpf_map_lookup_elem(&every, &zero);
	__u32 *seen = bpf_map_lookup_elem(&every, &one);
	struct bpf_perf_event_value v;
	struct report r;
	__u32 n;

	if (!nth || !seen)
		return 0;
	n = *seen; /* racy across CPUs: good enough to thin the output */
	*seen = n + 1;
	if (*nth > 1 && n % *nth)
		return 0;
	__builtin_memset(&v, 0, sizeof(v));
	r.err = bpf_perf_event_read_value(&clock, BPF_F_CURRENT_CPU, &v, sizeof(v));
	r.ns = v.counter;
	r.enabled = v.enabled;
	r.running = v.running;
	bpf_perf_event_output(ctx, &__bpf_stdout__, BPF_F_CURRENT_CPU, &r, sizeof(r));
	return 0;
}

char _license[] SEC("license") = "GPL";
