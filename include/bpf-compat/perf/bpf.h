/* SPDX-License-Identifier: GPL-2.0 */
/*
 * perf's BPF helper header (<bpf.h>), for machines without perf's own copy
 * (/usr/include/perf/bpf).  Same macro names and meanings, written for perf-bpf:
 *
 *	SEC(NAME)			put the next definition in ELF section NAME
 *	probe(FUNC, VARS)		a probe on FUNC fetching VARS: SEC("FUNC=FUNC VARS") FUNC
 *	syscall_enter(NAME)		SEC("syscalls:sys_enter_NAME") syscall_enter_NAME
 *	syscall_exit(NAME)		SEC("syscalls:sys_exit_NAME") syscall_exit_NAME
 *	license(NAME)			the license string, and the kernel version
 *	bpf_map(NAME, TYPE, KEY, VALUE, MAX)	a map of BPF_MAP_TYPE_##TYPE
 *	pid_map(NAME, VALUE)		a 64-entry hash keyed by pid_t
 *
 * Maps are BTF-defined (section ".maps"), which libbpf 1.x loads as they are; their key and
 * value are given by size, which every map type accepts.  Helpers take maps as void *, so
 * &map of any map definition fits.  struct bpf_map keeps perf's legacy layout for sources that
 * define "maps"-section maps with it themselves.
 */
#ifndef PERF_BPF_COMPAT_PERF_BPF_H
#define PERF_BPF_COMPAT_PERF_BPF_H

#include <uapi/linux/bpf.h>

#define SEC(NAME) __attribute__((section(NAME), used))

struct bpf_map {
	unsigned int type;
	unsigned int key_size;
	unsigned int value_size;
	unsigned int max_entries;
	unsigned int map_flags;
	unsigned int inner_map_idx;
	unsigned int numa_node;
};

/* BTF map definition fields: the value travels in the array size of a pointed-to type. */
#define __perf_bpf_uint(name, val) int(*name)[val]

#define bpf_map(name, _type, type_key, type_val, _max_entries) \
	struct {                                               \
		__perf_bpf_uint(type, BPF_MAP_TYPE_##_type);   \
		__perf_bpf_uint(key_size, sizeof(type_key));   \
		__perf_bpf_uint(value_size, sizeof(type_val)); \
		__perf_bpf_uint(max_entries, _max_entries);    \
	} name SEC(".maps")

/* 64 pids is what perf sized it for ('perf trace --filter-pids'). */
#define pid_map(name, value_type) bpf_map(name, HASH, pid_t, value_type, 64)

#define probe(function, vars) SEC(#function "=" #function " " #vars) function

#define syscall_enter(name) SEC("syscalls:sys_enter_" #name) syscall_enter_##name

#define syscall_exit(name) SEC("syscalls:sys_exit_" #name) syscall_exit_##name

#ifndef LINUX_VERSION_CODE
#define LINUX_VERSION_CODE 0 /* perf-bpf passes it; kernels since 5.0 ignore it */
#endif

#define license(name)                           \
	char _license[] SEC("license") = #name; \
	int _version SEC("version") = LINUX_VERSION_CODE

/*
 * Helpers by number, under perf's names; bpf_map_lookup_elem and friends clash with libbpf's
 * <bpf/bpf_helpers.h>, so a source takes one header or the other, as with perf.
 */
static void *(*bpf_map_lookup_elem)(void *map, void *key) = (void *)BPF_FUNC_map_lookup_elem;
static int (*bpf_map_update_elem)(void *map, void *key, void *value,
				  u64 flags) = (void *)BPF_FUNC_map_update_elem;
static void (*bpf_tail_call)(void *ctx, void *map, int index) = (void *)BPF_FUNC_tail_call;
static int (*probe_read)(void *dst, int size,
			 const void *unsafe_addr) = (void *)BPF_FUNC_probe_read;
static int (*probe_read_str)(void *dst, int size,
			     const void *unsafe_addr) = (void *)BPF_FUNC_probe_read_str;
static int (*perf_event_output)(void *ctx, void *map, u64 flags, void *data,
				u64 size) = (void *)BPF_FUNC_perf_event_output;

#endif
