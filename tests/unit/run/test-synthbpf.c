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

/* The bytes as perf-bpf has always written them (every trailer field, or none). */
/* clang-format off */
static const uint8_t ksymbol_all[104] = {
	0x11, 0x00, 0x00, 0x00, 0x00, 0x00, 0x68, 0x00,
	0xec, 0x67, 0x02, 0xc0, 0xff, 0xff, 0xff, 0xff,
	0x49, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00,
	0x62, 0x70, 0x66, 0x5f, 0x70, 0x72, 0x6f, 0x67,
	0x5f, 0x30, 0x31, 0x32, 0x33, 0x34, 0x35, 0x36,
	0x37, 0x38, 0x39, 0x61, 0x62, 0x63, 0x64, 0x65,
	0x66, 0x5f, 0x68, 0x65, 0x6c, 0x6c, 0x6f, 0x00,
	0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x09, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x09, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x09, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
};
static const uint8_t ksymbol_none[56] = {
	0x11, 0x00, 0x00, 0x00, 0x00, 0x00, 0x38, 0x00,
	0xec, 0x67, 0x02, 0xc0, 0xff, 0xff, 0xff, 0xff,
	0x49, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00,
	0x62, 0x70, 0x66, 0x5f, 0x70, 0x72, 0x6f, 0x67,
	0x5f, 0x30, 0x31, 0x32, 0x33, 0x34, 0x35, 0x36,
	0x37, 0x38, 0x39, 0x61, 0x62, 0x63, 0x64, 0x65,
	0x66, 0x5f, 0x68, 0x65, 0x6c, 0x6c, 0x6f, 0x00,
};
static const uint8_t load_all[72] = {
	0x12, 0x00, 0x00, 0x00, 0x00, 0x00, 0x48, 0x00,
	0x01, 0x00, 0x00, 0x00, 0x27, 0x51, 0x00, 0x00,
	0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef,
	0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x09, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x09, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x09, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
};
static const uint8_t load_none[24] = {
	0x12, 0x00, 0x00, 0x00, 0x00, 0x00, 0x18, 0x00,
	0x01, 0x00, 0x00, 0x00, 0x27, 0x51, 0x00, 0x00,
	0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef,
};
/* clang-format on */

static void check_bpf(const struct record_layout *l, const uint8_t *ksym, size_t ksym_len,
		      const uint8_t *load, size_t load_len)
{
	static const uint8_t t[8] = { 0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef };
	uint64_t buf[64];

	assert_int_equal(synthbpf__encode_ksymbol(buf, sizeof(buf), l, 9, 0xffffffffc00267ecULL, 73,
						  "bpf_prog_0123456789abcdef_hello"),
			 ksym_len);
	assert_memory_equal(buf, ksym, ksym_len);
	assert_int_equal(synthbpf__encode_load(buf, sizeof(buf), l, 9, 20775, t), load_len);
	assert_memory_equal(buf, load, load_len);
}

static void test_synthbpf_bytes(void **state)
{
	const struct record_layout all = { layout.sample_type | PERF_SAMPLE_ID |
						   PERF_SAMPLE_STREAM_ID,
					   true },
				   none = { all.sample_type, false };

	check_bpf(&all, ksymbol_all, sizeof(ksymbol_all), load_all, sizeof(load_all));
	check_bpf(&none, ksymbol_none, sizeof(ksymbol_none), load_none, sizeof(load_none));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_synthbpf_names),
		cmocka_unit_test(test_synthbpf_ksymbol),
		cmocka_unit_test(test_synthbpf_load),
		cmocka_unit_test(test_synthbpf_bytes),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
