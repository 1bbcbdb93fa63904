/* SPDX-License-Identifier: GPL-2.0 */
/*
 * perf's BPF <linux/socket.h>: the uapi header, plus the name sockaddr_storage that the kernel's
 * internal socket.h gave perf-era sources for the uapi struct.
 */
#ifndef PERF_BPF_COMPAT_PERF_LINUX_SOCKET_H
#define PERF_BPF_COMPAT_PERF_LINUX_SOCKET_H

#include_next <linux/socket.h>

#ifndef sockaddr_storage
#define sockaddr_storage __kernel_sockaddr_storage
#endif

#endif
