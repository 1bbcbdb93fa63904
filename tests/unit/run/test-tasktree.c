// SPDX-License-Identifier: GPL-2.0
/* Unit tests of lib/run/tasktree.c: the target's tasks, FORKs met in any order in a pass. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "run/tasktree.h"

/* Thousands of tasks: every one found, none that was not added. */
static void test_tasktree_many(void **state)
{
	struct tasktree t = { 0 };

	assert_false(tasktree__has(&t, 1));
	for (int pid = 1; pid <= 5000; pid += 2)
		assert_int_equal(tasktree__add(&t, pid * 7), 0);
	assert_int_equal(tasktree__add(&t, 7), 0); /* twice: once in the tree */
	assert_int_equal(t.nr, 2500);
	for (int pid = 1; pid <= 5000; pid++)
		assert_int_equal(tasktree__has(&t, pid * 7), pid % 2 == 1);
	assert_false(tasktree__has(&t, 0));
	assert_false(tasktree__has(&t, -7));
	tasktree__exit(&t);
}

/* A grandchild's FORK before its parent's: both join once the parent's comes. */
static void test_tasktree_fork_order(void **state)
{
	struct tasktree t = { 0 };

	assert_int_equal(tasktree__add(&t, 100), 0);
	assert_int_equal(tasktree__fork(&t, 300, 400), 0); /* 300's child, 300 unknown yet */
	assert_int_equal(tasktree__fork(&t, 200, 300), 0); /* 200's child, 200 unknown yet */
	assert_int_equal(tasktree__fork(&t, 900, 901), 0); /* another tree's */
	assert_false(tasktree__has(&t, 300));
	assert_int_equal(tasktree__fork(&t, 100, 200), 0);
	assert_true(tasktree__has(&t, 200));
	assert_true(tasktree__has(&t, 300));
	assert_true(tasktree__has(&t, 400));
	assert_false(tasktree__has(&t, 901));
	/* a new pass forgets what still waits: 900 never joins through it */
	tasktree__new_pass(&t);
	assert_int_equal(tasktree__fork(&t, 400, 900), 0);
	assert_true(tasktree__has(&t, 900));
	assert_false(tasktree__has(&t, 901));
	tasktree__exit(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tasktree_many),
		cmocka_unit_test(test_tasktree_fork_order),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
