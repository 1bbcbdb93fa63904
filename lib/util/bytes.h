/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Bytes from outside (a record in a file or a ring, an ELF file's sections) read safely:
 * every offset and size they give is checked with bytes__inside() first, and fields are
 * copied out with memcpy, as they may sit at any alignment.
 *
 *	if (!bytes__inside(off, 8, 0, len))
 *		return -EINVAL;
 *	v = bytes__u64(buf, off);
 */
#ifndef PERF_BPF_BYTES_H
#define PERF_BPF_BYTES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* Is [off, off + size) inside [lo, hi)? Immune to overflow. */
static inline bool bytes__inside(uint64_t off, uint64_t size, uint64_t lo, uint64_t hi)
{
	return off >= lo && off <= hi && size <= hi - off;
}

/* The host-order u64 at p + off. */
static inline uint64_t bytes__u64(const void *p, size_t off)
{
	uint64_t v;

	memcpy(&v, (const char *)p + off, sizeof(v));
	return v;
}

/* The host-order u32 at p + off. */
static inline uint32_t bytes__u32(const void *p, size_t off)
{
	uint32_t v;

	memcpy(&v, (const char *)p + off, sizeof(v));
	return v;
}

static inline void bytes__set_u64(void *p, size_t off, uint64_t v)
{
	memcpy((char *)p + off, &v, sizeof(v));
}

static inline void bytes__set_u32(void *p, size_t off, uint32_t v)
{
	memcpy((char *)p + off, &v, sizeof(v));
}

#endif
