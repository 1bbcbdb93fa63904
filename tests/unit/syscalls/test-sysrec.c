// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of lib/record/sysrec.c and of bpf/syscalls.h's arithmetic: records laid out as
 * bpf/syscalls.bpf.c writes them decode, broken ones do not, and counts give their figures.
 */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <cmocka.h>

#include "syscalls/sysrec.h"

/* A record under construction, as the program writes one. */
struct rec {
	uint8_t buf[512];
	size_t len;
};

static void put(struct rec *r, const void *p, size_t n)
{
	assert_true(r->len + n <= sizeof(r->buf));
	if (n) /* p may be NULL then */
		memcpy(r->buf + r->len, p, n);
	r->len += n;
}

static void put_head(struct rec *r, uint8_t type, uint8_t flags, uint16_t nr)
{
	struct sysrec_head h = { .time = 1000, .pid = 10, .tid = 11, .nr = nr, .cpu = 1 };

	h.type = type;
	h.flags = flags;
	r->len = 0;
	put(r, &h, sizeof(h));
}

static void put_item(struct rec *r, uint8_t arg, uint8_t flags, const void *data, uint16_t len)
{
	struct sysrec_item it = { .len = len, .arg = arg, .flags = flags };

	put(r, &it, sizeof(it));
	put(r, data, len);
}

/* The record is whole: its size goes into its head. */
static void seal(struct rec *r)
{
	uint16_t size = r->len;

	memcpy(r->buf + offsetof(struct sysrec_head, size), &size, sizeof(size));
}

static void test_enter(void **state)
{
	uint64_t args[3] = { 0xffffff9c, 0x7ffd0000, 0x80000 };
	uint8_t sa[16] = { 2, 0, 0, 1, 127, 0, 0, 1 };
	struct rec r;
	struct sysrec s;

	(void)state;
	put_head(&r, SYSREC_ENTER, 3, 257);
	put(&r, args, sizeof(args));
	put_item(&r, 1, SYSREC_KIND_STR | SYSREC_ITEM_TRUNC, "/etc/ho", 7);
	put_item(&r, 2, SYSREC_KIND_SOCKADDR, sa, sizeof(sa));
	seal(&r);
	assert_int_equal(sysrec__decode(&s, r.buf, r.len), 0);
	assert_int_equal(s.head.type, SYSREC_ENTER);
	assert_int_equal(s.head.nr, 257);
	assert_int_equal(s.head.pid, 10);
	assert_int_equal(s.head.tid, 11);
	assert_int_equal(s.head.cpu, 1);
	assert_int_equal(s.head.time, 1000);
	assert_int_equal(s.nargs, 3);
	assert_memory_equal(s.args, args, sizeof(args));
	assert_int_equal(s.nitems, 2);
	assert_int_equal(s.items[0].arg, 1);
	assert_int_equal(s.items[0].kind, SYSREC_KIND_STR);
	assert_true(s.items[0].truncated);
	assert_false(s.items[0].fault);
	assert_int_equal(s.items[0].len, 7);
	assert_memory_equal(s.items[0].data, "/etc/ho", 7);
	assert_ptr_equal(sysrec__item(&s, 2), &s.items[1]);
	assert_int_equal(s.items[1].kind, SYSREC_KIND_SOCKADDR);
	assert_memory_equal(s.items[1].data, sa, sizeof(sa));
	assert_null(sysrec__item(&s, 0));
	assert_false(s.items_cut);
}

static void test_exit(void **state)
{
	struct sysrec_exit x = { .ret = 5, .duration = 777 };
	struct rec r;
	struct sysrec s;

	(void)state;
	put_head(&r, SYSREC_EXIT, SYSREC_F_ITEMS_CUT, 0);
	put(&r, &x, sizeof(x));
	put_item(&r, 1, SYSREC_KIND_BUF_RET, "hello", 5);
	put_item(&r, 0, SYSREC_KIND_FDS | SYSREC_ITEM_FAULT, NULL, 0);
	seal(&r);
	/* a bpf-output sample pads the record with zeros: they are not items */
	assert_int_equal(sysrec__decode(&s, r.buf, r.len + 4), 0);
	assert_int_equal(s.head.type, SYSREC_EXIT);
	assert_int_equal(s.ret, 5);
	assert_int_equal(s.duration, 777);
	assert_false(s.no_entry);
	assert_true(s.items_cut);
	assert_int_equal(s.nitems, 2);
	assert_memory_equal(s.items[0].data, "hello", 5);
	assert_int_equal(s.items[1].kind, SYSREC_KIND_FDS);
	assert_true(s.items[1].fault);
	assert_int_equal(s.items[1].len, 0);

	x.ret = -2;
	x.duration = 0;
	put_head(&r, SYSREC_EXIT, SYSREC_F_NO_ENTRY, 257);
	put(&r, &x, sizeof(x));
	seal(&r);
	assert_int_equal(sysrec__decode(&s, r.buf, r.len), 0);
	assert_true(s.no_entry);
	assert_int_equal(s.ret, -2);
	assert_int_equal(s.nitems, 0);
}

/*
 * What the call filled and what was read again at exit: told by the item's OUT flag, and in
 * recordings made before the flag, by the kinds that were only ever read at exit.
 */
static void test_exit_items_out_or_again(void **state)
{
	struct sysrec_exit x = { .ret = 0 };
	uint8_t st[144] = { 0 };
	struct rec r;
	struct sysrec s;

	(void)state;
	put_head(&r, SYSREC_EXIT, 0, 262);
	put(&r, &x, sizeof(x));
	put_item(&r, 1, SYSREC_KIND_STR, "/etc/hostname", 13);
	put_item(&r, 2, SYSREC_KIND_FIXED | SYSREC_ITEM_OUT, st, sizeof(st));
	put_item(&r, 3, SYSREC_KIND_BUF_RET, "old", 3);
	seal(&r);
	assert_int_equal(sysrec__decode(&s, r.buf, r.len), 0);
	assert_int_equal(s.nitems, 3);
	assert_false(s.items[0].out); /* a path paged in by the call, read again */
	assert_true(s.items[1].out);
	assert_int_equal(s.items[1].kind, SYSREC_KIND_FIXED);
	assert_int_equal(s.items[1].len, sizeof(st));
	assert_true(s.items[2].out); /* a recording of before: read's bytes */
	/* at entry nothing is what the call filled */
	put_head(&r, SYSREC_ENTER, 0, 1);
	put_item(&r, 1, SYSREC_KIND_BUF, "hi", 2);
	seal(&r);
	assert_int_equal(sysrec__decode(&s, r.buf, r.len), 0);
	assert_false(s.items[0].out);
}

/* SYSREC_F_CGROUP: the task's cgroup id ends any record, after its items; none is too short. */
static void test_cgroup_trailer(void **state)
{
	struct sysrec_exit x = { .ret = 3, .duration = 9 };
	struct sysrec_signal sig = { .signo = 10 };
	uint64_t args[2] = { 1, 2 }, cg = 0x1234567890ULL;
	struct rec r;
	struct sysrec s;

	(void)state;
	put_head(&r, SYSREC_ENTER, 2 | SYSREC_F_CGROUP, 257);
	put(&r, args, sizeof(args));
	put_item(&r, 1, SYSREC_KIND_STR, "/etc", 4);
	put(&r, &cg, sizeof(cg));
	seal(&r);
	assert_int_equal(sysrec__decode(&s, r.buf, r.len), 0);
	assert_true(s.has_cgroup);
	assert_int_equal(s.cgroup, cg);
	assert_int_equal(s.nargs, 2);
	assert_int_equal(s.nitems, 1);
	assert_memory_equal(s.items[0].data, "/etc", 4);

	put_head(&r, SYSREC_EXIT, SYSREC_F_CGROUP, 0);
	put(&r, &x, sizeof(x));
	put(&r, &cg, sizeof(cg));
	seal(&r);
	assert_int_equal(sysrec__decode(&s, r.buf, r.len + 4), 0); /* a sample's padding after */
	assert_int_equal(s.cgroup, cg);
	assert_int_equal(s.ret, 3);
	assert_int_equal(s.nitems, 0);

	put_head(&r, SYSREC_SIGNAL, SYSREC_SIG_F_UNDELIVERED | SYSREC_F_CGROUP, 0);
	put(&r, &sig, sizeof(sig));
	put(&r, &cg, sizeof(cg));
	seal(&r);
	assert_int_equal(sysrec__decode(&s, r.buf, r.len), 0);
	assert_int_equal(s.signal.signo, 10);
	assert_int_equal(s.cgroup, cg);

	/* without the flag, none; a record too short for one is refused */
	put_head(&r, SYSREC_EXIT, 0, 0);
	put(&r, &x, sizeof(x));
	seal(&r);
	assert_int_equal(sysrec__decode(&s, r.buf, r.len), 0);
	assert_false(s.has_cgroup);
	assert_int_equal(s.cgroup, 0);
	put_head(&r, SYSREC_EXIT, SYSREC_F_CGROUP, 0);
	put(&r, &x, sizeof(x));
	seal(&r);
	assert_int_equal(sysrec__decode(&s, r.buf, r.len), -EINVAL);
	put_head(&r, SYSREC_TASK_EXIT, SYSREC_F_CGROUP, 0);
	put(&r, &cg, 4);
	seal(&r);
	assert_int_equal(sysrec__decode(&s, r.buf, r.len), -EINVAL);
}

static void test_broken(void **state)
{
	struct sysrec_exit x = { 0 };
	uint64_t args[6] = { 0 };
	struct rec r;
	struct sysrec s;

	(void)state;
	put_head(&r, SYSREC_EXIT, 0, 0);
	put(&r, &x, sizeof(x));
	seal(&r);
	assert_int_equal(sysrec__decode(&s, r.buf, r.len - 1), -EINVAL); /* cut short */
	assert_int_equal(sysrec__decode(&s, r.buf, sizeof(struct sysrec_head) - 1), -EINVAL);
	r.len -= 8; /* the exit body cut */
	seal(&r);
	assert_int_equal(sysrec__decode(&s, r.buf, r.len), -EINVAL);

	put_head(&r, 3, 0, 0); /* no such type */
	seal(&r);
	assert_int_equal(sysrec__decode(&s, r.buf, r.len), -EINVAL);

	put_head(&r, SYSREC_ENTER, 7, 0); /* seven arguments */
	put(&r, args, sizeof(args));
	put(&r, args, 8);
	seal(&r);
	assert_int_equal(sysrec__decode(&s, r.buf, r.len), -EINVAL);

	put_head(&r, SYSREC_ENTER, 6, 0); /* six arguments announced, five there */
	put(&r, args, 5 * 8);
	seal(&r);
	assert_int_equal(sysrec__decode(&s, r.buf, r.len), -EINVAL);

	put_head(&r, SYSREC_ENTER, 0, 0); /* an item longer than the record */
	put_item(&r, 0, SYSREC_KIND_STR, "abc", 3);
	r.len--;
	seal(&r);
	assert_int_equal(sysrec__decode(&s, r.buf, r.len), -EINVAL);

	put_head(&r, SYSREC_ENTER, 0, 0); /* an item's head cut */
	put(&r, "ab", 2);
	seal(&r);
	assert_int_equal(sysrec__decode(&s, r.buf, r.len), -EINVAL);

	put_head(&r, SYSREC_ENTER, 0, 0); /* argument 6, kind none, kind unknown */
	put_item(&r, 6, SYSREC_KIND_STR, "", 0);
	seal(&r);
	assert_int_equal(sysrec__decode(&s, r.buf, r.len), -EINVAL);
	put_head(&r, SYSREC_ENTER, 0, 0);
	put_item(&r, 0, SYSREC_KIND_NONE, "", 0);
	seal(&r);
	assert_int_equal(sysrec__decode(&s, r.buf, r.len), -EINVAL);
	put_head(&r, SYSREC_ENTER, 0, 0);
	put_item(&r, 0, SYSREC_KIND_COUNT, "", 0);
	seal(&r);
	assert_int_equal(sysrec__decode(&s, r.buf, r.len), -EINVAL);

	put_head(&r, SYSREC_ENTER, 0, 0); /* seven items */
	for (int i = 0; i < 7; i++)
		put_item(&r, i % 6, SYSREC_KIND_STR, "x", 1);
	seal(&r);
	assert_int_equal(sysrec__decode(&s, r.buf, r.len), -EINVAL);
}

/* Bucket b holds exactly the durations from its low bound to the next one's. */
static void test_buckets(void **state)
{
	(void)state;
	for (unsigned int ns = 0; ns < 16; ns++)
		assert_int_equal(sysrec_hist_bucket(ns), ns);
	assert_int_equal(sysrec_hist_bucket(17), 16);
	assert_int_equal(sysrec_hist_bucket(31), 23);
	assert_int_equal(sysrec_hist_bucket(32), 24);
	assert_int_equal(sysrec_hist_bucket(UINT64_MAX), SYSREC_HIST_BUCKETS - 1);
	for (unsigned int b = 0; b < SYSREC_HIST_BUCKETS; b++) {
		uint64_t lo = sysrec__bucket_low(b), hi = sysrec__bucket_high(b);

		assert_true(lo < hi);
		assert_int_equal(sysrec_hist_bucket(lo), b);
		assert_int_equal(sysrec_hist_bucket(hi - 1), b);
		/* log-linear: a bucket spans at most an eighth of its low bound (past 8 ns) */
		if (b >= SYSREC_HIST_SUB && b + 1 < SYSREC_HIST_BUCKETS)
			assert_true((hi - lo) * SYSREC_HIST_SUB <= lo);
	}
	/* the last bucket starts past an hour */
	assert_true(sysrec__bucket_low(SYSREC_HIST_BUCKETS - 1) > 3600ULL * 1000000000);
}

static void test_square_sum(void **state)
{
	const uint64_t ds[] = { 0,	    1,		 3,
				0xffffffff, 0x100000000, 0x123456789abcdef,
				1ULL << 63, UINT64_MAX,	 UINT64_MAX,
				987654321 };
	unsigned __int128 want = 0;
	__u64 lo = 0, hi = 0;

	(void)state;
	for (size_t i = 0; i < sizeof(ds) / sizeof(ds[0]); i++) {
		unsigned __int128 d = ds[i];

		want += d * d;
		sysrec_add_square(&lo, &hi, ds[i]);
		assert_true(lo == (uint64_t)want);
		assert_true(hi == (uint64_t)(want >> 64));
	}
}

/* One call of ns, counted as bpf/syscalls.bpf.c counts it. */
static void count_one(struct sysrec_count *c, uint64_t ns, int err)
{
	if (!c->calls)
		c->min_ns = ns;
	sysrec_count_call(c, ns);
	c->errors += err;
}

static void test_figures(void **state)
{
	struct sysrec_count *c = calloc(1, sizeof(*c));
	double mean = 0, m2 = 0, p;

	(void)state;
	assert_int_equal(sysrec__percentile(c, 0.5), 0);
	assert_true(sysrec__stddev_ns(c) == 0);
	/* 1000 calls of 1000..1999 ns, and one of a second */
	for (int i = 0; i < 1000; i++)
		count_one(c, 1000 + i, i % 10 == 0);
	count_one(c, 1000000000, 0);
	assert_int_equal(c->calls, 1001);
	assert_int_equal(c->errors, 100);
	assert_int_equal(c->min_ns, 1000);
	assert_int_equal(c->max_ns, 1000000000);
	for (int i = 0; i < 1000; i++)
		mean += 1000 + i;
	mean = (mean + 1e9) / 1001;
	for (int i = 0; i < 1000; i++)
		m2 += (1000 + i - mean) * (1000 + i - mean);
	m2 += (1e9 - mean) * (1e9 - mean);
	assert_true(fabs(sysrec__mean_ns(c) - mean) < 1e-6 * mean);
	assert_true(fabs(sysrec__stddev_ns(c) - sqrt(m2 / 1000)) < 1e-6 * sqrt(m2 / 1000));
	/* percentiles: within the bucket's eighth of the exact figure */
	p = (double)sysrec__percentile(c, 0.5);
	assert_true(fabs(p - 1500) <= 1500 / 8.0);
	p = (double)sysrec__percentile(c, 0.99);
	assert_true(fabs(p - 1990) <= 1990 / 8.0);
	assert_int_equal(sysrec__percentile(c, 1), 1000000000);
	assert_int_equal(sysrec__percentile(c, 0), 1000);
	free(c);
}

static void test_count_add(void **state)
{
	struct sysrec_count *a = calloc(1, sizeof(*a)), *b = calloc(1, sizeof(*b));
	struct sysrec_count *sum = calloc(1, sizeof(*sum)), *want = calloc(1, sizeof(*want));
	struct sysrec_count *none = calloc(1, sizeof(*none));

	(void)state;
	for (int i = 0; i < 5; i++) {
		count_one(a, 5000000000ULL + i, 0); /* squares past 2^64: the carry */
		count_one(want, 5000000000ULL + i, 0);
	}
	for (int i = 0; i < 3; i++) {
		count_one(b, 10 + i, 1);
		count_one(want, 10 + i, 1);
	}
	sysrec__count_add(sum, none); /* no calls: nothing, not even a minimum of 0 */
	sysrec__count_add(sum, a);
	sysrec__count_add(sum, none);
	sysrec__count_add(sum, b);
	assert_int_equal(sum->calls, 8);
	assert_int_equal(sum->errors, 3);
	assert_int_equal(sum->total_ns, want->total_ns);
	assert_int_equal(sum->min_ns, 10);
	assert_int_equal(sum->max_ns, 5000000004ULL);
	assert_true(sum->sumsq_lo == want->sumsq_lo && sum->sumsq_hi == want->sumsq_hi);
	assert_true(sum->sumsq_hi > 0);
	assert_memory_equal(sum->hist, want->hist, sizeof(want->hist));
	free(a);
	free(b);
	free(sum);
	free(want);
	free(none);
}

/* A COUNT record made from a pair decodes to the same pair; cut or padded ones do not. */
static void test_count_record(void **state)
{
	uint64_t *buf = calloc(1, SYSREC_COUNT_ERRNOS_SIZE + 8);
	struct sysrec_count *c = calloc(1, sizeof(*c));
	struct sysrec_count_key key = { .tid = 77, .nr = 39 };
	struct sysrec *r = calloc(1, sizeof(*r));
	size_t n;

	(void)state;
	count_one(c, 1500, 0);
	count_one(c, 2500, 1);
	c->pid = 70;
	memcpy(c->comm, "worker", 7);
	c->cgroup = 4242;
	n = sysrec__encode_count(buf, 123456, &key, c, NULL);
	assert_int_equal(n, SYSREC_COUNT_SIZE);
	assert_int_equal(sysrec__decode(r, buf, n + 8), 0); /* padding after it is fine */
	assert_int_equal(r->head.type, SYSREC_COUNT);
	assert_int_equal(r->head.tid, 77);
	assert_int_equal(r->head.pid, 70);
	assert_int_equal(r->head.nr, 39);
	assert_int_equal(r->head.time, 123456);
	assert_memory_equal(&r->count, c, sizeof(*c));
	assert_false(r->has_errnos);
	assert_int_equal(sysrec__decode(r, buf, n - 1), -EINVAL);
	/* an older recording's count ends before cgroup: read, cgroup 0 */
	((struct sysrec_head *)buf)->size = (uint16_t)(n - 8);
	assert_int_equal(sysrec__decode(r, buf, n), 0);
	assert_int_equal(r->count.calls, 2);
	assert_int_equal(r->count.cgroup, 0);
	((struct sysrec_head *)buf)->size = (uint16_t)(n - 16); /* a body shorter than a count */
	assert_int_equal(sysrec__decode(r, buf, n), -EINVAL);
	free(buf);
	free(c);
	free(r);
}

/* A COUNT record with its errnos decodes them, each in its slot. */
static void test_count_record_errnos(void **state)
{
	uint64_t *buf = calloc(1, SYSREC_COUNT_ERRNOS_SIZE);
	struct sysrec_count *c = calloc(1, sizeof(*c));
	struct sysrec_errnos *e = calloc(1, sizeof(*e));
	struct sysrec_count_key key = { .tid = 7, .nr = 3 };
	struct sysrec *r = calloc(1, sizeof(*r));
	size_t n;

	(void)state;
	count_one(c, 100, 1);
	e->n[sysrec_errno_slot(ENOENT)] = 1;
	e->n[sysrec_errno_slot(512)] = 5; /* ERESTARTSYS */
	e->n[sysrec_errno_slot(531)] = 6; /* the last of the kernel's own */
	e->n[sysrec_errno_slot(4000)] = 7; /* any other */
	n = sysrec__encode_count(buf, 1, &key, c, e);
	assert_int_equal(n, SYSREC_COUNT_ERRNOS_SIZE);
	assert_int_equal(sysrec__decode(r, buf, n), 0);
	assert_true(r->has_errnos);
	assert_memory_equal(&r->errnos, e, sizeof(*e));
	assert_int_equal(sysrec_errno_slot(ENOENT), ENOENT);
	assert_int_equal(sysrec_slot_errno(sysrec_errno_slot(512)), 512);
	assert_int_equal(sysrec_slot_errno(sysrec_errno_slot(531)), 531);
	assert_int_equal(sysrec_errno_slot(532), 0);
	assert_int_equal(sysrec_errno_slot(134), 0);
	assert_true(sysrec_errno_slot(531) < SYSREC_ERRNO_SLOTS);
	free(buf);
	free(c);
	free(e);
	free(r);
}

/* A signal's record decodes whole; one shorter than its body does not; a longer body is read. */
static void test_signal_record(void **state)
{
	struct sysrec_signal body = { .signo = 17, .code = 1, .fields = { 1235, 3, 1, 2 } };
	struct sysrec *r = calloc(1, sizeof(*r));
	struct rec rec;
	uint64_t later = 0xfeed;

	assert_non_null(r);
	put_head(&rec, SYSREC_SIGNAL, 0, 0);
	put(&rec, &body, sizeof(body));
	seal(&rec);
	assert_int_equal(sysrec__decode(r, rec.buf, rec.len), 0);
	assert_int_equal(r->head.type, SYSREC_SIGNAL);
	assert_int_equal(r->head.tid, 11);
	assert_memory_equal(&r->signal, &body, sizeof(body));
	assert_int_equal(r->nitems, 0);
	/* a body cut by one byte: not a record */
	rec.len--;
	seal(&rec);
	assert_int_equal(sysrec__decode(r, rec.buf, rec.len), -EINVAL);
	/* the head's size past the bytes there are */
	rec.len++;
	assert_int_equal(sysrec__decode(r, rec.buf, rec.len - 1), -EINVAL);
	/* a later version's body, longer: the fields known are read */
	put(&rec, &later, sizeof(later));
	seal(&rec);
	memset(&r->signal, 0, sizeof(r->signal));
	assert_int_equal(sysrec__decode(r, rec.buf, rec.len), 0);
	assert_memory_equal(&r->signal, &body, sizeof(body));
	free(r);
	(void)state;
}

static void test_task_exit_record(void **state)
{
	struct sysrec_task_exit body = { .status = 11 | 0x80 };
	struct sysrec *r = calloc(1, sizeof(*r));
	struct rec rec;

	assert_non_null(r);
	put_head(&rec, SYSREC_TASK_EXIT, 0, 0);
	put(&rec, &body, sizeof(body));
	seal(&rec);
	assert_int_equal(sysrec__decode(r, rec.buf, rec.len), 0);
	assert_int_equal(r->head.type, SYSREC_TASK_EXIT);
	assert_int_equal(r->exit_status, 11 | 0x80);
	put_head(&rec, SYSREC_TASK_EXIT, 0, 0); /* no body */
	seal(&rec);
	assert_int_equal(sysrec__decode(r, rec.buf, rec.len), -EINVAL);
	put(&rec, &body, sizeof(body) - 1);
	seal(&rec);
	assert_int_equal(sysrec__decode(r, rec.buf, rec.len), -EINVAL);
	/* a type past those known is refused, not read as one of them */
	put_head(&rec, SYSREC_TASK_EXIT + 1, 0, 0);
	put(&rec, &body, sizeof(body));
	seal(&rec);
	assert_int_equal(sysrec__decode(r, rec.buf, rec.len), -EINVAL);
	free(r);
	(void)state;
}

/* One descriptor of an FDINFO item, and its name, into data at *at. */
static void put_fd(uint8_t *data, size_t *at, int fd, uint16_t mode, uint64_t ino, const char *name)
{
	struct sysrec_fd d = { .ino = ino, .fd = fd, .mode = mode };

	d.name_len = name ? strlen(name) : 0;
	memcpy(data + *at, &d, sizeof(d));
	memcpy(data + *at + sizeof(d), name ? name : "", d.name_len);
	*at += sizeof(d) + d.name_len;
}

static void test_fdinfo(void **state)
{
	uint64_t args[SYSREC_ARGS] = { 3, 4 };
	uint8_t data[256], big[sizeof(struct sysrec_fd) + SYSREC_FD_NAME_MAX + 1];
	struct sysrec *r = calloc(1, sizeof(*r));
	size_t n = 0, m = 0;
	struct rec rec;

	assert_non_null(r);
	/* dup2(3, 4) at entry: six items and the descriptors' own, which do not count as items */
	put_head(&rec, SYSREC_ENTER, SYSREC_ARGS, 33);
	put(&rec, args, sizeof(args));
	for (int i = 0; i < SYSREC_ARGS; i++)
		put_item(&rec, i, SYSREC_KIND_STR, "x", 1);
	put_fd(data, &n, 3, 0010600, 1234, NULL);
	put_item(&rec, 0, SYSREC_KIND_FDINFO, data, n);
	put_fd(data, &m, 4, 0600, 99, "[eventfd]");
	put_item(&rec, 1, SYSREC_KIND_FDINFO, data, m);
	seal(&rec);
	assert_int_equal(sysrec__decode(r, rec.buf, rec.len), 0);
	assert_int_equal(r->nitems, SYSREC_ARGS);
	assert_int_equal(r->nfds, 2);
	assert_int_equal(r->fds[0].fd, 3);
	assert_int_equal(r->fds[0].ino, 1234);
	assert_int_equal(r->fds[0].mode, 0010600);
	assert_int_equal(r->fds[0].arg, 0);
	assert_string_equal(r->fds[0].name, "");
	assert_int_equal(r->fds[1].arg, 1);
	assert_string_equal(r->fds[1].name, "[eventfd]");

	/* pipe2's exit: its pair in one item, and a result's item */
	put_head(&rec, SYSREC_EXIT, 0, 293);
	put(&rec, &(struct sysrec_exit){ .ret = 0, .duration = 5 }, sizeof(struct sysrec_exit));
	n = 0;
	put_fd(data, &n, 5, 0010600, 7, NULL);
	put_fd(data, &n, 6, 0010600, 7, NULL);
	put_item(&rec, 0, SYSREC_KIND_FDINFO, data, n);
	m = 0;
	put_fd(data, &m, 0, 0140777, 8, NULL);
	put_item(&rec, SYSREC_ARG_RET, SYSREC_KIND_FDINFO, data, m);
	seal(&rec);
	assert_int_equal(sysrec__decode(r, rec.buf, rec.len), 0);
	assert_int_equal(r->nfds, 3);
	assert_int_equal(r->fds[1].fd, 6);
	assert_int_equal(r->fds[1].ino, 7);
	assert_int_equal(r->fds[2].arg, SYSREC_ARG_RET);
	/* records before -y's items still decode with none: nfds starts again */
	put_head(&rec, SYSREC_EXIT, 0, 293);
	put(&rec, &(struct sysrec_exit){ .ret = 0 }, sizeof(struct sysrec_exit));
	seal(&rec);
	assert_int_equal(sysrec__decode(r, rec.buf, rec.len), 0);
	assert_int_equal(r->nfds, 0);

	/* hostile: a name longer than the item, a name past the most, a part of a head */
	for (int k = 0; k < 3; k++) {
		struct sysrec_fd d = { .fd = 1, .ino = 2, .name_len = 4 };

		put_head(&rec, SYSREC_EXIT, 0, 293);
		put(&rec, &(struct sysrec_exit){ .ret = 0 }, sizeof(struct sysrec_exit));
		memset(big, 'a', sizeof(big));
		if (k == 1)
			d.name_len = SYSREC_FD_NAME_MAX + 1;
		memcpy(big, &d, sizeof(d));
		put_item(&rec, 0, SYSREC_KIND_FDINFO, big,
			 k == 0 ? sizeof(d) + 3 :
			 k == 1 ? sizeof(big) :
				  sizeof(d) - 1);
		seal(&rec);
		assert_int_equal(sysrec__decode(r, rec.buf, rec.len), -EINVAL);
	}
	/* an item of an argument past the result's */
	put_head(&rec, SYSREC_EXIT, 0, 293);
	put(&rec, &(struct sysrec_exit){ .ret = 0 }, sizeof(struct sysrec_exit));
	put_item(&rec, SYSREC_ARG_RET + 1, SYSREC_KIND_FDINFO, data, m);
	seal(&rec);
	assert_int_equal(sysrec__decode(r, rec.buf, rec.len), -EINVAL);
	free(r);
	(void)state;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_enter),
		cmocka_unit_test(test_exit),
		cmocka_unit_test(test_exit_items_out_or_again),
		cmocka_unit_test(test_cgroup_trailer),
		cmocka_unit_test(test_broken),
		cmocka_unit_test(test_buckets),
		cmocka_unit_test(test_square_sum),
		cmocka_unit_test(test_figures),
		cmocka_unit_test(test_count_add),
		cmocka_unit_test(test_count_record),
		cmocka_unit_test(test_count_record_errnos),
		cmocka_unit_test(test_signal_record),
		cmocka_unit_test(test_task_exit_record),
		cmocka_unit_test(test_fdinfo),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
