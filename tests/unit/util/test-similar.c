// SPDX-License-Identifier: GPL-2.0
/* Did-you-mean: edit distance and the closest names. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "util/similar.h"

static void test_similar__distance(void **state)
{
	assert_int_equal(similar__distance("openat", "openat"), 0);
	assert_int_equal(similar__distance("opneat", "openat"), 1); /* a swap is one edit */
	assert_int_equal(similar__distance("opnat", "openat"), 1);
	assert_int_equal(similar__distance("openatt", "openat"), 1);
	assert_int_equal(similar__distance("kitten", "sitting"), 3);
	assert_int_equal(similar__distance("", "abc"), 3);
	assert_int_equal(similar__distance("abc", ""), 3);
}

static void test_similar__closest(void **state)
{
	static const char *const names[] = { "open", "openat", "openat2", NULL, "close", "read" };
	const char *best[3];

	assert_int_equal(similar__closest("opneat", names, 6, best, 3), 2);
	assert_string_equal(best[0], "openat");
	assert_string_equal(best[1], "openat2");
	assert_int_equal(similar__closest("clsoe", names, 6, best, 3), 1);
	assert_string_equal(best[0], "close");
	assert_int_equal(similar__closest("zzzzzz", names, 6, best, 3), 0);
	assert_int_equal(similar__closest("opneat", names, 6, best, 1), 1);
	assert_string_equal(best[0], "openat");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_similar__distance),
		cmocka_unit_test(test_similar__closest),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
