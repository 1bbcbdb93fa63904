// SPDX-License-Identifier: GPL-2.0
/* Unit tests of lib/load/progscan.c: helper calls and output maps found in instruction arrays. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <linux/bpf.h>
#include <string.h>

#include "load/progscan.h"

#define INSN(c, d, s, o, i) \
	((struct bpf_insn){ .code = (c), .dst_reg = (d), .src_reg = (s), .off = (o), .imm = (i) })
#define CALL(id) INSN(BPF_JMP | BPF_CALL, 0, 0, 0, (id))
#define LD_MAP(dst, fd) \
	INSN(BPF_LD | BPF_DW | BPF_IMM, (dst), BPF_PSEUDO_MAP_FD, 0, (fd)), INSN(0, 0, 0, 0, 0)
#define MOV_REG(dst, src) INSN(BPF_ALU64 | BPF_MOV | BPF_X, (dst), (src), 0, 0)
#define MOV_IMM(dst, v) INSN(BPF_ALU64 | BPF_MOV | BPF_K, (dst), 0, 0, (v))
#define EXIT() INSN(BPF_JMP | BPF_EXIT, 0, 0, 0, 0)
#define N(a) (sizeof(a) / sizeof((a)[0]))

static void test_print_helpers(void **state)
{
	struct bpf_insn printk[] = { MOV_IMM(2, 4), CALL(BPF_FUNC_trace_printk), EXIT() };
	struct bpf_insn vprintk[] = { CALL(BPF_FUNC_trace_vprintk), EXIT() };
	struct bpf_insn none[] = { CALL(BPF_FUNC_ktime_get_ns), MOV_IMM(0, 0), EXIT() };
	/* a bpf-to-bpf call whose imm happens to be 6 is not the helper */
	struct bpf_insn subprog[] = { INSN(BPF_JMP | BPF_CALL, 0, BPF_PSEUDO_CALL, 0, 6), EXIT() };
	/* the second half of an ld_imm64 holding 6 in imm is not a call either */
	struct bpf_insn ld[] = { INSN(BPF_LD | BPF_DW | BPF_IMM, 1, 0, 0, 0),
				 INSN(0, 0, 0, 0, BPF_FUNC_trace_printk), EXIT() };

	(void)state;
	assert_true(progscan__can_print(printk, N(printk)));
	assert_true(progscan__can_print(vprintk, N(vprintk)));
	assert_false(progscan__can_print(none, N(none)));
	assert_false(progscan__can_print(subprog, N(subprog)));
	assert_false(progscan__can_print(ld, N(ld)));
	assert_false(progscan__can_print(NULL, 0));
}

static void test_output_map_direct(void **state)
{
	/* counts (fd 7) is looked up, events (fd 9) is written */
	struct bpf_insn p[] = {
		LD_MAP(1, 7),	CALL(BPF_FUNC_map_lookup_elem),	  MOV_REG(1, 6), LD_MAP(2, 9),
		MOV_IMM(3, -1), CALL(BPF_FUNC_perf_event_output), EXIT(),
	};
	int fds[4] = { 0 };

	(void)state;
	assert_int_equal(progscan__output_maps(p, N(p), fds, 4), 1);
	assert_int_equal(fds[0], 9);
}

static void test_output_map_through_saved_reg(void **state)
{
	/* clang keeps a map used twice in a callee-saved register */
	struct bpf_insn p[] = {
		LD_MAP(7, 11),
		MOV_REG(2, 7),
		CALL(BPF_FUNC_perf_event_output),
		MOV_REG(2, 7),
		CALL(BPF_FUNC_perf_event_output),
		LD_MAP(2, 12),
		CALL(BPF_FUNC_skb_output),
		EXIT(),
	};
	int fds[4] = { 0 };

	(void)state;
	assert_int_equal(progscan__output_maps(p, N(p), fds, 4), 2);
	assert_int_equal(fds[0], 11);
	assert_int_equal(fds[1], 12);
}

static void test_output_map_clobbered(void **state)
{
	/* r2 was the map before a call: the call clobbers it, so r2 is unknown at the output */
	struct bpf_insn p[] = {
		LD_MAP(2, 5), CALL(BPF_FUNC_ktime_get_ns),
		LD_MAP(1, 6), CALL(BPF_FUNC_perf_event_output),
		EXIT(),
	};
	int fds[4] = { 0 };

	(void)state;
	/* unknown: every referenced map is reported */
	assert_int_equal(progscan__output_maps(p, N(p), fds, 4), 2);
	assert_int_equal(fds[0], 5);
	assert_int_equal(fds[1], 6);
}

static void test_output_map_none(void **state)
{
	struct bpf_insn p[] = { LD_MAP(1, 5), CALL(BPF_FUNC_map_lookup_elem), EXIT() };
	int fds[1];

	(void)state;
	assert_int_equal(progscan__output_maps(p, N(p), fds, 1), 0);
	/* more maps than room: the count says so */
	struct bpf_insn q[] = { LD_MAP(2, 1), CALL(BPF_FUNC_perf_event_output), LD_MAP(2, 2),
				CALL(BPF_FUNC_perf_event_output), EXIT() };

	assert_int_equal(progscan__output_maps(q, N(q), fds, 1), 2);
	assert_int_equal(fds[0], 1);
}

#define MOV32_IMM(dst, v) INSN(BPF_ALU | BPF_MOV | BPF_K, (dst), 0, 0, (v))
#define JEQ_IMM(dst, v, off) INSN(BPF_JMP | BPF_JEQ | BPF_K, (dst), 0, (off), (v))

static void test_returns_zero(void **state)
{
	struct bpf_insn zero[] = { MOV_IMM(0, 0), EXIT() };
	struct bpf_insn zero32[] = { CALL(BPF_FUNC_ktime_get_ns), MOV32_IMM(0, 0), EXIT() };
	/* two exits, each after its own r0 = 0; the branch lands on a move */
	struct bpf_insn branches[] = { JEQ_IMM(1, 3, 2), MOV_IMM(0, 0), EXIT(), MOV_IMM(0, 0),
				       EXIT() };

	(void)state;
	assert_true(progscan__returns_zero(zero, N(zero)));
	assert_true(progscan__returns_zero(zero32, N(zero32)));
	assert_true(progscan__returns_zero(branches, N(branches)));
}

static void test_returns_other(void **state)
{
	struct bpf_insn one[] = { MOV_IMM(0, 1), EXIT() };
	/* r0 from a call: whatever it returned */
	struct bpf_insn call[] = { CALL(BPF_FUNC_ktime_get_ns), EXIT() };
	/* the jump skips the move: r0 is still 7 */
	struct bpf_insn skipped[] = { MOV_IMM(0, 7), JEQ_IMM(1, 3, 1), MOV_IMM(0, 0), EXIT() };
	/* r0 = 0 into another register, or with another value */
	struct bpf_insn other_reg[] = { MOV_IMM(1, 0), EXIT() };
	/* the program tail-called returns for this one */
	struct bpf_insn tail[] = { CALL(BPF_FUNC_tail_call), MOV_IMM(0, 0), EXIT() };

	(void)state;
	assert_false(progscan__returns_zero(one, N(one)));
	assert_false(progscan__returns_zero(call, N(call)));
	assert_false(progscan__returns_zero(skipped, N(skipped)));
	assert_false(progscan__returns_zero(other_reg, N(other_reg)));
	assert_false(progscan__returns_zero(tail, N(tail)));
	assert_false(progscan__returns_zero(NULL, 0));
}

static void test_returns_nonzero(void **state)
{
	struct bpf_insn one[] = { MOV_IMM(0, 1), EXIT() };
	struct bpf_insn branches[] = { JEQ_IMM(1, 3, 2), MOV32_IMM(0, 1), EXIT(), MOV_IMM(0, -1),
				       EXIT() };
	/* one path returns 0; a call's result; a jump past the move; a tail call */
	struct bpf_insn one_zero[] = { JEQ_IMM(1, 3, 2), MOV_IMM(0, 1), EXIT(), MOV_IMM(0, 0),
				       EXIT() };
	struct bpf_insn call[] = { CALL(BPF_FUNC_ktime_get_ns), EXIT() };
	struct bpf_insn skipped[] = { MOV_IMM(0, 0), JEQ_IMM(1, 3, 1), MOV_IMM(0, 1), EXIT() };
	struct bpf_insn tail[] = { CALL(BPF_FUNC_tail_call), MOV_IMM(0, 1), EXIT() };

	(void)state;
	assert_true(progscan__returns_nonzero(one, N(one)));
	assert_true(progscan__returns_nonzero(branches, N(branches)));
	assert_false(progscan__returns_nonzero(one_zero, N(one_zero)));
	assert_false(progscan__returns_nonzero(call, N(call)));
	assert_false(progscan__returns_nonzero(skipped, N(skipped)));
	assert_false(progscan__returns_nonzero(tail, N(tail)));
	assert_false(progscan__returns_nonzero(NULL, 0));
}

#define ADD_IMM(dst, v) INSN(BPF_ALU64 | BPF_ADD | BPF_K, (dst), 0, 0, (v))

static void test_output_sizes_constant(void **state)
{
	/*
	 * opensnoop: the size moved into r5; bootstrap: ringbuf_reserve's r2 through a saved
	 * register, 32-bit; another map's record (fd 4) is not counted for fd 9
	 */
	struct bpf_insn p[] = {
		LD_MAP(2, 9),
		MOV_IMM(5, 312),
		CALL(BPF_FUNC_perf_event_output),
		MOV32_IMM(7, 168),
		LD_MAP(1, 9),
		MOV_REG(2, 7),
		CALL(BPF_FUNC_ringbuf_reserve),
		LD_MAP(1, 4),
		MOV_IMM(3, 8),
		CALL(BPF_FUNC_ringbuf_output),
		MOV_IMM(5, 312),
		LD_MAP(2, 9),
		CALL(BPF_FUNC_perf_event_output),
		EXIT(),
	};
	struct progscan_sizes s = { 0 };

	(void)state;
	progscan__output_sizes(p, N(p), 9, &s);
	assert_int_equal(s.calls, 3);
	assert_int_equal(s.nr, 2); /* 312 once */
	assert_int_equal(s.size[0], 312);
	assert_int_equal(s.size[1], 168);
	assert_false(s.variable);
}

static void test_output_sizes_variable(void **state)
{
	/* execsnoop: the size computed (a load, an add); a call clobbers a constant */
	struct bpf_insn computed[] = {
		INSN(BPF_LDX | BPF_MEM | BPF_W, 5, 6, 20, 0),
		ADD_IMM(5, 40),
		LD_MAP(2, 9),
		CALL(BPF_FUNC_perf_event_output),
		EXIT(),
	};
	struct bpf_insn clobbered[] = {
		MOV_IMM(5, 16), CALL(BPF_FUNC_ktime_get_ns),
		LD_MAP(2, 9),	CALL(BPF_FUNC_perf_event_output),
		EXIT(),
	};
	/* the map not known at the call: maybe fd 9, its size unknown */
	struct bpf_insn unknown_map[] = { MOV_IMM(5, 16), CALL(BPF_FUNC_perf_event_output),
					  EXIT() };
	struct bpf_insn none[] = { LD_MAP(1, 9), CALL(BPF_FUNC_map_lookup_elem), EXIT() };
	struct progscan_sizes s = { 0 };

	(void)state;
	progscan__output_sizes(computed, N(computed), 9, &s);
	assert_true(s.variable);
	assert_int_equal(s.nr, 0);
	memset(&s, 0, sizeof(s));
	progscan__output_sizes(clobbered, N(clobbered), 9, &s);
	assert_true(s.variable);
	memset(&s, 0, sizeof(s));
	progscan__output_sizes(unknown_map, N(unknown_map), 9, &s);
	assert_true(s.variable);
	assert_int_equal(s.calls, 1);
	memset(&s, 0, sizeof(s));
	progscan__output_sizes(none, N(none), 9, &s);
	assert_int_equal(s.calls, 0);
	assert_false(s.variable);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_print_helpers),
		cmocka_unit_test(test_output_map_direct),
		cmocka_unit_test(test_output_map_through_saved_reg),
		cmocka_unit_test(test_output_map_clobbered),
		cmocka_unit_test(test_output_map_none),
		cmocka_unit_test(test_returns_zero),
		cmocka_unit_test(test_returns_other),
		cmocka_unit_test(test_returns_nonzero),
		cmocka_unit_test(test_output_sizes_constant),
		cmocka_unit_test(test_output_sizes_variable),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
