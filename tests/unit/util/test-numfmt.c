// SPDX-License-Identifier: GPL-2.0
/* Unit tests of lib/util/numfmt.c: every function against printf's text of the same number. */
#include <inttypes.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "util/numfmt.h"

static const uint64_t values[] = {
	0,
	1,
	7,
	8,
	9,
	10,
	15,
	16,
	99,
	100,
	511,
	512,
	999,
	1000,
	4095,
	65535,
	1000000,
	0x7fffffff,
	0x80000000,
	0xffffffff,
	1ULL << 32,
	999999999,
	1000000000,
	1ULL << 53,
	INT64_MAX,
	0x8000000000000000ULL,
	UINT64_MAX - 1,
	UINT64_MAX,
};

#define NR_VALUES (sizeof(values) / sizeof(values[0]))

/* What the function wrote (NUL added), checked against the room it may use. */
static void check(const char *want, char *buf, const char *end)
{
	assert_true(end >= buf && end - buf <= NUMFMT_MAX);
	assert_int_equal(buf[NUMFMT_MAX], 'X'); /* nothing past the room */
	buf[end - buf] = '\0';
	assert_string_equal(buf, want);
}

static void test_numfmt__dec_every_width(void **state)
{
	char buf[NUMFMT_MAX + 1], want[64];

	for (size_t i = 0; i < NR_VALUES; i++) {
		for (int w = 0; w <= 20; w++) {
			memset(buf, 'X', sizeof(buf));
			snprintf(want, sizeof(want), "%0*" PRIu64, w, values[i]);
			check(want, buf, numfmt__dec(buf, values[i], w));
		}
	}
}

static void test_numfmt__dec_right_every_width(void **state)
{
	char buf[NUMFMT_MAX + 1], want[64];

	for (size_t i = 0; i < NR_VALUES; i++) {
		for (int w = 0; w <= NUMFMT_MAX; w++) {
			memset(buf, 'X', sizeof(buf));
			snprintf(want, sizeof(want), "%*" PRIu64, w, values[i]);
			check(want, buf, numfmt__dec_right(buf, values[i], w));
		}
	}
}

static void test_numfmt__s64_negative_and_positive(void **state)
{
	char buf[NUMFMT_MAX + 1], want[64];

	for (size_t i = 0; i < NR_VALUES; i++) {
		int64_t v = (int64_t)values[i];

		memset(buf, 'X', sizeof(buf));
		snprintf(want, sizeof(want), "%" PRId64, v);
		check(want, buf, numfmt__s64(buf, v));
		if (v == INT64_MIN) /* its negation does not exist: it is checked below */
			continue;
		memset(buf, 'X', sizeof(buf));
		snprintf(want, sizeof(want), "%" PRId64, -v);
		check(want, buf, numfmt__s64(buf, -v));
	}
	memset(buf, 'X', sizeof(buf));
	check("-9223372036854775808", buf, numfmt__s64(buf, INT64_MIN));
}

static void test_numfmt__hex_and_octal(void **state)
{
	char buf[NUMFMT_MAX + 1], want[64];

	for (size_t i = 0; i < NR_VALUES; i++) {
		memset(buf, 'X', sizeof(buf));
		snprintf(want, sizeof(want), "%#" PRIx64, values[i]);
		check(want, buf, numfmt__hex(buf, values[i])); /* 0 as "0", not "0x0" */
		memset(buf, 'X', sizeof(buf));
		snprintf(want, sizeof(want), "%#" PRIo64, values[i]);
		check(want, buf, numfmt__alt_oct(buf, values[i]));
		for (int w = 0; w <= 22; w++) {
			memset(buf, 'X', sizeof(buf));
			snprintf(want, sizeof(want), "%0*" PRIo64, w, values[i]);
			check(want, buf, numfmt__oct(buf, values[i], w));
		}
	}
}

static void test_numfmt__ms_every_width(void **state)
{
	static const uint64_t ns[] = { 0,	    1,		499,	      500,
				       999,	    1000,	1499,	      1500,
				       999499,	    999500,	1000000,      55000,
				       12345678901, 4288881000, 999999999999, UINT64_MAX / 2,
				       UINT64_MAX };
	char buf[NUMFMT_MAX + 1], want[64];

	for (size_t i = 0; i < sizeof(ns) / sizeof(ns[0]); i++) {
		/* microseconds rounded half up, then exact thousandths */
		uint64_t us = ns[i] / 1000 + (ns[i] % 1000 >= 500);

		for (int w = 0; w <= NUMFMT_MAX; w++) {
			char num[32];

			snprintf(num, sizeof(num), "%" PRIu64 ".%03" PRIu64, us / 1000, us % 1000);
			snprintf(want, sizeof(want), "%*s", w, num);
			memset(buf, 'X', sizeof(buf));
			check(want, buf, numfmt__ms(buf, ns[i], w));
		}
	}
	memset(buf, 'X', sizeof(buf));
	check("     0.055", buf, numfmt__ms(buf, 55000, 10));
	memset(buf, 'X', sizeof(buf));
	check("1.500", buf, numfmt__ms(buf, 1499500, 1));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_numfmt__dec_every_width),
		cmocka_unit_test(test_numfmt__dec_right_every_width),
		cmocka_unit_test(test_numfmt__s64_negative_and_positive),
		cmocka_unit_test(test_numfmt__hex_and_octal),
		cmocka_unit_test(test_numfmt__ms_every_width),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
