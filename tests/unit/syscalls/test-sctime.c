// SPDX-License-Identifier: GPL-2.0
/*
 * The time of day at the head of a line and strace's --timestamps formats; --status's sets;
 * the lines held in time order (scorder).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "syscalls/sclines.h"
#include "syscalls/scorder.h"
#include "syscalls/sctime.h"

/* 2026-12-04 21:41:34 UTC, and 123456789 ns */
#define WALL 1796420494123456789LL

static const char *wall(struct sctime *t)
{
	static char buf[SCTIME_MAX + 1];

	*sctime__wall(t, buf, 1000) = '\0';
	return buf;
}

static void test_sctime__formats(void **state)
{
	static const struct {
		struct sctime t;
		const char *text;
	} cases[] = {
		{ { .kind = SCTIME_TIME }, "21:41:34" },
		{ { .kind = SCTIME_TIME, .digits = 3 }, "21:41:34.123" },
		{ { .kind = SCTIME_TIME, .digits = 6 }, "21:41:34.123456" }, /* cut, as strace */
		{ { .kind = SCTIME_UNIX, .digits = 6 }, "1796420494.123456" },
		{ { .kind = SCTIME_UNIX, .digits = 9 }, "1796420494.123456789" },
		{ { .kind = SCTIME_UNIX }, "1796420494" },
		{ { .kind = SCTIME_TOD }, "2026-12-04 21:41:34.123456" },
	};

	setenv("TZ", "UTC", 1);
	tzset();
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct sctime t = cases[i].t;

		t.wall_offset_ns = WALL - 1000;
		assert_string_equal(wall(&t), cases[i].text);
		assert_string_equal(wall(&t), cases[i].text); /* the second kept */
	}
	setenv("TZ", "Asia/Kolkata", 1); /* +05:30 */
	tzset();
	{
		struct sctime t = { .kind = SCTIME_TIME, .wall_offset_ns = WALL - 1000 };

		assert_string_equal(wall(&t), "03:11:34");
	}
	(void)state;
}

static void test_sctime__parse(void **state)
{
	static const struct {
		const char *format;
		enum sctime_kind kind;
		int digits;
	} good[] = {
		{ NULL, SCTIME_TIME, 0 },
		{ "", SCTIME_TIME, 0 },
		{ "time", SCTIME_TIME, 0 },
		{ "unix", SCTIME_UNIX, 0 },
		{ "time,us", SCTIME_TIME, 6 },
		{ "unix,ns", SCTIME_UNIX, 9 },
		{ "ms", SCTIME_TIME, 3 },
		{ "format:unix,precision:us", SCTIME_UNIX, 6 },
		{ "precision:s,format:time", SCTIME_TIME, 0 },
		{ "none", SCTIME_RELATIVE, 0 },
	};
	static const struct {
		const char *format, *bad;
	} bad[] = {
		{ "bogus", "bogus" },	      { "time,xs", "xs" },
		{ "format:us", "format:us" }, { "precision:unix", "precision:unix" },
		{ "time,,us", ",us" },
	};
	size_t len;

	for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		struct sctime t = { 0 };

		assert_null(sctime__parse(&t, good[i].format, &len));
		assert_int_equal(t.kind, good[i].kind);
		assert_int_equal(t.digits, good[i].digits);
	}
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct sctime t = { .kind = SCTIME_TOD };
		const char *at = sctime__parse(&t, bad[i].format, &len);

		assert_non_null(at);
		assert_true(!strncmp(at, bad[i].bad, strlen(bad[i].bad)) || !len);
		assert_int_equal(t.kind, SCTIME_TOD); /* left alone */
	}
	(void)state;
}

static void test_sclines__parse_status(void **state)
{
	static const struct {
		const char *set;
		unsigned int bits;
	} good[] = {
		{ "successful", SCLINES_SUCCESSFUL },
		{ "failed", SCLINES_FAILED },
		{ "failed,unfinished", SCLINES_FAILED | SCLINES_UNFINISHED },
		{ "detached", SCLINES_DETACHED },
		{ "!successful", SCLINES_FAILED | SCLINES_UNFINISHED | SCLINES_DETACHED },
		{ "all",
		  SCLINES_SUCCESSFUL | SCLINES_FAILED | SCLINES_UNFINISHED | SCLINES_DETACHED },
		{ "none", 1U << 31 },
		{ "!all", 1U << 31 },
		{ "unavailable", 1U << 31 },
		{ "failed,unavailable", SCLINES_FAILED },
		{ "all,none,failed", SCLINES_FAILED },
	};
	static const char *const bad[] = { "", "bogus", "failed,bogus", "!", "failed,,unfinished" };
	unsigned int bits;
	size_t len;

	for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		bits = 0;
		assert_null(sclines__parse_status(good[i].set, &bits, &len));
		assert_int_equal(bits, good[i].bits);
	}
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		assert_non_null(sclines__parse_status(bad[i], &bits, &len));
	assert_int_equal(len, 0); /* the empty word between the commas */
	(void)state;
}

static char *released(struct scorder *q, uint64_t oldest, uint64_t newest)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	scorder__release(q, f, oldest, newest);
	fclose(f);
	return text;
}

static void test_scorder__in_time_order(void **state)
{
	struct scorder q = { 0 };
	char *text;

	/* lines come at their calls' ends; each goes out when no earlier call is in flight */
	assert_int_equal(scorder__add(&q, 30, "c\n", 2), 0);
	assert_int_equal(scorder__add(&q, 10, "a\n", 2), 0);
	assert_int_equal(scorder__add(&q, 20, "b\n", 2), 0);
	assert_int_equal(scorder__add(&q, 20, "b2\n", 3), 0); /* the same time: in arrival order */
	text = released(&q, 5, 40); /* a call of time 5 is in flight: nothing goes */
	assert_string_equal(text, "");
	free(text);
	text = released(&q, 20, 40);
	assert_string_equal(text, "a\nb\nb2\n");
	free(text);
	assert_int_equal(scorder__waiting(&q), 1);
	/* the trace went on a second past it: it goes, though an earlier call is in flight */
	text = released(&q, 25, 30 + SCORDER_WAIT_NS);
	assert_string_equal(text, "");
	free(text);
	text = released(&q, 25, 31 + SCORDER_WAIT_NS);
	assert_string_equal(text, "c\n");
	free(text);
	assert_int_equal(q.early, 1);
	assert_int_equal(scorder__waiting(&q), 0);
	assert_int_equal(q.used, 0); /* emptied: the buffers start again */
	scorder__exit(&q);
	(void)state;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sctime__formats),
		cmocka_unit_test(test_sctime__parse),
		cmocka_unit_test(test_sclines__parse_status),
		cmocka_unit_test(test_scorder__in_time_order),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
