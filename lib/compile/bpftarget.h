/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What clang must know about the machine a BPF program will run on, so that libbpf-style
 * sources compile as they are: the architecture libbpf's <bpf/bpf_tracing.h> reads pt_regs
 * for (-D__TARGET_ARCH_<arch>) and the highest BPF instruction set the kernel takes (-mcpu).
 */
#ifndef PERF_BPF_BPFTARGET_H
#define PERF_BPF_BPFTARGET_H

#include <stdbool.h>

/*
 * The <arch> of __TARGET_ARCH_<arch> for a uname(2) machine ("x86_64" -> "x86", "aarch64"
 * -> "arm64", ...), or NULL for a machine bpf_tracing.h does not know.
 */
const char *bpftarget__arch(const char *machine);

/*
 * The -mcpu for a kernel of LINUX_VERSION_CODE version_code: "v3" (32-bit ALU and jumps,
 * what the return value of __sync_fetch_and_add on a 32-bit value needs) from 5.1, "v2"
 * from 4.14, else "v1". 0 (unknown) gives "v1".
 */
const char *bpftarget__mcpu(unsigned int version_code);

/* The user's clang options (may be NULL) already set it: "-mcpu" or "__TARGET_ARCH_". */
bool bpftarget__user_sets(const char *clang_opt, const char *what);

#endif
