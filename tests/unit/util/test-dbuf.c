// SPDX-License-Identifier: GPL-2.0
/* Unit tests of lib/util/dbuf.c: the growable byte buffer and its sticky error. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "util/dbuf.h"

static void test_dbuf_appends(void **state)
{
	struct dbuf b = {};
	char big[1000];

	dbuf__u32(&b, 0x01020304);
	dbuf__pad8(&b);
	assert_int_equal(b.len, 8);
	dbuf__u64(&b, 7);
	dbuf__pad8(&b); /* on a multiple of 8 already: nothing */
	assert_int_equal(b.len, 16);
	dbuf__put(&b, "abc", 3);
	dbuf__zero(&b, 5);
	assert_int_equal(b.len, 24);
	assert_memory_equal(b.p + 16, "abc\0\0\0\0\0", 8);
	memset(big, 'x', sizeof(big));
	for (int i = 0; i < 100; i++) /* grows past its first room many times */
		dbuf__put(&b, big, sizeof(big));
	assert_int_equal(b.err, 0);
	assert_int_equal(b.len, 24 + 100 * sizeof(big));
	assert_true(b.cap >= b.len);
	assert_int_equal(b.p[b.len - 1], 'x');
	dbuf__free(&b);
	assert_null(b.p);
	assert_int_equal(b.len + b.cap, 0);
}

/* Text keeps a NUL after it that its length does not count. */
static void test_dbuf_text(void **state)
{
	struct dbuf b = {};

	dbuf__text(&b, "key=", 4);
	assert_string_equal(b.p, "key=");
	dbuf__text(&b, "value and more", 5);
	assert_string_equal(b.p, "key=value");
	assert_int_equal(b.len, 9);
	dbuf__free(&b);
}

/* The first failure sticks: later appends do nothing, the builder checks once. */
static void test_dbuf_sticky_error(void **state)
{
	struct dbuf b = {};

	dbuf__put(&b, "abcd", 4);
	dbuf__zero(&b, SIZE_MAX);
	assert_int_equal(b.err, -ENOMEM);
	dbuf__put(&b, "efgh", 4);
	dbuf__u64(&b, 1);
	dbuf__text(&b, "x", 1);
	assert_int_equal(b.len, 4);
	dbuf__free(&b);
	assert_int_equal(b.err, 0); /* empty again, usable */
	dbuf__put(&b, "ok", 2);
	assert_int_equal(b.len, 2);
	dbuf__free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_dbuf_appends),
		cmocka_unit_test(test_dbuf_text),
		cmocka_unit_test(test_dbuf_sticky_error),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
