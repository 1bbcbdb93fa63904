/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Perf-era BPF objects declare their maps as `struct bpf_map_def SEC("maps")`,
 * which libbpf 1.x refuses to open.  legacy__convert() rewrites such an object
 * into one with BTF-defined maps before libbpf sees it:
 *
 *   - the "maps" section becomes ".maps", one zeroed slot per map, and every map
 *     symbol moves to its slot (global, object, default visibility, as libbpf
 *     requires of a BTF map);
 *   - .BTF gains one struct per map whose members (type, key_size, value_size,
 *     max_entries, map_flags, and numa_node / values where the old definition
 *     gave them a meaning) are encoded as pointers to arrays of N ints, the way
 *     __uint(name, N) is; a ".maps" DATASEC lists one VAR per map.  The object's
 *     own types keep their ids (new ones are appended; a DATASEC "maps" that the
 *     compiler emitted is retargeted in place), so .BTF.ext stays valid.  An
 *     object without .BTF gets a fresh one;
 *   - relocations that reached a map through the section symbol (static maps)
 *     are pointed at the map's own symbol.
 *
 * Definitions are 16 bytes (type, key_size, value_size, max_entries) or longer:
 * map_flags at 16, inner_map_idx at 20 (map-in-map types: index of the inner map
 * in section order), numa_node at 24; bytes past 28 must be zero.  The size of one
 * definition is the section size divided by the number of map symbols in it.
 */
#ifndef PERF_BPF_LEGACY_H
#define PERF_BPF_LEGACY_H

#include <stddef.h>

/*
 * If obj (read from path, which messages name) has a legacy "maps" section, *out
 * gets a new malloc'ed ELF with BTF-defined maps and 0 is returned; if it has
 * none, *out = NULL and 0 is returned; -errno on malformed input, with the ERROR
 * line recorded (util/errmsg.h) and the reason at debug level: -EINVAL for a
 * broken object, -ENOTSUP for one that also has a ".maps" section.
 */
int legacy__convert(const char *path, const void *obj, size_t size, void **out, size_t *out_size);

#endif
