// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of lib/run/procmaps.c (maps lines) and of the MMAP2 and FORK records
 * lib/run/synthtask.c builds from them, read back by the one record decoder.
 */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <cmocka.h>

#include "run/procmaps.h"
#include "run/synthtask.h"

static const struct record_layout layout = { PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_IP |
						     PERF_SAMPLE_TID | PERF_SAMPLE_TIME |
						     PERF_SAMPLE_CPU | PERF_SAMPLE_PERIOD |
						     PERF_SAMPLE_RAW,
					     true };

static void test_procmaps_file_line(void **state)
{
	struct procmap m;

	assert_int_equal(procmaps__parse_line("7f1c2a028000-7f1c2a1bd000 r-xp 00028000 fe:01 "
					      "1837   /usr/lib/x86_64-linux-gnu/libc.so.6\n",
					      &m),
			 0);
	assert_int_equal(m.start, 0x7f1c2a028000ULL);
	assert_int_equal(m.end, 0x7f1c2a1bd000ULL);
	assert_int_equal(m.pgoff, 0x28000);
	assert_int_equal(m.maj, 0xfe);
	assert_int_equal(m.min, 1);
	assert_int_equal(m.ino, 1837);
	assert_int_equal(m.prot, PROT_READ | PROT_EXEC);
	assert_int_equal(m.flags, MAP_PRIVATE);
	assert_string_equal(m.path, "/usr/lib/x86_64-linux-gnu/libc.so.6");
}

static void test_procmaps_anon_special_and_spaces(void **state)
{
	struct procmap m;

	assert_int_equal(procmaps__parse_line("7ffd1000-7ffd3000 r-xs 00000000 00:00 0", &m), 0);
	assert_string_equal(m.path, "//anon");
	assert_int_equal(m.flags, MAP_SHARED);
	assert_int_equal(procmaps__parse_line("7ffd1000-7ffd3000 r-xp 00000000 00:00 0    "
					      "              [vdso]\n",
					      &m),
			 0);
	assert_string_equal(m.path, "[vdso]");
	/* a name with spaces, and a deleted file, are kept whole */
	assert_int_equal(procmaps__parse_line("1000-2000 rwxp 0 08:02 9 /tmp/a b (deleted)", &m),
			 0);
	assert_string_equal(m.path, "/tmp/a b (deleted)");
	assert_int_equal(m.prot, PROT_READ | PROT_WRITE | PROT_EXEC);
}

static void test_procmaps_bad_lines(void **state)
{
	struct procmap m;

	assert_int_equal(procmaps__parse_line("", &m), -EINVAL);
	assert_int_equal(procmaps__parse_line("garbage", &m), -EINVAL);
	assert_int_equal(procmaps__parse_line("2000-1000 r-xp 0 08:02 9 /x", &m), -EINVAL);
	assert_int_equal(procmaps__parse_line("1000-2000 r-x 0 08:02 9 /x", &m), -EINVAL);
	assert_int_equal(procmaps__parse_line("1000-2000 r-xp 0 08:02", &m), -EINVAL);
}

static int find_self(void *ctx, const struct procmap *m)
{
	uintptr_t fn = (uintptr_t)&find_self;

	if (fn >= m->start && fn < m->end) {
		*(struct procmap *)ctx = *m;
		return 1;
	}
	return 0;
}

/* Our own code is in an executable mapping of our own file. */
static void test_procmaps_walk_self(void **state)
{
	struct procmap *m = calloc(1, sizeof(*m));
	char exe[PROCMAP_PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);

	assert_true(n > 0);
	exe[n] = '\0';
	assert_int_equal(procmaps__for_each_exec(getpid(), find_self, m), 1);
	assert_string_equal(m->path, exe);
	assert_true(m->prot & PROT_EXEC);
	/* a task that does not exist has nothing mapped */
	assert_int_equal(procmaps__for_each_exec(0x7ffffff, find_self, m), 0);
	free(m);
}

static void test_synthtask_mmap2_build_id(void **state)
{
	static const uint8_t bid[20] = { 1,  2,	 3,  4,	 5,  6,	 7,  8,	 9,  10,
					 11, 12, 13, 14, 15, 16, 17, 18, 19, 20 };
	struct procmap *m = calloc(1, sizeof(*m));
	uint64_t buf[8192 / 8];
	const unsigned char *p = (const void *)buf;
	struct record r;
	size_t n;

	assert_int_equal(procmaps__parse_line("400000-452000 r-xp 1000 08:02 77 /bin/prog", m), 0);
	n = synthtask__encode_mmap2(buf, sizeof(buf), &layout, 42, 10, 11, m, bid, sizeof(bid));
	assert_true(n > 0 && n % 8 == 0);
	assert_int_equal(record__decode((const void *)buf, n, &layout, &r), 0);
	assert_int_equal(r.type, PERF_RECORD_MMAP2);
	assert_int_equal(r.misc, PERF_RECORD_MISC_USER | PERF_RECORD_MISC_MMAP_BUILD_ID);
	assert_int_equal(r.mmap.pid, 10);
	assert_int_equal(r.mmap.tid, 11);
	assert_int_equal(r.mmap.start, 0x400000);
	assert_int_equal(r.mmap.len, 0x52000);
	assert_int_equal(r.mmap.pgoff, 0x1000);
	assert_string_equal(r.mmap.filename, "/bin/prog");
	assert_int_equal(r.s.id, 42);
	assert_int_equal(r.s.pid, 10);
	assert_int_equal(r.s.time, 0);
	/* build id size, 3 reserved bytes, the id; then prot and flags */
	assert_int_equal(p[8 + 32], 20);
	assert_memory_equal(p + 8 + 36, bid, 20);
	assert_int_equal(*(const uint32_t *)(p + 8 + 56), PROT_READ | PROT_EXEC);
	assert_int_equal(*(const uint32_t *)(p + 8 + 60), MAP_PRIVATE);
	/* without a build id: device and inode */
	n = synthtask__encode_mmap2(buf, sizeof(buf), &layout, 42, 10, 10, m, NULL, 0);
	assert_int_equal(record__decode((const void *)buf, n, &layout, &r), 0);
	assert_int_equal(r.misc, PERF_RECORD_MISC_USER);
	assert_int_equal(*(const uint32_t *)(p + 8 + 32), 8);
	assert_int_equal(*(const uint32_t *)(p + 8 + 36), 2);
	assert_int_equal(*(const uint64_t *)(p + 8 + 40), 77);
	/* too small a buffer */
	assert_int_equal(synthtask__encode_mmap2(buf, n - 8, &layout, 42, 10, 10, m, NULL, 0), 0);
	free(m);
}

static void test_synthtask_fork(void **state)
{
	uint64_t buf[32];
	struct record r;
	size_t n = synthtask__encode_fork(buf, sizeof(buf), &layout, 7, 100, 1, 101, 100);

	assert_true(n > 0);
	assert_int_equal(record__decode((const void *)buf, n, &layout, &r), 0);
	assert_int_equal(r.type, PERF_RECORD_FORK);
	assert_int_equal(r.task.pid, 100);
	assert_int_equal(r.task.ppid, 1);
	assert_int_equal(r.task.tid, 101);
	assert_int_equal(r.task.ptid, 100);
	assert_int_equal(r.s.id, 7);
	assert_int_equal(r.s.tid, 101);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_procmaps_file_line),
		cmocka_unit_test(test_procmaps_anon_special_and_spaces),
		cmocka_unit_test(test_procmaps_bad_lines),
		cmocka_unit_test(test_procmaps_walk_self),
		cmocka_unit_test(test_synthtask_mmap2_build_id),
		cmocka_unit_test(test_synthtask_fork),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
