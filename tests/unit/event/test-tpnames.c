// SPDX-License-Identifier: GPL-2.0
/* The Hint for a tracepoint that is not there: the closest categories or names. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "event/tpnames.h"

static char dir[] = "/tmp/test-tpnames.XXXXXX";

static void mkdirf(const char *fmt, const char *a)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), fmt, dir, a);
	assert_int_equal(mkdir(path, 0700), 0);
}

static int setup(void **state)
{
	static const char *const names[] = { "sys_enter_openat", "sys_enter_openat2",
					     "sys_exit_getppid" };

	if (!mkdtemp(dir))
		return -1;
	mkdirf("%s/%s", "syscalls");
	mkdirf("%s/%s", "sched");
	for (size_t i = 0; i < 3; i++)
		mkdirf("%s/syscalls/%s", names[i]);
	return 0;
}

static int teardown(void **state)
{
	char cmd[PATH_MAX + 16];

	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	return system(cmd);
}

static void test_tpnames__name(void **state)
{
	char buf[256];

	tpnames__hint_in(dir, "syscalls", "sys_enter_opnat", buf, sizeof(buf));
	assert_string_equal(buf, "did you mean 'syscalls:sys_enter_openat' or "
				 "'syscalls:sys_enter_openat2'?");
}

static void test_tpnames__category(void **state)
{
	char buf[256], want[PATH_MAX + 64];

	tpnames__hint_in(dir, "sycalls", "sys_enter_openat", buf, sizeof(buf));
	snprintf(want, sizeof(want), "did you mean 'syscalls'? (categories: ls %s)", dir);
	assert_string_equal(buf, want);
}

static void test_tpnames__nothing_close(void **state)
{
	char buf[256], want[PATH_MAX + 64];

	tpnames__hint_in(dir, "syscalls", "zzzzzzzz", buf, sizeof(buf));
	snprintf(want, sizeof(want), "list tracepoints with 'ls %s/syscalls'", dir);
	assert_string_equal(buf, want);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tpnames__name),
		cmocka_unit_test(test_tpnames__category),
		cmocka_unit_test(test_tpnames__nothing_close),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
