// SPDX-License-Identifier: GPL-2.0
/* -k's clock names and numbers, as perf record takes them; the offset to wall-clock time. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <time.h>

#include "util/clockid.h"

static void expect_clock(const char *s, int want)
{
	int id = -100;

	assert_int_equal(clockid__parse(s, &id), 0);
	assert_int_equal(id, want);
}

static void test_clockid__parse_names_and_numbers(void **state)
{
	int id;

	expect_clock("monotonic", CLOCK_MONOTONIC);
	expect_clock("realtime", CLOCK_REALTIME);
	expect_clock("boottime", CLOCK_BOOTTIME);
	expect_clock("tai", 11);
	expect_clock("monotonic_raw", CLOCK_MONOTONIC_RAW);
	expect_clock("mono", CLOCK_MONOTONIC);
	expect_clock("real", CLOCK_REALTIME);
	expect_clock("CLOCK_MONOTONIC", CLOCK_MONOTONIC);
	expect_clock("Realtime", CLOCK_REALTIME);
	expect_clock("1", 1);
	expect_clock("0", 0);
	assert_int_equal(clockid__parse("bogus", &id), -EINVAL);
	assert_int_equal(clockid__parse("", &id), -EINVAL);
	assert_int_equal(clockid__parse("-1", &id), -EINVAL);
	assert_int_equal(clockid__parse("1x", &id), -EINVAL);
	assert_int_equal(clockid__parse(NULL, &id), -EINVAL);
}

static void test_clockid__name(void **state)
{
	assert_string_equal(clockid__name(CLOCK_MONOTONIC), "monotonic");
	assert_string_equal(clockid__name(CLOCK_REALTIME), "realtime");
	assert_string_equal(clockid__name(CLOCKID_PERF), "perf");
	assert_null(clockid__name(40));
}

static void test_clockid__offset(void **state)
{
	uint64_t wall, clk;
	int64_t off;
	struct timespec m;

	assert_int_equal(clockid__offset(CLOCK_REALTIME, &off, &wall, &clk), 0);
	assert_int_equal(off, 0);
	assert_true(wall == clk);
	assert_int_equal(clockid__offset(CLOCK_MONOTONIC, &off, &wall, &clk), 0);
	clock_gettime(CLOCK_MONOTONIC, &m);
	/* monotonic runs since boot: its offset is the boot's wall-clock time, far from 0 */
	assert_true(off > 0);
	assert_true((uint64_t)off + clk == wall);
	assert_true(clk <= (uint64_t)m.tv_sec * 1000000000ull + (uint64_t)m.tv_nsec);
}

/* perf's clock: the time of a record the kernel stamped between two wall-clock readings. */
static void test_clockid__offset_perf(void **state)
{
	struct timespec w0, w1;
	uint64_t wall, clk;
	int64_t off;

	clock_gettime(CLOCK_REALTIME, &w0);
	assert_int_equal(clockid__offset(CLOCKID_PERF, &off, &wall, &clk), 0);
	clock_gettime(CLOCK_REALTIME, &w1);
	assert_true(off > 0);
	assert_true((uint64_t)off + clk == wall);
	assert_true(wall >= (uint64_t)w0.tv_sec * 1000000000ull + (uint64_t)w0.tv_nsec);
	assert_true(wall <= (uint64_t)w1.tv_sec * 1000000000ull + (uint64_t)w1.tv_nsec);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_clockid__parse_names_and_numbers),
		cmocka_unit_test(test_clockid__name),
		cmocka_unit_test(test_clockid__offset),
		cmocka_unit_test(test_clockid__offset_perf),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
