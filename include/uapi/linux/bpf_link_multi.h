/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */
/*
 * The kernel's multi-point probe links as its uapi <linux/bpf.h> has them (kprobe_multi
 * since Linux 5.18, its link info since 6.6; uprobe_multi since 6.6, its link info since
 * 6.8), which the system's 6.1 headers lack in part. Declared as structs of their own so
 * they never clash with the system header: each mirrors the head of the kernel's attribute
 * or info and the member of its union for the kind. The kernel takes or copies only the
 * bytes it knows of a longer struct and zeroes the rest, so the shorter ones are fine.
 */
#ifndef PERF_BPF_UAPI_BPF_LINK_MULTI_H
#define PERF_BPF_UAPI_BPF_LINK_MULTI_H

#include <linux/types.h>

/* enum bpf_attach_type, enum bpf_link_type and flag values, prefixed so they cannot collide. */
enum {
	LINK_MULTI_ATTACH_UPROBE = 48, /* BPF_TRACE_UPROBE_MULTI */
	LINK_MULTI_TYPE_UPROBE = 12, /* BPF_LINK_TYPE_UPROBE_MULTI */
	LINK_MULTI_UPROBE_RETURN = 1, /* BPF_F_UPROBE_MULTI_RETURN */
};

/* union bpf_attr for BPF_LINK_CREATE with its uprobe_multi member */
struct bpf_link_create_uprobe_multi {
	__u32 prog_fd;
	__u32 target_fd;
	__u32 attach_type; /* LINK_MULTI_ATTACH_UPROBE */
	__u32 flags;
	__aligned_u64 path;
	__aligned_u64 offsets;
	__aligned_u64 ref_ctr_offsets;
	__aligned_u64 cookies;
	__u32 cnt;
	__u32 uflags; /* LINK_MULTI_UPROBE_RETURN */
	__u32 pid;
	__u32 : 32;
};

/* struct bpf_link_info of a kprobe_multi or uprobe_multi link */
struct bpf_link_info_multi {
	__u32 type; /* BPF_LINK_TYPE_KPROBE_MULTI, LINK_MULTI_TYPE_UPROBE */
	__u32 id;
	__u32 prog_id;
	__u32 : 32;
	union {
		struct {
			__aligned_u64 addrs; /* in: buffer of count, out: addresses */
			__u32 count;
			__u32 flags;
			__u64 missed;
			__aligned_u64 cookies;
		} kprobe;
		struct {
			__aligned_u64 path; /* in: buffer of path_size, out: the file */
			__aligned_u64 offsets; /* in: buffer of count, out: file offsets */
			__aligned_u64 ref_ctr_offsets;
			__aligned_u64 cookies;
			__u32 path_size;
			__u32 count;
			__u32 flags;
			__u32 pid;
		} uprobe;
	};
};

#endif
