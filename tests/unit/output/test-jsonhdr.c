// SPDX-License-Identifier: GPL-2.0
/* The JSON stream's header object; the clock features of a recording made with -k. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "output/jsonhdr.h"
#include "perfdata/clockfeat.h"
#include "util/clockid.h"

static char *written(const struct jsonhdr *h)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	jsonhdr__write(f, h);
	fclose(f);
	return buf;
}

static void test_jsonhdr__object(void **state)
{
	struct jsonhdr h = {
		.origin = "live",
		.host = "web1",
		.kernel = "6.1.0-18-amd64",
		.boot_id = "5b3c0a4e-0000-4000-8000-000000000001",
		.clockid = CLOCK_MONOTONIC,
		.has_offset = true,
		.offset_ns = 1700000000123456789,
		.has_start = true,
		.start_ns = 1700000100000000000,
	};
	char *s = written(&h);

	assert_string_equal(
		s,
		"{\"type\":\"header\",\"origin\":\"live\",\"host\":\"web1\",\"kernel\":\"6.1.0-18-amd64\","
		"\"boot_id\":\"5b3c0a4e-0000-4000-8000-000000000001\",\"clock\":\"monotonic\","
		"\"clockid\":1,\"clock_offset_ns\":1700000000123456789,"
		"\"start_ns\":1700000100000000000}\n");
	free(s);
}

static void test_jsonhdr__perf_clock_and_unknowns_are_null(void **state)
{
	struct jsonhdr h = { .origin = "perf.data", .host = "h", .clockid = CLOCKID_PERF };
	char *s = written(&h);

	assert_string_equal(s,
			    "{\"type\":\"header\",\"origin\":\"perf.data\",\"host\":\"h\","
			    "\"kernel\":null,\"boot_id\":null,\"clock\":\"perf\",\"clockid\":null,"
			    "\"clock_offset_ns\":null,\"start_ns\":null}\n");
	free(s);
}

static void test_jsonhdr__host(void **state)
{
	struct jsonhdr h;

	jsonhdr__host(&h, CLOCK_REALTIME);
	assert_true(h.host[0]);
	assert_true(h.kernel[0]);
	assert_int_equal(strlen(h.boot_id), 36); /* a UUID */
	assert_true(h.has_offset);
	assert_int_equal(h.offset_ns, 0);
	assert_true(h.has_start);
	jsonhdr__host(&h, CLOCKID_PERF); /* measured: a record's time between two readings */
	assert_true(h.has_offset);
	assert_true(h.offset_ns > 0);
}

static void test_clockfeat__round_trip(void **state)
{
	struct clockfeat_data d = { .clockid = 1, .wall_ns = 1700000000000000001, .clock_ns = 42 },
			      e;
	unsigned char buf[CLOCKFEAT_CLOCK_DATA_SIZE];

	clockfeat__encode(&d, buf);
	assert_int_equal(buf[0], 1); /* version */
	assert_int_equal(buf[4], 1); /* clockid */
	assert_int_equal(clockfeat__decode(buf, sizeof(buf), &e), 0);
	assert_int_equal(e.clockid, 1);
	assert_true(e.wall_ns == d.wall_ns && e.clock_ns == 42);
	assert_int_equal(clockfeat__decode(buf, sizeof(buf) - 1, &e), -22);
	buf[0] = 2;
	assert_int_equal(clockfeat__decode(buf, sizeof(buf), &e), -22);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_jsonhdr__object),
		cmocka_unit_test(test_jsonhdr__perf_clock_and_unknowns_are_null),
		cmocka_unit_test(test_jsonhdr__host),
		cmocka_unit_test(test_clockfeat__round_trip),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
