// SPDX-License-Identifier: GPL-2.0
/* Unit tests of lib/util/grow.h: buffers and arrays that double as they grow. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include "util/grow.h"

static void test_grow_to(void **state)
{
	char *p = NULL;
	size_t cap = 0;

	assert_int_equal(grow__to(&p, &cap, 10, 16), 0);
	assert_int_equal(cap, 16);
	assert_int_equal(grow__to(&p, &cap, 16, 16), 0); /* fits: as it was */
	assert_int_equal(cap, 16);
	assert_int_equal(grow__to(&p, &cap, 100, 16), 0);
	assert_int_equal(cap, 128);
	p[99] = 'x';
	free(p);
}

static void test_grow_array(void **state)
{
	uint64_t *v = NULL;
	size_t cap = 0, nr = 0;

	for (; nr < 200; nr++) {
		assert_int_equal(grow__array(&v, &cap, nr, sizeof(*v), 64), 0);
		assert_true(cap > nr);
		v[nr] = nr;
	}
	assert_int_equal(cap, 256); /* 64, 128, 256 */
	assert_int_equal(v[199], 199);
	/* an array whose next size would not fit a size_t */
	assert_int_equal(grow__array(&v, &cap, cap, SIZE_MAX / 256, 64), -ENOMEM);
	assert_int_equal(cap, 256);
	assert_int_equal(v[199], 199);
	free(v);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_grow_to),
		cmocka_unit_test(test_grow_array),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
