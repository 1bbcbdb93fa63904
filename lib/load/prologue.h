/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Argument prologues for probe programs: instructions put in front of a program so that it
 * starts as perf's scriptlets expect,
 *
 *	int f(void *ctx, int err, unsigned long a1, unsigned long a2, unsigned long a3)
 *
 * r1 = ctx (the context as the kernel passed it), r2 = 0, or 1 if a memory read failed
 * (r3..r5 are then 0), r3..r5 = the fetched arguments.  An argument is a base value read from
 * the context (a pt_regs register, or a slot of the fentry argument array) followed by a chain
 * of dereferences: +8(+16(%di)) is base "di", derefs {16, 8}.
 *
 *	struct bpf_insn insns[PROLOGUE_MAX_INSNS];
 *	size_t n;
 *	err = prologue__gen(args, nr_args, insns, &n);
 */
#ifndef PERF_BPF_PROLOGUE_H
#define PERF_BPF_PROLOGUE_H

#include <stdbool.h>
#include <stddef.h>
#include <linux/bpf.h>

#include "event/loaderr.h"

#define PROLOGUE_MAX_ARGS 3 /* r3, r4, r5 */
#define PROLOGUE_MAX_DEREFS 16 /* per argument */
/* Enough for PROLOGUE_MAX_ARGS arguments of PROLOGUE_MAX_DEREFS dereferences each. */
#define PROLOGUE_MAX_INSNS 512
/* The most instructions a privileged program may have (the kernel's complexity limit). */
#define PROLOGUE_PROG_MAX_INSNS 1000000

/* One memory read: add off to the value so far, read 8 bytes there (user or kernel memory). */
struct prologue_deref {
	long off;
	bool user;
};

struct prologue_arg {
	int ctx_off; /* byte offset of the base value in the context */
	struct prologue_deref derefs[PROLOGUE_MAX_DEREFS];
	int nr_derefs;
	int size; /* bytes of the final value: 1, 2, 4 or 8 (0 means 8) */
};

/* The fetches of one probe point. */
struct prologue_fetch {
	const struct prologue_arg *args;
	int nr_args;
};

/*
 * Write the prologue for @args into @insns (room for PROLOGUE_MAX_INSNS) and its length into
 * @cnt.  Only the first PROLOGUE_MAX_ARGS arguments are fetched; the caller warns about the
 * rest.  Returns 0, -LOADERR__PROLOGUEOOB for an offset beyond s32 or the context, -EINVAL for a
 * bad size or too many dereferences.
 */
int prologue__gen(const struct prologue_arg *args, int nr_args, struct bpf_insn *insns,
		  size_t *cnt);

/*
 * A program made of @pro followed by @body, in malloc'd memory (*out, *out_cnt).  Returns 0,
 * -LOADERR__PROLOGUE2BIG past PROLOGUE_PROG_MAX_INSNS, -ENOMEM.
 */
int prologue__prepend(const struct bpf_insn *pro, size_t pro_cnt, const struct bpf_insn *body,
		      size_t body_cnt, struct bpf_insn **out, size_t *out_cnt);

/*
 * Group @n probe points by identical fetches: type_of[i] receives the type of point i, types
 * numbered from 0 in order of first appearance.  Returns the number of types.
 */
int prologue__dedup(const struct prologue_fetch *points, int n, int *type_of);

/* Byte offset of x86-64 register @name ("di", "rdi", "r8", "ax", "sp", "ip") in struct pt_regs, or -1. */
int prologue__reg_offset(const char *name);

#endif
