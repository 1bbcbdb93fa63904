// SPDX-License-Identifier: GPL-2.0
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <linux/perf_event.h>

#include "record/sample.h"

#define ST_BPF                                                                   \
	(PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_CPU | \
	 PERF_SAMPLE_PERIOD | PERF_SAMPLE_RAW)

struct builder {
	unsigned char b[512];
	size_t n;
};

static void put(struct builder *r, const void *p, size_t n)
{
	memcpy(r->b + r->n, p, n);
	r->n += n;
}

static void put64(struct builder *r, uint64_t v)
{
	put(r, &v, 8);
}

static void put32x2(struct builder *r, uint32_t a, uint32_t b)
{
	put(r, &a, 4);
	put(r, &b, 4);
}

static void header(struct builder *r, uint32_t type)
{
	struct perf_event_header h = { .type = type };

	r->n = 0;
	put(r, &h, sizeof(h));
}

static void finish(struct builder *r)
{
	struct perf_event_header *h = (void *)r->b;

	h->size = r->n;
}

/* The kernel's layout of a bpf-output sample (sample_type 0x587), raw exactly at the end. */
static void bpf_sample(struct builder *r, const char *payload, uint32_t size)
{
	header(r, PERF_RECORD_SAMPLE);
	put64(r, 0xffffffff814c2d0bull);
	put32x2(r, 4242, 4243);
	put64(r, 1000123456789ull);
	put32x2(r, 2, 0);
	put64(r, 1);
	put(r, &size, 4);
	put(r, payload, size);
	finish(r);
}

static void test_sample_parse_fields(void **state)
{
	struct builder r;
	struct sample s;

	bpf_sample(&r, "hello world\0", 12);
	assert_int_equal(r.n, 64);
	assert_int_equal(sample__parse(ST_BPF, r.b, r.n, &s), 0);
	assert_true(s.has_ip && s.has_tid && s.has_time && s.has_cpu && s.has_period && s.has_raw);
	assert_false(s.has_id);
	assert_int_equal(s.ip, 0xffffffff814c2d0bull);
	assert_int_equal(s.pid, 4242);
	assert_int_equal(s.tid, 4243);
	assert_int_equal(s.time, 1000123456789ull);
	assert_int_equal(s.cpu, 2);
	assert_int_equal(s.period, 1);
	assert_int_equal(s.raw_size, 12);
	assert_memory_equal(s.raw, "hello world", 12);
	assert_ptr_equal(s.raw, r.b + 52);
}

static void test_sample_parse_every_field_in_order(void **state)
{
	uint64_t st = PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME |
		      PERF_SAMPLE_ADDR | PERF_SAMPLE_ID | PERF_SAMPLE_STREAM_ID | PERF_SAMPLE_CPU |
		      PERF_SAMPLE_PERIOD | PERF_SAMPLE_CALLCHAIN | PERF_SAMPLE_RAW;
	uint32_t raw = 4;
	struct builder r;
	struct sample s;

	header(&r, PERF_RECORD_SAMPLE);
	put64(&r, 11); /* identifier */
	put64(&r, 0x1000); /* ip */
	put32x2(&r, 5, 6); /* pid, tid */
	put64(&r, 77); /* time */
	put64(&r, 0xdead); /* addr */
	put64(&r, 11); /* id */
	put64(&r, 99); /* stream id */
	put32x2(&r, 3, 0); /* cpu */
	put64(&r, 8); /* period */
	put64(&r, 2); /* callchain nr */
	put64(&r, 0xa);
	put64(&r, 0xb);
	put(&r, &raw, 4);
	put(&r, "abc", 4);
	finish(&r);
	assert_int_equal(sample__parse(st, r.b, r.n, &s), 0);
	assert_int_equal(s.id, 11);
	assert_int_equal(s.ip, 0x1000);
	assert_int_equal(s.tid, 6);
	assert_int_equal(s.time, 77);
	assert_int_equal(s.cpu, 3);
	assert_int_equal(s.period, 8);
	assert_int_equal(s.raw_size, 4);
	assert_string_equal(s.raw, "abc");
	assert_true(s.has_callchain);
	assert_int_equal(s.callchain_nr, 2);
	assert_int_equal(sample__callchain_entry(&s, 0), 0xa);
	assert_int_equal(sample__callchain_entry(&s, 1), 0xb);
	/* a callchain claiming more entries than the record holds */
	memset(r.b + 8 + 9 * 8, 0xff, 8);
	assert_int_equal(sample__parse(st, r.b, r.n, &s), -EINVAL);
}

static void test_sample_parse_truncated(void **state)
{
	struct builder r;
	struct sample s;
	size_t len;

	bpf_sample(&r, "hi getppid\0\0", 12);
	for (len = 0; len < r.n; len++)
		assert_int_equal(sample__parse(ST_BPF, r.b, len, &s), -EINVAL);
	assert_int_equal(sample__parse(ST_BPF, r.b, r.n, &s), 0);
	assert_int_equal(sample__parse(ST_BPF, NULL, 64, &s), -EINVAL);
}

static void test_sample_parse_raw_size_overflow(void **state)
{
	struct builder r;
	struct sample s;
	uint32_t big = UINT32_MAX;

	bpf_sample(&r, "abcd", 4);
	memcpy(r.b + 48, &big, 4);
	assert_int_equal(sample__parse(ST_BPF, r.b, r.n, &s), -EINVAL);
	big = 5;
	memcpy(r.b + 48, &big, 4);
	assert_int_equal(sample__parse(ST_BPF, r.b, r.n, &s), -EINVAL);
	big = 0;
	memcpy(r.b + 48, &big, 4);
	assert_int_equal(sample__parse(ST_BPF, r.b, r.n, &s), 0);
	assert_int_equal(s.raw_size, 0);
}

static void test_sample_parse_rejects_read(void **state)
{
	struct builder r;
	struct sample s;

	bpf_sample(&r, "abcd", 4);
	assert_int_equal(sample__parse(ST_BPF | PERF_SAMPLE_READ, r.b, r.n, &s), -EINVAL);
	/* fields after RAW are left alone */
	assert_int_equal(sample__parse(ST_BPF | PERF_SAMPLE_WEIGHT, r.b, r.n, &s), 0);
	assert_int_equal(sample__parse(1ull << 40, r.b, r.n, &s), -EINVAL);
}

/* COMM with a full trailer: pid/tid, time, id, stream id, cpu, identifier. */
static void test_sample_parse_id_trailer(void **state)
{
	uint64_t st = PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_ID | PERF_SAMPLE_STREAM_ID |
		      PERF_SAMPLE_CPU | PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_IP | PERF_SAMPLE_RAW;
	struct builder r;
	struct sample s;
	size_t len;

	header(&r, PERF_RECORD_COMM);
	put32x2(&r, 10, 11);
	put(&r, "comm\0\0\0\0", 8);
	put32x2(&r, 10, 11);
	put64(&r, 1234);
	put64(&r, 55);
	put64(&r, 66);
	put32x2(&r, 7, 0);
	put64(&r, 55);
	finish(&r);
	assert_int_equal(sample__parse_id(st, r.b, r.n, &s), 0);
	assert_true(s.has_tid && s.has_time && s.has_id && s.has_cpu);
	assert_int_equal(s.pid, 10);
	assert_int_equal(s.tid, 11);
	assert_int_equal(s.time, 1234);
	assert_int_equal(s.id, 55);
	assert_int_equal(s.cpu, 7);
	for (len = 0; len < 8 + 6 * 8; len++)
		assert_int_equal(sample__parse_id(st, r.b, len, &s), -EINVAL);
	/* only TIME|ID: read from the end */
	assert_int_equal(sample__parse_id(PERF_SAMPLE_TIME | PERF_SAMPLE_ID, r.b, r.n, &s), 0);
	assert_int_equal(s.id, 55);
	assert_int_equal(s.time, 7);
	assert_false(s.has_tid);
}

/* Random records and sample types: never a crash (run under ASan by `make asan`). */
static void test_sample_parse_garbage(void **state)
{
	unsigned char buf[256];
	struct sample s;
	unsigned i, j;

	srand(1);
	for (i = 0; i < 20000; i++) {
		size_t len = rand() % sizeof(buf);
		uint64_t st = ((uint64_t)rand() << 32 | rand()) & 0x1ffff;
		unsigned char *copy = malloc(len ? len : 1);

		for (j = 0; j < len; j++)
			buf[j] = rand() % 4 ? rand() % 4 : rand();
		memcpy(copy, buf, len);
		if (!sample__parse(st, copy, len, &s) && s.has_raw)
			assert_true((unsigned char *)s.raw + s.raw_size <= copy + len);
		sample__parse_id(st, copy, len, &s);
		free(copy);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sample_parse_fields),
		cmocka_unit_test(test_sample_parse_every_field_in_order),
		cmocka_unit_test(test_sample_parse_truncated),
		cmocka_unit_test(test_sample_parse_raw_size_overflow),
		cmocka_unit_test(test_sample_parse_rejects_read),
		cmocka_unit_test(test_sample_parse_id_trailer),
		cmocka_unit_test(test_sample_parse_garbage),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
