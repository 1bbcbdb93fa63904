// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of lib/perfdata/wtrack.c: the build ids of the MMAP2 records a writer passes
 * on, as its BUILD_ID feature lists them (the running kernel's first, when it has one).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>
#include <cmocka.h>

#include "record/record.h"
#include "resolve/buildid.h"
#include "perfdata/format.h"
#include "perfdata/wtrack.h"

/* The trailer is left to the body-only decoding: every field of it. */
static const struct record_layout layout = { PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_TID |
						     PERF_SAMPLE_TIME | PERF_SAMPLE_ID |
						     PERF_SAMPLE_STREAM_ID | PERF_SAMPLE_CPU,
					     true };

static void note(struct wtrack *t, const struct record *r)
{
	uint64_t buf[512];
	size_t n = record__encode(buf, sizeof(buf), &layout, r);

	assert_int_not_equal(n, 0);
	wtrack__record(t, (const void *)buf);
}

static struct record mmap2(const char *name, const uint8_t *bid, uint8_t size)
{
	struct record r = { .type = PERF_RECORD_MMAP2,
			    .misc = PERF_RECORD_MISC_USER,
			    .mmap = { .pid = 42, .tid = 42, .start = 0x400000, .len = 0x1000 },
			    .s = { .id = 1, .pid = 42, .tid = 42 } };

	r.mmap.filename = name;
	if (bid) {
		r.misc |= PERF_RECORD_MISC_MMAP_BUILD_ID;
		r.mmap.build_id_size = size;
		memcpy(r.mmap.build_id, bid, size);
	}
	return r;
}

/* How many entries of the BUILD_ID payload name path with the build id bid[0..size). */
static int count_entries(const struct pdfeat_list *l, const char *path, const uint8_t *bid,
			 size_t size)
{
	const struct dbuf *d = NULL;
	int n = 0;

	for (size_t i = 0; i < l->n; i++)
		if (l->v[i].feat == PD_FEAT_BUILD_ID)
			d = &l->v[i].data;
	assert_non_null(d);
	for (size_t at = 0; at + 36 < d->len;) {
		const uint8_t *e = (const uint8_t *)d->p + at;
		struct perf_event_header h;

		memcpy(&h, e, sizeof(h));
		assert_int_equal(h.type, PD_HEADER_BUILD_ID);
		assert_true(h.size > 36 && at + h.size <= d->len);
		if (e[12 + 20] == size && !memcmp(e + 12, bid, size) &&
		    !strcmp((const char *)e + 36, path))
			n++;
		at += h.size;
	}
	return n;
}

static void test_wtrack_build_ids(void **state)
{
	static const uint8_t bid[20] = { 0xb0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 };
	struct pdfeat_list l = {};
	struct wtrack *t = wtrack__new();
	struct record r;

	assert_non_null(t);
	r = mmap2("/usr/lib/libfoo.so.1", bid, 20);
	note(t, &r);
	note(t, &r); /* the same file again: one entry */
	r = mmap2("/usr/lib/libbar.so.1", bid, 16);
	note(t, &r);
	r = mmap2("/usr/lib/nobid.so", bid, 0); /* a build id of no byte: none */
	note(t, &r);
	r = mmap2("", bid, 20); /* no name */
	note(t, &r);
	assert_int_equal(wtrack__features(t, &l), 0);
	assert_int_equal(count_entries(&l, "/usr/lib/libfoo.so.1", bid, 20), 1);
	assert_int_equal(count_entries(&l, "/usr/lib/libbar.so.1", bid, 16), 1);
	assert_int_equal(count_entries(&l, "/usr/lib/nobid.so", bid, 0), 0);
	assert_int_equal(count_entries(&l, "", bid, 20), 0);
	pdfeat_list__free(&l);
	wtrack__free(t);
}

/* A MMAP2 record with a device and inode: the build id is read from the file. */
static void test_wtrack_build_id_of_file(void **state)
{
	uint8_t bid[BUILDID_MAX];
	struct pdfeat_list l = {};
	struct wtrack *t = wtrack__new();
	struct record r = mmap2("/proc/self/exe", NULL, 0);
	struct stat st;
	char path[4096];
	ssize_t n = readlink("/proc/self/exe", path, sizeof(path) - 1);
	int size;

	assert_true(n > 0);
	path[n] = '\0';
	size = buildid__read(path, bid, sizeof(bid));
	if (size <= 0)
		skip(); /* a test binary linked without a build id */
	assert_int_equal(stat(path, &st), 0);
	r.mmap.filename = path;
	r.mmap.maj = major(st.st_dev);
	r.mmap.min = minor(st.st_dev);
	r.mmap.ino = st.st_ino;
	note(t, &r);
	assert_int_equal(wtrack__features(t, &l), 0);
	assert_int_equal(count_entries(&l, path, bid, size), 1);
	pdfeat_list__free(&l);
	wtrack__free(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_wtrack_build_ids),
		cmocka_unit_test(test_wtrack_build_id_of_file),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
