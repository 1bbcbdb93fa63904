// SPDX-License-Identifier: GPL-2.0
/* Running a program from an argv: no shell, both outputs collected, exit codes, quoting. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "util/runcmd.h"

static void test_runcmd__run_collects_outputs(void **state)
{
	char *argv[] = { "sh", "-c", "echo out; echo err >&2; exit 3", NULL };
	struct runcmd_result r;

	assert_int_equal(runcmd__run(argv, &r), 0);
	assert_int_equal(r.status, 3);
	assert_string_equal(r.out, "out\n");
	assert_string_equal(r.err, "err\n");
	assert_int_equal(r.err_len, 4);
	runcmd__result_exit(&r);
}

static void test_runcmd__run_no_shell(void **state)
{
	/* Metacharacters reach the program as they are. */
	char *argv[] = { "printf", "%s|", "$HOME", "`id`", "a;b", "*", NULL };
	struct runcmd_result r;

	assert_int_equal(runcmd__run(argv, &r), 0);
	assert_int_equal(r.status, 0);
	assert_string_equal(r.out, "$HOME|`id`|a;b|*|");
	runcmd__result_exit(&r);
}

static void test_runcmd__run_large_output(void **state)
{
	/* More than a pipe holds, on both streams at once. */
	char *argv[] = { "sh", "-c", "head -c 300000 /dev/zero; head -c 200000 /dev/zero >&2",
			 NULL };
	struct runcmd_result r;

	assert_int_equal(runcmd__run(argv, &r), 0);
	assert_int_equal(r.out_len, 300000);
	assert_int_equal(r.err_len, 200000);
	runcmd__result_exit(&r);
}

static void test_runcmd__run_missing_program(void **state)
{
	char *argv[] = { "/nonexistent/program", NULL };
	struct runcmd_result r;

	assert_int_equal(runcmd__run(argv, &r), -ENOENT);
	assert_null(r.out);
	runcmd__result_exit(&r);
}

static void test_runcmd__run_killed(void **state)
{
	char *argv[] = { "sh", "-c", "kill -9 $$", NULL };
	struct runcmd_result r;

	assert_int_equal(runcmd__run(argv, &r), 0);
	assert_int_equal(r.status, 128 + 9);
	runcmd__result_exit(&r);
}

static void test_runcmd__quote_for_a_shell(void **state)
{
	char *argv[] = { "clang", "-DMSG=\"a b\"", "it's", "", "-O2", NULL };
	char *s = runcmd__quote(argv);

	assert_non_null(s);
	assert_string_equal(s, "clang '-DMSG=\"a b\"' 'it'\\''s' '' -O2");
	free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_runcmd__run_collects_outputs),
		cmocka_unit_test(test_runcmd__run_no_shell),
		cmocka_unit_test(test_runcmd__run_large_output),
		cmocka_unit_test(test_runcmd__run_missing_program),
		cmocka_unit_test(test_runcmd__run_killed),
		cmocka_unit_test(test_runcmd__quote_for_a_shell),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
