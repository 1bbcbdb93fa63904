// SPDX-License-Identifier: GPL-2.0
/* Unit tests of lib/util/safeopen.c: only regular files of a sane size are opened. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <cmocka.h>

#include "util/safeopen.h"

static char dir[] = "/tmp/test-safeopen.XXXXXX";
static char path[256];

static int setup(void **state)
{
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	char cmd[300];

	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	return system(cmd) ? -1 : 0;
}

static const char *at(const char *name)
{
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return path;
}

static void test_safeopen__regular_file(void **state)
{
	int fd = open(at("elf"), O_WRONLY | O_CREAT | O_TRUNC, 0600);
	char buf[8] = "";

	assert_true(fd >= 0);
	assert_int_equal(write(fd, "\177ELF", 4), 4);
	close(fd);
	fd = safeopen__regular(at("elf"), 4);
	assert_true(fd >= 0);
	assert_int_equal(read(fd, buf, sizeof(buf)), 4);
	assert_memory_equal(buf, "\177ELF", 4);
	assert_true(fcntl(fd, F_GETFD) & FD_CLOEXEC);
	close(fd);
	assert_int_equal(safeopen__regular(at("elf"), 3), -EFBIG);
	assert_int_equal(safeopen__regular(at("missing"), 4), -ENOENT);
}

/* A FIFO nobody writes: refused at once, never waited on (a blocking open never returns). */
static void test_safeopen__fifo(void **state)
{
	char fifo[256];

	snprintf(fifo, sizeof(fifo), "%s", at("fifo"));
	assert_int_equal(mkfifo(fifo, 0600), 0);
	assert_int_equal(safeopen__regular(fifo, SAFEOPEN_ELF_MAX), -EINVAL);
	assert_int_equal(symlink(fifo, at("fifo-link")), 0);
	assert_int_equal(safeopen__regular(at("fifo-link"), SAFEOPEN_ELF_MAX), -EINVAL);
}

static void test_safeopen__empty(void **state)
{
	int fd = open(at("empty"), O_WRONLY | O_CREAT | O_TRUNC, 0600);

	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(safeopen__regular(at("empty"), SAFEOPEN_ELF_MAX), -EFBIG);
}

/* Devices, directories and the kernel's views are no ELF files. */
static void test_safeopen__not_files(void **state)
{
	assert_int_equal(safeopen__regular("/dev/null", SAFEOPEN_ELF_MAX), -EINVAL);
	assert_int_equal(safeopen__regular("/dev/zero", SAFEOPEN_ELF_MAX), -EINVAL);
	assert_int_equal(safeopen__regular(dir, SAFEOPEN_ELF_MAX), -EINVAL);
	if (access("/proc/kcore", F_OK) == 0)
		assert_true(safeopen__regular("/proc/kcore", SAFEOPEN_ELF_MAX) < 0);
	assert_int_equal(safeopen__regular("/proc/self/status", SAFEOPEN_ELF_MAX), -EINVAL);
	assert_int_equal(safeopen__regular("/sys/kernel/notes", SAFEOPEN_ELF_MAX), -EINVAL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_safeopen__regular_file),
		cmocka_unit_test(test_safeopen__fifo),
		cmocka_unit_test(test_safeopen__empty),
		cmocka_unit_test(test_safeopen__not_files),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
