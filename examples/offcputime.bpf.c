// SPDX-License-Identifier: GPL-2.0
/*
 * Off-CPU time by stack, written as libbpf-tools' offcputime is: when a task leaves the
 * CPU its user and kernel stack ids (bpf_get_stackid() on a STACK_TRACE map) are kept;
 * when it comes back the time it was away is added to a map keyed by its pid and those
 * ids. perf-bpf prints the map's keys with their stacks' frames, and folds them, weighted
 * by the nanoseconds, into an off-CPU flame graph:
 *
 *	perf-bpf trace -e examples/offcputime.bpf.c -- sleep 1
 *	perf-bpf trace -e examples/offcputime.bpf.c --flamegraph offcpu.svg -- sleep 0.5
 *
 * --clang-opt=-DTARGET_COMM=NAME keeps only the tasks named NAME.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

#define MAX_STACK_DEPTH 127
#define MAX_ENTRIES 10240

struct key_t {
	u32 pid;
	u32 tgid;
	int user_stack_id;
	int kern_stack_id;
	char comm[16];
};

struct start_t {
	u64 ts;
	struct key_t key;
};

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, MAX_ENTRIES);
	__type(key, u32);
	__type(value, struct start_t);
} start SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_STACK_TRACE);
	__uint(key_size, sizeof(u32));
	__uint(value_size, MAX_STACK_DEPTH * sizeof(u64));
	__uint(max_entries, MAX_ENTRIES);
} stackmap SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, MAX_ENTRIES);
	__type(key, struct key_t);
	__type(value, u64); /* nanoseconds off the CPU */
} offcpu SEC(".maps");

static bool wanted(const struct task_struct *t)
{
#ifdef TARGET_COMM
#define STR(x) #x
#define XSTR(x) STR(x)
	const char want[16] = XSTR(TARGET_COMM);

	for (int i = 0; i < 16; i++) {
		if (t->comm[i] != want[i])
			return false;
		if (!want[i])
			break;
	}
#endif
	return t->pid != 0; /* not the idle task */
}

SEC("tp_btf/sched_switch")
int BPF_PROG(sched_switch, bool preempt, struct task_struct *prev, struct task_struct *next)
{
	u64 now = bpf_ktime_get_ns(), delta, *total;
	struct start_t *s, st = {};
	u32 pid;

	if (wanted(prev)) {
		pid = prev->pid;
		st.ts = now;
		st.key.pid = pid;
		st.key.tgid = prev->tgid;
		st.key.user_stack_id = bpf_get_stackid(ctx, &stackmap, BPF_F_USER_STACK);
		st.key.kern_stack_id = bpf_get_stackid(ctx, &stackmap, 0);
		__builtin_memcpy(st.key.comm, prev->comm, sizeof(st.key.comm));
		bpf_map_update_elem(&start, &pid, &st, BPF_ANY);
	}
	pid = next->pid;
	s = bpf_map_lookup_elem(&start, &pid);
	if (!s)
		return 0;
	delta = now - s->ts;
	total = bpf_map_lookup_elem(&offcpu, &s->key);
	if (total)
		__sync_fetch_and_add(total, delta);
	else
		bpf_map_update_elem(&offcpu, &s->key, &delta, BPF_NOEXIST);
	bpf_map_delete_elem(&start, &pid);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
