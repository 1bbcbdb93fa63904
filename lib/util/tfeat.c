// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "util/tfeat.h"

size_t tfeat__begin(struct dbuf *b, uint32_t tag)
{
	uint32_t hdr[2] = { tag, 0 };
	size_t start = b->len;

	dbuf__put(b, hdr, sizeof(hdr));
	return start;
}

void tfeat__end(struct dbuf *b, size_t start)
{
	uint32_t len;

	if (b->err)
		return;
	len = (uint32_t)(b->len - start - 8);
	memcpy(b->p + start + 4, &len, 4);
	dbuf__zero(b, (8 - b->len % 8) % 8);
}

void tfeat__put(struct dbuf *b, uint32_t tag, int n, const void *const *parts, const size_t *lens)
{
	size_t start = tfeat__begin(b, tag);

	for (int i = 0; i < n; i++)
		dbuf__put(b, parts[i], lens[i]);
	tfeat__end(b, start);
}

int tfeat__next(const void *buf, size_t len, size_t *off, struct tfeat_entry *e)
{
	const uint8_t *p = buf;
	uint32_t hdr[2];

	if (*off + 8 > len)
		return 0;
	memcpy(hdr, p + *off, 8);
	if (hdr[1] > len - *off - 8)
		return 0;
	e->tag = hdr[0];
	e->data = p + *off + 8;
	e->len = hdr[1];
	*off += 8 + ((size_t)hdr[1] + 7) / 8 * 8;
	if (*off > len)
		*off = len;
	return 1;
}
