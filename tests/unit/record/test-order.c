// SPDX-License-Identifier: GPL-2.0
/* order: perf's round-by-round release of timed records. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "record/order.h"

static void expect_pops(struct order *o, const uint64_t *times, size_t n)
{
	struct order_entry e;

	for (size_t i = 0; i < n; i++) {
		assert_true(order__pop(o, &e));
		assert_int_equal(e.time, times[i]);
	}
	assert_false(order__pop(o, &e));
}

static void test_order__round_releases_previous_rounds(void **state)
{
	struct order o = {};

	assert_int_equal(order__push(&o, 30, 1, 0), 0);
	assert_int_equal(order__push(&o, 10, 2, 0), 0);
	assert_int_equal(order__push(&o, 20, 3, 0), 0);
	order__round(&o); /* nothing seen before the previous round: nothing released */
	expect_pops(&o, NULL, 0);
	assert_int_equal(order__push(&o, 25, 4, 0), 0);
	assert_int_equal(order__push(&o, 40, 5, 0), 0);
	order__round(&o); /* up to 30, the newest before this round */
	expect_pops(&o, (const uint64_t[]){ 10, 20, 25, 30 }, 4);
	assert_int_equal(order__pending(&o), 1);
	order__flush(&o);
	expect_pops(&o, (const uint64_t[]){ 40 }, 1);
	assert_int_equal(order__pending(&o), 0);
	assert_int_equal(o.nr_unordered, 0);
	order__exit(&o);
}

static void test_order__pop_keeps_file_order_for_equal_times(void **state)
{
	struct order o = {};
	struct order_entry e;

	for (int i = 0; i < 100; i++)
		assert_int_equal(order__push(&o, 7, 100 + i, i), 0);
	order__flush(&o);
	for (int i = 0; i < 100; i++) {
		assert_true(order__pop(&o, &e));
		assert_int_equal(e.off, 100 + i);
		assert_int_equal(e.event, i);
	}
	order__exit(&o);
}

static void test_order__push_counts_late_records(void **state)
{
	struct order o = {};

	order__push(&o, 10, 1, 0);
	order__round(&o);
	order__push(&o, 20, 2, 0);
	order__round(&o);
	expect_pops(&o, (const uint64_t[]){ 10 }, 1);
	order__push(&o, 5, 3, 0); /* older than 10, already out */
	assert_int_equal(o.nr_unordered, 1);
	order__flush(&o);
	expect_pops(&o, (const uint64_t[]){ 5, 20 }, 2);
	order__exit(&o);
}

static void test_order__push_many_reuses_the_array(void **state)
{
	struct order o = {};
	struct order_entry e;
	uint64_t last = 0, n = 0;

	for (uint64_t round = 0; round < 50; round++) {
		for (uint64_t i = 0; i < 1000; i++)
			assert_int_equal(
				order__push(&o, round * 1000 + (999 - i), round * 1000 + i, 0), 0);
		order__round(&o);
		while (order__pop(&o, &e)) {
			assert_true(e.time >= last);
			last = e.time;
			n++;
		}
	}
	order__flush(&o);
	while (order__pop(&o, &e))
		n++;
	assert_int_equal(n, 50000);
	assert_true(o.cap <= 8192); /* two rounds pending at most */
	order__exit(&o);
	order__exit(NULL);
}

/*
 * Rounds of records as a pass over rings reads them (a few sorted runs, one per ring),
 * and rounds in no order at all: every record comes out, in (time, position) order
 * within what each round releases, as a whole-array sort would give.
 */
static void test_order__runs_and_shuffles_come_out_sorted(void **state)
{
	struct order o = {};
	struct order_entry e;
	uint64_t seed = 42, pos = 0, last_time = 0, last_pos = 0, popped = 0, pushed = 0;

	for (int round = 0; round < 200; round++) {
		int rings = 1 + round % 5, shuffled = round % 7 == 3;

		for (int r = 0; r < rings; r++) {
			uint64_t t = 1000 * (uint64_t)round + (uint64_t)r * 7;

			for (int i = 0; i < 50 + round % 13; i++, pushed++) {
				seed = seed * 6364136223846793005ull + 1442695040888963407ull;
				t = shuffled ? 1000 * (uint64_t)round + (seed >> 54) :
					       t + (seed >> 60);
				assert_int_equal(order__push(&o, t, pos++, r), 0);
			}
		}
		order__round(&o);
		while (order__pop(&o, &e)) {
			assert_true(e.time > last_time ||
				    (e.time == last_time && e.off > last_pos) || !popped);
			last_time = e.time;
			last_pos = e.off;
			popped++;
		}
	}
	order__flush(&o);
	while (order__pop(&o, &e)) {
		assert_true(e.time > last_time || (e.time == last_time && e.off > last_pos));
		last_time = e.time;
		last_pos = e.off;
		popped++;
	}
	assert_int_equal(popped, pushed);
	order__exit(&o);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_order__runs_and_shuffles_come_out_sorted),
		cmocka_unit_test(test_order__round_releases_previous_rounds),
		cmocka_unit_test(test_order__pop_keeps_file_order_for_equal_times),
		cmocka_unit_test(test_order__push_counts_late_records),
		cmocka_unit_test(test_order__push_many_reuses_the_array),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
