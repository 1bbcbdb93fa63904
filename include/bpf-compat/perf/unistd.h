/* SPDX-License-Identifier: GPL-2.0 */
/* perf's BPF <unistd.h>: getpid() of the task the program runs in (its thread group id). */
#ifndef PERF_BPF_COMPAT_PERF_UNISTD_H
#define PERF_BPF_COMPAT_PERF_UNISTD_H

#include "bpf.h"

static u64 (*bpf_get_current_pid_tgid)(void) = (void *)BPF_FUNC_get_current_pid_tgid;

static inline pid_t getpid(void)
{
	return bpf_get_current_pid_tgid() >> 32;
}

#endif
