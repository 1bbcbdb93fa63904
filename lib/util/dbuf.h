/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A byte buffer that grows as it is appended to: what perf-bpf builds before it writes or
 * prints it (perf.data payloads, the entries of its own feature, the text of typed values).
 * The first failed allocation is kept in err and every later call does nothing, so a
 * builder checks once, at the end. A zeroed struct dbuf is an empty buffer.
 *
 *	struct dbuf b = {};
 *	dbuf__u32(&b, n);
 *	dbuf__put(&b, data, len);
 *	if (!b.err)
 *		write(fd, b.p, b.len);
 *	dbuf__free(&b);
 */
#ifndef PERF_BPF_DBUF_H
#define PERF_BPF_DBUF_H

#include <stddef.h>
#include <stdint.h>

struct dbuf {
	char *p;
	size_t len, cap;
	int err; /* -ENOMEM once an append failed */
};

/* Append len bytes of data. */
void dbuf__put(struct dbuf *b, const void *data, size_t len);
/* Append len zero bytes. */
void dbuf__zero(struct dbuf *b, size_t len);
/* Zeros up to the next multiple of 8 bytes. */
void dbuf__pad8(struct dbuf *b);
/* A u32, a u64, in host byte order. */
void dbuf__u32(struct dbuf *b, uint32_t v);
void dbuf__u64(struct dbuf *b, uint64_t v);
/* Append n bytes of text, with a NUL after them that len does not count: p is a string. */
void dbuf__text(struct dbuf *b, const char *s, size_t n);
/* Free the bytes; b is left empty (and may be used again). Accepts an empty buffer. */
void dbuf__free(struct dbuf *b);

#endif
