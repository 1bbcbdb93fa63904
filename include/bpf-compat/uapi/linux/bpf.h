/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <uapi/linux/bpf.h> as a perf-era BPF source saw it.
 *
 * perf compiled BPF sources against a kernel build tree (-D__KERNEL__ plus kbuild's include
 * paths), so they wrote #include <uapi/linux/bpf.h> and used the kernel's own short type names
 * (u8..u64, s8..s64, bool, pid_t), which came along through the kernel-internal linux/types.h.
 * With no kernel build tree, this header stands in: it takes the installed uapi <linux/bpf.h>
 * and adds the short names.
 *
 * Why here and not in a linux/types.h wrapper: every BPF program includes linux/types.h, and
 * modern ones define the same names their own way (vmlinux.h typedefs, enum true/false, their
 * own "typedef unsigned long u64"), so adding names there would break them.  Only perf-era
 * sources (and perf's own helper headers) include <uapi/linux/bpf.h>, so the names appear
 * exactly where they are expected, without guessing which sources are perf-era.
 */
#ifndef PERF_BPF_COMPAT_UAPI_LINUX_BPF_H
#define PERF_BPF_COMPAT_UAPI_LINUX_BPF_H

#include <linux/bpf.h>
#include <linux/types.h>
#include <stdbool.h>
#include <stddef.h>

/* The kernel's names (include/linux/types.h, asm-generic/int-ll64.h), on the uapi types. */
typedef __u8 u8;
typedef __s8 s8;
typedef __u16 u16;
typedef __s16 s16;
typedef __u32 u32;
typedef __s32 s32;
typedef __u64 u64;
typedef __s64 s64;

typedef __kernel_pid_t pid_t;
typedef __kernel_uid32_t uid_t;
typedef __kernel_gid32_t gid_t;
typedef __kernel_loff_t loff_t;
typedef __kernel_ssize_t ssize_t;
typedef unsigned short umode_t;

#endif
