// SPDX-License-Identifier: GPL-2.0
/* The zstd stream of PERF_RECORD_COMPRESSED records, decompressed in a sliding buffer. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <zstd.h>

#include "perfdata/zstream.h"

struct pdzstream {
	ZSTD_DStream *ds;
	uint8_t *buf; /* offsets [base, end) are at buf[0 .. end - base) */
	uint64_t base, end;
	size_t cap;
};

struct pdzstream *pdzstream__new(void)
{
	struct pdzstream *z = calloc(1, sizeof(*z));

	if (!z)
		return NULL;
	z->ds = ZSTD_createDStream();
	if (!z->ds || ZSTD_isError(ZSTD_initDStream(z->ds))) {
		pdzstream__free(z);
		return NULL;
	}
	return z;
}

void pdzstream__free(struct pdzstream *z)
{
	if (!z)
		return;
	ZSTD_freeDStream(z->ds);
	free(z->buf);
	free(z);
}

void pdzstream__reset(struct pdzstream *z, uint64_t end)
{
	ZSTD_initDStream(z->ds);
	if (end >= z->base && end < z->end)
		z->end = end;
}

uint64_t pdzstream__start(const struct pdzstream *z)
{
	return z->base;
}

uint64_t pdzstream__end(const struct pdzstream *z)
{
	return z->end;
}

const uint8_t *pdzstream__at(const struct pdzstream *z, uint64_t off)
{
	return z->buf + (off - z->base);
}

/*
 * Room for more output: drop the bytes below keep (rounded down to 8 so records stay
 * aligned) when that frees half the buffer, else double it, up to limit bytes.
 */
static int make_room(struct pdzstream *z, uint64_t keep, uint64_t limit)
{
	uint64_t drop = (keep > z->end ? z->end : keep) & ~7ULL;
	size_t cap;
	uint8_t *p;

	if (drop < z->base)
		drop = z->base;
	if (z->cap && drop - z->base >= z->cap / 2) {
		memmove(z->buf, z->buf + (drop - z->base), z->end - drop);
		z->base = drop;
		return 0;
	}
	if (z->cap >= limit)
		return -E2BIG;
	cap = z->cap ? z->cap * 2 : 1 << 20;
	if (cap > limit)
		cap = limit;
	p = realloc(z->buf, cap);
	if (!p)
		return -ENOMEM;
	z->buf = p;
	z->cap = cap;
	return 0;
}

int pdzstream__add(struct pdzstream *z, const void *src, size_t n, uint64_t keep, uint64_t limit)
{
	ZSTD_inBuffer in = { src, n, 0 };
	int err;

	while (in.pos < in.size) {
		ZSTD_outBuffer out;
		size_t ret, in_pos = in.pos;

		if (z->end - z->base == z->cap) {
			err = make_room(z, keep, limit);
			if (err)
				return err;
		}
		out = (ZSTD_outBuffer){ z->buf, z->cap, z->end - z->base };
		ret = ZSTD_decompressStream(z->ds, &out, &in);
		if (ZSTD_isError(ret))
			return -EINVAL;
		if (out.pos == z->end - z->base && in.pos == in_pos)
			return -EINVAL; /* no progress with room to make some */
		z->end = z->base + out.pos;
	}
	return 0;
}
