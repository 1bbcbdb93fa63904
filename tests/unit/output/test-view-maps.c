// SPDX-License-Identifier: GPL-2.0
/* The maps view: the header of a periodic look, in text and as a JSON object. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "output/consumer.h"
#include "output/view-maps.h"
#include "output/view.h"

/* 2026-01-02 14:03:22.123456789 UTC */
#define WALL (1767362602ULL * 1000000000ULL + 123456789ULL)

static void test_view_maps__time_text(void **state)
{
	char buf[64];

	setenv("TZ", "UTC", 1);
	tzset();
	view_maps__time_text(buf, sizeof(buf), WALL, 3000999999ULL);
	assert_string_equal(buf, "14:03:22 (+3.000 s)");
	view_maps__time_text(buf, sizeof(buf), WALL, 61234000000ULL);
	assert_string_equal(buf, "14:03:22 (+61.234 s)");
	/* local time */
	setenv("TZ", "UTC-2", 1);
	tzset();
	view_maps__time_text(buf, sizeof(buf), WALL, 0);
	assert_string_equal(buf, "16:03:22 (+0.000 s)");
}

static void test_view_maps__time_iso(void **state)
{
	char buf[64];

	setenv("TZ", "UTC-2", 1); /* UTC whatever the local zone */
	tzset();
	view_maps__time_iso(buf, sizeof(buf), WALL);
	assert_string_equal(buf, "2026-01-02T14:03:22.123456789Z");
	view_maps__time_iso(buf, sizeof(buf), 5);
	assert_string_equal(buf, "1970-01-01T00:00:00.000000005Z");
}

/* Through the consumer: a periodic look has its header first, the look at the end none. */
static char *print(bool json, const struct view_maps_time *t)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	struct consumer_opts co = { 0 };
	struct consumer *c;

	assert_non_null(f);
	c = consumer__new(&co, NULL, 0);
	assert_non_null(c);
	assert_int_equal(consumer__add_view(c, view_maps__new(f, json)), 0);
	assert_int_equal(consumer__print_maps_at(c, "", 0, t), 0);
	consumer__free(c);
	fclose(f);
	return buf;
}

static void test_view_maps__header(void **state)
{
	struct view_maps_time t = { .wall_ns = WALL, .elapsed_ns = 2500000000ULL };
	char *s;

	setenv("TZ", "UTC", 1);
	tzset();
	s = print(false, &t);
	assert_string_equal(s, "14:03:22 (+2.500 s)\n");
	free(s);
	s = print(true, &t);
	assert_string_equal(s, "{\"type\":\"interval\",\"time\":\"2026-01-02T14:03:22.123456789Z\","
			       "\"time_ns\":1767362602123456789,\"elapsed_ns\":2500000000}\n");
	free(s);
	s = print(false, NULL);
	assert_string_equal(s, "");
	free(s);
	s = print(true, NULL);
	assert_string_equal(s, "");
	free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_view_maps__time_text),
		cmocka_unit_test(test_view_maps__time_iso),
		cmocka_unit_test(test_view_maps__header),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
