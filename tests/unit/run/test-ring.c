// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of lib/run/ring.c's span reads, on a ring laid out in memory as the kernel lays
 * one out: records handed over in order, byte for byte, across the ring's end.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include <linux/perf_event.h>

#include "run/ring.h"

#define MAX_SEEN 256

/* What the callbacks saw, in order: seq of each record, -1 before each span, -2 alone. */
struct seen {
	int64_t log[MAX_SEEN];
	int n;
	unsigned int spans, nr, max_piece;
	int skip_seq; /* the sample sort leaves out */
};

static size_t page(void)
{
	return (size_t)sysconf(_SC_PAGESIZE);
}

static void fake_ring(struct ring *r, unsigned int pages, uint64_t start)
{
	struct perf_event_mmap_page *pc;

	memset(r, 0, sizeof(*r));
	r->base = aligned_alloc(page(), page() * (1 + pages));
	assert_non_null(r->base);
	memset(r->base, 0, page() * (1 + pages));
	r->data_size = pages * page();
	r->cpu = 3;
	pc = r->base;
	pc->data_head = pc->data_tail = start;
}

static void fake_free(struct ring *r)
{
	free(r->base);
	free(r->bounce);
}

/* A record of size bytes whose body is its seq, written where the kernel would, wrapping. */
static void put(struct ring *r, uint32_t type, uint16_t size, uint64_t seq)
{
	struct perf_event_mmap_page *pc = r->base;
	char *data = (char *)r->base + page(), rec[512];
	struct perf_event_header h = { .type = type, .size = size };

	memcpy(rec, &h, sizeof(h));
	for (size_t i = sizeof(h); i < size; i += 8)
		memcpy(rec + i, &seq, 8);
	for (size_t i = 0; i < size; i++)
		data[(pc->data_head + i) & (r->data_size - 1)] = rec[i];
	pc->data_head += size;
}

static uint64_t seq_of(const void *rec)
{
	uint64_t seq;

	memcpy(&seq, (const char *)rec + sizeof(struct perf_event_header), 8);
	return seq;
}

static void note(struct seen *s, int64_t v)
{
	assert_true(s->n < MAX_SEEN);
	s->log[s->n++] = v;
}

static int sort(void *ctx, const struct perf_event_header *rec)
{
	struct seen *s = ctx;

	if (rec->type != PERF_RECORD_SAMPLE)
		return RING_ALONE;
	return (int64_t)seq_of(rec) == s->skip_seq ? RING_SKIP : RING_SPAN;
}

static int alone(void *ctx, const struct perf_event_header *rec, int cpu)
{
	assert_int_equal(cpu, 3);
	note(ctx, -2);
	note(ctx, (int64_t)seq_of(rec));
	return 0;
}

/* The span's bytes joined again, then cut into records: each whole, in order. */
static int span(void *ctx, const struct iovec *iov, int n, unsigned int nr)
{
	struct seen *s = ctx;
	char buf[8192];
	size_t len = 0, at = 0;
	unsigned int count = 0;

	assert_true(n == 1 || n == 2);
	for (int i = 0; i < n; i++) {
		assert_true(len + iov[i].iov_len <= sizeof(buf));
		memcpy(buf + len, iov[i].iov_base, iov[i].iov_len);
		len += iov[i].iov_len;
		if (iov[i].iov_len > s->max_piece)
			s->max_piece = iov[i].iov_len;
	}
	note(s, -1);
	while (at < len) {
		struct perf_event_header h;

		memcpy(&h, buf + at, sizeof(h));
		assert_true(h.size >= 16 && at + h.size <= len);
		note(s, (int64_t)seq_of(buf + at));
		at += h.size;
		count++;
	}
	assert_int_equal(count, nr);
	s->spans++;
	s->nr += nr;
	return 0;
}

static const struct ring_span_ops ops = { .sort = sort,
					  .record = alone,
					  .span = span,
					  .span_max = 1 << 20 };

static void assert_log(const struct seen *s, const int64_t *want, int n)
{
	assert_int_equal(s->n, n);
	for (int i = 0; i < n; i++)
		assert_int_equal(s->log[i], want[i]);
}

/* Samples go by spans; another record ends the span and goes alone; a skipped one too. */
static void test_ring_spans_in_order(void **state)
{
	struct seen s = { .skip_seq = 7 };
	struct ring r;
	const int64_t want[] = { -1, 0, 1, 2, -2, 3, -1, 4, 5, 6, -1, 8, 9 };

	fake_ring(&r, 1, 0);
	for (int i = 0; i < 10; i++)
		put(&r, i == 3 ? PERF_RECORD_COMM : PERF_RECORD_SAMPLE, 32 + 8 * (i % 3), i);
	ring__snap(&r);
	assert_int_equal(ring__read_spans(&r, &ops, &s), 10);
	assert_log(&s, want, sizeof(want) / sizeof(want[0]));
	assert_int_equal(((struct perf_event_mmap_page *)r.base)->data_tail, r.snap);
	fake_free(&r);
}

/* Records across the ring's end: one span in two pieces, a record split between them. */
static void test_ring_span_wraps(void **state)
{
	struct seen s = { .skip_seq = -1 };
	struct ring r;

	fake_ring(&r, 1, page() - 40); /* the first record straddles the end */
	for (int i = 0; i < 12; i++)
		put(&r, PERF_RECORD_SAMPLE, 64, i);
	ring__snap(&r);
	assert_int_equal(ring__read_spans(&r, &ops, &s), 12);
	assert_int_equal(s.spans, 1);
	assert_int_equal(s.nr, 12);
	for (int i = 0; i < 12; i++)
		assert_int_equal(s.log[1 + i], i);
	fake_free(&r);
}

/* A span never outgrows span_max (nor a quarter of the ring). */
static void test_ring_span_max(void **state)
{
	struct ring_span_ops small = ops;
	struct seen s = { .skip_seq = -1 };
	struct ring r;

	small.span_max = 200;
	fake_ring(&r, 1, 0);
	for (int i = 0; i < 30; i++)
		put(&r, PERF_RECORD_SAMPLE, 64, i);
	ring__snap(&r);
	assert_int_equal(ring__read_spans(&r, &small, &s), 30);
	assert_int_equal(s.nr, 30);
	assert_int_equal(s.spans, 10); /* 3 records of 64 bytes each */
	assert_true(s.max_piece <= 200);
	fake_free(&r);
}

/* peek consumes nothing; a span read stops at the snapped head, not at the newer one. */
static void test_ring_peek_and_snap(void **state)
{
	struct seen s = { .skip_seq = -1 }, p = { 0 };
	struct perf_event_mmap_page *pc;
	struct ring r;

	fake_ring(&r, 1, 0);
	pc = r.base;
	for (int i = 0; i < 4; i++)
		put(&r, PERF_RECORD_SAMPLE, 32, i);
	ring__snap(&r);
	put(&r, PERF_RECORD_FORK, 48, 4); /* after the snap */
	assert_int_equal(ring__peek(&r, 0, alone, &p), 5);
	assert_int_equal(pc->data_tail, 0);
	assert_int_equal(p.n, 10);
	assert_int_equal(p.log[9], 4);
	assert_int_equal(ring__read_spans(&r, &ops, &s), 4);
	assert_int_equal(pc->data_tail, 128);
	ring__snap(&r);
	s.n = 0;
	assert_int_equal(ring__read_spans(&r, &ops, &s), 1);
	assert_int_equal(s.log[0], -2);
	assert_int_equal(pc->data_tail, pc->data_head);
	fake_free(&r);
}

/* A LOST record is counted when consumed, not when peeked at. */
static void test_ring_lost_counted(void **state)
{
	struct seen s = { .skip_seq = -1 }, p = { 0 };
	struct ring r;

	fake_ring(&r, 1, 0);
	put(&r, PERF_RECORD_LOST, 24, 1234); /* id 1234, then lost 1234 */
	ring__peek(&r, 0, alone, &p);
	assert_int_equal(r.lost, 0);
	ring__snap(&r);
	assert_int_equal(ring__read_spans(&r, &ops, &s), 1);
	assert_int_equal(r.lost, 1234);
	fake_free(&r);
}

/* samples_span: every sample spans, unasked (seq 7 is not skipped); others still go alone. */
static void test_ring_samples_span(void **state)
{
	struct ring_span_ops fast = ops;
	struct seen s = { .skip_seq = 7 };
	struct ring r;
	const int64_t want[] = { -1, 0, 1, 2, -2, 3, -1, 4, 5, 6, 7, 8, 9, -2, 10 };

	fast.samples_span = true;
	fake_ring(&r, 1, page() - 40); /* the spans wrap around the end */
	for (int i = 0; i < 11; i++)
		put(&r, i == 3 || i == 10 ? PERF_RECORD_LOST : PERF_RECORD_SAMPLE, 32 + 8 * (i % 3),
		    i);
	ring__snap(&r);
	assert_int_equal(ring__read_spans(&r, &fast, &s), 11);
	assert_log(&s, want, sizeof(want) / sizeof(want[0]));
	assert_int_equal(r.lost, 3 + 10);
	assert_int_equal(((struct perf_event_mmap_page *)r.base)->data_tail, r.snap);
	fake_free(&r);
}

/* peek by type: fn sees the FORKs only, every record is passed, none consumed. */
static void test_ring_peek_type(void **state)
{
	struct seen p = { 0 };
	struct ring r;

	fake_ring(&r, 1, 0);
	for (int i = 0; i < 6; i++)
		put(&r, i % 3 == 1 ? PERF_RECORD_FORK : PERF_RECORD_SAMPLE, 32, i);
	assert_int_equal(ring__peek(&r, PERF_RECORD_FORK, alone, &p), 6);
	assert_int_equal(p.n, 4);
	assert_int_equal(p.log[1], 1);
	assert_int_equal(p.log[3], 4);
	assert_int_equal(((struct perf_event_mmap_page *)r.base)->data_tail, 0);
	fake_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ring_spans_in_order),
		cmocka_unit_test(test_ring_span_wraps),
		cmocka_unit_test(test_ring_span_max),
		cmocka_unit_test(test_ring_peek_and_snap),
		cmocka_unit_test(test_ring_lost_counted),
		cmocka_unit_test(test_ring_samples_span),
		cmocka_unit_test(test_ring_peek_type),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
