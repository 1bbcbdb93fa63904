// SPDX-License-Identifier: GPL-2.0
/* Structs of system calls as strace writes them: stat, statx, signal sets. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include "syscalls/scfmt.h"
#include "syscalls/scout.h"
#include "syscalls/scstruct.h"

static void expect_struct(enum sc_arg_kind k, const void *p, uint32_t len, bool verbose,
			  const char *want)
{
	struct scfmt_opts o = { .verbose = verbose };
	struct sc_bytes b = { .p = p, .len = len };
	char buf[512];
	struct scout out = scout__at(buf, sizeof(buf));

	scstruct__print(&out, k, &b, &o);
	assert_string_equal(buf, want);
}

static void test_scstruct__stat(void **state)
{
	struct stat st = { .st_mode = S_IFREG | 0644, .st_size = 25, .st_nlink = 1 };

	expect_struct(SCA_STAT_OUT, &st, sizeof(st), false,
		      "{st_mode=S_IFREG|0644, st_size=25, ...}");
	st.st_mode = S_IFCHR | 0620;
	st.st_rdev = makedev(0x88, 1);
	expect_struct(SCA_STAT_OUT, &st, sizeof(st), false,
		      "{st_mode=S_IFCHR|0620, st_rdev=makedev(0x88, 0x1), ...}");
	st = (struct stat){ .st_mode = S_IFDIR | 0755,
			    .st_size = 4096,
			    .st_ino = 7,
			    .st_nlink = 2,
			    .st_blksize = 4096,
			    .st_blocks = 8 };
	expect_struct(SCA_STAT_OUT, &st, sizeof(st), true,
		      "{st_dev=makedev(0, 0), st_ino=7, st_mode=S_IFDIR|0755, st_nlink=2, "
		      "st_uid=0, st_gid=0, st_blksize=4096, st_blocks=8, st_size=4096, "
		      "st_atime=0, st_mtime=0, st_ctime=0}");
	/* fewer bytes than the struct: not made up */
	expect_struct(SCA_STAT_OUT, &st, 10, false, "{...}");
}

static void test_scstruct__statx(void **state)
{
	struct statx sx = { .stx_mask = 0x7ff, .stx_mode = S_IFREG | 0600, .stx_size = 3 };

	expect_struct(SCA_STATX_OUT, &sx, sizeof(sx), false,
		      "{stx_mask=0x7ff, stx_attributes=0, stx_mode=S_IFREG|0600, stx_size=3, ...}");
}

static void test_scstruct__sigsets(void **state)
{
	uint64_t set = 1ULL << (SIGCHLD - 1) | 1ULL << (SIGUSR1 - 1);

	expect_struct(SCA_SIGSET_IN, &set, sizeof(set), false, "[USR1 CHLD]");
	set = 0;
	expect_struct(SCA_SIGSET_OUT, &set, sizeof(set), false, "[]");
	/* more than half the signals: those the set lacks */
	set = ~(1ULL << (SIGKILL - 1) | 1ULL << (SIGSTOP - 1));
	expect_struct(SCA_SIGSET_IN, &set, sizeof(set), false, "~[KILL STOP]");
	set = 1ULL << 31 | 1ULL << 33;
	expect_struct(SCA_SIGSET_IN, &set, sizeof(set), false, "[RTMIN RT_2]");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_scstruct__stat),
		cmocka_unit_test(test_scstruct__statx),
		cmocka_unit_test(test_scstruct__sigsets),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
