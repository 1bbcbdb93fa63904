// SPDX-License-Identifier: GPL-2.0
/* The flame graph's frames: one per frame of the stacks, narrow siblings merged, markup escaped. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "output/flamegraph.h"

static void add(struct fold *f, const char *const *names, uint32_t n, uint64_t w)
{
	uint32_t ids[8];

	for (uint32_t i = 0; i < n; i++)
		ids[i] = fold__intern(f, names[i], strlen(names[i]), i ? FOLD_USER : FOLD_COMM);
	assert_int_equal(fold__add(f, ids, n, w), 0);
}

static char *svg_of(struct fold *f)
{
	struct flamegraph_opts o = { 0 };
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);

	assert_non_null(out);
	assert_int_equal(flamegraph__write(f, out, &o), 0);
	fclose(out);
	return buf;
}

static int count(const char *s, const char *what)
{
	int n = 0;

	for (const char *p = s; (p = strstr(p, what)); p += strlen(what))
		n++;
	return n;
}

static void test_flamegraph__one_element_per_frame(void **state)
{
	struct fold *f = fold__new(0);
	const char *a[] = { "prog", "main", "work" }, *b[] = { "prog", "main", "idle" };
	char *svg;

	add(f, a, 3, 3);
	add(f, b, 3, 1);
	svg = svg_of(f);
	/* all, prog, main, idle, work */
	assert_int_equal(count(svg, "<g class=\"f\""), 5);
	assert_non_null(strstr(svg, "<title>work (3 samples, 75.00%)</title>"));
	assert_non_null(strstr(svg, "data-name=\"idle\" data-x=\"0\" data-w=\"1\" data-d=\"3\""));
	assert_non_null(strstr(svg, "data-name=\"work\" data-x=\"1\" data-w=\"3\" data-d=\"3\""));
	assert_non_null(strstr(svg, "data-name=\"main\" data-x=\"0\" data-w=\"4\" data-d=\"2\""));
	assert_non_null(strstr(svg, "data-name=\"all\" data-x=\"0\" data-w=\"4\" data-d=\"0\""));
	assert_non_null(strstr(svg, "</svg>\n"));
	free(svg);
	fold__free(f);
}

/* 20 siblings of 1 in 10020 (under 0.1%): one "[20 frames]" frame, nothing drawn above it. */
static void test_flamegraph__narrow_frames_merge(void **state)
{
	struct fold *f = fold__new(0);
	const char *big[] = { "prog", "main", "hot" };
	char name[24], child[24]; /* room for any int: gcc -O1 checks it */
	char *svg;

	add(f, big, 3, 10000);
	for (int i = 0; i < 20; i++) {
		const char *s[] = { "prog", "main", name, child };

		snprintf(name, sizeof(name), "cold%02d", i);
		snprintf(child, sizeof(child), "above%02d", i);
		add(f, s, 4, 1);
	}
	svg = svg_of(f);
	assert_int_equal(count(svg, "<g class=\"f\""), 5);
	assert_non_null(strstr(svg, "data-name=\"[20 frames]\" data-x=\"0\" data-w=\"20\""));
	assert_null(strstr(svg, "cold0"));
	assert_null(strstr(svg, "above"));
	free(svg);
	fold__free(f);
}

static void test_flamegraph__markup_escaped(void **state)
{
	struct fold *f = fold__new(0);
	const char *s[] = { "a&b", "vector<int>::\"at\"", "\xff" };
	char *svg;

	add(f, s, 3, 1);
	svg = svg_of(f);
	assert_non_null(strstr(svg, "data-name=\"vector&lt;int&gt;::&quot;at&quot;\""));
	assert_non_null(strstr(svg, "data-name=\"a&amp;b\""));
	assert_non_null(strstr(svg, "data-name=\"?\""));
	free(svg);
	fold__free(f);
}

/* 100k distinct stacks of one sample each: the file stays under 10 MB (narrow frames merge). */
static void test_flamegraph__many_stacks_stay_small(void **state)
{
	struct fold *f = fold__new(0);
	char a[16], b[16], c[16];
	char *svg;

	for (int i = 0; i < 100000; i++) {
		const char *s[] = { "prog", "main", a, b, c };

		snprintf(a, sizeof(a), "mid%d", i % 10);
		snprintf(b, sizeof(b), "fn%d", i % 1000);
		snprintf(c, sizeof(c), "leaf%d", i);
		add(f, s, 5, 1);
	}
	assert_int_equal(fold__nr(f), 100000);
	svg = svg_of(f);
	assert_true(strlen(svg) < 10u << 20);
	assert_non_null(strstr(svg, " frames]"));
	free(svg);
	fold__free(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_flamegraph__one_element_per_frame),
		cmocka_unit_test(test_flamegraph__narrow_frames_merge),
		cmocka_unit_test(test_flamegraph__markup_escaped),
		cmocka_unit_test(test_flamegraph__many_stacks_stay_small),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
