// SPDX-License-Identifier: GPL-2.0
/* cgroups: the cgroup2 mount from mountinfo lines, and paths from the mount as perf names them. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "util/cgroups.h"

static void test_cgroups_mountinfo_finds_cgroup2(void **state)
{
	char dir[64];

	(void)state;
	assert_true(cgroups__mountinfo_line("35 24 0:30 / /sys/fs/cgroup rw,nosuid,nodev,noexec "
					    "shared:9 - cgroup2 cgroup2 rw,nsdelegate\n",
					    dir, sizeof(dir)));
	assert_string_equal(dir, "/sys/fs/cgroup");
	/* several optional fields, octal escapes in the mount point */
	assert_true(cgroups__mountinfo_line("40 24 0:35 / /mnt/my\\040cg rw shared:1 master:2 - "
					    "cgroup2 none rw\n",
					    dir, sizeof(dir)));
	assert_string_equal(dir, "/mnt/my cg");
}

static void test_cgroups_mountinfo_skips_others(void **state)
{
	char dir[8];

	(void)state;
	/* cgroup v1, a file system named like it, no separator, a mount point too long */
	assert_false(cgroups__mountinfo_line("36 24 0:31 / /sys/fs/cgroup/cpu rw - cgroup cgroup "
					     "rw,cpu\n",
					     dir, sizeof(dir)));
	assert_false(cgroups__mountinfo_line("37 24 0:32 / /x rw - cgroup2x none rw\n", dir,
					     sizeof(dir)));
	assert_false(
		cgroups__mountinfo_line("38 24 0:33 / /x rw cgroup2 none rw\n", dir, sizeof(dir)));
	assert_false(cgroups__mountinfo_line("39 24 0:34 / /a/long/path rw - cgroup2 none rw\n",
					     dir, sizeof(dir)));
	assert_false(cgroups__mountinfo_line("", dir, sizeof(dir)));
}

static void test_cgroups_relative_paths(void **state)
{
	char out[64];

	(void)state;
	assert_true(cgroups__relative("/sys/fs/cgroup", "/sys/fs/cgroup", out, sizeof(out)));
	assert_string_equal(out, "/");
	assert_true(cgroups__relative("/sys/fs/cgroup", "/sys/fs/cgroup/", out, sizeof(out)));
	assert_string_equal(out, "/");
	assert_true(cgroups__relative("/sys/fs/cgroup/", "/sys/fs/cgroup/a/b/", out, sizeof(out)));
	assert_string_equal(out, "/a/b");
	assert_true(cgroups__relative("/sys/fs/cgroup", "/sys/fs/cgroup//a", out, sizeof(out)));
	assert_string_equal(out, "/a");
	/* a mount at the root of the file system */
	assert_true(cgroups__relative("/", "/a", out, sizeof(out)));
	assert_string_equal(out, "/a");
	/* not under it: another directory, one whose name only begins like it */
	assert_false(cgroups__relative("/sys/fs/cgroup", "/sys/fs", out, sizeof(out)));
	assert_false(cgroups__relative("/sys/fs/cgroup", "/sys/fs/cgroupx/a", out, sizeof(out)));
	assert_false(cgroups__relative("/sys/fs/cgroup", "a/b", out, sizeof(out)));
	/* no room */
	assert_false(cgroups__relative("/m", "/m/abcdefgh", out, 4));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cgroups_mountinfo_finds_cgroup2),
		cmocka_unit_test(test_cgroups_mountinfo_skips_others),
		cmocka_unit_test(test_cgroups_relative_paths),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
