// SPDX-License-Identifier: GPL-2.0
#include <linux/bpf.h>
#include <stdbool.h>
#include <stdint.h>

#include "load/progscan.h"

#define NR_REGS 11
#define NO_MAP -1

static bool is_helper_call(const struct bpf_insn *in)
{
	return in->code == (BPF_JMP | BPF_CALL) && in->src_reg == 0;
}

static bool is_map_ld(const struct bpf_insn *in, size_t i, size_t n)
{
	return in->code == (BPF_LD | BPF_DW | BPF_IMM) && i + 1 < n &&
	       in->src_reg == BPF_PSEUDO_MAP_FD;
}

bool progscan__can_print(const struct bpf_insn *insns, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (is_helper_call(&insns[i]) && (insns[i].imm == BPF_FUNC_trace_printk ||
						  insns[i].imm == BPF_FUNC_trace_vprintk))
			return true;
	return false;
}

static bool is_output_helper(int32_t id)
{
	return id == BPF_FUNC_perf_event_output || id == BPF_FUNC_skb_output ||
	       id == BPF_FUNC_xdp_output;
}

static int add_fd(int *fds, int max, int nr, int fd)
{
	for (int i = 0; i < nr && i < max; i++)
		if (fds[i] == fd)
			return nr;
	if (nr < max)
		fds[nr] = fd;
	return nr + 1;
}

/* Every map the program references: where r2 at an output call is not known. */
static int all_maps(const struct bpf_insn *insns, size_t n, int *fds, int max, int nr)
{
	for (size_t i = 0; i < n; i++) {
		if (is_map_ld(&insns[i], i, n))
			nr = add_fd(fds, max, nr, insns[i].imm);
		if (insns[i].code == (BPF_LD | BPF_DW | BPF_IMM))
			i++;
	}
	return nr;
}

/* An instruction that writes dst_reg with something other than a tracked map. */
static bool writes_dst(const struct bpf_insn *in)
{
	uint8_t cls = BPF_CLASS(in->code);

	return cls == BPF_ALU || cls == BPF_ALU64 || cls == BPF_LDX || cls == BPF_LD;
}

/* What the registers hold, as far as the instructions in order tell: a map fd, a constant. */
struct regs {
	int map[NR_REGS];
	bool known[NR_REGS];
	int64_t val[NR_REGS];
};

static void regs__forget(struct regs *r, int reg)
{
	r->map[reg] = NO_MAP;
	r->known[reg] = false;
}

static void regs__init(struct regs *r)
{
	for (int i = 0; i < NR_REGS; i++)
		regs__forget(r, i);
}

/*
 * Follow insns[*i] (*i moves past an ld_imm64's second half). For a helper call, r still
 * holds the arguments and *call is set: the caller looks at them, then regs__forget()s
 * r0-r5 with regs__after_call().
 */
static void regs__step(struct regs *r, const struct bpf_insn *insns, size_t *i, size_t n,
		       const struct bpf_insn **call)
{
	const struct bpf_insn *in = &insns[*i];
	bool dst_ok = in->dst_reg < NR_REGS, src_ok = in->src_reg < NR_REGS;

	*call = NULL;
	if (in->code == (BPF_LD | BPF_DW | BPF_IMM)) {
		if (dst_ok) {
			regs__forget(r, in->dst_reg);
			if (is_map_ld(in, *i, n))
				r->map[in->dst_reg] = in->imm;
		}
		(*i)++; /* the second half of ld_imm64 */
		return;
	}
	if (BPF_CLASS(in->code) == BPF_JMP && BPF_OP(in->code) == BPF_CALL) {
		*call = in;
		return;
	}
	if (in->code == (BPF_ALU64 | BPF_MOV | BPF_X) && dst_ok && src_ok && !in->off) {
		r->map[in->dst_reg] = r->map[in->src_reg];
		r->known[in->dst_reg] = r->known[in->src_reg];
		r->val[in->dst_reg] = r->val[in->src_reg];
		return;
	}
	if (writes_dst(in) && dst_ok) {
		regs__forget(r, in->dst_reg);
		if ((in->code == (BPF_ALU64 | BPF_MOV | BPF_K) ||
		     in->code == (BPF_ALU | BPF_MOV | BPF_K)) &&
		    !in->off) {
			r->known[in->dst_reg] = true;
			r->val[in->dst_reg] = in->imm;
			if (BPF_CLASS(in->code) == BPF_ALU) /* a 32-bit move zero-extends */
				r->val[in->dst_reg] = (uint32_t)in->imm;
		}
	}
}

static void regs__after_call(struct regs *r)
{
	for (int reg = BPF_REG_0; reg <= BPF_REG_5; reg++)
		regs__forget(r, reg); /* the caller-saved registers */
}

int progscan__output_maps(const struct bpf_insn *insns, size_t n, int *fds, int max)
{
	const struct bpf_insn *call;
	struct regs r;
	int nr = 0;
	bool unknown = false;

	regs__init(&r);
	for (size_t i = 0; i < n; i++) {
		regs__step(&r, insns, &i, n, &call);
		if (!call)
			continue;
		if (is_helper_call(call) && is_output_helper(call->imm)) {
			if (r.map[BPF_REG_2] == NO_MAP)
				unknown = true;
			else
				nr = add_fd(fds, max, nr, r.map[BPF_REG_2]);
		}
		regs__after_call(&r);
	}
	return unknown ? all_maps(insns, n, fds, max, nr) : nr;
}

/* The registers of a helper's map and size, false for a helper that hands no records. */
static bool record_regs(int32_t id, int *map_reg, int *size_reg)
{
	switch (id) {
	case BPF_FUNC_perf_event_output:
		*map_reg = BPF_REG_2;
		*size_reg = BPF_REG_5;
		return true;
	case BPF_FUNC_ringbuf_output:
		*map_reg = BPF_REG_1;
		*size_reg = BPF_REG_3;
		return true;
	case BPF_FUNC_ringbuf_reserve:
	case BPF_FUNC_ringbuf_reserve_dynptr:
		*map_reg = BPF_REG_1;
		*size_reg = BPF_REG_2;
		return true;
	case BPF_FUNC_skb_output: /* the record holds packet bytes: a size the call computes */
	case BPF_FUNC_xdp_output:
		*map_reg = BPF_REG_2;
		*size_reg = -1;
		return true;
	default:
		return false;
	}
}

static void add_size(struct progscan_sizes *s, const struct regs *r, int size_reg)
{
	uint32_t v;

	s->calls++;
	if (size_reg < 0 || !r->known[size_reg] || r->val[size_reg] < 0 ||
	    r->val[size_reg] > UINT32_MAX) {
		s->variable = true;
		return;
	}
	v = (uint32_t)r->val[size_reg];
	for (int i = 0; i < s->nr && i < PROGSCAN_MAX_SIZES; i++)
		if (s->size[i] == v)
			return;
	if (s->nr < PROGSCAN_MAX_SIZES)
		s->size[s->nr] = v;
	s->nr++;
}

void progscan__output_sizes(const struct bpf_insn *insns, size_t n, int fd,
			    struct progscan_sizes *s)
{
	const struct bpf_insn *call;
	struct regs r;
	int map_reg, size_reg;

	regs__init(&r);
	for (size_t i = 0; i < n; i++) {
		regs__step(&r, insns, &i, n, &call);
		if (!call)
			continue;
		if (is_helper_call(call) && record_regs(call->imm, &map_reg, &size_reg)) {
			if (r.map[map_reg] == fd)
				add_size(s, &r, size_reg);
			else if (r.map[map_reg] == NO_MAP) { /* maybe this map: a size not known */
				s->calls++;
				s->variable = true;
			}
		}
		regs__after_call(&r);
	}
}

/* Where a jump within the program lands, or -1 for anything else (calls and exits too). */
static long jump_target(const struct bpf_insn *in, size_t i)
{
	unsigned int cls = BPF_CLASS(in->code), op = BPF_OP(in->code);

	if ((cls != BPF_JMP && cls != BPF_JMP32) || op == BPF_CALL || op == BPF_EXIT)
		return -1;
	if (cls == BPF_JMP32 && op == BPF_JA) /* the long jump: its offset is in imm */
		return (long)i + 1 + in->imm;
	return (long)i + 1 + in->off;
}

/* r0 = IMM, 64 or 32 bits. */
static bool is_const_r0(const struct bpf_insn *in)
{
	return (in->code == (BPF_ALU64 | BPF_MOV | BPF_K) ||
		in->code == (BPF_ALU | BPF_MOV | BPF_K)) &&
	       in->dst_reg == 0 && in->off == 0;
}

static bool is_exit(const struct bpf_insn *in)
{
	return in->code == (BPF_JMP | BPF_EXIT);
}

/* Does every exit follow a move of a constant, 0 or not as zero says, into r0 no jump skips? */
static bool returns_const(const struct bpf_insn *insns, size_t n, bool zero)
{
	if (!n)
		return false;
	for (size_t i = 0; i < n; i++) {
		long t = jump_target(&insns[i], i);

		if (is_helper_call(&insns[i]) && insns[i].imm == BPF_FUNC_tail_call)
			return false;
		if (is_exit(&insns[i]) &&
		    (!i || !is_const_r0(&insns[i - 1]) || (insns[i - 1].imm == 0) != zero))
			return false;
		if (t >= 0 && (size_t)t < n && is_exit(&insns[t]))
			return false;
	}
	return true;
}

bool progscan__returns_zero(const struct bpf_insn *insns, size_t n)
{
	return returns_const(insns, n, true);
}

bool progscan__returns_nonzero(const struct bpf_insn *insns, size_t n)
{
	return returns_const(insns, n, false);
}
