// SPDX-License-Identifier: GPL-2.0
/* The kernel's system-call numbers of tracepoints, as the cache keeps them. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "syscalls/scnumbers.h"

static void test_scnumbers__kept_and_read_back(void **state)
{
	const char text[] = "4 newstat\n451 cachestat\n";
	struct scnumbers k = { 0 };
	char buf[64];

	assert_int_equal(scnumbers__parse(&k, text, strlen(text)), 0);
	assert_int_equal(k.nr, 2);
	assert_int_equal(k.rows[0].nr, 4);
	assert_string_equal(k.rows[0].event, "newstat");
	assert_int_equal(k.rows[1].nr, 451);
	assert_int_equal(scnumbers__format(&k, buf, sizeof(buf)), strlen(text));
	assert_string_equal(buf, text);
	/* the length it needs, as snprintf says, whatever the room */
	assert_int_equal(scnumbers__format(&k, buf, 4), strlen(text));
	free(k.rows);
}

/* A damaged cache entry is refused whole: the numbers are read from the kernel again. */
static void test_scnumbers__damaged_text_refused(void **state)
{
	static const char *const bad[] = { "4 newstat", "x newstat\n", "4\n",	      "-1 foo\n",
					   "4 a b\n",	"99999 big\n", "4 newstat\n5" };
	struct scnumbers k = { 0 };

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		k.nr = 0;
		assert_int_not_equal(scnumbers__parse(&k, bad[i], strlen(bad[i])), 0);
	}
	free(k.rows);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_scnumbers__kept_and_read_back),
		cmocka_unit_test(test_scnumbers__damaged_text_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
