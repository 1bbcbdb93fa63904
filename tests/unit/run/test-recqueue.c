// SPDX-License-Identifier: GPL-2.0
/* Unit tests of lib/run/recqueue.c: records of two CPUs come out in time order, intact. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <linux/perf_event.h>

#include "run/recqueue.h"

/* A record of size bytes whose body repeats its time, so a torn copy shows. */
static struct perf_event_header *make(uint64_t time, uint16_t size)
{
	static uint64_t buf[65536 / 8];
	struct perf_event_header *h = (void *)buf;

	h->type = PERF_RECORD_SAMPLE;
	h->misc = 0;
	h->size = size;
	for (size_t i = 1; i < size / 8u; i++)
		buf[i] = time;
	return h;
}

static void check(const struct perf_event_header *h, uint64_t time)
{
	const uint64_t *b = (const void *)h;

	for (size_t i = 1; i < h->size / 8u; i++)
		assert_int_equal(b[i], time);
}

/* CPU 0's ring is read before CPU 1's: the earlier record of CPU 1 still comes first. */
static void test_recqueue_orders_across_cpus(void **state)
{
	struct recqueue *q = recqueue__new();
	const struct perf_event_header *h;
	uint64_t want[] = { 5, 10, 20, 30, 40 };
	int64_t cpu;
	size_t i = 0;

	assert_non_null(q);
	assert_int_equal(recqueue__push(q, make(10, 32), 10, 0), 0);
	assert_int_equal(recqueue__push(q, make(30, 32), 30, 0), 0);
	assert_int_equal(recqueue__push(q, make(5, 40), 5, 1), 0);
	assert_int_equal(recqueue__push(q, make(20, 48), 20, 1), 0);
	recqueue__round(q);
	assert_null(recqueue__pop(q, &cpu)); /* nothing is safe after one pass */
	assert_int_equal(recqueue__push(q, make(40, 32), 40, 1), 0);
	recqueue__round(q); /* releases what was seen before the first pass: up to 30 */
	while ((h = recqueue__pop(q, &cpu))) {
		check(h, want[i]);
		assert_int_equal(cpu, want[i] == 5 || want[i] == 20 ? 1 : 0);
		i++;
	}
	assert_int_equal(i, 4);
	recqueue__flush(q);
	h = recqueue__pop(q, &cpu);
	assert_non_null(h);
	check(h, 40);
	assert_null(recqueue__pop(q, &cpu));
	assert_int_equal(recqueue__nr_unordered(q), 0);
	recqueue__free(q);
}

/* Many records of many sizes over many chunks, with chunks reused: every byte intact. */
static void test_recqueue_chunks_reused(void **state)
{
	struct recqueue *q = recqueue__new();
	const struct perf_event_header *h;
	uint64_t t = 1, next = 1;
	int64_t cpu;

	srand(3);
	for (int pass = 0; pass < 200; pass++) {
		for (int i = 0; i < 300; i++, t++) {
			uint16_t size = 8 * (1 + rand() % 2000);

			assert_int_equal(recqueue__push(q, make(t, size), t, 0), 0);
		}
		recqueue__round(q);
		while ((h = recqueue__pop(q, &cpu)))
			check(h, next++);
	}
	recqueue__flush(q);
	while ((h = recqueue__pop(q, &cpu)))
		check(h, next++);
	assert_int_equal(next, t);
	recqueue__free(q);
}

/* A record older than what was released is still delivered, and counted. */
static void test_recqueue_late_record(void **state)
{
	struct recqueue *q = recqueue__new();
	int64_t cpu;

	assert_int_equal(recqueue__push(q, make(100, 16), 100, 0), 0);
	recqueue__round(q);
	assert_int_equal(recqueue__push(q, make(200, 16), 200, 0), 0);
	recqueue__round(q);
	assert_non_null(recqueue__pop(q, &cpu));
	assert_int_equal(recqueue__push(q, make(50, 16), 50, 1), 0);
	recqueue__flush(q);
	assert_non_null(recqueue__pop(q, &cpu));
	assert_non_null(recqueue__pop(q, &cpu));
	assert_null(recqueue__pop(q, &cpu));
	assert_int_equal(recqueue__nr_unordered(q), 1);
	recqueue__free(q);
}

/*
 * Records coming faster than they are released: past the bound they are dropped and
 * counted, those kept come out intact and in order, and the room is used again once popped.
 */
static void test_recqueue_bounded(void **state)
{
	struct recqueue *q = recqueue__new();
	const struct perf_event_header *h;
	uint64_t t = 1, next = 1;
	int64_t cpu;
	int n = 0;

	assert_non_null(q);
	recqueue__limit(q, 2 << 20); /* two chunks: 2048 records of 1 KiB */
	for (int i = 0; i < 3000; i++, t++)
		assert_int_equal(recqueue__push(q, make(t, 1024), t, 0), 0);
	assert_int_equal(recqueue__nr_dropped(q), 3000 - 2048);
	recqueue__flush(q);
	while ((h = recqueue__pop(q, &cpu))) {
		check(h, next);
		next++;
		n++;
	}
	assert_int_equal(n, 2048);
	for (int i = 0; i < 2000; i++, t++)
		assert_int_equal(recqueue__push(q, make(t, 1024), t, 0), 0);
	assert_int_equal(recqueue__nr_dropped(q), 3000 - 2048);
	recqueue__free(q);
}

/* Records written in place are ordered with the copied ones, and bounded as they are. */
static void test_recqueue_reserved_in_place(void **state)
{
	struct recqueue *q = recqueue__new();
	const struct perf_event_header *h;
	uint64_t next = 1;
	int64_t cpu;
	void *at;
	int err;

	assert_non_null(q);
	recqueue__limit(q, 1 << 20); /* one chunk: 1024 records of 1 KiB */
	for (uint64_t t = 1; t <= 1100; t++) {
		if (t % 2) {
			at = recqueue__reserve(q, 1024, t, 1, &err);
			assert_int_equal(err, 0);
			if (t <= 1024)
				memcpy(at, make(t, 1024), 1024);
			else
				assert_null(at);
		} else {
			assert_int_equal(recqueue__push(q, make(t, 1024), t, 0), 0);
		}
	}
	assert_int_equal(recqueue__nr_dropped(q), 1100 - 1024);
	recqueue__flush(q);
	while ((h = recqueue__pop(q, &cpu))) {
		check(h, next);
		assert_int_equal(cpu, next % 2);
		next++;
	}
	assert_int_equal(next, 1025);
	recqueue__free(q);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_recqueue_orders_across_cpus),
		cmocka_unit_test(test_recqueue_chunks_reused),
		cmocka_unit_test(test_recqueue_late_record),
		cmocka_unit_test(test_recqueue_bounded),
		cmocka_unit_test(test_recqueue_reserved_in_place),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
