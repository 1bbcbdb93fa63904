// SPDX-License-Identifier: GPL-2.0
/* closeall(): every fd closed (more fds than threads, holes of -1), each slot set to -1. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <unistd.h>
#include <cmocka.h>

#include "util/closeall.h"

#define NR 300

static void test_closeall_closes_every_fd(void **state)
{
	int fds[NR], orig[NR];

	(void)state;
	for (int i = 0; i < NR; i += 2) {
		int p[2];

		assert_int_equal(pipe(p), 0);
		fds[i] = orig[i] = p[0];
		fds[i + 1] = orig[i + 1] = p[1];
	}
	fds[7] = -1; /* a hole: skipped (its pipe end closed here) */
	close(orig[7]);
	closeall(fds, NR);
	for (int i = 0; i < NR; i++) {
		assert_int_equal(fds[i], -1);
		errno = 0;
		assert_int_equal(fcntl(orig[i], F_GETFD), -1);
		assert_int_equal(errno, EBADF);
	}
}

static void test_closeall_none_and_one(void **state)
{
	int p[2];

	(void)state;
	closeall(NULL, 0);
	assert_int_equal(pipe(p), 0);
	closeall(p, 1);
	assert_int_equal(p[0], -1);
	assert_true(fcntl(p[1], F_GETFD) >= 0);
	close(p[1]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_closeall_closes_every_fd),
		cmocka_unit_test(test_closeall_none_and_one),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
