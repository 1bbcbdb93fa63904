// SPDX-License-Identifier: GPL-2.0
/* -k's clock features: added to the writer, read back by the reader. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <linux/perf_event.h>

#include "perfdata/clockfeat.h"
#include "perfdata/reader.h"
#include "perfdata/writer.h"

static char path[] = "/tmp/perf-bpf-clockfeat-XXXXXX";

static void test_clockfeat__written_and_read(void **state)
{
	struct perf_event_attr attr = {
		.type = PERF_TYPE_SOFTWARE,
		.size = sizeof(attr),
		.config = PERF_COUNT_SW_BPF_OUTPUT,
		.sample_type = PERF_SAMPLE_TIME | PERF_SAMPLE_IDENTIFIER,
		.use_clockid = 1,
		.clockid = CLOCK_MONOTONIC,
	};
	uint64_t id = 7;
	struct event_desc desc = { .name = "evt", .attr = attr };
	struct pdwriter_event ev = { .desc = &desc, .ids = &id, .nr_ids = 1 };
	struct clockfeat_data d;
	struct pdwriter *w;
	struct pdreader *r;
	struct timespec now;
	int fd = mkstemp(path);

	assert_true(fd >= 0);
	close(fd);
	unlink(path);
	w = pdwriter__create(path);
	assert_non_null(w);
	assert_int_equal(clockfeat__add(w, CLOCK_MONOTONIC), 0);
	assert_int_equal(pdwriter__add_feature(w, 0, "x", 1), -EINVAL);
	assert_int_equal(pdwriter__start(w, &ev, 1, NULL), 0);
	assert_int_equal(pdwriter__close(w), 0);

	r = pdreader__open(path);
	assert_non_null(r);
	assert_int_equal(pdreader__clock_data(r, &d), 0);
	clock_gettime(CLOCK_REALTIME, &now);
	assert_int_equal(d.clockid, CLOCK_MONOTONIC);
	assert_true(d.wall_ns <= (uint64_t)now.tv_sec * 1000000000ull + (uint64_t)now.tv_nsec);
	assert_true(d.wall_ns > d.clock_ns);
	assert_true(pdreader__event(r, 0)->desc.attr.use_clockid);
	pdreader__free(r);
	unlink(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_clockfeat__written_and_read),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
