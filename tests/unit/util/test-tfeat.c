// SPDX-License-Identifier: GPL-2.0
/* tfeat: entries written and read back, 8-byte aligned; a cut stream ends before the cut. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "util/tfeat.h"

static void test_round_trip(void **state)
{
	struct dbuf b = { 0 };
	const void *parts[] = { "abc", "de" };
	size_t lens[] = { 3, 2 }, off = 0, start;
	struct tfeat_entry e;

	(void)state;
	tfeat__put(&b, TFEAT_CHANNEL, 2, parts, lens);
	start = tfeat__begin(&b, TFEAT_MAP);
	dbuf__put(&b, "0123456789", 10);
	tfeat__end(&b, start);
	assert_int_equal(b.err, 0);
	assert_int_equal(b.len, 16 + 24);
	assert_int_equal(tfeat__next(b.p, b.len, &off, &e), 1);
	assert_int_equal(e.tag, TFEAT_CHANNEL);
	assert_int_equal(e.len, 5);
	assert_memory_equal(e.data, "abcde", 5);
	assert_int_equal(tfeat__next(b.p, b.len, &off, &e), 1);
	assert_int_equal(e.tag, TFEAT_MAP);
	assert_int_equal(e.len, 10);
	assert_memory_equal(e.data, "0123456789", 10);
	assert_int_equal(tfeat__next(b.p, b.len, &off, &e), 0);
	/* cut inside the second entry: only the first is read */
	off = 0;
	assert_int_equal(tfeat__next(b.p, 30, &off, &e), 1);
	assert_int_equal(tfeat__next(b.p, 30, &off, &e), 0);
	dbuf__free(&b);
}

static void test_damaged_length(void **state)
{
	uint32_t bad[4] = { TFEAT_BTF, 0xfffffff0, 0, 0 };
	struct tfeat_entry e;
	size_t off = 0;

	(void)state;
	assert_int_equal(tfeat__next(bad, sizeof(bad), &off, &e), 0);
	assert_int_equal(tfeat__next(bad, 4, &off, &e), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_damaged_length),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
