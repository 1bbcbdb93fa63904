// SPDX-License-Identifier: GPL-2.0
/*
 * Map dumps printed by typeset from hostile streams (tests/fuzz/hostile.h): each damaged
 * map is refused with one warning naming it, a costly one is printed in bounded work, and
 * the good map after it prints. Under ASan (make asan) a write past a value is caught.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "output/typeset.h"
#include "tests/fuzz/hostile.h"

#define GOOD "@good[1]: 7\n\n"

struct printed {
	char *out, *err;
};

static char *slurp(FILE *f)
{
	long n;
	char *s;

	fflush(f);
	n = ftell(f);
	assert_true(n >= 0);
	s = calloc(1, (size_t)n + 1);
	assert_non_null(s);
	rewind(f);
	assert_int_equal(fread(s, 1, (size_t)n, f), (size_t)n);
	fclose(f);
	return s;
}

/* Print the maps of stream b (text or JSON): what went to the output, and to stderr. */
static struct printed print(struct dbuf *b, bool json)
{
	struct typeset *ts = typeset__new();
	FILE *out = tmpfile(), *err = tmpfile();
	int saved = dup(2);
	struct printed p;

	assert_int_equal(b->err, 0);
	assert_non_null(ts);
	assert_true(out && err && saved >= 0);
	fflush(stderr);
	dup2(fileno(err), 2);
	typeset__add(ts, b->p, b->len);
	assert_int_equal(typeset__print_maps(ts, b->p, b->len, NULL, out, json), 0);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	typeset__free(ts);
	p.out = slurp(out);
	p.err = slurp(err);
	return p;
}

static void printed_free(struct printed *p)
{
	free(p->out);
	free(p->err);
}

/* The map is refused with one line naming it; the good map prints, alone. */
static void refused(void (*make)(struct dbuf *b), const char *name)
{
	char want[128];
	struct dbuf b = { 0 };
	struct printed p;

	make(&b);
	p = print(&b, false);
	snprintf(want, sizeof(want), "Warning: the dump of map '%s' is damaged, not shown\n", name);
	assert_string_equal(p.err, want);
	assert_string_equal(p.out, GOOD);
	printed_free(&p);
	dbuf__free(&b);
}

static void test_size_wrap(void **state)
{
	(void)state;
	refused(hostile_maps__size_wrap, "wrap");
}

static void test_zero_entries(void **state)
{
	(void)state;
	refused(hostile_maps__zero_entries, "zero");
}

static void test_nr_values(void **state)
{
	(void)state;
	refused(hostile_maps__nr_values, "cpus");
}

/* Tiny entries, more than an index may take: the first ones shown, one warning for the rest. */
static void test_tiny_entries(void **state)
{
	struct dbuf b = { 0 };
	struct printed p;
	size_t lines = 0;
	char *last;

	(void)state;
	hostile_maps__tiny_entries(&b);
	p = print(&b, false);
	assert_string_equal(
		p.err, "Warning: map 'tiny' has 4000000 entries: the first 1342177 are shown\n");
	/* line by line: a sanitizer's strstr() reads the whole rest of the text at each call */
	for (const char *c = p.out, *end = c + strlen(c); c < end; c++) {
		lines += !strncmp(c, "@tiny[", 6);
		c = memchr(c, '\n', end - c) ?: end;
	}
	assert_int_equal(lines, 1342177);
	last = p.out + strlen(p.out) - strlen(GOOD);
	assert_string_equal(last, GOOD);
	printed_free(&p);
	dbuf__free(&b);
}

/* The sum stays inside each 4-byte value; the member past it is not shown. */
static void test_percpu_overflow(void **state)
{
	struct dbuf b = { 0 };
	struct printed p;

	(void)state;
	hostile_maps__percpu_overflow(&b);
	p = print(&b, false);
	assert_string_equal(p.err, "");
	assert_string_equal(p.out, "@pcpu[0]: a=2\n@pcpu[1]: a=4\n\n" GOOD);
	printed_free(&p);
	dbuf__free(&b);
}

/* Width 2^64 - 1: each bucket once, no step wraps around. */
static void test_lhist_width(void **state)
{
	struct dbuf b = { 0 };
	struct printed p;

	(void)state;
	hostile_maps__lhist_width(&b);
	p = print(&b, false);
	assert_string_equal(p.err, "");
	assert_memory_equal(p.out,
			    "@x_lhist_18446744073709551615:\n"
			    "[0, 18446744073709551615)        1 |",
			    67);
	assert_non_null(strstr(p.out, "|\n[1, 18446744073709551615)        1 |"));
	assert_non_null(strstr(p.out, "@|\n\n" GOOD));
	assert_int_equal(strlen(p.out), 31 + 2 * 88 + 1 + strlen(GOOD));
	printed_free(&p);
	p = print(&b, true);
	assert_non_null(strstr(p.out, "{\"low\":1,\"high\":18446744073709551615,\"count\":1}]}"));
	printed_free(&p);
	dbuf__free(&b);
}

/* 2^31 members for a 4-byte value: the print stops at its budget, and says so. */
static void nested(int kind)
{
	struct dbuf b = { 0 };
	struct printed p;

	hostile_maps__nested(&b, kind);
	p = print(&b, false);
	assert_string_equal(p.err, "");
	assert_true(strlen(p.out) < 16384);
	assert_memory_equal(p.out, "@deep[1]: a={a={a=", 18);
	assert_non_null(strstr(p.out, "...}"));
	assert_non_null(strstr(p.out, "]: " /* the line ends */));
	assert_non_null(strstr(p.out, "\n\n" GOOD));
	printed_free(&p);
	p = print(&b, true);
	assert_true(strlen(p.out) < 16384);
	assert_non_null(strstr(p.out, "\"a\":{\"a\":{\"a\":"));
	assert_non_null(strstr(p.out, "{\"key\":1,\"value\":7}"));
	printed_free(&p);
	dbuf__free(&b);
}

static void test_nested_unions(void **state)
{
	(void)state;
	nested(BTF_KIND_UNION);
}

static void test_nested_structs(void **state)
{
	(void)state;
	nested(BTF_KIND_STRUCT);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_size_wrap),	cmocka_unit_test(test_zero_entries),
		cmocka_unit_test(test_nr_values),	cmocka_unit_test(test_tiny_entries),
		cmocka_unit_test(test_percpu_overflow), cmocka_unit_test(test_lhist_width),
		cmocka_unit_test(test_nested_unions),	cmocka_unit_test(test_nested_structs),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
