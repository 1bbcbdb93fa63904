// SPDX-License-Identifier: GPL-2.0
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "resolve/threads.h"

static void test_threads_set_comm_lookup(void **state)
{
	struct threads *t = threads__new();
	uint32_t pid = 0;

	assert_non_null(t);
	assert_string_equal(threads__comm(t, 0), "swapper"); /* the idle task, as perf names it */
	assert_null(threads__comm(t, 42));
	assert_int_equal(threads__pid(t, 42, &pid), -ENOENT);
	assert_int_equal(threads__set_comm(t, 40, 42, "perf-exec"), 0);
	assert_string_equal(threads__comm(t, 42), "perf-exec");
	assert_int_equal(threads__set_comm(t, 40, 42, "gp"), 0);
	assert_string_equal(threads__comm(t, 42), "gp");
	assert_int_equal(threads__pid(t, 42, &pid), 0);
	assert_int_equal(pid, 40);
	assert_int_equal(threads__count(t), 2);
	assert_int_equal(threads__set_comm(t, 0, 0, "swapper/0"), 0);
	assert_string_equal(threads__comm(t, 0), "swapper/0");
	threads__free(t);
	threads__free(NULL);
	assert_null(threads__comm(NULL, 1));
}

static void test_threads_set_comm_cuts_long_names(void **state)
{
	struct threads *t = threads__new();
	char longname[100];

	memset(longname, 'x', sizeof(longname) - 1);
	longname[sizeof(longname) - 1] = '\0';
	assert_int_equal(threads__set_comm(t, 1, 1, longname), 0);
	assert_int_equal(strlen(threads__comm(t, 1)), THREADS_COMM_MAX);
	assert_int_equal(threads__set_comm(t, 1, 1, NULL), -EINVAL);
	threads__free(t);
}

/* Many threads (growth), then removal of every other one (backward shift keeps the rest). */
static void test_threads_grow_and_remove(void **state)
{
	struct threads *t = threads__new();
	char name[16];
	uint32_t i;

	for (i = 0; i < 5000; i++) {
		snprintf(name, sizeof(name), "t%u", i * 7);
		assert_int_equal(threads__set_comm(t, i, i * 7, name), 0);
	}
	assert_int_equal(threads__count(t), 5000);
	for (i = 0; i < 5000; i += 2)
		threads__remove(t, i * 7);
	threads__remove(t, 3); /* unknown: nothing */
	assert_int_equal(threads__count(t), 2500);
	for (i = 0; i < 5000; i++) {
		snprintf(name, sizeof(name), "t%u", i * 7);
		if (i % 2)
			assert_string_equal(threads__comm(t, i * 7), name);
		else
			assert_null(threads__comm(t, i * 7));
	}
	threads__free(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_threads_set_comm_lookup),
		cmocka_unit_test(test_threads_set_comm_cuts_long_names),
		cmocka_unit_test(test_threads_grow_and_remove),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
