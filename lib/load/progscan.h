/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What a loaded program can write, read from its instructions (bpf_program__insns() after
 * loading, when libbpf has put the maps' fds into the ld_imm64 instructions):
 *
 *	progscan__can_print()	it calls bpf_trace_printk or bpf_trace_vprintk (bpf_printk)
 *	progscan__output_maps()	the maps it hands to bpf_perf_event_output (and the skb/xdp
 *				variants) as their second argument
 *	progscan__returns_zero() it returns 0 on every path (before loading too)
 *	progscan__returns_nonzero() it returns a constant other than 0 on every path
 *	progscan__output_sizes() the sizes of the records it hands one map (perf event arrays
 *				and ring buffers): constants, or not known before it runs
 *
 * The scan follows the instructions in order, not the program's branches: a map fd is
 * tracked through ld_imm64 and register moves into r2, and forgotten at a call or any other
 * write to the register. Where r2 at an output call is not known, every map the program
 * references is reported, so that an output channel is never missed.
 */
#ifndef PERF_BPF_PROGSCAN_H
#define PERF_BPF_PROGSCAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct bpf_insn;

/* Does the program call bpf_trace_printk or bpf_trace_vprintk? */
bool progscan__can_print(const struct bpf_insn *insns, size_t n);

/*
 * The fds of the maps passed to an output helper, in order of first use, without repeats:
 * at most max into fds. Returns how many there are (may exceed max).
 */
int progscan__output_maps(const struct bpf_insn *insns, size_t n, int *fds, int max);

#define PROGSCAN_MAX_SIZES 8

/* What the calls that may hand records to one map say of their size. */
struct progscan_sizes {
	uint32_t size[PROGSCAN_MAX_SIZES]; /* the constant sizes, without repeats */
	int nr; /* how many there are (may exceed PROGSCAN_MAX_SIZES) */
	bool variable; /* a call passes a size computed as it runs, or a map not known */
	int calls; /* the calls that may reach the map */
};

/*
 * Add to s what the program's calls of bpf_perf_event_output (size in r5),
 * bpf_ringbuf_output (r3) and bpf_ringbuf_reserve (r2) say of the records they hand the
 * map whose fd is fd. A size is constant when a move of an immediate (through register
 * moves, as map fds are tracked) reaches the register with no call or write between.
 */
void progscan__output_sizes(const struct bpf_insn *insns, size_t n, int fd,
			    struct progscan_sizes *s);

/*
 * Does the program return 0 on every path? Conservative: each exit must follow a move of 0
 * into r0 that no jump skips (no jump lands on an exit), and a tail call (whose program
 * returns for it) is taken as returning anything.
 */
bool progscan__returns_zero(const struct bpf_insn *insns, size_t n);
/* Does the program return a constant other than 0 on every path? As conservative. */
bool progscan__returns_nonzero(const struct bpf_insn *insns, size_t n);

#endif
