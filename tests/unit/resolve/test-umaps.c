// SPDX-License-Identifier: GPL-2.0
/*
 * umaps against a model, one owner per address: maps of random ranges inserted in random
 * order, each cutting what it covers of older ones, then every address looked up (its
 * map, its bounds, its file offset); copies are the same and apart.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "resolve/umaps.h"

#define SPACE 512

struct model {
	struct dso *owner[SPACE]; /* the map's dso (a tag), NULL: none */
	uint64_t pgoff[SPACE]; /* the file offset the address maps */
};

static struct dso *tag(int i)
{
	return (struct dso *)(uintptr_t)(0x1000 + i);
}

static void model_insert(struct model *md, const struct umap *m)
{
	for (uint64_t a = m->start; a < m->end; a++) {
		md->owner[a] = m->dso;
		md->pgoff[a] = m->pgoff + (a - m->start);
	}
}

static void check(const struct umaps *u, const struct model *md)
{
	size_t nr = 0;

	for (uint64_t a = 0; a < SPACE; a++) {
		const struct umap *m = umaps__find(u, a);

		if (!md->owner[a]) {
			assert_null(m);
			continue;
		}
		assert_non_null(m);
		assert_ptr_equal(m->dso, md->owner[a]);
		assert_true(m->start <= a && a < m->end);
		assert_int_equal(m->pgoff + (a - m->start), md->pgoff[a]);
		if (m->start == a)
			nr++;
	}
	assert_int_equal(u->nr, nr);
}

static void test_random_against_model(void **state)
{
	static struct model md;
	struct umaps u = { 0 }, copy = { 0 };

	(void)state;
	srand(26);
	for (int i = 1; i <= 2000; i++) {
		uint64_t start = (uint64_t)rand() % (SPACE - 1);
		uint64_t len = 1 + (uint64_t)rand() % (i % 10 ? 16 : 200);
		struct umap m = { .start = start,
				  .end = start + len,
				  .pgoff = (uint64_t)rand() % 4096,
				  .dso = tag(i) };

		if (m.end > SPACE)
			m.end = SPACE;
		assert_int_equal(umaps__insert(&u, &m), 0);
		model_insert(&md, &m);
		if (i % 50 == 0)
			check(&u, &md);
	}
	check(&u, &md);
	assert_int_equal(umaps__copy(&copy, &u), 0);
	umaps__clear(&u);
	assert_null(umaps__find(&u, 10));
	assert_int_equal(u.nr, 0);
	check(&copy, &md);
	umaps__clear(&copy);
}

/* One map split in three by a map inside it: head, the new one, tail (its offset moved). */
static void test_split(void **state)
{
	struct umaps u = { 0 };
	struct umap outer = { .start = 100, .end = 200, .pgoff = 1000, .dso = tag(1) };
	struct umap inner = { .start = 120, .end = 130, .pgoff = 0, .dso = tag(2) };
	const struct umap *m;

	(void)state;
	assert_int_equal(umaps__insert(&u, &outer), 0);
	assert_int_equal(umaps__insert(&u, &inner), 0);
	assert_int_equal(u.nr, 3);
	m = umaps__find(&u, 119);
	assert_true(m->start == 100 && m->end == 120 && m->pgoff == 1000 && m->dso == tag(1));
	m = umaps__find(&u, 125);
	assert_true(m->start == 120 && m->end == 130 && m->dso == tag(2));
	m = umaps__find(&u, 130);
	assert_true(m->start == 130 && m->end == 200 && m->pgoff == 1030 && m->dso == tag(1));
	assert_null(umaps__find(&u, 200));
	umaps__clear(&u);
}

/* 100000 maps, each below the one before: the order that made the array quadratic. */
static void test_descending(void **state)
{
	struct umaps u = { 0 };

	(void)state;
	for (uint64_t i = 0; i < 100000; i++) {
		struct umap m = { .start = (100000 - i) * 16,
				  .end = (100000 - i) * 16 + 8,
				  .dso = tag(1) };

		assert_int_equal(umaps__insert(&u, &m), 0);
	}
	assert_int_equal(u.nr, 100000);
	assert_int_equal(umaps__find(&u, 16 * 777 + 3)->start, 16 * 777);
	assert_null(umaps__find(&u, 16 * 777 + 8));
	umaps__clear(&u);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_random_against_model),
		cmocka_unit_test(test_split),
		cmocka_unit_test(test_descending),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
