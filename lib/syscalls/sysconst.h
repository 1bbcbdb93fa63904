/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The system's constants by name: errno values (the kernel's internal ERESTARTSYS.. too),
 * system-call numbers, and the flags, commands and enumerations the system-call view prints
 * (open, *at, mmap prot and flags, clone, signals, socket families and types, fcntl and
 * futex commands, lseek whence, ioctl requests, ... syscalls/scflags.h's). The tables
 * are generated at build time from the system headers (scripts/gen-sysconsts.sh): names
 * as the headers spell them, prefixes dropped for flags ("RDONLY", "PRIVATE") as perf
 * trace prints them, kept for errno ("ENOENT") and signals ("SIGINT").
 *
 *	sysconst__name(&sysconst_errno, 2)		"ENOENT"
 *	sysconst__flags(&sysconst_map, 0x22, buf, n)	"PRIVATE|ANONYMOUS"
 */
#ifndef PERF_BPF_SYSCONST_H
#define PERF_BPF_SYSCONST_H

#include <stdbool.h>
#include <stddef.h>

struct sysconst {
	const char *name;
	long long value;
};

struct sysconst_table {
	const char *name;
	const struct sysconst *rows;
	size_t nr;
};

extern const struct sysconst_table sysconst_errno, sysconst_syscall, sysconst_open, sysconst_at,
	sysconst_prot, sysconst_map, sysconst_clone, sysconst_signal, sysconst_af, sysconst_sock,
	sysconst_fcntl, sysconst_futex, sysconst_seek;
/* ioctl requests; access modes; getrandom, rlimit, sigprocmask, madvise, socket levels and
 * options (SO_, IP_, IPV6_, TCP_), MSG_, wait, statx, epoll_ctl, clocks, IPPROTO_,
 * shutdown, flock, prctl, arch_prctl */
extern const struct sysconst_table sysconst_ioctl, sysconst_access, sysconst_grnd,
	sysconst_arch_prctl, sysconst_rlimit, sysconst_sighow, sysconst_madv, sysconst_sol,
	sysconst_so, sysconst_tcp, sysconst_ip, sysconst_ipv6, sysconst_msg, sysconst_wait,
	sysconst_statx, sysconst_epoll_ctl, sysconst_clock, sysconst_ipproto, sysconst_shut,
	sysconst_lock, sysconst_prctl;
/* MSG_ flags, poll's and epoll's events, with their prefixes, as strace writes them in structs */
extern const struct sysconst_table sysconst_msgname, sysconst_poll, sysconst_epoll;
/* file systems' magic numbers (<linux/magic.h>) and statfs's f_flags (ST_) */
extern const struct sysconst_table sysconst_fsmagic, sysconst_stflags;

/* The name of value v, or NULL (the first by name when two share it). */
const char *sysconst__name(const struct sysconst_table *t, long long v);
/* The value of name (as the table spells it); false when there is none. */
bool sysconst__value(const struct sysconst_table *t, const char *name, long long *v);
/*
 * v as NAME|NAME|0xREST: the names whose bits are all set, those with more bits first (a
 * multi-bit name such as SYNC wins over its part DSYNC), what no name covers in hex. "0" for
 * 0. Returns the length it needed, as snprintf does.
 */
int sysconst__flags(const struct sysconst_table *t, unsigned long long v, char *buf, size_t size);

#endif
