// SPDX-License-Identifier: GPL-2.0
/* The HEADER_BUILD_ID table of a seekable file written here, and files without one. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <cmocka.h>
#include <linux/perf_event.h>

#include "perfdata/buildids.h"
#include "perfdata/format.h"

static unsigned char file[4096];
static size_t len;

/* A build_id record: header, pid, 24 id bytes, the name padded to 8 bytes. */
static void add_record(uint16_t misc, uint32_t pid, unsigned char fill, uint8_t size,
		       const char *name)
{
	size_t n = strlen(name) + 1, rec = 8 + 4 + 24 + ((n + 3) & ~(size_t)3);
	struct perf_event_header h = { .type = 67, .misc = misc, .size = (uint16_t)rec };
	unsigned char *p = file + len;

	memset(p, 0, rec);
	memcpy(p, &h, 8);
	memcpy(p + 8, &pid, 4);
	memset(p + 12, fill, 20);
	p[12 + 20] = size;
	memcpy(p + 36, name, n);
	len += rec;
}

/* Header (data section empty at 104), features TRACING_DATA and BUILD_ID, their index. */
static void build(bool with_build_ids)
{
	uint64_t v;

	memset(file, 0, sizeof(file));
	v = PD_MAGIC;
	memcpy(file, &v, 8);
	v = PD_FILE_HDR;
	memcpy(file + 8, &v, 8);
	v = PD_FILE_HDR; /* data offset; size 0 */
	memcpy(file + 40, &v, 8);
	file[PD_FEAT_BITMAP] = 1 << 1 | (with_build_ids ? 1 << 2 : 0);
	/* index at 104: TRACING_DATA {0, 0}, then BUILD_ID {136, size} */
	len = PD_FILE_HDR + 32;
	add_record(PERF_RECORD_MISC_KERNEL, (uint32_t)-1, 0xa3, 0, "[kernel.kallsyms]");
	add_record(PERF_RECORD_MISC_USER | 1 << 15, 42, 0x91, 20, "/usr/bin/prog");
	add_record(PERF_RECORD_MISC_USER | 1 << 15, 42, 0x55, 8, "/lib/short-id.so");
	v = PD_FILE_HDR + 32;
	memcpy(file + PD_FILE_HDR + 16, &v, 8);
	v = len - (PD_FILE_HDR + 32);
	memcpy(file + PD_FILE_HDR + 24, &v, 8);
}

/* What the walk handed over, names copied. */
struct got {
	struct pdbuildid b[8];
	char names[8][64];
	size_t nr;
};

static int keep(const struct pdbuildid *b, void *ctx)
{
	struct got *g = ctx;

	assert_true(g->nr < 8);
	g->b[g->nr] = *b;
	snprintf(g->names[g->nr], sizeof(g->names[0]), "%s", b->path);
	g->b[g->nr].path = g->names[g->nr];
	g->nr++;
	return 0;
}

static int count_in_order(const struct pdbuildid *b, void *ctx)
{
	size_t *n = ctx;
	char want[16];

	snprintf(want, sizeof(want), "/l/%zu", *n);
	assert_string_equal(b->path, want);
	assert_int_equal(b->pid, (uint32_t)*n);
	(*n)++;
	return 0;
}

static int stop(const struct pdbuildid *b, void *ctx)
{
	(*(int *)ctx)++;
	return b->pid == 42 ? -ENOSPC : 0;
}

static char *write_file(void)
{
	static char path[] = "/tmp/test-buildids.XXXXXX";
	int fd;

	strcpy(path, "/tmp/test-buildids.XXXXXX");
	fd = mkstemp(path);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, file, len), len);
	close(fd);
	return path;
}

static void test_buildids_read(void **state)
{
	struct got g = { 0 };
	int calls = 0;
	char *path;

	build(true);
	path = write_file();
	assert_int_equal(pdbuildids__each(path, keep, &g), 0);
	assert_int_equal(g.nr, 3);
	assert_string_equal(g.b[0].path, "[kernel.kallsyms]");
	assert_int_equal(g.b[0].cpumode, PERF_RECORD_MISC_KERNEL);
	assert_int_equal(g.b[0].size, 20); /* no size flag: 20 bytes */
	assert_string_equal(g.b[1].path, "/usr/bin/prog");
	assert_int_equal(g.b[1].pid, 42);
	assert_int_equal(g.b[1].size, 20);
	assert_int_equal(g.b[1].id[19], 0x91);
	assert_int_equal(g.b[2].size, 8);
	/* the walk ends where the callee says */
	assert_int_equal(pdbuildids__each(path, stop, &calls), -ENOSPC);
	assert_int_equal(calls, 2);
	/* a record running past the section: damaged, nothing */
	file[PD_FILE_HDR + 32 + 6] = 0xff;
	file[PD_FILE_HDR + 32 + 7] = 0x0f;
	unlink(path);
	path = write_file();
	g.nr = 0;
	assert_int_equal(pdbuildids__each(path, keep, &g), -EINVAL);
	assert_int_equal(g.nr, 0);
	unlink(path);
}

/* A table larger than the window the section is read through: every entry, in order. */
static void test_buildids_large(void **state)
{
	static unsigned char big[1 << 20];
	const size_t nr = 20000, rec = 8 + 4 + 24 + 16;
	uint64_t v;
	size_t n = 0;
	char *path;
	int fd;

	memset(big, 0, sizeof(big));
	v = PD_MAGIC;
	memcpy(big, &v, 8);
	v = PD_FILE_HDR;
	memcpy(big + 8, &v, 8);
	memcpy(big + 40, &v, 8);
	big[PD_FEAT_BITMAP] = 1 << 2;
	v = PD_FILE_HDR + 16;
	memcpy(big + PD_FILE_HDR, &v, 8);
	v = nr * rec;
	memcpy(big + PD_FILE_HDR + 8, &v, 8);
	for (size_t i = 0; i < nr; i++) {
		unsigned char *p = big + PD_FILE_HDR + 16 + i * rec;
		struct perf_event_header h = { .type = 67, .size = (uint16_t)rec };

		memcpy(p, &h, 8);
		memcpy(p + 8, &i, 4);
		snprintf((char *)p + 36, 16, "/l/%zu", i);
	}
	path = write_file();
	fd = open(path, O_WRONLY | O_TRUNC);
	assert_int_equal(write(fd, big, PD_FILE_HDR + 16 + nr * rec), PD_FILE_HDR + 16 + nr * rec);
	close(fd);
	assert_int_equal(pdbuildids__each(path, count_in_order, &n), 0);
	assert_int_equal(n, nr);
	/* cut inside the last entry: those before it, then damaged */
	assert_int_equal(truncate(path, PD_FILE_HDR + 16 + nr * rec - 3), 0);
	n = 0;
	assert_int_equal(pdbuildids__each(path, count_in_order, &n), -EINVAL);
	assert_int_equal(n, nr - 1);
	unlink(path);
}

static void test_buildids_none(void **state)
{
	struct got g = { 0 };
	char *path;

	build(false);
	path = write_file();
	assert_int_equal(pdbuildids__each(path, keep, &g), 0);
	assert_int_equal(g.nr, 0);
	unlink(path);
	/* a pipe header */
	len = PD_PIPE_HDR;
	((uint64_t *)file)[1] = PD_PIPE_HDR;
	path = write_file();
	assert_int_equal(pdbuildids__each(path, keep, &g), 0);
	assert_int_equal(g.nr, 0);
	unlink(path);
	assert_int_equal(pdbuildids__each("/nonexistent/perf.data", keep, &g), -ENOENT);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_buildids_read),
		cmocka_unit_test(test_buildids_large),
		cmocka_unit_test(test_buildids_none),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
