// SPDX-License-Identifier: GPL-2.0
/*
 * Typed records: __type(value, struct event) in the __bpf_stdout__ definition names the
 * type of what the program emits, and perf-bpf prints each record field by field
 * (`pid=... comm=... kind=OPEN flags=... path=...`; JSON: a "fields" object) instead of a
 * hexdump. The record stops after the path's NUL: shorter records show the fields they hold.
 *
 *	perf-bpf trace -e examples/typed.c -- cat /etc/hostname
 *	perf-bpf trace --json -e examples/typed.c -- cat /etc/hostname
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

enum kind { OPEN = 1, CLOSE = 2 };

struct event {
	__u32 pid;
	char comm[16];
	enum kind kind;
	__u64 flags;
	char path[64];
};

struct {
	__uint(type, BPF_MAP_TYPE_PERF_EVENT_ARRAY);
	__uint(key_size, sizeof(int));
	__uint(max_entries, __NR_CPUS__);
	__type(value, struct event);
} __bpf_stdout__ SEC(".maps");

struct sys_enter_openat {
	__u64 common;
	int nr;
	__u64 dfd;
	__u64 filename;
	__u64 flags;
	__u64 mode;
};

SEC("syscalls:sys_enter_openat")
int opens(struct sys_enter_openat *ctx)
{
	struct event ev = {}, *e = &ev;
	long n;

	e->pid = bpf_get_current_pid_tgid() >> 32;
	bpf_get_current_comm(e->comm, sizeof(e->comm));
	e->kind = OPEN;
	e->flags = ctx->flags;
	n = bpf_probe_read_user_str(e->path, sizeof(e->path), (void *)ctx->filename);
	if (n < 1)
		n = 1;
	n &= sizeof(e->path) - 1;
	bpf_perf_event_output(ctx, &__bpf_stdout__, BPF_F_CURRENT_CPU, e,
			      __builtin_offsetof(struct event, path) + n + 1);
	return 0;
}

char _license[] SEC("license") = "GPL";
