// SPDX-License-Identifier: GPL-2.0
/*
 * The table of argument kinds (syscalls/scargs.h): what the capture reads for each, and
 * how each prints.
 */
#include <fcntl.h>
#include <linux/futex.h>

#include "bpf/syscalls.h"
#include "syscalls/scargs.h"
#include "syscalls/scflags.h"
#include "syscalls/scarray.h"
#include "syscalls/scfmt.h"
#include "syscalls/sclinked.h"
#include "syscalls/scout.h"
#include "syscalls/scstruct.h"
#include "syscalls/sysconst.h"

static unsigned strsize(const struct scfmt_opts *o)
{
	return o && o->strsize ? o->strsize : SCFMT_STRSIZE_DEFAULT;
}

static int64_t as_signed(const struct sc_call *c, int i)
{
	return c->desc->args[i].size == 4 ? (int64_t)(int32_t)c->args[i] : (int64_t)c->args[i];
}

/* ---- numbers ---- */

static void print_int(struct scout *o, const struct sc_call *c, int i, const struct scfmt_opts *opt)
{
	scout__s64(o, as_signed(c, i));
}

static void print_uint(struct scout *o, const struct sc_call *c, int i,
		       const struct scfmt_opts *opt)
{
	scout__u64(o, c->desc->args[i].size == 4 ? (uint32_t)c->args[i] : c->args[i]);
}

static void print_hex(struct scout *o, const struct sc_call *c, int i, const struct scfmt_opts *opt)
{
	scout__hex(o, c->args[i]);
}

static void print_mode(struct scout *o, const struct sc_call *c, int i,
		       const struct scfmt_opts *opt)
{
	scout__mode(o, c->args[i]);
}

/* ---- descriptors ---- */

static void fd(struct scout *o, int fd, const struct scfmt_opts *opt)
{
	char path[512];

	scout__s64(o, fd);
	if (opt && opt->fd_path && fd >= 0 &&
	    opt->fd_path(opt->ctx, opt->pid, fd, path, sizeof(path))) {
		scout__put(o, "<", 1);
		scout__str(o, path);
		scout__put(o, ">", 1);
	}
}

/* -y: a descriptor the call made (pipe2's), named as it is after the call: "3<pipe:[1234]>". */
static void fd_made(struct scout *o, int fd, const struct scfmt_opts *opt)
{
	char path[512];

	scout__s64(o, fd);
	if (opt && opt->fd_made && fd >= 0 &&
	    opt->fd_made(opt->ctx, opt->pid, fd, path, sizeof(path))) {
		scout__put(o, "<", 1);
		scout__str(o, path);
		scout__put(o, ">", 1);
	}
}

static void print_fd(struct scout *o, const struct sc_call *c, int i, const struct scfmt_opts *opt)
{
	fd(o, (int)as_signed(c, i), opt);
}

static void print_dfd(struct scout *o, const struct sc_call *c, int i, const struct scfmt_opts *opt)
{
	if ((int)c->args[i] == AT_FDCWD)
		scout__str(o, "CWD");
	else
		fd(o, (int)c->args[i], opt);
}

/* ---- memory: what the call reads (mem[]) or fills (out[]) ---- */

/* The memory the row reads, if it was read: else the pointer prints, or NULL. */
static const struct sc_bytes *read_mem(struct scout *o, const struct sc_call *c, int i)
{
	const struct sc_kind_row *row = scargs__row(c->desc->args[i].kind);
	const struct sc_bytes *b = row->when == SYSREC_AT_ENTRY ? &c->mem[i] : &c->out[i];
	static const struct sc_bytes none = { .p = "" };

	if (!c->args[i]) {
		scout__str(o, "NULL");
		return NULL;
	}
	if (row->when != SYSREC_AT_ENTRY && (!c->exited || c->ret < 0))
		b = NULL; /* not filled (yet): the pointer */
	else if (row->capture == SYSREC_KIND_BUF_RET && c->ret == 0)
		return &none; /* filled with nothing: read at the end of a file */
	if (!b || !b->p || b->fault) {
		scout__hex(o, c->args[i]);
		return NULL;
	}
	return b;
}

static void print_path(struct scout *o, const struct sc_call *c, int i,
		       const struct scfmt_opts *opt)
{
	const struct sc_bytes *b = read_mem(o, c, i);

	/* file names whole, as strace prints them: strsize cuts only data */
	if (b)
		scout__quoted(o, b->p, b->len, b->len, b->truncated);
}

static void print_bytes(struct scout *o, const struct sc_call *c, int i,
			const struct scfmt_opts *opt)
{
	const struct sc_bytes *b = read_mem(o, c, i);

	if (b)
		scout__quoted(o, b->p, b->len, strsize(opt), b->truncated);
}

/* getcwd's result counts its NUL, readlink's does not: the text stops at a NUL. */
static void print_str_out(struct scout *o, const struct sc_call *c, int i,
			  const struct scfmt_opts *opt)
{
	const struct sc_bytes *b = read_mem(o, c, i);

	if (b)
		scout__quoted(o, b->p, (uint32_t)strnlen(b->p, b->len), strsize(opt), b->truncated);
}

static void print_sockaddr(struct scout *o, const struct sc_call *c, int i,
			   const struct scfmt_opts *opt)
{
	const struct sc_bytes *b = read_mem(o, c, i);

	if (b)
		scout__sockaddr(o, b->p, b->len);
}

/* "[3, 4]" */
static void print_fd_pair(struct scout *o, const struct sc_call *c, int i,
			  const struct scfmt_opts *opt)
{
	const struct sc_bytes *b = read_mem(o, c, i);
	int32_t fds[2];

	if (!b)
		return;
	if (b->len < sizeof(fds)) {
		scout__hex(o, c->args[i]);
		return;
	}
	memcpy(fds, b->p, sizeof(fds));
	scout__put(o, "[", 1);
	fd_made(o, fds[0], opt);
	scout__put(o, ", ", 2);
	fd_made(o, fds[1], opt);
	scout__put(o, "]", 1);
}

static void print_struct(struct scout *o, const struct sc_call *c, int i,
			 const struct scfmt_opts *opt)
{
	const struct sc_bytes *b = read_mem(o, c, i);

	if (b)
		scstruct__print(o, c->desc->args[i].kind, b, opt);
}

/* ---- flags and enumerations ---- */

static void print_open_flags(struct scout *o, const struct sc_call *c, int i,
			     const struct scfmt_opts *opt)
{
	scflags__open(o, c->args[i]);
}

static void print_clone_flags(struct scout *o, const struct sc_call *c, int i,
			      const struct scfmt_opts *opt)
{
	uint64_t v = c->args[i], rest = v & ~(uint64_t)0xff;

	if (rest)
		scout__flags(o, &sysconst_clone, rest);
	if (v & 0xff) { /* the low byte is the signal sent at the child's exit */
		scout__put(o, "|", rest ? 1 : 0);
		scout__named(o, &sysconst_signal, v & 0xff, 3);
	}
}

static void print_futex_op(struct scout *o, const struct sc_call *c, int i,
			   const struct scfmt_opts *opt)
{
	uint64_t v = c->args[i], extra = v & (FUTEX_PRIVATE_FLAG | FUTEX_CLOCK_REALTIME);

	scout__named(o, &sysconst_futex, v & ~extra, 0);
	if (extra & FUTEX_PRIVATE_FLAG)
		scout__str(o, "|PRIVATE_FLAG");
	if (extra & FUTEX_CLOCK_REALTIME)
		scout__str(o, "|CLOCK_REALTIME");
}

static void print_sock_type(struct scout *o, const struct sc_call *c, int i,
			    const struct scfmt_opts *opt)
{
	uint64_t v = c->args[i], rest = v & ~(uint64_t)0xf;

	scout__named(o, &sysconst_sock, v & 0xf, 0);
	if (rest) {
		scout__put(o, "|", 1);
		scout__flags(o, &sysconst_sock, rest);
	}
}

/* A printer of flags, or of an enumeration's names (signals skip their "SIG"). */
#define FLAGS_PRINTER(fn, table)                                        \
	static void fn(struct scout *o, const struct sc_call *c, int i, \
		       const struct scfmt_opts *opt)                    \
	{                                                               \
		scout__flags(o, &(table), c->args[i]);                  \
	}
#define NAMES_PRINTER(fn, table, skip)                                  \
	static void fn(struct scout *o, const struct sc_call *c, int i, \
		       const struct scfmt_opts *opt)                    \
	{                                                               \
		scout__named(o, &(table), as_signed(c, i), skip);       \
	}

FLAGS_PRINTER(print_fd_flags, sysconst_open)
FLAGS_PRINTER(print_at_flags, sysconst_at)
FLAGS_PRINTER(print_map_flags, sysconst_map)
NAMES_PRINTER(print_signal, sysconst_signal, 3)
NAMES_PRINTER(print_af, sysconst_af, 0)
NAMES_PRINTER(print_fcntl_cmd, sysconst_fcntl, 0)
NAMES_PRINTER(print_whence, sysconst_seek, 0)

/* An open's mode means something only when the call may create a file. */
static bool mode_unused(const struct sc_call *c, int i)
{
	for (int k = 0; k < c->desc->nr_args; k++)
		if (c->desc->args[k].kind == SCA_OPEN_FLAGS)
			return !(c->args[k] & (O_CREAT | __O_TMPFILE));
	return false;
}

/* ---- the table ---- */

#define AT_ENTRY(cap) .capture = SYSREC_KIND_##cap, .when = SYSREC_AT_ENTRY
#define AT_EXIT(cap, w) .capture = SYSREC_KIND_##cap, .when = SYSREC_AT_EXIT_##w
#define AT_BOTH(cap) .capture = SYSREC_KIND_##cap, .when = SYSREC_AT_ENTRY_EXIT_OK
#define STRUCT(sz) .size = SCSTRUCT_##sz##_SIZE, .print = print_struct

static const struct sc_kind_row rows[SCA_KIND_COUNT] = {
	[SCA_INT] = { "int", .print = print_int },
	[SCA_UINT] = { "uint", .print = print_uint },
	[SCA_HEX] = { "hex", .print = print_hex },
	[SCA_FD] = { "fd", .shows_zero = true, .print = print_fd },
	[SCA_DFD] = { "dfd", .shows_zero = true, .print = print_dfd },
	[SCA_STRING] = { "string", AT_ENTRY(STR), .print = print_path },
	[SCA_SOCKADDR] = { "sockaddr", AT_ENTRY(SOCKADDR), .len_from = SC_LEN_NEXT,
			   .print = print_sockaddr },
	[SCA_SOCKADDR_OUT] = { "sockaddr_out", AT_EXIT(SOCKADDR_RET, OK), .len_from = SC_LEN_NEXT,
			       .print = print_sockaddr },
	[SCA_BUF_OUT] = { "buf_out", AT_EXIT(BUF_RET, POS), .print = print_bytes },
	[SCA_FDPAIR_OUT] = { "fdpair_out", AT_EXIT(FDS, ZERO), .print = print_fd_pair },
	/* O_RDONLY is 0: shown, as strace shows it */
	[SCA_OPEN_FLAGS] = { "open_flags", .shows_zero = true, .print = print_open_flags },
	[SCA_MODE] = { "mode", .print = print_mode, .omit = mode_unused },
	[SCA_AT_FLAGS] = { "at_flags", .print = print_at_flags },
	[SCA_PROT] = { "prot", .shows_zero = true, .print = scflags__prot },
	[SCA_MAP_FLAGS] = { "map_flags", .print = print_map_flags },
	[SCA_CLONE_FLAGS] = { "clone_flags", .print = print_clone_flags },
	[SCA_SIGNAL] = { "signal", .shows_zero = true, .print = print_signal },
	[SCA_AF] = { "af", .shows_zero = true, .print = print_af },
	[SCA_SOCK_TYPE] = { "sock_type", .shows_zero = true, .print = print_sock_type },
	[SCA_FCNTL_CMD] = { "fcntl_cmd", .shows_zero = true, .print = print_fcntl_cmd },
	[SCA_FUTEX_OP] = { "futex_op", .shows_zero = true, .print = print_futex_op },
	[SCA_WHENCE] = { "whence", .shows_zero = true, .print = print_whence },
	[SCA_FD_FLAGS] = { "fd_flags", .print = print_fd_flags },
	[SCA_BUF_IN] = { "buf_in", AT_ENTRY(BUF), .len_from = SC_LEN_NEXT, .print = print_bytes },
	[SCA_STR_OUT] = { "str_out", AT_EXIT(BUF_RET, POS), .print = print_str_out },
	[SCA_STAT_OUT] = { "stat_out", AT_EXIT(FIXED, ZERO), .size = SCSTRUCT_STAT_SIZE,
			   .print = print_struct },
	[SCA_STATX_OUT] = { "statx_out", AT_EXIT(FIXED, ZERO), .size = SCSTRUCT_STATX_SIZE,
			    .print = print_struct },
	[SCA_SIGSET_IN] = { "sigset_in", AT_ENTRY(FIXED), .size = SCSTRUCT_SIGSET_SIZE,
			    .print = print_struct },
	[SCA_SIGSET_OUT] = { "sigset_out", AT_EXIT(FIXED, ZERO), .size = SCSTRUCT_SIGSET_SIZE,
			     .print = print_struct },
	/* flags, commands and enumerations by name */
	[SCA_IOCTL_CMD] = { "ioctl_cmd", .print = scflags__ioctl_cmd },
	[SCA_ACCESS_MODE] = { "access_mode", .shows_zero = true, .print = scflags__access_mode },
	[SCA_GRND_FLAGS] = { "grnd_flags", .print = scflags__grnd_flags },
	[SCA_ARCH_PRCTL_OPTION] = { "arch_prctl_option", .print = scflags__arch_prctl_option },
	[SCA_RLIMIT] = { "rlimit", .shows_zero = true, .print = scflags__rlimit },
	[SCA_SIGPROCMASK_HOW] = { "sigprocmask_how", .shows_zero = true,
				  .print = scflags__sigprocmask_how },
	[SCA_MADVISE_BEHAVIOR] = { "madvise_behavior", .shows_zero = true,
				   .print = scflags__madvise_behavior },
	[SCA_SOCKOPT_LEVEL] = { "sockopt_level", .shows_zero = true,
				.print = scflags__sockopt_level },
	[SCA_SOCKOPT_NAME] = { "sockopt_name", .print = scflags__sockopt_name },
	[SCA_MSG_FLAGS] = { "msg_flags", .print = scflags__msg_flags },
	[SCA_WAIT_OPTIONS] = { "wait_options", .print = scflags__wait_options },
	[SCA_STATX_MASK] = { "statx_mask", .print = scflags__statx_mask },
	[SCA_STATX_FLAGS] = { "statx_flags", .shows_zero = true, .print = scflags__statx_flags },
	[SCA_EPOLL_CTL_OP] = { "epoll_ctl_op", .print = scflags__epoll_ctl_op },
	[SCA_FCNTL_ARG] = { "fcntl_arg", .shows_zero = true, .print = scflags__fcntl_arg,
			    .omit = scflags__fcntl_arg_unused },
	[SCA_CLOCKID] = { "clockid", .shows_zero = true, .print = scflags__clockid },
	[SCA_IPPROTO] = { "ipproto", .shows_zero = true, .print = scflags__ipproto },
	[SCA_SHUTDOWN_HOW] = { "shutdown_how", .shows_zero = true, .print = scflags__shutdown_how },
	[SCA_FLOCK_OP] = { "flock_op", .print = scflags__flock_op },
	[SCA_PRCTL_OPTION] = { "prctl_option", .print = scflags__prctl_option },
	[SCA_EXIT_CODE] = { "exit_code", .shows_zero = true, .print = print_int },
	[SCA_SIGACTION_IN] = { "sigaction_in", AT_ENTRY(FIXED), STRUCT(SIGACTION) },
	[SCA_SIGACTION_OUT] = { "sigaction_out", AT_EXIT(FIXED, ZERO), STRUCT(SIGACTION) },
	[SCA_RLIMIT_IN] = { "rlimit_in", AT_ENTRY(FIXED), STRUCT(RLIMIT) },
	[SCA_RLIMIT_OUT] = { "rlimit_out", AT_EXIT(FIXED, ZERO), STRUCT(RLIMIT) },
	[SCA_RLIMIT64_IN] = { "rlimit64_in", AT_ENTRY(FIXED), STRUCT(RLIMIT) },
	[SCA_RLIMIT64_OUT] = { "rlimit64_out", AT_EXIT(FIXED, ZERO), STRUCT(RLIMIT) },
	[SCA_TIMESPEC_IN] = { "timespec_in", AT_ENTRY(FIXED), STRUCT(TIMESPEC) },
	[SCA_TIMESPEC_OUT] = { "timespec_out", AT_EXIT(FIXED, ZERO), STRUCT(TIMESPEC) },
	[SCA_FUTEX_TIMEOUT] = { "futex_timeout", AT_ENTRY(FIXED), .size = SCSTRUCT_TIMESPEC_SIZE,
				.print = sclinked__futex_timeout },
	/* wait4 with WNOHANG returns 0 and fills nothing */
	[SCA_WAIT_STATUS_OUT] = { "wait_status_out", AT_EXIT(FIXED, POS), STRUCT(INT) },
	[SCA_RUSAGE_OUT] = { "rusage_out", AT_EXIT(FIXED, OK), STRUCT(RUSAGE) },
	[SCA_UTSNAME_OUT] = { "utsname_out", AT_EXIT(FIXED, ZERO), STRUCT(UTSNAME) },
	[SCA_SYSINFO_OUT] = { "sysinfo_out", AT_EXIT(FIXED, ZERO), STRUCT(SYSINFO) },
	[SCA_TMS_OUT] = { "tms_out", AT_EXIT(FIXED, OK), STRUCT(TMS) },
	[SCA_STATFS_OUT] = { "statfs_out", AT_EXIT(FIXED, ZERO), STRUCT(STATFS) },
	[SCA_SOCKLEN_INOUT] = { "socklen_inout", AT_BOTH(FIXED), .size = SCSTRUCT_INT_SIZE,
				.print = sclinked__socklen },
	[SCA_SOCKOPT_IN] = { "sockopt_in", AT_ENTRY(BUF), .len_from = SC_LEN_NEXT,
			     .print = sclinked__sockopt_in },
	[SCA_SOCKOPT_OUT] = { "sockopt_out", AT_EXIT(FIXED, OK), .size = SCSTRUCT_INT_SIZE,
			      .print = sclinked__sockopt_out },
	/* read for every request that succeeds: only FIONREAD's prints, the others are cheap */
	[SCA_IOCTL_ARG] = { "ioctl_arg", AT_EXIT(FIXED, OK), .size = SCSTRUCT_INT_SIZE,
			    .print = sclinked__ioctl_arg },
	[SCA_CLONE_ARGS_IN] = { "clone_args_in", AT_ENTRY(FIXED), .size = SCSTRUCT_CLONE_ARGS_SIZE,
				.print = sclinked__clone_args },
	[SCA_DIRENTS_OUT] = { "dirents_out", AT_EXIT(BUF_RET, OK), .size = SCSTRUCT_DIRENTS_MAX,
			      .print = sclinked__dirents },
	[SCA_CPUSET_OUT] = { "cpuset_out", AT_EXIT(BUF_RET, POS), .print = sclinked__cpuset },
	[SCA_EXEC_PATH] = { "exec_path", AT_ENTRY(STR), .print = scarray__exec_path },
	[SCA_EXEC_ARGV] = { "exec_argv", .capture = SYSREC_KIND_EXEC_ARGS,
			    .when = SYSREC_AT_ENTRY_AND_EXIT, .size = SCARRAY_ARGV_KEEP,
			    .print = scarray__argv },
	[SCA_EXEC_ENVP] = { "exec_envp", AT_ENTRY(STRARRAY), .print = scarray__envp },
	[SCA_IOVEC_IN] = { "iovec_in", AT_ENTRY(IOVEC), .len_from = SC_LEN_NEXT,
			   .print = scarray__iovec },
	[SCA_IOVEC_OUT] = { "iovec_out", AT_EXIT(IOVEC, OK), .len_from = SC_LEN_NEXT,
			    .print = scarray__iovec },
	[SCA_MSGHDR_IN] = { "msghdr_in", AT_ENTRY(MSGHDR), .print = scarray__msghdr },
	[SCA_MSGHDR_OUT] = { "msghdr_out", AT_EXIT(MSGHDR, OK), .print = scarray__msghdr },
	[SCA_POLLFDS] = { "pollfds", .capture = SYSREC_KIND_ARRAY,
			  .when = SYSREC_AT_ENTRY_AND_EXIT_POS, .size = SCARRAY_POLLFD_SIZE,
			  .len_from = SC_LEN_NEXT, .print = scarray__pollfds },
	[SCA_EPOLL_EVENT_IN] = { "epoll_event_in", AT_ENTRY(FIXED),
				 .size = SCARRAY_EPOLL_EVENT_SIZE, .print = scarray__epoll_event },
	[SCA_EPOLL_EVENTS_OUT] = { "epoll_events_out", AT_EXIT(ARRAY_RET, POS),
				   .size = SCARRAY_EPOLL_EVENT_SIZE,
				   .print = scarray__epoll_events },
};

const struct sc_kind_row *scargs__row(enum sc_arg_kind k)
{
	return k < SCA_KIND_COUNT ? &rows[k] : &rows[SCA_HEX];
}
