// SPDX-License-Identifier: GPL-2.0
/* What a tracefs filter file says of an expression the kernel refused: reason and column. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>

#include "record/tpfilter.h"

static void test_tpfilter__reason_and_column(void **state)
{
	char reason[64];
	int col = -1;

	assert_int_equal(tpfilter__parse_error("fdx == 3\n    ^\nparse_error: Field not found\n",
					       reason, sizeof(reason), &col),
			 0);
	assert_string_equal(reason, "Field not found");
	assert_int_equal(col, 5);
	assert_int_equal(tpfilter__parse_error("fd == 3 &&\n          ^\n"
					       "parse_error: Meaningless filter expression\n",
					       reason, sizeof(reason), &col),
			 0);
	assert_string_equal(reason, "Meaningless filter expression");
	assert_int_equal(col, 11);
}

static void test_tpfilter__no_caret_cut_or_none(void **state)
{
	char reason[8];
	int col = -1;

	assert_int_equal(tpfilter__parse_error("x\nparse_error: Invalid operator", reason,
					       sizeof(reason), &col),
			 0);
	assert_string_equal(reason, "Invalid");
	assert_int_equal(col, 0);
	assert_int_equal(tpfilter__parse_error("none\n", reason, sizeof(reason), &col), -ENOENT);
	assert_int_equal(tpfilter__parse_error("", reason, sizeof(reason), &col), -ENOENT);
	/* a caret in the expression's own line is not the marker */
	assert_int_equal(tpfilter__parse_error("a ^ b\nerror: x\n", reason, sizeof(reason), &col),
			 0);
	assert_int_equal(col, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tpfilter__reason_and_column),
		cmocka_unit_test(test_tpfilter__no_caret_cut_or_none),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
