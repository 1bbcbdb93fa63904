/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */
/*
 * The perf_event part of struct bpf_link_info, as the kernel's uapi <linux/bpf.h> has it
 * since Linux 6.6 (the system's 6.1 headers lack it). Declared as a struct of its own so it
 * never clashes with the system header: it mirrors the head of struct bpf_link_info (type,
 * id, prog_id) and the perf_event member of its union, which the kernel fills for links of
 * type BPF_LINK_TYPE_PERF_EVENT. The kernel copies min(info_len, its size) bytes, so a
 * shorter struct is fine.
 */
#ifndef PERF_BPF_UAPI_BPF_LINK_PERF_H
#define PERF_BPF_UAPI_BPF_LINK_PERF_H

#include <linux/types.h>

/* enum bpf_perf_event_type (kernel uapi 6.6+), prefixed so it cannot collide. */
enum {
	LINK_PERF_EVENT_UNSPEC = 0,
	LINK_PERF_EVENT_UPROBE = 1,
	LINK_PERF_EVENT_URETPROBE = 2,
	LINK_PERF_EVENT_KPROBE = 3,
	LINK_PERF_EVENT_KRETPROBE = 4,
	LINK_PERF_EVENT_TRACEPOINT = 5,
	LINK_PERF_EVENT_EVENT = 6,
};

struct bpf_link_info_perf_event {
	__u32 type; /* BPF_LINK_TYPE_PERF_EVENT */
	__u32 id;
	__u32 prog_id;
	__u32 : 32;
	__u32 perf_type; /* LINK_PERF_EVENT_* */
	__u32 : 32;
	union {
		struct {
			__aligned_u64 file_name; /* in: buffer, out: path */
			__u32 name_len;
			__u32 offset;
			__u64 cookie;
		} uprobe;
		struct {
			__aligned_u64 func_name; /* in: buffer, out: symbol */
			__u32 name_len;
			__u32 offset;
			__u64 addr;
			__u64 missed;
			__u64 cookie;
		} kprobe;
		struct {
			__aligned_u64 tp_name; /* in: buffer, out: event name */
			__u32 name_len;
			__u32 : 32;
			__u64 cookie;
		} tracepoint;
		struct {
			__u64 config;
			__u32 type;
			__u32 : 32;
			__u64 cookie;
		} event;
	};
} __attribute__((aligned(8)));

#endif
