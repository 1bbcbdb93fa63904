/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The bytes of perf-bpf's own perf.data feature (and of what `trace` hands its printer):
 * the BTF of the objects, which event carries records of which type, and the maps as they
 * were at the end of the run. A stream of entries, each a u32 tag, a u32 payload length,
 * the payload and zeros up to 8 bytes; readers skip tags they do not know, and a stream
 * cut inside an entry ends before it. Host byte order.
 *
 *	BTF	u32 btf (its number in the stream), u32 0, the raw BTF
 *	CHANNEL	u32 btf, u32 type id, u32 map type, u32 0, the event's name (NUL-terminated)
 *	MAP	struct tfeat_map, the map's name (NUL-terminated, zeros up to 8), then nr_entries
 *		times key_size bytes of key and nr_values * value_size bytes of value (one value
 *		per CPU for per-CPU maps)
 *	DUMP	u64 time (CLOCK_MONOTONIC ns): the MAP entries after it, up to the next DUMP,
 *		are one look at the maps
 */
#ifndef PERF_BPF_TFEAT_H
#define PERF_BPF_TFEAT_H

#include <stddef.h>
#include <stdint.h>

#include "util/dbuf.h"

enum tfeat_tag {
	TFEAT_BTF = 1,
	TFEAT_CHANNEL = 2,
	TFEAT_MAP = 3,
	TFEAT_DUMP = 4,
};

struct tfeat_map {
	uint32_t btf;
	uint32_t key_type, value_type; /* BTF ids, 0 when the map has none */
	uint32_t map_type; /* BPF_MAP_TYPE_* */
	uint32_t key_size, value_size;
	uint32_t nr_values; /* values per key: the CPUs of a per-CPU map, else 1 */
	uint32_t nr_entries;
	uint32_t name_len; /* with its NUL and padding to 8 */
	uint32_t pad;
};

/* Append an entry whose payload is the concatenation of n parts (ptr, len). */
void tfeat__put(struct dbuf *b, uint32_t tag, int n, const void *const *parts, const size_t *lens);
/* Start an entry whose payload is appended with dbuf__put(); tfeat__end() closes it. */
size_t tfeat__begin(struct dbuf *b, uint32_t tag);
void tfeat__end(struct dbuf *b, size_t start);

struct tfeat_entry {
	uint32_t tag;
	const uint8_t *data;
	size_t len;
};

/* The entry at *off (advanced past it): 1, or 0 at the end (or at a cut or damaged entry). */
int tfeat__next(const void *buf, size_t len, size_t *off, struct tfeat_entry *e);

#endif
