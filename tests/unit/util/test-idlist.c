// SPDX-License-Identifier: GPL-2.0
/* -p and -t lists: commas, blanks, repeated options, each id once; what is no id. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <string.h>

#include "util/idlist.h"

static void expect_ids(const struct idlist *l, int nr, const int *ids)
{
	assert_int_equal(l->nr, nr);
	for (int i = 0; i < nr; i++)
		assert_int_equal(l->ids[i], ids[i]);
}

static void test_idlist__forms(void **state)
{
	struct idlist l = { 0 };
	const char *bad = NULL;
	size_t len = 0;

	assert_int_equal(idlist__add(&l, "12", 100, &bad, &len), 0);
	expect_ids(&l, 1, (int[]){ 12 });
	assert_int_equal(idlist__add(&l, "34,56", 100, &bad, &len), 0);
	assert_int_equal(idlist__add(&l, " 7  8\t9 ", 100, &bad, &len), 0);
	assert_int_equal(idlist__add(&l, "12,7,100", 100, &bad, &len), 0); /* each once */
	expect_ids(&l, 7, (int[]){ 12, 34, 56, 7, 8, 9, 100 });
	assert_int_equal(idlist__add(&l, "1, 2,,3", 100, &bad, &len), 0);
	assert_int_equal(l.nr, 10);
	idlist__free(&l);
	assert_int_equal(l.nr, 0);
	assert_null(l.ids);
	(void)state;
}

static void test_idlist__not_ids(void **state)
{
	static const struct {
		const char *arg, *bad;
	} cases[] = {
		{ "x", "x" },	  { "1,x", "x" },     { "0", "0" },
		{ "101", "101" }, { "-1", "-1" },     { "1;2", "1;2" },
		{ "12k", "12k" }, { "0x10", "0x10" }, { "99999999999", "99999999999" },
	};
	struct idlist l = { 0 };
	const char *bad;
	size_t len;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		assert_int_equal(idlist__add(&l, cases[i].arg, 100, &bad, &len), -EINVAL);
		assert_int_equal(len, strlen(cases[i].bad));
		assert_memory_equal(bad, cases[i].bad, len);
	}
	/* no id at all */
	assert_int_equal(idlist__add(&l, " , ", 100, &bad, &len), -EINVAL);
	assert_int_equal(len, 0);
	assert_int_equal(idlist__add(&l, "", 100, &bad, &len), -EINVAL);
	idlist__free(&l);
	(void)state;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_idlist__forms),
		cmocka_unit_test(test_idlist__not_ids),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
