// SPDX-License-Identifier: GPL-2.0
/* Unit tests of lib/util/nameset.c: names by their bytes, their flags or'ed, growth. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "util/nameset.h"

static void test_nameset_flags_by_bytes(void **state)
{
	struct nameset s = {};

	assert_int_equal(nameset__flags(&s, "task", 4), 0); /* empty: no table yet */
	assert_int_equal(nameset__add(&s, "task_struct x", 11, 1), 0);
	assert_int_equal(nameset__add(&s, "task_struct", 11, 2), 0);
	assert_int_equal(s.nr, 1);
	assert_int_equal(nameset__flags(&s, "task_struct", 11), 3);
	assert_int_equal(nameset__flags(&s, "task_structs", 11), 3); /* its first 11 bytes */
	assert_int_equal(nameset__flags(&s, "task_struct", 4), 0);
	assert_int_equal(nameset__flags(&s, "mm", 2), 0);
	nameset__free(&s);
	assert_int_equal(s.nr, 0);
}

static void test_nameset_grows(void **state)
{
	struct nameset s = {};
	char name[32];

	for (int i = 0; i < 5000; i++) {
		snprintf(name, sizeof(name), "n%d", i);
		assert_int_equal(nameset__add(&s, name, strlen(name), 1u << (i % 3)), 0);
	}
	assert_int_equal(s.nr, 5000);
	assert_true(s.cap >= 10000);
	for (int i = 0; i < 5000; i++) {
		snprintf(name, sizeof(name), "n%d", i);
		assert_int_equal(nameset__flags(&s, name, strlen(name)), 1u << (i % 3));
	}
	assert_int_equal(nameset__flags(&s, "n5000", 5), 0);
	nameset__free(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_nameset_flags_by_bytes),
		cmocka_unit_test(test_nameset_grows),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
