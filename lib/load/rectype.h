/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The type of an output map's records (a perf event array's or a ring buffer's) where its
 * definition names none (no __type(value, ...)), taken from the object's BTF as far as it
 * tells unambiguously, checked against the sizes the programs' calls pass
 * (load/progscan.h):
 *
 *	struct event	the record type if the object has one (perf-bpf's compile puts it
 *			in the BTF, though the source uses it in local variables only); else
 *	struct *_event	the one struct of that name that fits, when every call passes a
 *			constant size, and the kernel has no struct of that name (kernel
 *			types come into the BTF with the fields a program reads)
 *
 * A struct fits when each constant size is its size or, when it ends in an array, lies
 * between that array's offset and its size (a record cut after its last element in use, as
 * execsnoop's `offsetof(args) + args_size`); a size computed as the program runs needs such
 * an array. Anything else leaves the records untyped, with the reason.
 */
#ifndef PERF_BPF_RECTYPE_H
#define PERF_BPF_RECTYPE_H

#include <stddef.h>
#include <stdint.h>

#include "load/progscan.h"

struct btf;

/* The running kernel's BTF, read when first asked for (it takes tens of ms); NULL: none. */
typedef const struct btf *(*rectype_kernel_fn)(void *ctx);

/*
 * The record type id in btf, or 0 with why (whysize bytes) saying why none; on success why
 * says the sizes that fit. kernel(ctx) is called only for a *_event struct that fits.
 */
uint32_t rectype__find(const struct btf *btf, rectype_kernel_fn kernel, void *ctx,
		       const struct progscan_sizes *s, char *why, size_t whysize);

#endif
