/* SPDX-License-Identifier: GPL-2.0 */
/*
 * perf's examples include <bpf/bpf.h> meaning perf's BPF helper header (perf put its headers
 * under an include/bpf/ directory), while the same name in /usr/include is libbpf's user-space
 * API, which a BPF program cannot use.  Give perf's header to perf-era sources, and libbpf's
 * to anything that already took libbpf's BPF-side headers.
 */
#if defined(__BPF_HELPERS__)
#include_next <bpf/bpf.h>
#else
#include <bpf.h>
#endif
