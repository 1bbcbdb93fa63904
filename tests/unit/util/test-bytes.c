// SPDX-License-Identifier: GPL-2.0
/* Unit tests of lib/util/bytes.h: bounds that cannot overflow, fields at any alignment. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "util/bytes.h"

static void test_bytes_inside(void **state)
{
	assert_true(bytes__inside(0, 0, 0, 0));
	assert_true(bytes__inside(8, 8, 0, 16));
	assert_true(bytes__inside(16, 0, 0, 16)); /* empty, at the end */
	assert_false(bytes__inside(9, 8, 0, 16));
	assert_false(bytes__inside(17, 0, 0, 16));
	assert_false(bytes__inside(4, 8, 8, 16)); /* starts below lo */
	/* sizes and offsets that wrap around when added */
	assert_false(bytes__inside(8, UINT64_MAX, 0, 16));
	assert_false(bytes__inside(UINT64_MAX, 2, 0, UINT64_MAX));
	assert_true(bytes__inside(UINT64_MAX - 1, 1, 0, UINT64_MAX));
}

static void test_bytes_fields(void **state)
{
	uint8_t b[24] = { 0 };

	for (size_t off = 0; off < 8; off++) { /* every alignment */
		bytes__set_u64(b, off, 0x0102030405060708ULL);
		assert_true(bytes__u64(b, off) == 0x0102030405060708ULL);
		bytes__set_u32(b, off + 8, 0xa1b2c3d4);
		assert_int_equal(bytes__u32(b, off + 8), 0xa1b2c3d4);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bytes_inside),
		cmocka_unit_test(test_bytes_fields),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
