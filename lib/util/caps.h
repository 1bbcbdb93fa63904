/* SPDX-License-Identifier: GPL-2.0 */
/* The calling process's effective capabilities, to say which one is missing before a call fails. */
#ifndef PERF_BPF_CAPS_H
#define PERF_BPF_CAPS_H

#include <stdbool.h>
#include <stddef.h>

/* Numbers from linux/capability.h, which older headers lack. */
#define CAPS_SYS_ADMIN 21
#define CAPS_PERFMON 38
#define CAPS_BPF 39

/* Is capability cap effective? False when /proc/self/status cannot tell. */
bool caps__has(int cap);
/*
 * What running BPF scriptlets lacks: root has it all, CAP_SYS_ADMIN stands for both
 * CAP_BPF and CAP_PERFMON. Writes the missing names ("CAP_BPF and CAP_PERFMON") to buf and
 * returns true when something is missing.
 */
bool caps__bpf_missing(char *buf, size_t size);

#endif
