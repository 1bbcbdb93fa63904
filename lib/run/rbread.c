// SPDX-License-Identifier: GPL-2.0
/*
 * Where a pass is: the ring's positions are mapped (read only) beside libbpf's reader. A
 * record handed out starts at the consumer position libbpf stored after the one before it
 * (or further on than the records counted since the start, when records were discarded),
 * and ends its length later, rounded as the kernel lays records out: the record that
 * reaches the head noted at the start is the pass's last. Counting the lengths alone
 * bounds the pass as well, whenever libbpf stores its position.
 */
#include <errno.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>
#include <linux/bpf.h>
#include <bpf/libbpf.h>

#include "util/stopsig.h"
#include "run/rbread.h"

#define END_OF_PASS (-ECANCELED) /* the callback's own way to end a pass */

struct rbread {
	struct ring_buffer *rb;
	rbread_fn fn;
	void *ctx;
	const volatile unsigned long *cons, *prod;
	size_t page;
	/* the pass */
	unsigned long pos, end; /* where the next record starts at least; the head at the start */
	unsigned long bytes_end; /* pos reaching it ends the pass (max_bytes) */
	unsigned int left; /* records it may still hand out, when limited */
	bool limited, skipping, ended, more;
	int n, err;
};

static unsigned long load(const volatile unsigned long *p)
{
	return __atomic_load_n(p, __ATOMIC_ACQUIRE);
}

static int on_record(void *ctx, void *data, size_t size)
{
	struct rbread *r = ctx;
	unsigned long start = load(r->cons);
	int err = r->skipping ? 0 : r->fn(r->ctx, data, size);

	if (err) {
		r->err = err < 0 ? err : -EINVAL;
		return r->err;
	}
	r->n++;
	if ((long)(start - r->pos) > 0)
		r->pos = start;
	r->pos += (size + BPF_RINGBUF_HDR_SZ + 7) & ~7UL;
	r->ended = (long)(r->pos - r->end) >= 0 || (long)(r->pos - r->bytes_end) >= 0 ||
		   (r->limited && !--r->left);
	r->more = r->ended && (long)(r->pos - r->end) < 0;
	return r->ended ? END_OF_PASS : 0;
}

static void unmap_positions(struct rbread *r)
{
	if (r->cons)
		munmap((void *)r->cons, r->page);
	if (r->prod)
		munmap((void *)r->prod, r->page);
}

static int map_positions(struct rbread *r, int fd)
{
	void *c = mmap(NULL, r->page, PROT_READ, MAP_SHARED, fd, 0);
	void *p = c == MAP_FAILED ? MAP_FAILED :
				    mmap(NULL, r->page, PROT_READ, MAP_SHARED, fd, r->page);

	if (p == MAP_FAILED) {
		int err = -errno;

		if (c != MAP_FAILED)
			munmap(c, r->page);
		return err;
	}
	r->cons = c;
	r->prod = p;
	return 0;
}

struct rbread *rbread__new(int map_fd, rbread_fn fn, void *ctx)
{
	struct rbread *r = calloc(1, sizeof(*r));
	int err;

	if (!r)
		return NULL;
	r->fn = fn;
	r->ctx = ctx;
	r->page = (size_t)sysconf(_SC_PAGESIZE);
	err = map_positions(r, map_fd);
	if (!err) {
		r->rb = ring_buffer__new(map_fd, on_record, r, NULL);
		err = r->rb ? 0 : -errno;
	}
	if (err) {
		rbread__free(r);
		errno = -err;
		return NULL;
	}
	return r;
}

void rbread__free(struct rbread *r)
{
	if (!r)
		return;
	ring_buffer__free(r->rb);
	unmap_positions(r);
	free(r);
}

/* A pass up to end, a head noted before. */
static int pass_to(struct rbread *r, unsigned long end, unsigned int max, size_t max_bytes)
{
	int err;

	r->n = 0;
	r->err = 0;
	r->left = max;
	r->limited = max > 0;
	r->ended = r->more = false;
	r->end = end;
	r->pos = load(r->cons);
	if ((long)(r->end - r->pos) <= 0)
		return 0;
	r->bytes_end = max_bytes && max_bytes < r->end - r->pos ? r->pos + max_bytes : r->end;
	err = ring_buffer__consume(r->rb);
	if (r->err)
		return r->err;
	return err < 0 && !r->ended ? err : r->n;
}

int rbread__pass(struct rbread *r, unsigned int max, size_t max_bytes)
{
	return pass_to(r, load(r->prod), max, max_bytes);
}

int rbread__last(struct rbread *r, unsigned int max, size_t max_bytes, uint64_t *unread)
{
	unsigned long end = load(r->prod);
	int total = 0, n;

	do {
		n = pass_to(r, end, max, max_bytes);
		if (n < 0)
			return n;
		total += n;
	} while (r->more && !stopsig__asked() && !stopsig__pending());
	if (r->more)
		*unread += rbread__skip(r);
	r->more = false;
	return total;
}

bool rbread__more(const struct rbread *r)
{
	return r->more;
}

size_t rbread__used(const struct rbread *r)
{
	return load(r->prod) - load(r->cons);
}

uint64_t rbread__skip(struct rbread *r)
{
	int n;

	r->skipping = true;
	n = rbread__pass(r, 0, 0);
	r->skipping = false;
	return n > 0 ? (uint64_t)n : 0;
}

int rbread__fd(const struct rbread *r)
{
	return ring_buffer__epoll_fd(r->rb);
}
