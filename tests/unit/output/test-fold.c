// SPDX-License-Identifier: GPL-2.0
/* Folded stacks: merging, order, names that would break a line, the memory bound. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "output/fold.h"

static uint32_t id(struct fold *f, const char *name, enum fold_kind kind)
{
	uint32_t i = fold__intern(f, name, strlen(name), kind);

	assert_int_not_equal(i, FOLD_NO_ID);
	return i;
}

/* Add "comm;a;b" style stacks (user frames). */
static void add(struct fold *f, const char *line, uint64_t w)
{
	uint32_t ids[FOLD_MAX_DEPTH], n = 0;
	char *copy = strdup(line), *save = NULL;

	for (char *t = strtok_r(copy, ";", &save); t; t = strtok_r(NULL, ";", &save))
		ids[n] = id(f, t, n ? FOLD_USER : FOLD_COMM), n++;
	assert_int_equal(fold__add(f, ids, n, w), 0);
	free(copy);
}

static char *folded(struct fold *f)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);

	assert_non_null(out);
	assert_int_equal(fold__write(f, out), 0);
	fclose(out);
	return buf;
}

static void test_fold__same_stacks_add_up_in_name_order(void **state)
{
	struct fold *f = fold__new(0);
	char *text;

	add(f, "b;main;zed", 2);
	add(f, "a;main;work;leaf", 1);
	add(f, "b;main;zed", 3);
	add(f, "a;main;work", 4);
	add(f, "a;main;alpha", 1);
	assert_int_equal(fold__nr(f), 4);
	assert_int_equal(fold__total(f), 11);
	text = folded(f);
	assert_string_equal(text, "a;main;alpha 1\n"
				  "a;main;work 4\n"
				  "a;main;work;leaf 1\n"
				  "b;main;zed 5\n");
	free(text);
	fold__free(f);
}

static void test_fold__names_cannot_split_a_line(void **state)
{
	struct fold *f = fold__new(0);
	uint32_t ids[3];
	char *text;

	ids[0] = id(f, "my prog", FOLD_COMM);
	ids[1] = id(f, "operator;()", FOLD_USER);
	ids[2] = id(f, "bad\nname", FOLD_KERNEL);
	assert_int_equal(fold__add(f, ids, 3, 7), 0);
	text = folded(f);
	assert_string_equal(text, "my_prog;operator:();bad_name 7\n");
	assert_int_equal(fold__kind(f, ids[2]), FOLD_KERNEL);
	free(text);
	fold__free(f);
}

/* The same name as a kernel and a user frame: two frames, one place in the order. */
static void test_fold__kinds_keep_frames_apart(void **state)
{
	struct fold *f = fold__new(0);

	assert_int_not_equal(id(f, "x", FOLD_USER), id(f, "x", FOLD_KERNEL));
	assert_int_equal(id(f, "x", FOLD_USER), id(f, "x", FOLD_USER));
	fold__free(f);
}

/* A 127-frame callchain and its comm: kept whole; deeper ones are cut at FOLD_MAX_DEPTH. */
static void test_fold__deep_stacks(void **state)
{
	struct fold *f = fold__new(0);
	uint32_t ids[FOLD_MAX_DEPTH + 10], nr;
	uint64_t w;
	char name[16];

	ids[0] = id(f, "deep", FOLD_COMM);
	for (int i = 1; i < FOLD_MAX_DEPTH + 10; i++) {
		snprintf(name, sizeof(name), "f%d", i);
		ids[i] = id(f, name, FOLD_USER);
	}
	assert_int_equal(fold__add(f, ids, 128, 1), 0);
	assert_int_equal(fold__add(f, ids, FOLD_MAX_DEPTH + 10, 1), 0);
	fold__stack(f, 0, &nr, &w);
	assert_int_equal(nr, 128);
	fold__stack(f, 1, &nr, &w);
	assert_int_equal(nr, FOLD_MAX_DEPTH);
	fold__free(f);
}

/* Past its bound, new stacks count as "[more stacks]" and memory stops growing. */
static void test_fold__bounded(void **state)
{
	struct fold *f = fold__new(1 << 20);
	uint32_t ids[4];
	char name[32];
	uint64_t w, more = 0;
	uint32_t nr;

	ids[0] = id(f, "many", FOLD_COMM);
	ids[1] = id(f, "main", FOLD_USER);
	ids[2] = id(f, "work", FOLD_USER);
	for (int i = 0; i < 1000000; i++) {
		snprintf(name, sizeof(name), "leaf%d", i);
		ids[3] = fold__intern(f, name, strlen(name), FOLD_USER);
		assert_int_equal(fold__add(f, ids, 4, 1), 0);
	}
	assert_int_equal(fold__total(f), 1000000);
	assert_true(fold__overflow(f) > 900000);
	assert_true(fold__nr(f) < 100000);
	for (size_t i = 0; i < fold__nr(f); i++) {
		const uint32_t *s = fold__stack(f, i, &nr, &w);

		if (nr == 2 && !strcmp(fold__name(f, s[1]), "[more stacks]"))
			more += w;
	}
	assert_int_equal(more, fold__overflow(f));
	fold__free(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fold__same_stacks_add_up_in_name_order),
		cmocka_unit_test(test_fold__names_cannot_split_a_line),
		cmocka_unit_test(test_fold__kinds_keep_frames_apart),
		cmocka_unit_test(test_fold__deep_stacks),
		cmocka_unit_test(test_fold__bounded),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
