/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kinds of system-call arguments, and one table of them: a row per kind says what the
 * capture (bpf/syscalls.bpf.c) reads of the memory such an argument points to, at entry or
 * at exit and for which results, how many bytes, whether a 0 is shown, and its printer.
 * sctable.c gives each argument of each call its kind (from its type and name); the
 * capture's table (sctable__capture_spec) and the call's text (scfmt.c) are read from here.
 *
 * Adding a decoder (lib/syscalls/README.md): a kind here, its row in scargs.c, a printer
 * (a struct's in scstruct.c, an array's in scarray.c), and the rule in sctable.c that gives it
 * to the argument.
 */
#ifndef PERF_BPF_SCARGS_H
#define PERF_BPF_SCARGS_H

#include <stdbool.h>
#include <stdint.h>

enum sc_arg_kind {
	SCA_INT, /* a signed number */
	SCA_UINT, /* an unsigned number */
	SCA_HEX, /* a pointer or an offset, in hex */
	SCA_FD, /* a file descriptor (shown when 0) */
	SCA_DFD, /* a directory descriptor of a *at call: AT_FDCWD is "CWD" */
	SCA_STRING, /* a C string the call reads (a path, a name): read at entry */
	SCA_SOCKADDR, /* a socket address the call reads; its length is the next argument */
	SCA_SOCKADDR_OUT, /* a socket address the call fills (accept, recvfrom): read at exit */
	SCA_BUF_OUT, /* bytes the call fills (read, pread64, recvfrom): ret of them, at exit */
	SCA_FDPAIR_OUT, /* the two descriptors pipe2 and socketpair fill, at exit */
	SCA_OPEN_FLAGS,
	SCA_MODE, /* file mode bits, in octal */
	SCA_AT_FLAGS,
	SCA_PROT,
	SCA_MAP_FLAGS,
	SCA_CLONE_FLAGS,
	SCA_SIGNAL,
	SCA_AF,
	SCA_SOCK_TYPE,
	SCA_FCNTL_CMD,
	SCA_FUTEX_OP,
	SCA_WHENCE,
	SCA_FD_FLAGS, /* O_CLOEXEC, O_NONBLOCK of a call that makes descriptors (pipe2, accept4) */
	SCA_BUF_IN, /* bytes the call reads (write, sendto): the next argument says how many */
	SCA_STR_OUT, /* a string the call fills (getcwd, readlink): ret bytes of it, at exit */
	SCA_STAT_OUT, /* struct stat the call fills */
	SCA_STATX_OUT, /* struct statx the call fills */
	SCA_SIGSET_IN, /* a signal set the call reads (rt_sigprocmask's nset) */
	SCA_SIGSET_OUT, /* a signal set the call fills (rt_sigprocmask's oset) */
	/* flags, commands and enumerations by name (scflags.h) */
	SCA_IOCTL_CMD,
	SCA_ACCESS_MODE, /* F_OK (0) shown */
	SCA_GRND_FLAGS,
	SCA_ARCH_PRCTL_OPTION,
	SCA_RLIMIT, /* RLIMIT_CPU (0) shown */
	SCA_SIGPROCMASK_HOW, /* SIG_BLOCK (0) shown */
	SCA_MADVISE_BEHAVIOR, /* MADV_NORMAL (0) shown */
	SCA_SOCKOPT_LEVEL, /* SOL_IP (0) shown */
	SCA_SOCKOPT_NAME, /* by the level before it */
	SCA_MSG_FLAGS,
	SCA_WAIT_OPTIONS,
	SCA_STATX_MASK,
	SCA_STATX_FLAGS, /* AT_STATX_SYNC_AS_STAT (0) shown */
	SCA_EPOLL_CTL_OP,
	SCA_FCNTL_ARG, /* by the command before it: F_SETFL's open flags */
	SCA_CLOCKID, /* CLOCK_REALTIME (0) shown */
	SCA_IPPROTO,
	SCA_SHUTDOWN_HOW, /* SHUT_RD (0) shown */
	SCA_FLOCK_OP,
	SCA_PRCTL_OPTION,
	SCA_EXIT_CODE, /* exit's and exit_group's status: 0 shown */
	/* structs the call reads (_IN, at entry) or fills (_OUT, at exit once it succeeded) */
	SCA_SIGACTION_IN, /* rt_sigaction's act: the kernel's struct sigaction */
	SCA_SIGACTION_OUT, /* rt_sigaction's oact */
	SCA_RLIMIT_IN, /* setrlimit's struct rlimit */
	SCA_RLIMIT_OUT, /* getrlimit's */
	SCA_RLIMIT64_IN, /* prlimit64's new_rlim: struct rlimit64 */
	SCA_RLIMIT64_OUT, /* prlimit64's old_rlim */
	SCA_TIMESPEC_IN, /* a struct timespec the call reads (nanosleep's, ppoll's) */
	SCA_TIMESPEC_OUT, /* one it fills (clock_gettime's) */
	SCA_FUTEX_TIMEOUT, /* futex's utime: a timespec for the waits, a number (val2) else */
	SCA_WAIT_STATUS_OUT, /* the int wait4 fills: [{WIFEXITED(s) && WEXITSTATUS(s) == 3}] */
	SCA_RUSAGE_OUT, /* struct rusage of wait4 and getrusage */
	SCA_UTSNAME_OUT, /* uname's struct new_utsname */
	SCA_SYSINFO_OUT, /* struct sysinfo */
	SCA_TMS_OUT, /* times's struct tms */
	SCA_STATFS_OUT, /* struct statfs of statfs and fstatfs */
	SCA_SOCKLEN_INOUT, /* an int length the call reads and rewrites: [16], [128 => 16] */
	SCA_SOCKOPT_IN, /* setsockopt's optval: [1] when optlen is 4 */
	SCA_SOCKOPT_OUT, /* getsockopt's optval: [1] when the length it wrote is 4 */
	SCA_IOCTL_ARG, /* ioctl's arg: the int FIONREAD fills, else an address */
	SCA_CLONE_ARGS_IN, /* clone3's struct clone_args, as many bytes as its size says */
	SCA_DIRENTS_OUT, /* getdents64's entries: ret bytes of them */
	SCA_CPUSET_OUT, /* sched_getaffinity's mask: ret bytes */
	/* arrays (scarray.h) */
	SCA_EXEC_PATH, /* an exec's filename: at entry, else as the new program's stack has it */
	SCA_EXEC_ARGV, /* an exec's argv: at entry, and as the new program's mm keeps it */
	SCA_EXEC_ENVP, /* an exec's envp: its address and how many strings */
	SCA_IOVEC_IN, /* iovecs whose bytes the call reads (writev): the next argument counts */
	SCA_IOVEC_OUT, /* iovecs the call fills (readv): ret bytes spread over them, at exit */
	SCA_MSGHDR_IN, /* a msghdr the call reads (sendmsg), its iovecs' bytes */
	SCA_MSGHDR_OUT, /* a msghdr the call fills (recvmsg): at exit */
	SCA_POLLFDS, /* poll's fds: their events at entry, revents at exit */
	SCA_EPOLL_EVENT_IN, /* epoll_ctl's event */
	SCA_EPOLL_EVENTS_OUT, /* epoll_wait's events, ret of them */
	SCA_KIND_COUNT,
};

struct sc_call;
struct scfmt_opts;
struct scout;

/* Where the length of an argument's memory is, for kinds whose length is another argument. */
enum sc_len_from {
	SC_LEN_NONE = 0,
	SC_LEN_NEXT, /* the argument after it: write(fd, buf, count), connect(fd, addr, len) */
};

struct sc_kind_row {
	const char *name; /* for messages and tests */
	uint8_t capture; /* enum sysrec_kind: what the capture reads; NONE: the value only */
	uint8_t when; /* enum sysrec_when */
	uint16_t size; /* FIXED: bytes; ARRAY*: bytes of one element */
	uint8_t len_from; /* enum sc_len_from */
	bool shows_zero; /* a 0 is a constant that means something (fd 0, SEEK_SET): shown */
	/* the argument's value into o; NULL for a number */
	void (*print)(struct scout *o, const struct sc_call *c, int i,
		      const struct scfmt_opts *opt);
	/* an extra reason to leave the argument out of the line (open's mode with no O_CREAT) */
	bool (*omit)(const struct sc_call *c, int i);
};

/* The row of kind k: every kind has one. */
const struct sc_kind_row *scargs__row(enum sc_arg_kind k);

#endif
