// SPDX-License-Identifier: GPL-2.0
/* Unit tests of lib/run/synthbpf.c: the KSYMBOL and BPF_EVENT records and the kernel's names. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "run/synthbpf.h"

static const struct record_layout layout = { PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_IP |
						     PERF_SAMPLE_TID | PERF_SAMPLE_TIME |
						     PERF_SAMPLE_CPU | PERF_SAMPLE_PERIOD |
						     PERF_SAMPLE_RAW,
					     true };

static const uint8_t tag[8] = { 0x5c, 0xdb, 0x9b, 0x7f, 0x30, 0xc9, 0x2d, 0xb5 };

static void test_synthbpf_names(void **state)
{
	char name[SYNTHBPF_NAME_MAX];

	synthbpf__name(name, sizeof(name), tag, "handler", "handler", 0, 1);
	assert_string_equal(name, "bpf_prog_5cdb9b7f30c92db5_handler");
	/* no BTF: a one-function program by its own name, a function of several as F */
	synthbpf__name(name, sizeof(name), tag, NULL, "pb_up_entry", 0, 1);
	assert_string_equal(name, "bpf_prog_5cdb9b7f30c92db5_pb_up_entry");
	synthbpf__name(name, sizeof(name), tag, NULL, "main", 1, 2);
	assert_string_equal(name, "bpf_prog_5cdb9b7f30c92db5_F");
	synthbpf__name(name, sizeof(name), tag, NULL, "", 0, 1);
	assert_string_equal(name, "bpf_prog_5cdb9b7f30c92db5");
	/* cut, never overrun */
	synthbpf__name(name, 12, tag, "x", "x", 0, 1);
	assert_string_equal(name, "bpf_prog_5c");
}

static void test_synthbpf_ksymbol(void **state)
{
	uint64_t buf[64];
	const unsigned char *p = (const void *)buf;
	size_t n = synthbpf__encode_ksymbol(buf, sizeof(buf), &layout, 9, 0xffffffffc00267ecULL, 73,
					    "bpf_prog_5cdb9b7f30c92db5_x");
	struct record r;

	assert_true(n > 0 && n % 8 == 0);
	assert_int_equal(((const struct perf_event_header *)(const void *)p)->type,
			 PERF_RECORD_KSYMBOL);
	assert_int_equal(((const struct perf_event_header *)(const void *)p)->size, n);
	assert_int_equal(*(const uint64_t *)(p + 8), 0xffffffffc00267ecULL);
	assert_int_equal(*(const uint32_t *)(p + 16), 73);
	assert_int_equal(*(const uint16_t *)(p + 20), PERF_RECORD_KSYMBOL_TYPE_BPF);
	assert_int_equal(*(const uint16_t *)(p + 22), 0);
	assert_string_equal((const char *)p + 24, "bpf_prog_5cdb9b7f30c92db5_x");
	/* the trailer is where the decoder looks for it */
	assert_int_equal(record__id((const void *)buf, n, &layout, &r.s.id), 0);
	assert_int_equal(r.s.id, 9);
	assert_int_equal(synthbpf__encode_ksymbol(buf, 40, &layout, 9, 1, 1, "x"), 0);
}

static void test_synthbpf_load(void **state)
{
	uint64_t buf[16], id = 0;
	const unsigned char *p = (const void *)buf;
	size_t n = synthbpf__encode_load(buf, sizeof(buf), &layout, 9, 20775, tag);

	assert_int_equal(n, 8 + 16 + 4 * 8); /* tid, time, cpu, identifier */
	assert_int_equal(((const struct perf_event_header *)(const void *)p)->type,
			 PERF_RECORD_BPF_EVENT);
	assert_int_equal(*(const uint16_t *)(p + 8), PERF_BPF_EVENT_PROG_LOAD);
	assert_int_equal(*(const uint32_t *)(p + 12), 20775);
	assert_memory_equal(p + 16, tag, 8);
	assert_int_equal(record__id((const void *)buf, n, &layout, &id), 0);
	assert_int_equal(id, 9);
	assert_int_equal(record__time((const void *)buf, n, &layout), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_synthbpf_names),
		cmocka_unit_test(test_synthbpf_ksymbol),
		cmocka_unit_test(test_synthbpf_load),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
