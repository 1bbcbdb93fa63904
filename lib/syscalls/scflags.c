// SPDX-License-Identifier: GPL-2.0
/*
 * Flags, commands and enumerations by name (syscalls/scflags.h), from the generated
 * tables of syscalls/sysconst.h.
 */
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/mman.h>
#include <sys/socket.h>

#include "syscalls/scfmt.h"
#include "syscalls/scflags.h"
#include "syscalls/scout.h"
#include "syscalls/sysconst.h"

/* The kernel's sync-type bits of statx's flags, older headers than the build's aside. */
#ifndef AT_STATX_SYNC_TYPE
#define AT_STATX_SYNC_TYPE 0x6000
#endif

static int64_t arg_s64(const struct sc_call *c, int i)
{
	return c->desc->args[i].size == 4 ? (int64_t)(int32_t)c->args[i] : (int64_t)c->args[i];
}

/* A request, a mask: the argument's bits, not its sign (an int holds them in the format). */
static uint64_t arg_u64(const struct sc_call *c, int i)
{
	return c->desc->args[i].size == 4 ? (uint32_t)c->args[i] : c->args[i];
}

/* A printer of the names of an enumeration, or of a set of flags, of one table. */
#define NAMED(fn, table)                                     \
	SCFLAGS_PRINTER(fn)                                  \
	{                                                    \
		scout__named(o, &(table), arg_s64(c, i), 0); \
	}
#define FLAGS(fn, table)                                  \
	SCFLAGS_PRINTER(fn)                               \
	{                                                 \
		scout__flags(o, &(table), arg_u64(c, i)); \
	}

NAMED(arch_prctl_option, sysconst_arch_prctl)
NAMED(rlimit, sysconst_rlimit)
NAMED(sigprocmask_how, sysconst_sighow)
NAMED(madvise_behavior, sysconst_madv)
NAMED(sockopt_level, sysconst_sol)
NAMED(epoll_ctl_op, sysconst_epoll_ctl)
NAMED(clockid, sysconst_clock)
NAMED(ipproto, sysconst_ipproto)
NAMED(shutdown_how, sysconst_shut)
NAMED(prctl_option, sysconst_prctl)
FLAGS(grnd_flags, sysconst_grnd)
FLAGS(msg_flags, sysconst_msg)
FLAGS(wait_options, sysconst_wait)
FLAGS(statx_mask, sysconst_statx)
FLAGS(flock_op, sysconst_lock)

/* Requests are 32-bit patterns (_IOR's direction in the top bits): hex when unnamed. */
SCFLAGS_PRINTER(ioctl_cmd)
{
	uint32_t cmd = (uint32_t)c->args[i];
	const char *name = sysconst__name(&sysconst_ioctl, cmd);

	if (name)
		scout__str(o, name);
	else
		scout__hex(o, cmd);
}

/* perf trace's letters, one per bit: R_OK|W_OK is "RW"; F_OK, the 0, is "F". */
SCFLAGS_PRINTER(access_mode)
{
	uint64_t v = arg_u64(c, i), rest = v;

	if (!v) {
		scout__str(o, "F");
		return;
	}
	/* the table is by name: R_OK, W_OK, X_OK, the order perf prints them in */
	for (size_t k = 0; k < sysconst_access.nr; k++) {
		uint64_t bit = (uint64_t)sysconst_access.rows[k].value;

		if (bit && (v & bit) == bit) {
			scout__put(o, sysconst_access.rows[k].name, 1);
			rest &= ~bit;
		}
	}
	if (rest) {
		scout__put(o, "|", rest != v);
		scout__hex(o, rest);
	}
}

/* The level is the argument before the option's name: setsockopt(fd, level, optname, ...). */
static const struct sysconst_table *sockopt_table(long long level)
{
	switch (level) {
	case SOL_SOCKET:
		return &sysconst_so;
	case IPPROTO_IP:
		return &sysconst_ip;
	case IPPROTO_TCP:
		return &sysconst_tcp;
	case IPPROTO_IPV6:
		return &sysconst_ipv6;
	default:
		return NULL;
	}
}

SCFLAGS_PRINTER(sockopt_name)
{
	const struct sysconst_table *t = i ? sockopt_table(arg_s64(c, i - 1)) : NULL;

	if (t)
		scout__named(o, t, arg_s64(c, i), 0);
	else
		scout__s64(o, arg_s64(c, i));
}

/* statx's sync type is a 2-bit field whose 0 is a choice, AT_STATX_SYNC_AS_STAT: shown. */
SCFLAGS_PRINTER(statx_flags)
{
	uint64_t v = arg_u64(c, i);

	if (v & AT_STATX_SYNC_TYPE) {
		scout__flags(o, &sysconst_at, v);
		return;
	}
	scout__str(o, "STATX_SYNC_AS_STAT");
	if (v) {
		scout__put(o, "|", 1);
		scout__flags(o, &sysconst_at, v);
	}
}

void scflags__open(struct scout *o, uint64_t v)
{
	static const char *const acc[] = { "RDONLY", "WRONLY", "RDWR", "3" };

	scout__str(o, acc[v & O_ACCMODE]);
	if (v & ~(uint64_t)O_ACCMODE) {
		scout__put(o, "|", 1);
		scout__flags(o, &sysconst_open, v & ~(uint64_t)O_ACCMODE);
	}
}

SCFLAGS_PRINTER(prot)
{
	if (c->args[i] == PROT_NONE)
		scout__str(o, "NONE");
	else
		scout__flags(o, &sysconst_prot, c->args[i]);
}

/* ---- fcntl's arg, by its command ---- */

static bool fcntl_cmd(const struct sc_call *c, int i, uint32_t *cmd)
{
	if (i < 1)
		return false;
	*cmd = (uint32_t)c->args[i - 1];
	return true;
}

bool scflags__fcntl_arg_unused(const struct sc_call *c, int i)
{
	uint32_t cmd;

	if (!fcntl_cmd(c, i, &cmd))
		return false;
	switch (cmd) {
	case F_GETFD:
	case F_GETFL:
	case F_GETOWN:
	case F_GETSIG:
	case F_GETLEASE:
	case F_GETPIPE_SZ:
	case F_GET_SEALS:
		return true;
	default:
		return false;
	}
}

SCFLAGS_PRINTER(fcntl_arg)
{
	uint32_t cmd = 0;

	fcntl_cmd(c, i, &cmd);
	switch (cmd) {
	case F_SETFL:
		scflags__open(o, c->args[i]);
		break;
	case F_SETFD:
		if (c->args[i] == FD_CLOEXEC)
			scout__str(o, "CLOEXEC");
		else
			scout__u64(o, c->args[i]);
		break;
	case F_SETSIG:
		scout__named(o, &sysconst_signal, arg_s64(c, i), 3);
		break;
	case F_GETLK:
	case F_SETLK:
	case F_SETLKW:
	case F_OFD_GETLK:
	case F_OFD_SETLK:
	case F_OFD_SETLKW:
	case F_GETOWN_EX:
	case F_SETOWN_EX:
		scout__hex(o, c->args[i]); /* a struct's address */
		break;
	default:
		scout__s64(o, (int64_t)c->args[i]);
	}
}
