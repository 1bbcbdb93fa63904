// SPDX-License-Identifier: GPL-2.0
/* Records and counts of the system call capture, decoded (bpf/syscalls.h has the layout). */
#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "syscalls/sysrec.h"

/* An FDINFO item's descriptors into r->fds: -EINVAL for one that does not fit in it. */
static int decode_fds(struct sysrec *r, const struct sysrec_item *it, const uint8_t *p)
{
	struct sysrec_fd d;

	if (it->arg > SYSREC_ARG_RET)
		return -EINVAL;
	for (size_t at = 0; at < it->len; at += sizeof(d) + d.name_len) {
		struct sysrec_fdinfo *k = &r->fds[r->nfds];

		if (it->len - at < sizeof(d))
			return -EINVAL;
		memcpy(&d, p + at, sizeof(d));
		if (d.name_len > SYSREC_FD_NAME_MAX || it->len - at - sizeof(d) < d.name_len)
			return -EINVAL;
		if (r->nfds == SYSREC_FDS_MAX)
			continue;
		*k = (struct sysrec_fdinfo){ .ino = d.ino,
					     .fd = d.fd,
					     .mode = d.mode,
					     .arg = it->arg,
					     .name_len = d.name_len };
		memcpy(k->name, p + at + sizeof(d), d.name_len);
		k->name[d.name_len] = '\0';
		r->nfds++;
	}
	return 0;
}

/* The items from off to the record's end; -EINVAL for any that does not fit. */
static int decode_items(struct sysrec *r, const uint8_t *p, size_t off, size_t end)
{
	bool at_exit = r->head.type == SYSREC_EXIT;
	struct sysrec_item it;
	unsigned int kind;

	while (off < end) {
		if (end - off < sizeof(it))
			return -EINVAL;
		memcpy(&it, p + off, sizeof(it));
		off += sizeof(it);
		if (SYSREC_ITEM_KIND(it.flags) == SYSREC_KIND_FDINFO && it.len <= end - off) {
			if (decode_fds(r, &it, p + off))
				return -EINVAL;
			off += it.len;
			continue;
		}
		if (r->nitems == SYSREC_ARGS || it.len > end - off || it.arg >= SYSREC_ARGS ||
		    SYSREC_ITEM_KIND(it.flags) == SYSREC_KIND_NONE ||
		    SYSREC_ITEM_KIND(it.flags) >= SYSREC_KIND_COUNT)
			return -EINVAL;
		kind = SYSREC_ITEM_KIND(it.flags);
		r->items[r->nitems++] = (struct sysrec_data){
			.data = p + off,
			.len = it.len,
			.arg = it.arg,
			.kind = kind,
			.truncated = it.flags & SYSREC_ITEM_TRUNC,
			.fault = it.flags & SYSREC_ITEM_FAULT,
			.part = it.flags & SYSREC_ITEM_PART,
			.out = at_exit &&
			       ((it.flags & SYSREC_ITEM_OUT) || SYSREC_KIND_OUT_BEFORE_WHEN(kind)),
		};
		off += it.len;
	}
	return 0;
}

/*
 * The body of a SIGNAL or TASK_EXIT record at off: at least the bytes this version knows
 * (a later one may add some at its end), copied into to.
 */
static int decode_body(const struct sysrec *r, const uint8_t *p, size_t off, void *to, size_t n)
{
	if (r->head.size - off < n)
		return -EINVAL;
	memcpy(to, p + off, n);
	return 0;
}

static int decode_task_exit(struct sysrec *r, const uint8_t *p, size_t off)
{
	struct sysrec_task_exit x;

	if (decode_body(r, p, off, &x, sizeof(x)))
		return -EINVAL;
	r->exit_status = x.status;
	return 0;
}

/* A count as this build writes it, with or without errnos, or as older ones wrote it. */
static int decode_count(struct sysrec *r, const uint8_t *p, size_t off)
{
	size_t n = r->head.size - off;

	r->has_errnos = n == sizeof(r->count) + sizeof(r->errnos);
	if (n != SYSREC_COUNT_V1_SIZE && n != sizeof(r->count) && !r->has_errnos)
		return -EINVAL;
	memset(&r->count, 0, sizeof(r->count));
	memcpy(&r->count, p + off, n < sizeof(r->count) ? n : sizeof(r->count));
	if (r->has_errnos)
		memcpy(&r->errnos, p + off + sizeof(r->count), sizeof(r->errnos));
	r->head.pid = r->count.pid;
	return 0;
}

int sysrec__decode(struct sysrec *r, const void *buf, size_t size)
{
	const uint8_t *p = buf;
	struct sysrec_exit x;
	size_t off = sizeof(r->head);

	/*
	 * Field by field: zeroing the whole struct per record costs more than decoding it.
	 * items[] past nitems and count (COUNT records only) are left as they were.
	 */
	memset(r->args, 0, sizeof(r->args));
	r->nargs = r->nitems = r->nfds = 0;
	r->ret = 0;
	r->duration = 0;
	r->exit_status = 0;
	r->no_entry = r->items_cut = r->has_cgroup = false;
	r->cgroup = 0;
	if (size < sizeof(r->head)) {
		memset(&r->head, 0, sizeof(r->head));
		return -EINVAL;
	}
	memcpy(&r->head, p, sizeof(r->head));
	if (r->head.size < sizeof(r->head) || r->head.size > size)
		return -EINVAL;
	if (r->head.flags & SYSREC_F_CGROUP) {
		if (r->head.size - sizeof(r->head) < sizeof(r->cgroup))
			return -EINVAL;
		r->head.size -= sizeof(r->cgroup);
		memcpy(&r->cgroup, p + r->head.size, sizeof(r->cgroup));
		r->has_cgroup = true;
	}
	r->items_cut = r->head.flags & SYSREC_F_ITEMS_CUT;
	switch (r->head.type) {
	case SYSREC_ENTER:
		r->nargs = SYSREC_NARGS(r->head.flags);
		if (r->nargs > SYSREC_ARGS || r->head.size - off < r->nargs * sizeof(uint64_t))
			return -EINVAL;
		memcpy(r->args, p + off, r->nargs * sizeof(uint64_t));
		off += r->nargs * sizeof(uint64_t);
		break;
	case SYSREC_EXIT:
		if (r->head.size - off < sizeof(x))
			return -EINVAL;
		memcpy(&x, p + off, sizeof(x));
		off += sizeof(x);
		r->ret = x.ret;
		r->duration = x.duration;
		r->no_entry = r->head.flags & SYSREC_F_NO_ENTRY;
		break;
	case SYSREC_COUNT:
		return decode_count(r, p, off);
	case SYSREC_SIGNAL:
		return decode_body(r, p, off, &r->signal, sizeof(r->signal));
	case SYSREC_TASK_EXIT:
		return decode_task_exit(r, p, off);
	default:
		return -EINVAL;
	}
	return decode_items(r, p, off, r->head.size);
}

size_t sysrec__encode_count(void *buf, uint64_t time, const struct sysrec_count_key *key,
			    const struct sysrec_count *c, const struct sysrec_errnos *errnos)
{
	struct sysrec_head h = {
		.time = time,
		.pid = c->pid,
		.tid = key->tid,
		.size = errnos ? SYSREC_COUNT_ERRNOS_SIZE : SYSREC_COUNT_SIZE,
		.nr = (uint16_t)key->nr,
		.cpu = 0,
		.type = SYSREC_COUNT,
	};

	memcpy(buf, &h, sizeof(h));
	memcpy((uint8_t *)buf + sizeof(h), c, sizeof(*c));
	if (errnos)
		memcpy((uint8_t *)buf + SYSREC_COUNT_SIZE, errnos, sizeof(*errnos));
	return h.size;
}

const struct sysrec_data *sysrec__item(const struct sysrec *r, unsigned int arg)
{
	for (int i = 0; i < r->nitems; i++)
		if (r->items[i].arg == arg)
			return &r->items[i];
	return NULL;
}

uint64_t sysrec__bucket_low(unsigned int b)
{
	unsigned int p, sub;

	if (b < SYSREC_HIST_SUB)
		return b;
	p = (b >> SYSREC_HIST_SUB_BITS) + SYSREC_HIST_SUB_BITS - 1;
	sub = b & (SYSREC_HIST_SUB - 1);
	return (uint64_t)(SYSREC_HIST_SUB + sub) << (p - SYSREC_HIST_SUB_BITS);
}

uint64_t sysrec__bucket_high(unsigned int b)
{
	return b + 1 < SYSREC_HIST_BUCKETS ? sysrec__bucket_low(b + 1) : UINT64_MAX;
}

uint64_t sysrec__percentile(const struct sysrec_count *c, double q)
{
	double rank = q * (double)c->calls, below = 0, lo, hi, at;
	unsigned int b;

	if (!c->calls)
		return 0;
	for (b = 0; b < SYSREC_HIST_BUCKETS - 1; b++) {
		if (below + c->hist[b] >= rank && c->hist[b])
			break;
		below += c->hist[b];
	}
	/* the bucket's bounds as far as these calls go, then a linear spread within them */
	lo = fmax((double)sysrec__bucket_low(b), (double)c->min_ns);
	hi = fmin((double)sysrec__bucket_high(b), (double)c->max_ns + 1);
	if (hi < lo)
		hi = lo;
	at = c->hist[b] ? lo + (hi - lo) * (rank - below) / c->hist[b] : lo;
	/* as a double the maximum may round up past what a u64 holds */
	return at < (double)c->max_ns ? (uint64_t)at : c->max_ns;
}

double sysrec__mean_ns(const struct sysrec_count *c)
{
	return c->calls ? (double)c->total_ns / (double)c->calls : 0;
}

double sysrec__stddev_ns(const struct sysrec_count *c)
{
	long double n = c->calls, sum = c->total_ns, var;
	long double sumsq = ldexpl((long double)c->sumsq_hi, 64) + (long double)c->sumsq_lo;

	if (c->calls < 2)
		return 0;
	var = (sumsq - sum * sum / n) / (n - 1);
	return var > 0 ? (double)sqrtl(var) : 0;
}

void sysrec__count_add(struct sysrec_count *sum, const struct sysrec_count *c)
{
	uint64_t lo = sum->sumsq_lo + c->sumsq_lo;

	if (!c->calls)
		return;
	if (!sum->calls || c->min_ns < sum->min_ns)
		sum->min_ns = c->min_ns;
	if (c->max_ns > sum->max_ns)
		sum->max_ns = c->max_ns;
	sum->calls += c->calls;
	sum->errors += c->errors;
	sum->total_ns += c->total_ns;
	sum->sumsq_hi += c->sumsq_hi + (lo < c->sumsq_lo);
	sum->sumsq_lo = lo;
	for (int b = 0; b < SYSREC_HIST_BUCKETS; b++)
		sum->hist[b] += c->hist[b];
}

void sysrec__errnos_add(struct sysrec_errnos *sum, const struct sysrec_errnos *n)
{
	for (int i = 0; i < SYSREC_ERRNO_SLOTS; i++)
		sum->n[i] += n->n[i];
}
