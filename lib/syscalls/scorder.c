// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "syscalls/scorder.h"

static int room(struct scorder *q, size_t len)
{
	if (q->nr == q->cap) {
		size_t cap = q->cap ? q->cap * 2 : 64;
		struct scorder_line *l = realloc(q->lines, sizeof(*l) * cap);

		if (!l)
			return -ENOMEM;
		q->lines = l;
		q->cap = cap;
	}
	if (q->used + len > q->size) {
		size_t size = q->size ? q->size : 1 << 16;
		char *b;

		while (size < q->used + len)
			size *= 2;
		b = realloc(q->bytes, size);
		if (!b)
			return -ENOMEM;
		q->bytes = b;
		q->size = size;
	}
	return 0;
}

/* Where a line of time goes: after every waiting line of its time or earlier. */
static size_t slot_for(const struct scorder *q, uint64_t time)
{
	size_t lo = q->first, hi = q->nr;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (q->lines[mid].time <= time)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

int scorder__add(struct scorder *q, uint64_t time, const char *line, size_t len)
{
	size_t at;

	if (room(q, len))
		return -ENOMEM;
	at = slot_for(q, time);
	memmove(&q->lines[at + 1], &q->lines[at], sizeof(*q->lines) * (q->nr - at));
	q->lines[at] = (struct scorder_line){ time, q->used, len };
	q->nr++;
	memcpy(q->bytes + q->used, line, len);
	q->used += len;
	return 0;
}

/* May the first waiting line go out? */
static bool may_go(const struct scorder *q, uint64_t oldest, uint64_t newest)
{
	const struct scorder_line *l = &q->lines[q->first];

	if (l->time <= oldest)
		return true;
	return newest > SCORDER_WAIT_NS && l->time < newest - SCORDER_WAIT_NS;
}

void scorder__release(struct scorder *q, FILE *out, uint64_t oldest, uint64_t newest)
{
	bool full = q->used > SCORDER_MAX_BYTES;

	while (q->first < q->nr && (full || may_go(q, oldest, newest))) {
		const struct scorder_line *l = &q->lines[q->first++];

		if (l->time > oldest)
			q->early++;
		fwrite_unlocked(q->bytes + l->off, 1, l->len, out);
	}
	if (q->first == q->nr) { /* nothing waits: the buffers start again */
		q->first = q->nr = 0;
		q->used = 0;
	}
}

void scorder__exit(struct scorder *q)
{
	free(q->lines);
	free(q->bytes);
	memset(q, 0, sizeof(*q));
}
