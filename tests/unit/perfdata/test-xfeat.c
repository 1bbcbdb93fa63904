// SPDX-License-Identifier: GPL-2.0
/*
 * The features of ids 32 and up the reader keeps for its caller, from hostile files
 * (tests/fuzz/hostile.h): 224 ids naming one section cost no copies.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "util/log.h"
#include "perfdata/reader.h"
#include "tests/fuzz/hostile.h"

static void test_feature_amplification(void **state)
{
	const size_t region = 1 << 20;
	struct dbuf b = { 0 };
	const uint8_t *f;
	struct pdreader *r;
	size_t len;

	(void)state;
	hostile_file__feature_amp(&b, region);
	assert_int_equal(b.err, 0);
	r = pdreader__new_mem(b.p, b.len);
	assert_non_null(r);
	for (int feat = 32; feat < 256; feat++) {
		f = pdreader__feature(r, feat, &len);
		assert_int_equal(len, region);
		/* the file's own bytes: what the reader holds does not grow with the ids */
		assert_ptr_equal(f, b.p + b.len - region);
	}
	pdreader__free(r);
	dbuf__free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_feature_amplification),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
