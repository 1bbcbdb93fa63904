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

/* Make the file at name (under dir) holding text. */
static void put_file(const char *name, const char *text)
{
	int fd = open(at(name), O_WRONLY | O_CREAT | O_TRUNC, 0600);

	assert_true(fd >= 0);
	assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	close(fd);
}

static void link_at(const char *target, const char *name, uid_t owner)
{
	assert_int_equal(symlink(target, at(name)), 0);
	assert_int_equal(lchown(at(name), owner, owner), 0);
}

/*
 * A HOME another user owns (sudo -E) whose .cache is that user's link elsewhere: the walk
 * stops there, and nothing is made where the link points.
 */
static void test_safeopen__dir_other_users_link(void **state)
{
	char target[256];
	struct stat st;

	assert_int_equal(mkdir(at("home"), 0755), 0);
	assert_int_equal(chown(at("home"), 4321, 4321), 0);
	assert_int_equal(mkdir(at("elsewhere"), 0777), 0);
	snprintf(target, sizeof(target), "%s", at("elsewhere"));
	link_at(target, "home/.cache", 4321);
	assert_int_equal(safeopen__dir(at("home/.cache/perf-bpf"), true), -EPERM);
	assert_int_equal(stat(at("elsewhere/perf-bpf"), &st), -1);
	assert_int_equal(safeopen__dir(at("home/.cache/perf-bpf/"), false), -EPERM);
	/* the same link of the user running: followed */
	assert_int_equal(lchown(at("home/.cache"), geteuid(), getegid()), 0);
	int fd = safeopen__dir(at("home/.cache/perf-bpf"), true);

	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(stat(at("elsewhere/perf-bpf"), &st), 0);
	assert_true(S_ISDIR(st.st_mode));
	assert_int_equal(st.st_mode & 0777, 0700);
}

/* Missing directories are made (0700); the last name is never a link; links loop. */
static void test_safeopen__dir_walk(void **state)
{
	struct stat st;
	int fd = safeopen__dir(at("a/b/c"), true);

	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(stat(at("a/b"), &st), 0);
	assert_int_equal(st.st_mode & 0777, 0700);
	assert_int_equal(safeopen__dir(at("x/y"), false), -ENOENT);
	link_at("a/b", "ab", geteuid()); /* relative to the link's directory */
	fd = safeopen__dir(at("ab/c"), false);
	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(safeopen__dir(at("ab"), false), -ENOTDIR);
	link_at("loop2", "loop1", geteuid());
	link_at("loop1", "loop2", geteuid());
	assert_int_equal(safeopen__dir(at("loop1/x"), false), -ELOOP);
	put_file("plain", "x");
	assert_int_equal(safeopen__dir(at("plain/x"), false), -ENOTDIR);
}

/* A debug file: ours or root's, reached past no link of another user's, never a link. */
static void test_safeopen__owned(void **state)
{
	char target[256];
	int fd;

	assert_int_equal(mkdir(at("dbg"), 0755), 0);
	put_file("dbg/mine", "\177ELF");
	fd = safeopen__owned(at("dbg/mine"), 16);
	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(safeopen__owned(at("dbg/mine"), 3), -EFBIG);
	put_file("dbg/theirs", "\177ELF");
	assert_int_equal(chown(at("dbg/theirs"), 4321, 4321), 0);
	assert_int_equal(safeopen__owned(at("dbg/theirs"), 16), -EPERM);
	link_at("mine", "dbg/link", geteuid());
	assert_int_equal(safeopen__owned(at("dbg/link"), 16), -ELOOP);
	snprintf(target, sizeof(target), "%s", at("dbg"));
	link_at(target, "their-dir", 4321);
	assert_int_equal(safeopen__owned(at("their-dir/mine"), 16), -EPERM);
	assert_int_equal(mkfifo(at("dbg/fifo"), 0600), 0);
	assert_int_equal(safeopen__owned(at("dbg/fifo"), 16), -EINVAL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_safeopen__regular_file),
		cmocka_unit_test(test_safeopen__fifo),
		cmocka_unit_test(test_safeopen__empty),
		cmocka_unit_test(test_safeopen__not_files),
		cmocka_unit_test(test_safeopen__dir_other_users_link),
		cmocka_unit_test(test_safeopen__dir_walk),
		cmocka_unit_test(test_safeopen__owned),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
