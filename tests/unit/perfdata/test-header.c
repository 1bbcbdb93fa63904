// SPDX-License-Identifier: GPL-2.0
/* Unit tests of lib/perfdata/header.c: the perf.data file header and its feature index. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "perfdata/format.h"
#include "perfdata/header.h"

static uint8_t buf[PD_FILE_HDR];
static char why[128];

static void put64(size_t off, uint64_t v)
{
	memcpy(buf + off, &v, 8);
}

/* A seekable file's header: attrs at 104 (2 of 136 bytes), data at 376 of 1000 bytes. */
static void file_header(uint64_t size)
{
	memset(buf, 0, sizeof(buf));
	put64(0, PD_MAGIC);
	put64(8, size);
	put64(16, 136);
	put64(24, 104);
	put64(32, 272);
	put64(40, 376);
	put64(48, 1000);
}

static void test_header_file(void **state)
{
	struct pdheader h;

	file_header(PD_FILE_HDR);
	buf[PD_FEAT_BITMAP] = 1 << 1 | 1 << 3;
	buf[PD_FEAT_BITMAP + 4] = 1; /* 32 */
	assert_int_equal(pdheader__parse(buf, sizeof(buf), &h, why, sizeof(why)), 0);
	assert_false(h.pipe);
	assert_int_equal(h.size, PD_FILE_HDR);
	assert_true(h.attr_size == 136 && h.attrs_off == 104 && h.attrs_size == 272);
	assert_true(h.data_off == 376 && h.data_size == 1000);
	assert_true(pdheader__has_feature(&h, 1) && pdheader__has_feature(&h, 3) &&
		    pdheader__has_feature(&h, 32));
	assert_false(pdheader__has_feature(&h, 2) || pdheader__has_feature(&h, 0) ||
		     pdheader__has_feature(&h, PD_FEAT_BITS) || pdheader__has_feature(&h, -1));
}

/* The index follows the data: one 16-byte entry per feature bit, in the bits' order. */
static void test_header_feature_entry(void **state)
{
	struct pdheader h;
	uint64_t at;

	file_header(PD_FILE_HDR);
	buf[PD_FEAT_BITMAP] = 1 << 0 | 1 << 2 | 1 << 7;
	buf[PD_FEAT_BITMAP + 8] = 1 << 1; /* 65 */
	buf[PD_FEAT_BITMAP + 31] = 1 << 7; /* 255 */
	assert_int_equal(pdheader__parse(buf, sizeof(buf), &h, why, sizeof(why)), 0);
	assert_int_equal(pdheader__feature_entry(&h, 0, &at), 0);
	assert_int_equal(at, 1376);
	assert_int_equal(pdheader__feature_entry(&h, 2, &at), 0);
	assert_int_equal(at, 1376 + 16);
	assert_int_equal(pdheader__feature_entry(&h, 7, &at), 0);
	assert_int_equal(at, 1376 + 32);
	assert_int_equal(pdheader__feature_entry(&h, 65, &at), 0);
	assert_int_equal(at, 1376 + 48);
	assert_int_equal(pdheader__feature_entry(&h, 255, &at), 0);
	assert_int_equal(at, 1376 + 64);
	assert_int_equal(pdheader__feature_entry(&h, 3, &at), -ENOENT);
	/* a data section that ends past 2^64 has no index */
	h.data_size = UINT64_MAX - 100;
	assert_int_equal(pdheader__feature_entry(&h, 2, &at), -EOVERFLOW);
	h.data_size = UINT64_MAX - 376 - 20; /* the data ends 20 bytes short of it */
	assert_int_equal(pdheader__feature_entry(&h, 2, &at), 0);
	assert_int_equal(at, UINT64_MAX - 4);
	assert_int_equal(pdheader__feature_entry(&h, 255, &at), -EOVERFLOW);
}

/* The header of perf's first files, without the feature bitmap: no features. */
static void test_header_old(void **state)
{
	struct pdheader h;

	file_header(PD_FILE_HDR_OLD);
	buf[PD_FEAT_BITMAP] = 0xff; /* past the header: not its bits */
	assert_int_equal(pdheader__parse(buf, PD_FILE_HDR_OLD, &h, why, sizeof(why)), 0);
	assert_int_equal(h.size, PD_FILE_HDR_OLD);
	assert_int_equal(h.data_off, 376);
	assert_false(pdheader__has_feature(&h, 1));
}

static void test_header_pipe(void **state)
{
	struct pdheader h;

	memset(buf, 0, sizeof(buf));
	put64(0, PD_MAGIC);
	put64(8, PD_PIPE_HDR);
	assert_int_equal(pdheader__parse(buf, PD_PIPE_HDR, &h, why, sizeof(why)), 0);
	assert_true(h.pipe);
	assert_false(pdheader__has_feature(&h, 1));
}

static void expect_error(size_t len, int err, const char *text)
{
	struct pdheader h;

	why[0] = '\0';
	assert_int_equal(pdheader__parse(buf, len, &h, why, sizeof(why)), err);
	assert_string_equal(why, text);
	assert_int_equal(pdheader__parse(buf, len, &h, NULL, 0), err); /* without the reason */
}

static void test_header_errors(void **state)
{
	file_header(PD_FILE_HDR);
	expect_error(0, -EINVAL, "zero-sized data, nothing to do");
	expect_error(15, -EINVAL, "the file is too short for a header");
	expect_error(PD_FILE_HDR - 1, -EINVAL, "the file is shorter than its header");
	put64(8, 100);
	expect_error(PD_FILE_HDR, -EINVAL, "unknown header size 100");
	put64(0, PD_MAGIC_SWAP);
	expect_error(PD_FILE_HDR, -ENOTSUP, "files of the other byte order are not supported");
	put64(0, PD_MAGIC_V1);
	expect_error(PD_FILE_HDR, -ENOTSUP, "version 1 files are not supported");
	memcpy(buf, "hello, this is n", 16);
	expect_error(PD_FILE_HDR, -EINVAL, "not a perf.data file (bad magic)");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_header_file),   cmocka_unit_test(test_header_feature_entry),
		cmocka_unit_test(test_header_old),    cmocka_unit_test(test_header_pipe),
		cmocka_unit_test(test_header_errors),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
