/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Printers of arguments whose text needs another argument of the call or its result, in
 * strace's words; each is the printer of its kind's row (syscalls/scargs.h):
 *
 *	[16], [128 => 16]		a socket length read at entry and rewritten at exit
 *	[1]				an option's int (setsockopt, getsockopt), FIONREAD's
 *	{tv_sec=1, tv_nsec=0}		futex's timeout when the operation waits (else val2)
 *	{flags=CLONE_VM|..., ...}	clone3's struct clone_args, of its size
 *	0x55... (and a comment)	getdents64's entries counted; under -v each, [{d_ino=...}]
 *	[0 1]				the CPUs of sched_getaffinity's mask
 *
 * What was not read (a fault, a call that failed) prints as the pointer.
 */
#ifndef PERF_BPF_SCLINKED_H
#define PERF_BPF_SCLINKED_H

struct sc_call;
struct scfmt_opts;
struct scout;

void sclinked__socklen(struct scout *o, const struct sc_call *c, int i,
		       const struct scfmt_opts *opt);
void sclinked__sockopt_in(struct scout *o, const struct sc_call *c, int i,
			  const struct scfmt_opts *opt);
void sclinked__sockopt_out(struct scout *o, const struct sc_call *c, int i,
			   const struct scfmt_opts *opt);
void sclinked__ioctl_arg(struct scout *o, const struct sc_call *c, int i,
			 const struct scfmt_opts *opt);
void sclinked__futex_timeout(struct scout *o, const struct sc_call *c, int i,
			     const struct scfmt_opts *opt);
void sclinked__clone_args(struct scout *o, const struct sc_call *c, int i,
			  const struct scfmt_opts *opt);
void sclinked__dirents(struct scout *o, const struct sc_call *c, int i,
		       const struct scfmt_opts *opt);
void sclinked__cpuset(struct scout *o, const struct sc_call *c, int i,
		      const struct scfmt_opts *opt);

#endif
