/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The structs system calls read or fill, printed in strace's words: the members a person
 * reads first, modes and flags by name, "..." for the rest (every member with -v):
 *
 *	{st_mode=S_IFREG|0644, st_size=25, ...}		a struct stat
 *	[CHLD USR1]					a signal set
 *	{rlim_cur=8192*1024, rlim_max=RLIM64_INFINITY}	a struct rlimit64
 *	[{WIFEXITED(s) && WEXITSTATUS(s) == 3}]		a wait status
 *
 * One printer per struct, written once, for the user ABI's layout (the headers' struct, as
 * the caller passed it); a struct shorter than its size prints as "{...}". Files and the
 * system (stat, statfs, utsname, sysinfo) are in scstruct.c, processes, signals and time
 * (sigaction, rlimit, timespec, wait status, rusage, tms) in scproc.c; what needs another
 * argument or the result to print (socket lengths, getdents64) in sclinked.c.
 */
#ifndef PERF_BPF_SCSTRUCT_H
#define PERF_BPF_SCSTRUCT_H

#include <stdbool.h>
#include <stdint.h>

#include "syscalls/scargs.h"

struct sc_bytes;
struct scfmt_opts;
struct scout;

/* The bytes the capture reads of each struct: its size in the user ABI. */
#define SCSTRUCT_STAT_SIZE 144
#define SCSTRUCT_STATX_SIZE 256
#define SCSTRUCT_SIGSET_SIZE 8 /* the kernel's sigset_t: 64 signals */
#define SCSTRUCT_SIGACTION_SIZE 32 /* the kernel's: handler, flags, restorer, mask */
#define SCSTRUCT_RLIMIT_SIZE 16
#define SCSTRUCT_TIMESPEC_SIZE 16
#define SCSTRUCT_INT_SIZE 4
#define SCSTRUCT_RUSAGE_SIZE 144
#define SCSTRUCT_UTSNAME_SIZE 390 /* six strings of 65 bytes */
#define SCSTRUCT_SYSINFO_SIZE 112
#define SCSTRUCT_TMS_SIZE 32
#define SCSTRUCT_STATFS_SIZE 120
#define SCSTRUCT_CLONE_ARGS_SIZE 88 /* clone3's third version: cgroup, the last member */
#define SCSTRUCT_DIRENTS_MAX 4096 /* bytes of getdents64's entries kept */

/* A flag's bit and name, for scstruct__bits(); a table ends with a NULL name. */
struct scstruct_bit {
	uint64_t bit;
	const char *name;
};

/* The struct of argument kind k in b. */
void scstruct__print(struct scout *o, enum sc_arg_kind k, const struct sc_bytes *b,
		     const struct scfmt_opts *opt);

/* For the printers of this folder: */
/* "A|B|0x40", the names of the bits set in table order, what is left in hex; "0" for 0. */
void scstruct__bits(struct scout *o, const struct scstruct_bit *table, uint64_t v);
/* A signal set of the kernel's 64 signals: "[CHLD USR1]", "~[KILL STOP]". */
void scstruct__sigset(struct scout *o, uint64_t set);

#endif
