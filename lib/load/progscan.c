// SPDX-License-Identifier: GPL-2.0
#include <linux/bpf.h>
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

int progscan__output_maps(const struct bpf_insn *insns, size_t n, int *fds, int max)
{
	int reg[NR_REGS], nr = 0;
	bool unknown = false;

	for (int r = 0; r < NR_REGS; r++)
		reg[r] = NO_MAP;
	for (size_t i = 0; i < n; i++) {
		const struct bpf_insn *in = &insns[i];

		if (is_map_ld(in, i, n)) {
			if (in->dst_reg < NR_REGS)
				reg[in->dst_reg] = in->imm;
			i++; /* the second half of ld_imm64 */
			continue;
		}
		if (in->code == (BPF_LD | BPF_DW | BPF_IMM)) {
			if (in->dst_reg < NR_REGS)
				reg[in->dst_reg] = NO_MAP;
			i++;
			continue;
		}
		if (BPF_CLASS(in->code) == BPF_JMP && BPF_OP(in->code) == BPF_CALL) {
			if (is_helper_call(in) && is_output_helper(in->imm)) {
				if (reg[BPF_REG_2] == NO_MAP)
					unknown = true;
				else
					nr = add_fd(fds, max, nr, reg[BPF_REG_2]);
			}
			for (int r = BPF_REG_0; r <= BPF_REG_5; r++)
				reg[r] = NO_MAP; /* the caller-saved registers */
			continue;
		}
		if (in->code == (BPF_ALU64 | BPF_MOV | BPF_X) && in->dst_reg < NR_REGS &&
		    in->src_reg < NR_REGS) {
			reg[in->dst_reg] = reg[in->src_reg];
			continue;
		}
		if (writes_dst(in) && in->dst_reg < NR_REGS)
			reg[in->dst_reg] = NO_MAP;
	}
	return unknown ? all_maps(insns, n, fds, max, nr) : nr;
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
