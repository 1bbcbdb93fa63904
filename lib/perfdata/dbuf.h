/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A growable byte buffer for building perf.data payloads (writer side). The first
 * allocation failure is kept in err and every later call does nothing.
 */
#ifndef PERF_BPF_PDDBUF_H
#define PERF_BPF_PDDBUF_H

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util/grow.h"
struct dbuf {
	char *p;
	size_t len, cap;
	int err;
};

static inline void dbuf_put(struct dbuf *b, const void *data, size_t len)
{
	if (b->err || (b->err = grow__to(&b->p, &b->cap, b->len + len, 4096)))
		return;
	if (len)
		memcpy(b->p + b->len, data, len);
	b->len += len;
}

static inline void dbuf_u32(struct dbuf *b, uint32_t v)
{
	dbuf_put(b, &v, sizeof(v));
}

static inline void dbuf_u64(struct dbuf *b, uint64_t v)
{
	dbuf_put(b, &v, sizeof(v));
}

static inline void dbuf_zero(struct dbuf *b, size_t len)
{
	static const char zeros[64];

	while (len) {
		size_t n = len < sizeof(zeros) ? len : sizeof(zeros);

		dbuf_put(b, zeros, n);
		len -= n;
	}
}

static inline void dbuf_pad8(struct dbuf *b)
{
	dbuf_zero(b, (8 - b->len % 8) % 8);
}

/* perf's header string: u32 len, then the string and its NUL, zero-padded to 64. */
static inline void dbuf_hstr(struct dbuf *b, const char *s)
{
	size_t n = strlen(s) + 1, len = (n + 63) / 64 * 64;

	dbuf_u32(b, len);
	dbuf_put(b, s, n);
	dbuf_zero(b, len - n);
}

static inline void dbuf_free(struct dbuf *b)
{
	free(b->p);
	memset(b, 0, sizeof(*b));
}

#endif
