// SPDX-License-Identifier: GPL-2.0
/* Flags, commands and enumerations by name: the generated tables, the printers, the rules. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <linux/fs.h>
#include <linux/sockios.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <asm/prctl.h>

#include "syscalls/scfmt.h"
#include "syscalls/sctable.h"
#include "syscalls/sysconst.h"

static void expect_name(const struct sysconst_table *t, long long v, const char *want)
{
	const char *name = sysconst__name(t, v);

	assert_non_null(name);
	assert_string_equal(name, want);
}

static void test_sysconst__new_tables(void **state)
{
	expect_name(&sysconst_ioctl, TCGETS, "TCGETS");
	expect_name(&sysconst_ioctl, TIOCGWINSZ, "TIOCGWINSZ");
	expect_name(&sysconst_ioctl, FIONREAD, "FIONREAD"); /* not its twin TIOCINQ */
	expect_name(&sysconst_ioctl, FIONBIO, "FIONBIO");
	expect_name(&sysconst_ioctl, SIOCGIFFLAGS, "SIOCGIFFLAGS");
	expect_name(&sysconst_ioctl, BLKGETSIZE64, "BLKGETSIZE64");
	expect_name(&sysconst_ioctl, FICLONE, "FICLONE");
	expect_name(&sysconst_ioctl, FS_IOC_GETFLAGS, "FS_IOC_GETFLAGS");
	expect_name(&sysconst_rlimit, RLIMIT_NOFILE, "NOFILE");
	expect_name(&sysconst_rlimit, RLIMIT_CPU, "CPU");
	expect_name(&sysconst_sighow, SIG_BLOCK, "BLOCK");
	expect_name(&sysconst_madv, MADV_DONTNEED, "MADV_DONTNEED");
	expect_name(&sysconst_sol, SOL_SOCKET, "SOCKET");
	expect_name(&sysconst_sol, SOL_IP, "IP");
	expect_name(&sysconst_so, SO_REUSEADDR, "SO_REUSEADDR");
	expect_name(&sysconst_tcp, TCP_NODELAY, "TCP_NODELAY"); /* not TCP_REPAIR_ON */
	expect_name(&sysconst_ip, IP_TOS, "IP_TOS"); /* not IP_DEFAULT_MULTICAST_TTL */
	expect_name(&sysconst_arch_prctl, ARCH_SET_FS, "SET_FS");
	expect_name(&sysconst_clock, CLOCK_MONOTONIC, "MONOTONIC");
	expect_name(&sysconst_ipproto, IPPROTO_IP, "IP"); /* not IPv6's HOPOPTS, also 0 */
	expect_name(&sysconst_ipproto, IPPROTO_UDP, "UDP");
	expect_name(&sysconst_shut, SHUT_RD, "RD");
	expect_name(&sysconst_epoll_ctl, EPOLL_CTL_ADD, "ADD");
	expect_name(&sysconst_prctl, 15 /* PR_SET_NAME */, "SET_NAME");
	expect_name(&sysconst_prctl, 3 /* PR_GET_DUMPABLE, not a sub-value's 3 */, "GET_DUMPABLE");
	expect_name(&sysconst_wait, WUNTRACED, "UNTRACED");
}

/* The kernel's own codes, which user space never sees but a tracer does. */
static void test_sysconst__kernel_errno(void **state)
{
	expect_name(&sysconst_errno, 512, "ERESTARTSYS");
	expect_name(&sysconst_errno, 513, "ERESTARTNOINTR");
	expect_name(&sysconst_errno, 514, "ERESTARTNOHAND");
	expect_name(&sysconst_errno, 515, "ENOIOCTLCMD");
	expect_name(&sysconst_errno, 516, "ERESTART_RESTARTBLOCK");
	expect_name(&sysconst_errno, 517, "EPROBE_DEFER");
	expect_name(&sysconst_errno, 524, "ENOTSUPP");
	/* the table is errno's only: not EPOLLIN's, whose name also starts with an E */
	assert_string_equal(sysconst__name(&sysconst_errno, EPERM), "EPERM");
}

/* A call of name with its arguments named and typed as its tracepoint has them. */
static struct sc_desc desc_of(const char *name, const char *const *types, const char *const *args,
			      int n)
{
	struct sc_desc d = { .name = name, .has_format = true, .nr_args = (uint8_t)n };

	for (int i = 0; i < n; i++) {
		strncpy(d.args[i].name, args[i], sizeof(d.args[i].name) - 1);
		d.args[i].kind = sctable__arg_kind(name, types[i], args[i]);
		d.args[i].size = strstr(types[i], "long") ? 8 : 4;
	}
	return d;
}

static void expect_line(const char *call, const char *const *types, const char *const *args, int n,
			const uint64_t *values, const char *want)
{
	struct sc_desc d = desc_of(call, types, args, n);
	struct sc_call c = { .desc = &d };
	char buf[512];

	memcpy(c.args, values, n * sizeof(*values));
	scfmt__call(buf, sizeof(buf), &c, NULL);
	assert_string_equal(buf, want);
}

#define LINE(call, types, args, values, want)                                    \
	expect_line(call, (const char *const[])types, (const char *const[])args, \
		    (int)(sizeof((const char *const[])args) / sizeof(char *)),   \
		    (const uint64_t[])values, want)
#define A(...)              \
	{                   \
		__VA_ARGS__ \
	}

static void test_scflags__as_perf_trace_names_them(void **state)
{
	LINE("ioctl", A("unsigned int", "unsigned int", "unsigned long"), A("fd", "cmd", "arg"),
	     A(3, TCGETS, 0x7ffd0010), "ioctl(fd: 3, cmd: TCGETS, arg: 0x7ffd0010)");
	LINE("ioctl", A("unsigned int", "unsigned int", "unsigned long"), A("fd", "cmd", "arg"),
	     A(3, 0x40045401, 0), "ioctl(fd: 3, cmd: 0x40045401)");
	LINE("access", A("const char *", "int"), A("filename", "mode"), A(0, R_OK | W_OK),
	     "access(mode: RW)");
	LINE("access", A("const char *", "int"), A("filename", "mode"), A(0, F_OK),
	     "access(mode: F)");
	LINE("getrandom", A("char *", "size_t", "unsigned int"), A("ubuf", "len", "flags"),
	     A(0, 8, GRND_NONBLOCK), "getrandom(len: 8, flags: NONBLOCK)");
	LINE("arch_prctl", A("int", "unsigned long"), A("option", "arg2"),
	     A(ARCH_SET_FS, 0x7f0000001000), "arch_prctl(option: SET_FS, arg2: 0x7f0000001000)");
	LINE("prlimit64", A("pid_t", "unsigned int"), A("pid", "resource"), A(0, RLIMIT_STACK),
	     "prlimit64(resource: STACK)");
	LINE("rt_sigprocmask", A("int", "size_t"), A("how", "sigsetsize"), A(SIG_BLOCK, 8),
	     "rt_sigprocmask(how: BLOCK, sigsetsize: 8)");
	LINE("madvise", A("unsigned long", "size_t", "int"), A("start", "len_in", "behavior"),
	     A(0x1000, 4096, MADV_DONTNEED),
	     "madvise(start: 0x1000, len_in: 4096, behavior: MADV_DONTNEED)");
	LINE("sendto", A("int", "size_t", "unsigned int"), A("fd", "len", "flags"),
	     A(7, 1, MSG_DONTWAIT | MSG_NOSIGNAL),
	     "sendto(fd: 7, len: 1, flags: DONTWAIT|NOSIGNAL)");
	LINE("recvmsg", A("int", "unsigned int"), A("fd", "flags"), A(7, MSG_PEEK),
	     "recvmsg(fd: 7, flags: PEEK)");
	LINE("wait4", A("pid_t", "int"), A("upid", "options"), A((uint32_t)-1, WNOHANG),
	     "wait4(upid: -1, options: NOHANG)");
	LINE("epoll_ctl", A("int", "int", "int"), A("epfd", "op", "fd"), A(9, EPOLL_CTL_ADD, 3),
	     "epoll_ctl(epfd: 9, op: ADD, fd: 3)");
	LINE("fcntl", A("unsigned int", "unsigned int", "unsigned long"), A("fd", "cmd", "arg"),
	     A(3, F_SETFL, O_NONBLOCK), "fcntl(fd: 3, cmd: SETFL, arg: RDONLY|NONBLOCK)");
	LINE("fcntl", A("unsigned int", "unsigned int", "unsigned long"), A("fd", "cmd", "arg"),
	     A(3, F_GETFL, 0), "fcntl(fd: 3, cmd: GETFL)");
	LINE("fcntl", A("unsigned int", "unsigned int", "unsigned long"), A("fd", "cmd", "arg"),
	     A(3, F_SETFD, FD_CLOEXEC), "fcntl(fd: 3, cmd: SETFD, arg: CLOEXEC)");
	LINE("socket", A("int", "int", "int"), A("family", "type", "protocol"),
	     A(AF_INET, SOCK_DGRAM, IPPROTO_UDP),
	     "socket(family: INET, type: DGRAM, protocol: UDP)");
	LINE("flock", A("unsigned int", "unsigned int"), A("fd", "cmd"), A(3, LOCK_SH | LOCK_NB),
	     "flock(fd: 3, cmd: SH|NB)");
	LINE("prctl", A("int", "unsigned long"), A("option", "arg2"), A(15, 0x5000),
	     "prctl(option: SET_NAME, arg2: 0x5000)");
}

/* Where perf trace prints a number, strace's names (their family's prefix dropped). */
static void test_scflags__as_strace_names_them(void **state)
{
	static const char *const so_types[] = { "int", "int", "int" };
	static const char *const so_args[] = { "fd", "level", "optname" };

	expect_line("setsockopt", so_types, so_args, 3, (const uint64_t[]){ 5, SOL_IP, IP_TOS },
		    "setsockopt(fd: 5, level: IP, optname: IP_TOS)");
	expect_line("setsockopt", so_types, so_args, 3,
		    (const uint64_t[]){ 5, SOL_SOCKET, SO_REUSEADDR },
		    "setsockopt(fd: 5, level: SOCKET, optname: SO_REUSEADDR)");
	expect_line("getsockopt", so_types, so_args, 3,
		    (const uint64_t[]){ 5, IPPROTO_TCP, TCP_NODELAY },
		    "getsockopt(fd: 5, level: TCP, optname: TCP_NODELAY)");
	expect_line("setsockopt", so_types, so_args, 3, (const uint64_t[]){ 5, 999, 7 },
		    "setsockopt(fd: 5, level: 999, optname: 7)");
	LINE("statx", A("int", "unsigned", "unsigned int"), A("dfd", "flags", "mask"),
	     A(AT_FDCWD, AT_STATX_SYNC_AS_STAT, STATX_BASIC_STATS),
	     "statx(dfd: CWD, flags: STATX_SYNC_AS_STAT, mask: BASIC_STATS)");
	LINE("statx", A("int", "unsigned", "unsigned int"), A("dfd", "flags", "mask"),
	     A(AT_FDCWD, AT_SYMLINK_NOFOLLOW, STATX_MODE | STATX_SIZE),
	     "statx(dfd: CWD, flags: STATX_SYNC_AS_STAT|SYMLINK_NOFOLLOW, mask: MODE|SIZE)");
	LINE("clock_nanosleep", A("const clockid_t", "int"), A("which_clock", "flags"),
	     A(CLOCK_MONOTONIC, 0), "clock_nanosleep(which_clock: MONOTONIC)");
	LINE("clock_gettime", A("const clockid_t"), A("which_clock"), A(CLOCK_REALTIME),
	     "clock_gettime(which_clock: REALTIME)");
	LINE("shutdown", A("int", "int"), A("fd", "how"), A(6, SHUT_RD),
	     "shutdown(fd: 6, how: RD)");
}

/* Zeros that are constants: shown. */
static void test_scflags__meaningful_zeros_shown(void **state)
{
	LINE("setsockopt", A("int", "int", "int"), A("fd", "level", "optname"), A(5, 0, IP_TTL),
	     "setsockopt(fd: 5, level: IP, optname: IP_TTL)");
	LINE("mmap", A("unsigned long", "unsigned long", "unsigned long"), A("addr", "len", "prot"),
	     A(0, 4096, PROT_NONE), "mmap(len: 4096, prot: NONE)");
	LINE("exit_group", A("int"), A("error_code"), A(0), "exit_group(error_code: 0)");
	LINE("kill", A("pid_t", "int"), A("pid", "sig"), A(42, 0), "kill(pid: 42, sig: 0)");
	LINE("tgkill", A("pid_t", "pid_t", "int"), A("tgid", "pid", "sig"), A(42, 43, SIGUSR1),
	     "tgkill(tgid: 42, pid: 43, sig: USR1)");
	LINE("madvise", A("unsigned long", "size_t", "int"), A("start", "len_in", "behavior"),
	     A(0x1000, 4096, MADV_NORMAL),
	     "madvise(start: 0x1000, len_in: 4096, behavior: MADV_NORMAL)");
	LINE("getrlimit", A("unsigned int"), A("resource"), A(RLIMIT_CPU),
	     "getrlimit(resource: CPU)");
}

static void test_scflags__kernel_errno_results(void **state)
{
	struct sc_desc d = { .name = "clock_nanosleep" };
	struct sc_call c = { .desc = &d, .exited = true, .ret = -516 };
	char buf[128];

	scfmt__ret(buf, sizeof(buf), &c);
	assert_string_equal(buf, "-1 ERESTART_RESTARTBLOCK");
	c.ret = -512;
	scfmt__ret(buf, sizeof(buf), &c);
	assert_string_equal(buf, "-1 ERESTARTSYS");
	c.ret = -EINTR;
	scfmt__ret(buf, sizeof(buf), &c);
	assert_string_equal(buf, "-1 EINTR (Interrupted system call)");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sysconst__new_tables),
		cmocka_unit_test(test_sysconst__kernel_errno),
		cmocka_unit_test(test_scflags__as_perf_trace_names_them),
		cmocka_unit_test(test_scflags__as_strace_names_them),
		cmocka_unit_test(test_scflags__meaningful_zeros_shown),
		cmocka_unit_test(test_scflags__kernel_errno_results),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
