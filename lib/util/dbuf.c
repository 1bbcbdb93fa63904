// SPDX-License-Identifier: GPL-2.0
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "util/dbuf.h"
#include "util/grow.h"

/* Room for n more bytes: false when there is none (b->err says why). */
static bool room(struct dbuf *b, size_t n)
{
	if (!b->err && n > SIZE_MAX - b->len)
		b->err = -ENOMEM;
	return !b->err && !(b->err = grow__to(&b->p, &b->cap, b->len + n, 256));
}

void dbuf__put(struct dbuf *b, const void *data, size_t len)
{
	if (!room(b, len))
		return;
	if (len)
		memcpy(b->p + b->len, data, len);
	b->len += len;
}

void dbuf__zero(struct dbuf *b, size_t len)
{
	if (!room(b, len))
		return;
	memset(b->p + b->len, 0, len);
	b->len += len;
}

void dbuf__pad8(struct dbuf *b)
{
	dbuf__zero(b, (8 - b->len % 8) % 8);
}

void dbuf__u32(struct dbuf *b, uint32_t v)
{
	dbuf__put(b, &v, sizeof(v));
}

void dbuf__u64(struct dbuf *b, uint64_t v)
{
	dbuf__put(b, &v, sizeof(v));
}

void dbuf__text(struct dbuf *b, const char *s, size_t n)
{
	if (n > SIZE_MAX - 1 || !room(b, n + 1))
		return;
	memcpy(b->p + b->len, s, n);
	b->len += n;
	b->p[b->len] = '\0';
}

void dbuf__free(struct dbuf *b)
{
	free(b->p);
	memset(b, 0, sizeof(*b));
}
