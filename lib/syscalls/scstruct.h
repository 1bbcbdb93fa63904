/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The structs system calls read or fill, printed in strace's words: the members a person
 * reads first, modes and flags by name, "..." for the rest (every member with -v):
 *
 *	{st_mode=S_IFREG|0644, st_size=25, ...}		a struct stat
 *	[CHLD USR1]					a signal set
 *
 * One printer per struct, written once, for the user ABI's layout (the headers' struct, as
 * the caller passed it); a struct shorter than its size prints as its address would.
 */
#ifndef PERF_BPF_SCSTRUCT_H
#define PERF_BPF_SCSTRUCT_H

#include "syscalls/scargs.h"

struct sc_bytes;
struct scfmt_opts;
struct scout;

/* The bytes the capture reads of each struct: its size in the user ABI. */
#define SCSTRUCT_STAT_SIZE 144
#define SCSTRUCT_STATX_SIZE 256
#define SCSTRUCT_SIGSET_SIZE 8 /* the kernel's sigset_t: 64 signals */

/* The struct of argument kind k in b. */
void scstruct__print(struct scout *o, enum sc_arg_kind k, const struct sc_bytes *b,
		     const struct scfmt_opts *opt);

#endif
