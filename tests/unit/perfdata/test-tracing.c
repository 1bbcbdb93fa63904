// SPDX-License-Identifier: GPL-2.0
/* pdtracing: the TRACING_DATA stream, valid, damaged and cut short. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "perfdata/tracing.h"

static const char page[] = "\tfield: u64 timestamp;\toffset:0;\tsize:8;\tsigned:0;\n";
static const char fmt_a[] = "name: sys_enter_umask\nID: 321\nformat:\n\tfield:int a;\n";
static const char fmt_b[] = "name: other\nID: 9\nformat:\n";

struct buf {
	uint8_t b[4096];
	size_t len;
};

static size_t put(struct buf *b, const void *p, size_t n)
{
	size_t at = b->len;

	memcpy(b->b + b->len, p, n);
	b->len += n;
	return at;
}

static void put32(struct buf *b, uint32_t v)
{
	put(b, &v, 4);
}

static void put64(struct buf *b, uint64_t v)
{
	put(b, &v, 8);
}

/* Offsets of the fields the tests damage. */
struct marks {
	size_t endian, page_size, page_len;
};

static struct marks stream(struct buf *b)
{
	static const char magic[] = { 23, 8, 68, 't', 'r', 'a', 'c', 'i', 'n', 'g' };
	struct marks m;

	b->len = 0;
	put(b, magic, sizeof(magic));
	put(b, "0.6", 4);
	m.endian = put(b, "\0\x08", 2);
	m.page_size = b->len;
	put32(b, 4096);
	put(b, "header_page", 12);
	m.page_len = b->len;
	put64(b, sizeof(page) - 1);
	put(b, page, sizeof(page) - 1);
	put(b, "header_event", 13);
	put64(b, 3);
	put(b, "abc", 3);
	put32(b, 0);
	put32(b, 2);
	put(b, "syscalls", 9);
	put32(b, 1);
	put64(b, sizeof(fmt_a) - 1);
	put(b, fmt_a, sizeof(fmt_a) - 1);
	put(b, "mysys", 6);
	put32(b, 1);
	put64(b, sizeof(fmt_b) - 1);
	put(b, fmt_b, sizeof(fmt_b) - 1);
	put32(b, 0);
	put32(b, 5);
	put(b, "x : y", 5);
	put64(b, 0);
	return m;
}

static void test_pdtracing__parse_valid(void **state)
{
	static struct buf b;
	struct pdtracing t = {};
	size_t used;

	stream(&b);
	put(&b, "trailing", 8);
	assert_int_equal(pdtracing__parse(&t, b.b, b.len, &used), 0);
	assert_int_equal(used, b.len - 8);
	assert_int_equal(t.header_page_len, sizeof(page) - 1);
	assert_memory_equal(t.header_page, page, t.header_page_len);
	assert_int_equal(t.nr_fmts, 2);
	assert_string_equal(t.fmts[0].sys, "syscalls");
	assert_int_equal(t.fmts[0].id, 321);
	assert_string_equal(t.fmts[0].name, "sys_enter_umask");
	assert_int_equal(t.fmts[0].len, sizeof(fmt_a) - 1);
	assert_string_equal(t.fmts[1].sys, "mysys");
	assert_int_equal(t.fmts[1].id, 9);
	assert_string_equal(t.fmts[1].name, "other");
	pdtracing__exit(&t);
	assert_int_equal(t.nr_fmts, 0);
	pdtracing__exit(NULL);
}

static void expect_einval(struct buf *b)
{
	struct pdtracing t = {};
	size_t used;

	assert_int_equal(pdtracing__parse(&t, b->b, b->len, &used), -EINVAL);
	assert_null(t.header_page);
	assert_int_equal(t.nr_fmts, 0);
}

static void test_pdtracing__parse_damaged(void **state)
{
	static struct buf b;
	struct marks m;

	m = stream(&b);
	b.b[0] = 0;
	expect_einval(&b); /* magic */
	m = stream(&b);
	b.b[m.endian] = 1;
	expect_einval(&b); /* big-endian */
	m = stream(&b);
	memset(b.b + m.page_size, 0, 4);
	expect_einval(&b); /* page size 0 */
	m = stream(&b);
	memset(b.b + m.page_len, 0, 8);
	expect_einval(&b); /* header_page size 0 */
	m = stream(&b);
	memset(b.b + m.page_len, 0xff, 8);
	expect_einval(&b); /* header_page past the end */
}

static void test_pdtracing__parse_cut_everywhere(void **state)
{
	static struct buf b;
	uint8_t *copy;

	stream(&b);
	copy = malloc(b.len);
	assert_non_null(copy);
	for (size_t n = 0; n < b.len; n++) {
		struct pdtracing t = {};
		size_t used;
		int err;

		memcpy(copy, b.b, n);
		err = pdtracing__parse(&t, copy, n, &used);
		if (!err) /* the optional tail may be missing; formats must be whole */
			assert_int_equal(t.nr_fmts, 2);
		else
			assert_int_equal(err, -EINVAL);
		pdtracing__exit(&t);
	}
	free(copy);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pdtracing__parse_valid),
		cmocka_unit_test(test_pdtracing__parse_damaged),
		cmocka_unit_test(test_pdtracing__parse_cut_everywhere),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
