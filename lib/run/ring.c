// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "record/record.h"
#include "run/ring.h"

#define RECORD_MAX 65536 /* header.size is a u16 */

int ring__mmap(struct ring *r, int fd, int cpu, unsigned int pages)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);

	memset(r, 0, sizeof(*r));
	if (!pages || (pages & (pages - 1)))
		return -EINVAL;
	r->data_size = pages * page;
	r->base = mmap(NULL, page + r->data_size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (r->base == MAP_FAILED) {
		r->base = NULL;
		return -errno;
	}
	r->fd = fd;
	r->cpu = cpu;
	return 0;
}

void ring__unmap(struct ring *r)
{
	if (r->base)
		munmap(r->base, (size_t)sysconf(_SC_PAGESIZE) + r->data_size);
	free(r->bounce);
	r->base = NULL;
	r->bounce = NULL;
}

static const struct perf_event_header *contiguous(struct ring *r, const char *data, uint64_t off,
						  size_t size)
{
	size_t first = r->data_size - off;

	if (size <= first)
		return (const void *)(data + off);
	if (!r->bounce) {
		r->bounce = malloc(RECORD_MAX);
		if (!r->bounce)
			return NULL;
	}
	memcpy(r->bounce, data + off, first);
	memcpy(r->bounce + first, data, size - first);
	return (const void *)r->bounce;
}

static void count_lost(struct ring *r, const struct perf_event_header *rec)
{
	static const struct record_layout body_only;
	struct record lost;

	if (!record__decode(rec, rec->size, &body_only, &lost))
		r->lost += lost.lost.lost;
}

int ring__read(struct ring *r, ring_record_fn fn, void *ctx)
{
	struct perf_event_mmap_page *pc = r->base;
	const char *data = (const char *)r->base + sysconf(_SC_PAGESIZE);
	uint64_t head = __atomic_load_n(&pc->data_head, __ATOMIC_ACQUIRE);
	uint64_t tail = pc->data_tail, released = tail;
	uint64_t mask = r->data_size - 1;
	int n = 0, err = 0;

	while (tail < head) {
		struct perf_event_header h;
		const struct perf_event_header *rec;
		uint64_t off = tail & mask;

		/* the 8-byte header never wraps: records are 8-byte aligned */
		memcpy(&h, data + off, sizeof(h));
		if (h.size < sizeof(h) || h.size > head - tail)
			break; /* cannot happen with a sane kernel; never loop on it */
		rec = contiguous(r, data, off, h.size);
		if (!rec) {
			err = -ENOMEM;
			break;
		}
		if (h.type == PERF_RECORD_LOST)
			count_lost(r, rec);
		tail += h.size;
		n++;
		err = fn(ctx, rec, r->cpu);
		if (err)
			break;
		if (tail - released >=
		    r->data_size / 4) { /* fn is done with it: the kernel may reuse it */
			__atomic_store_n(&pc->data_tail, tail, __ATOMIC_RELEASE);
			released = tail;
		}
	}
	__atomic_store_n(&pc->data_tail, tail, __ATOMIC_RELEASE);
	return err ? err : n;
}
