// SPDX-License-Identifier: GPL-2.0
/* Which -e events a SEC("perf_event") program runs on; which output maps nothing reads. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <linux/bpf.h>

#include "run/mapread.h"
#include "run/progevent.h"

#define C EVPARSE_SOFTWARE
#define H EVPARSE_HARDWARE
#define S EVPARSE_BPF_SOURCE
#define O EVPARSE_BPF_OBJECT
#define TP EVPARSE_TRACEPOINT

static void test_progevent__events_before_the_object(void **state)
{
	/* -e cpu-clock -e profile.c */
	enum evparse_kind k1[] = { C, S };
	bool w1[] = { false, true };
	int o1[2];

	progevent__assign(k1, w1, 2, o1);
	assert_int_equal(o1[0], 1);
	assert_int_equal(o1[1], -1);
}

static void test_progevent__each_object_its_own(void **state)
{
	/* -e cycles -e tp -e a.c -e page-faults -e other.o -e b.o -e cpu-clock */
	enum evparse_kind k[] = { H, TP, S, C, O, O, C };
	bool w[] = { false, false, true, false, false, true, false };
	int o[7], want[] = { 2, -1, -1, 5, -1, -1, -1 };

	progevent__assign(k, w, 7, o);
	for (int i = 0; i < 7; i++)
		assert_int_equal(o[i], want[i]);
}

static void test_progevent__none_before(void **state)
{
	enum evparse_kind k[] = { S, C };
	bool w[] = { true, false };
	int o[2];

	progevent__assign(k, w, 2, o);
	assert_int_equal(o[0], -1);
	assert_int_equal(o[1], -1);
}

static void test_mapread__unread(void **state)
{
	const char *conf[] = { "events" };

	assert_true(mapread__unread(BPF_MAP_TYPE_RINGBUF, "rb", NULL, 0));
	assert_true(mapread__unread(BPF_MAP_TYPE_PERF_EVENT_ARRAY, "out", conf, 1));
	assert_false(mapread__unread(BPF_MAP_TYPE_PERF_EVENT_ARRAY, "events", conf, 1));
	assert_false(mapread__unread(BPF_MAP_TYPE_PERF_EVENT_ARRAY, "__bpf_stdout__", NULL, 0));
	assert_false(mapread__unread(BPF_MAP_TYPE_HASH, "counts", NULL, 0));
}

#define LD_MAP(reg, fd)                      \
	{ .code = BPF_LD | BPF_IMM | BPF_DW, \
	  .dst_reg = (reg),                  \
	  .src_reg = BPF_PSEUDO_MAP_FD,      \
	  .imm = (fd) },                     \
	{                                    \
		0                            \
	}
#define MOV(dst, src)                                                                   \
	{                                                                               \
		.code = BPF_ALU64 | BPF_MOV | BPF_X, .dst_reg = (dst), .src_reg = (src) \
	}
#define CALL(fn)                                        \
	{                                               \
		.code = BPF_JMP | BPF_CALL, .imm = (fn) \
	}

static void test_mapread__written(void **state)
{
	const struct bpf_insn direct[] = { LD_MAP(2, 7), CALL(BPF_FUNC_perf_event_output) };
	const struct bpf_insn moved[] = { LD_MAP(6, 7), MOV(2, 6),
					  CALL(BPF_FUNC_perf_event_output) };
	const struct bpf_insn clobbered[] = { LD_MAP(2, 7), CALL(BPF_FUNC_map_lookup_elem),
					      CALL(BPF_FUNC_perf_event_output) };
	const struct bpf_insn ring[] = { LD_MAP(1, 9), CALL(BPF_FUNC_ringbuf_output) };
	const struct bpf_insn read[] = { LD_MAP(1, 7), CALL(BPF_FUNC_perf_event_read_value) };

	assert_true(mapread__written(direct, 3, 7));
	assert_false(mapread__written(direct, 3, 8));
	assert_true(mapread__written(moved, 4, 7));
	assert_false(mapread__written(clobbered, 4, 7));
	assert_true(mapread__written(ring, 3, 9));
	assert_false(mapread__written(read, 3, 7)); /* a counter map is read, not written */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_progevent__events_before_the_object),
		cmocka_unit_test(test_progevent__each_object_its_own),
		cmocka_unit_test(test_progevent__none_before),
		cmocka_unit_test(test_mapread__unread),
		cmocka_unit_test(test_mapread__written),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
