/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Output maps whose definition names their record type and also gives value_size, as a
 * libbpf-tools program typed by hand has it:
 *
 *	__uint(type, BPF_MAP_TYPE_PERF_EVENT_ARRAY);
 *	__uint(key_size, sizeof(u32));
 *	__uint(value_size, sizeof(u32));
 *	__type(value, struct event);
 *
 * libbpf refuses such a definition ("conflicting value size 4 != 112"). A PERF_EVENT_ARRAY's
 * or RINGBUF's value type is perf-bpf's alone, the record type (run/typed.h gives the map
 * the sizes the kernel wants): the value_size member becomes, in the object's BTF, a second
 * member `value` of the record type, which libbpf takes as the same value.
 */
#ifndef PERF_BPF_MAPDEFS_H
#define PERF_BPF_MAPDEFS_H

#include <stddef.h>

/* Rewrite such definitions in the raw BTF in raw, in place: how many (path names it in -v). */
int mapdefs__fix_btf(void *raw, size_t len, const char *path);
/* The same in the .BTF of the object in buf. */
void mapdefs__fix_channels(void *buf, size_t size, const char *path);

#endif
