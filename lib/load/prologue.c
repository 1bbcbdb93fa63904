// SPDX-License-Identifier: GPL-2.0
/*
 * Prologue layout.  Without dereferences (every argument a bare register):
 *
 *	r3 = *(u64 *)(r1 + off1)   [narrowed]	... one per argument
 *	r2 = 0
 *
 * With dereferences, every argument goes through a stack slot, fp - 8 * (i + 1):
 *
 *	r6 = r1
 *	for each argument i:
 *		r3 = *(u64 *)(r6 + off)
 *		no deref:   *(u64 *)(fp - slot) = r3
 *		each deref: r3 += deref; r1 = fp; r1 += -slot; r2 = 8; call probe_read_{kernel,user}
 *			    if r0 != 0 goto fail; (then, if another deref follows) r3 = *(u64 *)(fp - slot)
 *	r3.. = *(size *)(fp - slot)		one per argument
 *	r2 = 0
 *	goto done
 * fail:
 *	r2 = 1; r3.. = 0
 * done:
 *	r1 = r6
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "load/prologue.h"

#define REG_CTX_SAVE BPF_REG_6
#define ARG_REG(i) (BPF_REG_3 + (i))

struct gen {
	struct bpf_insn *insns;
	size_t n;
	size_t fail_jumps[PROLOGUE_MAX_ARGS * PROLOGUE_MAX_DEREFS];
	int nr_fail_jumps;
};

static struct bpf_insn insn(__u8 code, __u8 dst, __u8 src, __s16 off, __s32 imm)
{
	struct bpf_insn i = { .code = code, .dst_reg = dst, .src_reg = src, .off = off, .imm = imm };

	return i;
}

static void emit(struct gen *g, struct bpf_insn i)
{
	g->insns[g->n++] = i;
}

static void mov_reg(struct gen *g, int dst, int src)
{
	emit(g, insn(BPF_ALU64 | BPF_MOV | BPF_X, dst, src, 0, 0));
}

static void mov_imm(struct gen *g, int dst, __s32 imm)
{
	emit(g, insn(BPF_ALU64 | BPF_MOV | BPF_K, dst, 0, 0, imm));
}

static void add_imm(struct gen *g, int dst, __s32 imm)
{
	emit(g, insn(BPF_ALU64 | BPF_ADD | BPF_K, dst, 0, 0, imm));
}

static void load(struct gen *g, int size, int dst, int src, __s16 off)
{
	emit(g, insn(BPF_LDX | BPF_MEM | size, dst, src, off, 0));
}

static void store(struct gen *g, int dst, __s16 off, int src)
{
	emit(g, insn(BPF_STX | BPF_MEM | BPF_DW, dst, src, off, 0));
}

static int size_code(int size)
{
	switch (size) {
	case 1:
		return BPF_B;
	case 2:
		return BPF_H;
	case 4:
		return BPF_W;
	case 0:
	case 8:
		return BPF_DW;
	default:
		return -1;
	}
}

/* Keep the low @size bytes of a register loaded as 8 bytes. */
static void narrow(struct gen *g, int reg, int size)
{
	if (size == 4)
		emit(g, insn(BPF_ALU | BPF_MOV | BPF_X, reg, reg, 0, 0)); /* zero-extends */
	else if (size == 2)
		emit(g, insn(BPF_ALU64 | BPF_AND | BPF_K, reg, 0, 0, 0xffff));
	else if (size == 1)
		emit(g, insn(BPF_ALU64 | BPF_AND | BPF_K, reg, 0, 0, 0xff));
}

static int check_args(const struct prologue_arg *args, int n)
{
	for (int i = 0; i < n; i++) {
		if (size_code(args[i].size) < 0 || args[i].nr_derefs < 0 ||
		    args[i].nr_derefs > PROLOGUE_MAX_DEREFS)
			return -EINVAL;
		if (args[i].ctx_off < 0 || args[i].ctx_off > 32767 || args[i].ctx_off % 8)
			return -LOADERR__PROLOGUEOOB;
		for (int j = 0; j < args[i].nr_derefs; j++) {
			long off = args[i].derefs[j].off;

			if (off < INT32_MIN || off > INT32_MAX)
				return -LOADERR__PROLOGUEOOB;
		}
	}
	return 0;
}

static void gen_fast(struct gen *g, const struct prologue_arg *args, int n)
{
	for (int i = 0; i < n; i++) {
		load(g, BPF_DW, ARG_REG(i), BPF_REG_1, args[i].ctx_off);
		narrow(g, ARG_REG(i), args[i].size);
	}
	mov_imm(g, BPF_REG_2, 0);
}

/* Follow the dereferences of argument @i, leaving the value in its stack slot. */
static void gen_fetch(struct gen *g, const struct prologue_arg *a, int i)
{
	__s16 slot = -8 * (i + 1);

	load(g, BPF_DW, BPF_REG_3, REG_CTX_SAVE, a->ctx_off);
	if (!a->nr_derefs)
		store(g, BPF_REG_10, slot, BPF_REG_3);
	for (int j = 0; j < a->nr_derefs; j++) {
		const struct prologue_deref *d = &a->derefs[j];

		if (d->off)
			add_imm(g, BPF_REG_3, (__s32)d->off);
		mov_reg(g, BPF_REG_1, BPF_REG_10);
		add_imm(g, BPF_REG_1, slot);
		mov_imm(g, BPF_REG_2, 8);
		emit(g, insn(BPF_JMP | BPF_CALL, 0, 0, 0,
			     d->user ? BPF_FUNC_probe_read_user : BPF_FUNC_probe_read_kernel));
		g->fail_jumps[g->nr_fail_jumps++] = g->n;
		emit(g, insn(BPF_JMP | BPF_JNE | BPF_K, BPF_REG_0, 0, 0, 0));
		if (j + 1 < a->nr_derefs)
			load(g, BPF_DW, BPF_REG_3, BPF_REG_10, slot);
	}
}

static void gen_slow(struct gen *g, const struct prologue_arg *args, int n)
{
	size_t done_jump, fail;

	mov_reg(g, REG_CTX_SAVE, BPF_REG_1);
	for (int i = 0; i < n; i++)
		gen_fetch(g, &args[i], i);
	for (int i = 0; i < n; i++)
		load(g, size_code(args[i].size), ARG_REG(i), BPF_REG_10, -8 * (i + 1));
	mov_imm(g, BPF_REG_2, 0);
	done_jump = g->n;
	emit(g, insn(BPF_JMP | BPF_JA, 0, 0, 0, 0));
	fail = g->n;
	mov_imm(g, BPF_REG_2, 1);
	for (int i = 0; i < n; i++)
		mov_imm(g, ARG_REG(i), 0);
	g->insns[done_jump].off = g->n - done_jump - 1;
	for (int k = 0; k < g->nr_fail_jumps; k++)
		g->insns[g->fail_jumps[k]].off = fail - g->fail_jumps[k] - 1;
	mov_reg(g, BPF_REG_1, REG_CTX_SAVE);
}

int prologue__gen(const struct prologue_arg *args, int nr_args, struct bpf_insn *insns, size_t *cnt)
{
	struct gen g = { .insns = insns };
	bool deref = false;
	int err;

	if (nr_args < 0)
		return -EINVAL;
	if (nr_args > PROLOGUE_MAX_ARGS)
		nr_args = PROLOGUE_MAX_ARGS;
	err = check_args(args, nr_args);
	if (err)
		return err;
	for (int i = 0; i < nr_args; i++)
		deref |= args[i].nr_derefs > 0;
	if (deref)
		gen_slow(&g, args, nr_args);
	else
		gen_fast(&g, args, nr_args);
	*cnt = g.n;
	return 0;
}

int prologue__prepend(const struct bpf_insn *pro, size_t pro_cnt, const struct bpf_insn *body,
		      size_t body_cnt, struct bpf_insn **out, size_t *out_cnt)
{
	struct bpf_insn *p;

	if (pro_cnt + body_cnt > PROLOGUE_PROG_MAX_INSNS)
		return -LOADERR__PROLOGUE2BIG;
	p = malloc(sizeof(*p) * (pro_cnt + body_cnt));
	if (!p)
		return -ENOMEM;
	memcpy(p, pro, sizeof(*p) * pro_cnt);
	memcpy(p + pro_cnt, body, sizeof(*p) * body_cnt);
	*out = p;
	*out_cnt = pro_cnt + body_cnt;
	return 0;
}

static int norm_size(int size)
{
	return size ? size : 8;
}

static bool same_arg(const struct prologue_arg *a, const struct prologue_arg *b)
{
	if (a->ctx_off != b->ctx_off || a->nr_derefs != b->nr_derefs ||
	    norm_size(a->size) != norm_size(b->size))
		return false;
	for (int j = 0; j < a->nr_derefs; j++)
		if (a->derefs[j].off != b->derefs[j].off || a->derefs[j].user != b->derefs[j].user)
			return false;
	return true;
}

static int fetched(int nr_args)
{
	return nr_args > PROLOGUE_MAX_ARGS ? PROLOGUE_MAX_ARGS : nr_args;
}

/* Do two probe points fetch the same values the same way (so one program serves both)? */
static bool prologue__same(const struct prologue_fetch *a, const struct prologue_fetch *b)
{
	int n = fetched(a->nr_args);

	if (n != fetched(b->nr_args))
		return false;
	for (int i = 0; i < n; i++)
		if (!same_arg(&a->args[i], &b->args[i]))
			return false;
	return true;
}

int prologue__dedup(const struct prologue_fetch *points, int n, int *type_of)
{
	int nr_types = 0;

	for (int i = 0; i < n; i++) {
		type_of[i] = -1;
		for (int j = 0; j < i && type_of[i] < 0; j++)
			if (prologue__same(&points[i], &points[j]))
				type_of[i] = type_of[j];
		if (type_of[i] < 0)
			type_of[i] = nr_types++;
	}
	return nr_types;
}

/* struct pt_regs of x86-64, in order: each register's offset is 8 * its index. */
static const char *const pt_regs_names[][2] = {
	{ "r15", NULL }, { "r14", NULL }, { "r13", NULL },   { "r12", NULL },
	{ "bp", "rbp" }, { "bx", "rbx" }, { "r11", NULL },   { "r10", NULL },
	{ "r9", NULL },	 { "r8", NULL },  { "ax", "rax" },   { "cx", "rcx" },
	{ "dx", "rdx" }, { "si", "rsi" }, { "di", "rdi" },   { "orig_ax", "orig_rax" },
	{ "ip", "rip" }, { "cs", NULL },  { "flags", NULL }, { "sp", "rsp" },
	{ "ss", NULL },
};

int prologue__reg_offset(const char *name)
{
	for (size_t i = 0; i < sizeof(pt_regs_names) / sizeof(pt_regs_names[0]); i++)
		for (int k = 0; k < 2; k++)
			if (pt_regs_names[i][k] && !strcmp(pt_regs_names[i][k], name))
				return 8 * i;
	return -1;
}
