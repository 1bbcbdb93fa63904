/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The printers of flags, commands and enumerations (scargs.h's kinds from SCA_IOCTL_CMD
 * on): ioctl requests, access modes, socket levels and options, message flags, wait
 * options, statx masks, clocks, prctl options, ..., each by a table of syscalls/sysconst.h
 * generated from the system headers. Names are perf trace's where it names them
 * ("BLOCK", "NOHANG", "TCGETS", "MADV_DONTNEED") and strace's otherwise, with the family's
 * prefix dropped as perf drops it ("MONOTONIC", "BASIC_STATS"), except where the argument
 * holds names of several families: an optname says which level's it is ("SO_REUSEADDR",
 * "TCP_NODELAY"). A value no table names prints as a number, an ioctl request in hex.
 *
 *	scflags__ioctl_cmd(o, c, 1, opt)	"TCGETS", "FIONREAD", "0x40045401"
 *	scflags__sockopt_name(o, c, 2, opt)	"SO_REUSEADDR" when level is SOL_SOCKET
 */
#ifndef PERF_BPF_SCFLAGS_H
#define PERF_BPF_SCFLAGS_H

#include <stdbool.h>
#include <stdint.h>

struct sc_call;
struct scfmt_opts;
struct scout;

/* Each prints argument i of call c into o, as scargs.h's rows' printers do. */
#define SCFLAGS_PRINTER(name)                                                 \
	void scflags__##name(struct scout *o, const struct sc_call *c, int i, \
			     const struct scfmt_opts *opt)

SCFLAGS_PRINTER(ioctl_cmd);
SCFLAGS_PRINTER(access_mode); /* perf's letters: "R", "RW", "F" for F_OK (0) */
SCFLAGS_PRINTER(grnd_flags);
SCFLAGS_PRINTER(arch_prctl_option);
SCFLAGS_PRINTER(rlimit);
SCFLAGS_PRINTER(sigprocmask_how);
SCFLAGS_PRINTER(madvise_behavior);
SCFLAGS_PRINTER(sockopt_level); /* "SOCKET", "IP", "TCP", "IPV6" */
SCFLAGS_PRINTER(sockopt_name); /* by the level in the argument before it */
SCFLAGS_PRINTER(msg_flags);
SCFLAGS_PRINTER(wait_options);
SCFLAGS_PRINTER(statx_mask);
SCFLAGS_PRINTER(statx_flags); /* the sync type shown when 0: "STATX_SYNC_AS_STAT" */
SCFLAGS_PRINTER(epoll_ctl_op);
SCFLAGS_PRINTER(fcntl_arg); /* by the command in the argument before it */
SCFLAGS_PRINTER(clockid);
SCFLAGS_PRINTER(ipproto);
SCFLAGS_PRINTER(shutdown_how);
SCFLAGS_PRINTER(flock_op);
SCFLAGS_PRINTER(prctl_option);
SCFLAGS_PRINTER(prot); /* mmap's and mprotect's, "NONE" for 0 */

/* open(2)'s flags: the access mode by name, then the other bits ("RDWR|CREAT"). */
void scflags__open(struct scout *o, uint64_t v);
/* Is fcntl's arg (argument i of c) one its command does not read (F_GETFL's)? */
bool scflags__fcntl_arg_unused(const struct sc_call *c, int i);

#endif
