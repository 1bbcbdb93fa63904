// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of lib/load/prologue.c: the instructions for each shape of argument list, then each
 * prologue through the verifier, and run (as a BPF_PROG_TYPE_SYSCALL program, whose context is
 * a buffer the test fills like a pt_regs) to see the values and the error flag it produces.
 */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include <bpf/bpf.h>

#include "load/prologue.h"

#define OFF_DI 112
#define OFF_SI 104
#define OFF_DX 96

static struct prologue_arg reg_arg(int off, int size)
{
	struct prologue_arg a = { .ctx_off = off, .size = size };

	return a;
}

static struct prologue_arg deref_arg(int off, int size, bool user, int n, ...)
{
	struct prologue_arg a = { .ctx_off = off, .size = size, .nr_derefs = n };
	va_list ap;

	va_start(ap, n);
	for (int i = 0; i < n; i++) {
		a.derefs[i].off = va_arg(ap, long);
		a.derefs[i].user = user;
	}
	va_end(ap);
	return a;
}

static void assert_insn(const struct bpf_insn *i, int code, int dst, int src, int off, int imm)
{
	assert_int_equal(i->code, code);
	assert_int_equal(i->dst_reg, dst);
	assert_int_equal(i->src_reg, src);
	assert_int_equal(i->off, off);
	assert_int_equal(i->imm, imm);
}

static void test_prologue__gen_no_args(void **state)
{
	struct bpf_insn insns[PROLOGUE_MAX_INSNS];
	size_t n = 99;

	assert_int_equal(prologue__gen(NULL, 0, insns, &n), 0);
	assert_int_equal(n, 1);
	assert_insn(&insns[0], BPF_ALU64 | BPF_MOV | BPF_K, BPF_REG_2, 0, 0, 0);
}

static void test_prologue__gen_registers(void **state)
{
	struct prologue_arg args[] = { reg_arg(OFF_DI, 8), reg_arg(OFF_SI, 4), reg_arg(OFF_DX, 1) };
	struct bpf_insn insns[PROLOGUE_MAX_INSNS];
	size_t n;

	assert_int_equal(prologue__gen(args, 3, insns, &n), 0);
	assert_int_equal(n, 6);
	assert_insn(&insns[0], BPF_LDX | BPF_MEM | BPF_DW, BPF_REG_3, BPF_REG_1, OFF_DI, 0);
	assert_insn(&insns[1], BPF_LDX | BPF_MEM | BPF_DW, BPF_REG_4, BPF_REG_1, OFF_SI, 0);
	/* 4 bytes: a 32-bit move zero-extends */
	assert_insn(&insns[2], BPF_ALU | BPF_MOV | BPF_X, BPF_REG_4, BPF_REG_4, 0, 0);
	assert_insn(&insns[3], BPF_LDX | BPF_MEM | BPF_DW, BPF_REG_5, BPF_REG_1, OFF_DX, 0);
	assert_insn(&insns[4], BPF_ALU64 | BPF_AND | BPF_K, BPF_REG_5, 0, 0, 0xff);
	assert_insn(&insns[5], BPF_ALU64 | BPF_MOV | BPF_K, BPF_REG_2, 0, 0, 0);
}

/* +8(+16(%di)):u32, the kprobe_events form: two kernel reads, then a 4-byte load. */
static void test_prologue__gen_deref_chain(void **state)
{
	struct prologue_arg a = deref_arg(OFF_DI, 4, false, 2, 16L, 8L);
	struct bpf_insn insns[PROLOGUE_MAX_INSNS];
	size_t n, fail = 0, done = 0, calls = 0;

	assert_int_equal(prologue__gen(&a, 1, insns, &n), 0);
	assert_insn(&insns[0], BPF_ALU64 | BPF_MOV | BPF_X, BPF_REG_6, BPF_REG_1, 0, 0);
	assert_insn(&insns[1], BPF_LDX | BPF_MEM | BPF_DW, BPF_REG_3, BPF_REG_6, OFF_DI, 0);
	assert_insn(&insns[2], BPF_ALU64 | BPF_ADD | BPF_K, BPF_REG_3, 0, 0, 16);
	/* the last instruction restores ctx; before it, the failure block: r2 = 1, r3 = 0 */
	assert_insn(&insns[n - 1], BPF_ALU64 | BPF_MOV | BPF_X, BPF_REG_1, BPF_REG_6, 0, 0);
	assert_insn(&insns[n - 2], BPF_ALU64 | BPF_MOV | BPF_K, BPF_REG_3, 0, 0, 0);
	assert_insn(&insns[n - 3], BPF_ALU64 | BPF_MOV | BPF_K, BPF_REG_2, 0, 0, 1);
	fail = n - 3;
	for (size_t i = 0; i < n; i++) {
		if (insns[i].code == (BPF_JMP | BPF_CALL)) {
			assert_int_equal(insns[i].imm, BPF_FUNC_probe_read_kernel);
			calls++;
		}
		if (insns[i].code == (BPF_JMP | BPF_JNE | BPF_K)) /* read failed: to r2 = 1 */
			assert_int_equal(i + 1 + insns[i].off, fail);
		if (insns[i].code == (BPF_JMP | BPF_JA)) {
			assert_int_equal(i + 1 + insns[i].off, n - 1);
			done = i;
		}
	}
	assert_int_equal(calls, 2);
	assert_true(done > 0);
	/* success: the 4-byte load of the slot into r3, then r2 = 0 */
	assert_insn(&insns[done - 2], BPF_LDX | BPF_MEM | BPF_W, BPF_REG_3, BPF_REG_10, -8, 0);
	assert_insn(&insns[done - 1], BPF_ALU64 | BPF_MOV | BPF_K, BPF_REG_2, 0, 0, 0);
}

static void test_prologue__gen_drops_past_three(void **state)
{
	struct prologue_arg args[5] = { reg_arg(OFF_DI, 8), deref_arg(OFF_SI, 8, true, 1, 0L),
					reg_arg(OFF_DX, 8), reg_arg(8, 8), reg_arg(16, 8) };
	struct bpf_insn a[PROLOGUE_MAX_INSNS], b[PROLOGUE_MAX_INSNS];
	size_t na, nb;

	assert_int_equal(prologue__gen(args, 5, a, &na), 0);
	assert_int_equal(prologue__gen(args, 3, b, &nb), 0);
	assert_int_equal(na, nb);
	assert_memory_equal(a, b, na * sizeof(a[0]));
	for (size_t i = 0; i < na; i++) {
		if (a[i].code == (BPF_JMP | BPF_CALL))
			assert_int_equal(a[i].imm, BPF_FUNC_probe_read_user);
		assert_true(a[i].dst_reg <= BPF_REG_6 || a[i].dst_reg == BPF_REG_10);
	}
}

static void test_prologue__gen_errors(void **state)
{
	struct prologue_arg big = deref_arg(OFF_DI, 8, false, 1, 0x100000000L);
	struct prologue_arg size = reg_arg(OFF_DI, 3);
	struct prologue_arg odd = reg_arg(7, 8);
	struct bpf_insn insns[PROLOGUE_MAX_INSNS];
	size_t n;

	assert_int_equal(prologue__gen(&big, 1, insns, &n), -LOADERR__PROLOGUEOOB);
	assert_int_equal(prologue__gen(&odd, 1, insns, &n), -LOADERR__PROLOGUEOOB);
	assert_int_equal(prologue__gen(&size, 1, insns, &n), -EINVAL);
}

static void test_prologue__prepend_too_big(void **state)
{
	struct bpf_insn one = { .code = BPF_JMP | BPF_EXIT };
	struct bpf_insn *out = NULL;
	size_t n;

	assert_int_equal(prologue__prepend(&one, 1, &one, PROLOGUE_PROG_MAX_INSNS, &out, &n),
			 -LOADERR__PROLOGUE2BIG);
	assert_null(out);
	assert_int_equal(prologue__prepend(&one, 1, &one, 1, &out, &n), 0);
	assert_int_equal(n, 2);
	free(out);
}

static void test_prologue__dedup_types(void **state)
{
	struct prologue_arg di = reg_arg(OFF_DI, 8), di0 = reg_arg(OFF_DI, 0),
			    si = reg_arg(OFF_SI, 8);
	struct prologue_arg chain = deref_arg(OFF_DI, 8, false, 1, 8L);
	struct prologue_fetch pts[] = {
		{ &di, 1 }, { &si, 1 }, { &di0, 1 }, { &chain, 1 }, { NULL, 0 }, { &chain, 1 },
	};
	int type_of[6];

	assert_int_equal(prologue__dedup(pts, 6, type_of), 4);
	assert_int_equal(type_of[0], 0);
	assert_int_equal(type_of[1], 1);
	assert_int_equal(type_of[2], 0); /* size 0 means 8 */
	assert_int_equal(type_of[3], 2);
	assert_int_equal(type_of[4], 3);
	assert_int_equal(type_of[5], 2);
}

static void test_prologue__reg_offset_names(void **state)
{
	assert_int_equal(prologue__reg_offset("di"), OFF_DI);
	assert_int_equal(prologue__reg_offset("rdi"), OFF_DI);
	assert_int_equal(prologue__reg_offset("r15"), 0);
	assert_int_equal(prologue__reg_offset("ax"), 80);
	assert_int_equal(prologue__reg_offset("r8"), 72);
	assert_int_equal(prologue__reg_offset("sp"), 152);
	assert_int_equal(prologue__reg_offset("xmm0"), -1);
}

/* The body: r0 = err * 1000 + a1 (+ a2), what the program saw on entry. */
static size_t make_body(struct bpf_insn *b, int nargs)
{
	struct bpf_insn mov = { .code = BPF_ALU64 | BPF_MOV | BPF_X,
				.dst_reg = BPF_REG_0,
				.src_reg = BPF_REG_2 };
	struct bpf_insn mul = { .code = BPF_ALU64 | BPF_MUL | BPF_K,
				.dst_reg = BPF_REG_0,
				.imm = 1000 };
	struct bpf_insn add = { .code = BPF_ALU64 | BPF_ADD | BPF_X, .dst_reg = BPF_REG_0 };
	struct bpf_insn ex = { .code = BPF_JMP | BPF_EXIT };
	size_t n = 0;

	b[n++] = mov;
	b[n++] = mul;
	for (int i = 0; i < nargs && i < 2; i++) {
		add.src_reg = BPF_REG_3 + i;
		b[n++] = add;
	}
	b[n++] = ex;
	return n;
}

static int load(enum bpf_prog_type type, const struct prologue_arg *args, int nargs)
{
	LIBBPF_OPTS(bpf_prog_load_opts, opts);
	struct bpf_insn pro[PROLOGUE_MAX_INSNS], body[8], *prog;
	size_t n, cnt, nbody = make_body(body, nargs);
	int fd;

	assert_int_equal(prologue__gen(args, nargs, pro, &n), 0);
	assert_int_equal(prologue__prepend(pro, n, body, nbody, &prog, &cnt), 0);
	if (type == BPF_PROG_TYPE_SYSCALL)
		opts.prog_flags = BPF_F_SLEEPABLE;
	fd = bpf_prog_load(type, "prologue_test", "GPL", prog, cnt, &opts);
	fd = fd < 0 ? -errno : fd;
	free(prog);
	return fd;
}

static bool can_load(void)
{
	return geteuid() == 0;
}

static void test_prologue__gen_verifier_kprobe(void **state)
{
	struct prologue_arg regs[] = { reg_arg(OFF_DI, 8), reg_arg(OFF_SI, 2) };
	struct prologue_arg chain[] = { deref_arg(OFF_DI, 4, false, 2, 16L, 8L),
					deref_arg(OFF_SI, 8, true, 1, -8L) };
	int fd;

	if (!can_load())
		skip();
	fd = load(BPF_PROG_TYPE_KPROBE, NULL, 0);
	if (fd == -EPERM)
		skip();
	assert_true(fd >= 0);
	close(fd);
	fd = load(BPF_PROG_TYPE_KPROBE, regs, 2);
	assert_true(fd >= 0);
	close(fd);
	fd = load(BPF_PROG_TYPE_KPROBE, chain, 2);
	assert_true(fd >= 0);
	close(fd);
	fd = load(BPF_PROG_TYPE_KPROBE, chain, 1);
	assert_true(fd >= 0);
	close(fd);
}

/* Run a prologue over a fake pt_regs; returns the program's r0. */
static long run(const struct prologue_arg *args, int nargs, uint64_t *regs)
{
	LIBBPF_OPTS(bpf_test_run_opts, topts, .ctx_in = regs, .ctx_size_in = 168);
	int fd = load(BPF_PROG_TYPE_SYSCALL, args, nargs);

	if (fd < 0)
		return fd;
	assert_int_equal(bpf_prog_test_run_opts(fd, &topts), 0);
	close(fd);
	return topts.retval;
}

static void test_prologue__gen_runs(void **state)
{
	struct inner {
		uint64_t pad;
		uint32_t val;
	} in = { 0, 7 };
	struct outer {
		uint64_t pad[2];
		struct inner *p;
	} out = { { 0, 0 }, &in };
	uint64_t regs[21] = { 0 };
	/* p->p->val as +8(+16(%di)):u32, and %si as u16 */
	struct prologue_arg args[] = { deref_arg(OFF_DI, 4, true, 2, 16L, 8L), reg_arg(OFF_SI, 2) };
	long r;

	if (!can_load())
		skip();
	regs[OFF_DI / 8] = (uintptr_t)&out;
	regs[OFF_SI / 8] = 0x123450005;
	r = run(args, 2, regs);
	if (r == -EPERM || r == -EINVAL)
		skip();
	assert_int_equal(r, 7 + 5);
	/* a NULL inner pointer: the second read fails, err = 1, every argument 0 */
	out.p = NULL;
	assert_int_equal(run(args, 2, regs), 1000);
	/* a bad first pointer */
	regs[OFF_DI / 8] = 8;
	assert_int_equal(run(args, 2, regs), 1000);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_prologue__gen_no_args),
		cmocka_unit_test(test_prologue__gen_registers),
		cmocka_unit_test(test_prologue__gen_deref_chain),
		cmocka_unit_test(test_prologue__gen_drops_past_three),
		cmocka_unit_test(test_prologue__gen_errors),
		cmocka_unit_test(test_prologue__prepend_too_big),
		cmocka_unit_test(test_prologue__dedup_types),
		cmocka_unit_test(test_prologue__reg_offset_names),
		cmocka_unit_test(test_prologue__gen_verifier_kprobe),
		cmocka_unit_test(test_prologue__gen_runs),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
