// SPDX-License-Identifier: GPL-2.0
/* -F FREQ / -F max and -c PERIOD: what they take, and the frequency asked of the kernel. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>

#include "event/sampling.h"

static void test_sampling__freq_args(void **state)
{
	unsigned int f = 7;

	assert_int_equal(sampling__parse_freq("99", &f), 0);
	assert_int_equal(f, 99);
	assert_int_equal(sampling__parse_freq("max", &f), 0);
	assert_int_equal(f, SAMPLING_FREQ_MAX);
	f = 7;
	assert_int_equal(sampling__parse_freq("0", &f), -EINVAL);
	assert_int_equal(sampling__parse_freq("abc", &f), -EINVAL);
	assert_int_equal(sampling__parse_freq("99x", &f), -EINVAL);
	assert_int_equal(sampling__parse_freq("-5", &f), -EINVAL);
	assert_int_equal(sampling__parse_freq("", &f), -EINVAL);
	assert_int_equal(sampling__parse_freq("4294967296", &f), -EINVAL);
	assert_int_equal(f, 7);
}

static void test_sampling__period_args(void **state)
{
	uint64_t p = 7;

	assert_int_equal(sampling__parse_period("100000", &p), 0);
	assert_int_equal(p, 100000);
	assert_int_equal(sampling__parse_period("10000000000", &p), 0);
	assert_int_equal(p, 10000000000ULL);
	p = 7;
	assert_int_equal(sampling__parse_period("0", &p), -EINVAL);
	assert_int_equal(sampling__parse_period(" 5", &p), -EINVAL);
	assert_int_equal(sampling__parse_period("1e3", &p), -EINVAL);
	assert_int_equal(sampling__parse_period("9223372036854775808", &p), -EINVAL);
	assert_int_equal(p, 7);
}

static void test_sampling__asked(void **state)
{
	struct sampling none = { 0 }, f99 = { .freq = 99 }, fmax = { .freq = SAMPLING_FREQ_MAX };
	struct sampling big = { .freq = 200000 }, c = { .period = 1000 };
	bool lowered = true;

	assert_false(sampling__given(&none));
	assert_true(sampling__given(&f99) && sampling__given(&c));
	assert_int_equal(sampling__freq(&none, 100000, &lowered), 4000);
	assert_false(lowered);
	assert_int_equal(sampling__freq(&none, 3000, &lowered), 3000); /* the kernel lowered it */
	assert_true(lowered);
	assert_int_equal(sampling__freq(&f99, 100000, &lowered), 99);
	assert_false(lowered);
	assert_int_equal(sampling__freq(&fmax, 100000, &lowered), 100000);
	assert_false(lowered);
	assert_int_equal(sampling__freq(&big, 100000, &lowered), 100000);
	assert_true(lowered);
	assert_int_equal(sampling__freq(&big, 0, &lowered), 200000); /* the limit unknown */
	assert_int_equal(sampling__freq(&c, 100000, &lowered), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sampling__freq_args),
		cmocka_unit_test(test_sampling__period_args),
		cmocka_unit_test(test_sampling__asked),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
