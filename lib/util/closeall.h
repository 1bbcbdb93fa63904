/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Close many fds at once. Closing a perf event with a BPF program or a probe on it waits
 * for the kernel's RCU grace periods (tens of milliseconds each, here); closes made from
 * several threads wait for the same grace periods instead of one after another.
 *
 *	closeall(fds, n);	(each fd >= 0 is closed and set to -1)
 */
#ifndef PERF_BPF_CLOSEALL_H
#define PERF_BPF_CLOSEALL_H

#include <stddef.h>

void closeall(int *fds, size_t n);

#endif
