/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What bpf/scnumbers.bpf.c and lib/syscalls/scnumbers.c share: one row per tracefs file of
 * a syscalls:sys_enter_NAME event the loading process holds open, with the system-call
 * number the kernel gave that event.
 */
#ifndef PERF_BPF_BPF_SCNUMBERS_H
#define PERF_BPF_BPF_SCNUMBERS_H

#ifndef __VMLINUX_H__
#include <linux/types.h>
#endif

struct scnumber_row {
	__s32 fd; /* the file's descriptor in the loading process */
	__s32 nr; /* its call's number; -1: not a system call's event */
};

#endif
