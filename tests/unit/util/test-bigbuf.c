// SPDX-License-Identifier: GPL-2.0
/* bigbuf: zeroed writable buffers, and populate on any range (unaligned, empty, sub-page). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "util/bigbuf.h"

static void test_bigbuf_alloc_is_zeroed_and_writable(void **state)
{
	size_t size = (1 << 20) + 123;
	unsigned char *b = bigbuf__alloc(size);

	(void)state;
	assert_non_null(b);
	for (size_t i = 0; i < size; i += 4096)
		assert_int_equal(b[i], 0);
	assert_int_equal(b[size - 1], 0);
	memset(b, 0xab, size);
	assert_int_equal(b[size - 1], 0xab);
	bigbuf__free(b, size);
	bigbuf__free(NULL, 0);
}

static void test_bigbuf_populate_any_range(void **state)
{
	size_t size = 3 * 4096 + 100;
	char *p = malloc(size);

	(void)state;
	assert_non_null(p);
	memset(p, 1, size);
	bigbuf__populate(p + 1, size - 2); /* unaligned at both ends */
	bigbuf__populate(p + 5, 10); /* inside one page: nothing to do */
	bigbuf__populate(p, 0);
	for (size_t i = 0; i < size; i++)
		assert_int_equal(p[i], 1); /* content untouched */
	free(p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bigbuf_alloc_is_zeroed_and_writable),
		cmocka_unit_test(test_bigbuf_populate_any_range),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
