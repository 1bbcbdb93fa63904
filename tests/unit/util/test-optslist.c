// SPDX-License-Identifier: GPL-2.0
/* The hidden --list-opts: every row, its names and its argument's name, for completion. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "util/opts.h"

static void test_opts__list_opts(void **state)
{
	bool flag = false;
	const char *file = NULL;
	unsigned int n = 0;
	const struct opt rows[] = {
		OPT_BOOL('a', "all", &flag, "all"),
		OPT_STRING('o', "output", &file, "FILE", "out"),
		OPT_UINT(0, "count", &n, "N", 0, 9, "n"),
		OPT_BOOL('x', NULL, &flag, "x"),
		OPT_HABIT('f', NULL, "another tool's: hidden"),
		OPT_COMMON,
		OPT_END,
	};
	static const char *const usage[] = { "t", NULL };
	char *argv[] = { "t", "-a", "--list-opts", "-o", NULL };
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	struct opts o;

	opts__list(rows, f);
	fclose(f);
	assert_string_equal(buf, "-a --all\n-o --output FILE\n--count N\n-x\n-v --verbose\n"
				 "-q --quiet\n-h --help\n");
	free(buf);
	/* the parse stops there, with an exit status of 0 */
	fflush(stdout);
	assert_int_equal(opts__parse(&o, rows, usage, 4, argv, 0), OPTS_LISTED);
	assert_int_equal(opts__exit_status(OPTS_LISTED), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_opts__list_opts),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
