// SPDX-License-Identifier: GPL-2.0
/* The system's constants by name, from the tables generated from its headers. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/syscall.h>

#include "syscalls/sysconst.h"

static void test_sysconst__names_of_values(void **state)
{
	long long v;

	assert_string_equal(sysconst__name(&sysconst_errno, ENOENT), "ENOENT");
	assert_string_equal(sysconst__name(&sysconst_errno, EAGAIN),
			    "EAGAIN"); /* not EWOULDBLOCK */
	assert_string_equal(sysconst__name(&sysconst_errno, EDEADLK), "EDEADLK");
	assert_string_equal(sysconst__name(&sysconst_signal, SIGKILL), "SIGKILL");
	assert_string_equal(sysconst__name(&sysconst_signal, SIGIO), "SIGIO");
	assert_string_equal(sysconst__name(&sysconst_signal, SIGCHLD), "SIGCHLD");
	assert_string_equal(sysconst__name(&sysconst_af, AF_UNIX), "UNIX");
	assert_string_equal(sysconst__name(&sysconst_af, AF_INET6), "INET6");
	assert_string_equal(sysconst__name(&sysconst_af, AF_NETLINK), "NETLINK");
	assert_string_equal(sysconst__name(&sysconst_fcntl, F_GETLK), "GETLK");
	assert_string_equal(sysconst__name(&sysconst_syscall, SYS_openat), "openat");
	assert_null(sysconst__name(&sysconst_errno, 100000));
	assert_true(sysconst__value(&sysconst_syscall, "getppid", &v));
	assert_int_equal(v, SYS_getppid);
	assert_false(sysconst__value(&sysconst_syscall, "no_such_call", &v));
}

static void expect_flags(const struct sysconst_table *t, unsigned long long v, const char *want)
{
	char buf[128];

	assert_int_equal(sysconst__flags(t, v, buf, sizeof(buf)), (int)strlen(want));
	assert_string_equal(buf, want);
}

static void test_sysconst__flags(void **state)
{
	expect_flags(&sysconst_map, MAP_PRIVATE | MAP_ANONYMOUS, "PRIVATE|ANONYMOUS");
	expect_flags(&sysconst_map, MAP_SHARED_VALIDATE, "SHARED_VALIDATE");
	expect_flags(&sysconst_prot, PROT_READ | PROT_EXEC, "READ|EXEC");
	/* SYNC holds DSYNC's bit: the whole name, not its part */
	expect_flags(&sysconst_open, O_SYNC, "SYNC");
	expect_flags(&sysconst_open, O_DSYNC | O_CLOEXEC, "DSYNC|CLOEXEC");
	expect_flags(&sysconst_prot, PROT_READ | 0x100000, "READ|0x100000");
	expect_flags(&sysconst_prot, 0x100000, "0x100000");
	expect_flags(&sysconst_prot, 0, "0");
}

static void test_sysconst__flags_cut_like_snprintf(void **state)
{
	char buf[6];

	assert_int_equal(
		sysconst__flags(&sysconst_map, MAP_PRIVATE | MAP_ANONYMOUS, buf, sizeof(buf)), 17);
	assert_string_equal(buf, "PRIVA");
	assert_int_equal(sysconst__flags(&sysconst_map, MAP_PRIVATE, NULL, 0), 7);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sysconst__names_of_values),
		cmocka_unit_test(test_sysconst__flags),
		cmocka_unit_test(test_sysconst__flags_cut_like_snprintf),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
