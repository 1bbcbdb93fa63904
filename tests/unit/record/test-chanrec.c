// SPDX-License-Identifier: GPL-2.0
/* Unit tests of lib/record/chanrec.c: samples made in user space decode as the kernel's do. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "record/chanrec.h"
#include "record/record.h"

static const struct record_layout layout = { CHANREC_SAMPLE_TYPE, true };

static void test_round_trip(void **state)
{
	uint64_t buf[64];
	const char text[] = "hello 42"; /* 9 bytes: raw padded to 12, 4 + 12 = 16 */
	struct chanrec_sample cs = { .id = 1ULL << 63 | 3,
				     .pid = 100,
				     .tid = 101,
				     .time = 123456789,
				     .period = 1,
				     .cpu = 1,
				     .raw = text,
				     .raw_size = sizeof(text) };
	size_t n = chanrec__encode(buf, sizeof(buf), &cs);
	struct record r;
	uint64_t id;

	(void)state;
	assert_int_equal(n, 8 + 6 * 8 + 16);
	assert_int_equal(n % 8, 0);
	assert_int_equal(record__decode((void *)buf, n, &layout, &r), 0);
	assert_int_equal(r.type, PERF_RECORD_SAMPLE);
	assert_int_equal(r.s.pid, 100);
	assert_int_equal(r.s.tid, 101);
	assert_int_equal(r.s.time, 123456789);
	assert_int_equal(r.s.cpu, 1);
	assert_int_equal(r.s.period, 1);
	assert_int_equal(r.s.raw_size, 12);
	assert_memory_equal(r.s.raw, text, sizeof(text));
	assert_int_equal(((const char *)r.s.raw)[9], 0); /* zero padding */
	assert_int_equal(record__id((void *)buf, n, &layout, &id), 0);
	assert_true(id == cs.id);
	assert_int_equal(record__time((void *)buf, n, &layout), 123456789);
}

static void test_aligned_payload(void **state)
{
	uint64_t buf[64];
	uint8_t four[4] = { 1, 2, 3, 4 }; /* 4 + 4: no padding */
	struct chanrec_sample cs = { .id = 9, .raw = four, .raw_size = 4 };
	struct record r;
	size_t n = chanrec__encode(buf, sizeof(buf), &cs);

	(void)state;
	assert_int_equal(n, 8 + 6 * 8 + 8);
	assert_int_equal(record__decode((void *)buf, n, &layout, &r), 0);
	assert_int_equal(r.s.raw_size, 4);
	/* an empty payload still carries its size word */
	cs.raw_size = 0;
	n = chanrec__encode(buf, sizeof(buf), &cs);
	assert_int_equal(n, 8 + 6 * 8 + 8);
	assert_int_equal(record__decode((void *)buf, n, &layout, &r), 0);
	assert_int_equal(r.s.raw_size, 4);
}

static void test_too_big(void **state)
{
	static uint8_t big[70000];
	static uint64_t buf[9000];
	uint64_t small[4];
	struct chanrec_sample cs = { .raw = big, .raw_size = sizeof(big) };

	(void)state;
	assert_int_equal(chanrec__encode(buf, sizeof(buf), &cs), 0); /* over a u16 size */
	cs.raw_size = 8;
	assert_int_equal(chanrec__encode(small, sizeof(small), &cs), 0); /* over the buffer */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_aligned_payload),
		cmocka_unit_test(test_too_big),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
