// SPDX-License-Identifier: GPL-2.0
/*
 * Structs of system calls as strace writes them: stat, statx, statfs, signal sets and
 * actions, limits, timespecs, wait statuses, rusage, utsname, sysinfo, tms, and the
 * arguments printed by another argument or the result (sclinked.c).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/statfs.h>
#include <sys/sysinfo.h>
#include <sys/sysmacros.h>
#include <sys/times.h>
#include <sys/wait.h>
#include <linux/futex.h>
#include <linux/magic.h>
#include <linux/sched.h>
#include <linux/utsname.h>

#include "syscalls/scfmt.h"
#include "syscalls/sclinked.h"
#include "syscalls/scout.h"
#include "syscalls/scstruct.h"

static void expect_struct(enum sc_arg_kind k, const void *p, uint32_t len, bool verbose,
			  const char *want)
{
	struct scfmt_opts o = { .verbose = verbose };
	struct sc_bytes b = { .p = p, .len = len };
	char buf[1024];
	struct scout out = scout__at(buf, sizeof(buf));

	scstruct__print(&out, k, &b, &o);
	assert_string_equal(buf, want);
}

static void test_scstruct__stat(void **state)
{
	struct stat st = { .st_mode = S_IFREG | 0644, .st_size = 25, .st_nlink = 1 };

	expect_struct(SCA_STAT_OUT, &st, sizeof(st), false,
		      "{st_mode=S_IFREG|0644, st_size=25, ...}");
	st.st_mode = S_IFCHR | 0620;
	st.st_rdev = makedev(0x88, 1);
	expect_struct(SCA_STAT_OUT, &st, sizeof(st), false,
		      "{st_mode=S_IFCHR|0620, st_rdev=makedev(0x88, 0x1), ...}");
	st = (struct stat){ .st_mode = S_IFDIR | 0755,
			    .st_size = 4096,
			    .st_ino = 7,
			    .st_nlink = 2,
			    .st_blksize = 4096,
			    .st_blocks = 8 };
	expect_struct(SCA_STAT_OUT, &st, sizeof(st), true,
		      "{st_dev=makedev(0, 0), st_ino=7, st_mode=S_IFDIR|0755, st_nlink=2, "
		      "st_uid=0, st_gid=0, st_blksize=4096, st_blocks=8, st_size=4096, "
		      "st_atime=0, st_mtime=0, st_ctime=0}");
	/* fewer bytes than the struct: not made up */
	expect_struct(SCA_STAT_OUT, &st, 10, false, "{...}");
}

static void test_scstruct__statx(void **state)
{
	struct statx sx = { .stx_mask = 0x7ff, .stx_mode = S_IFREG | 0600, .stx_size = 3 };

	expect_struct(SCA_STATX_OUT, &sx, sizeof(sx), false,
		      "{stx_mask=0x7ff, stx_attributes=0, stx_mode=S_IFREG|0600, stx_size=3, ...}");
}

static void test_scstruct__sigsets(void **state)
{
	uint64_t set = 1ULL << (SIGCHLD - 1) | 1ULL << (SIGUSR1 - 1);

	expect_struct(SCA_SIGSET_IN, &set, sizeof(set), false, "[USR1 CHLD]");
	set = 0;
	expect_struct(SCA_SIGSET_OUT, &set, sizeof(set), false, "[]");
	/* more than half the signals: those the set lacks */
	set = ~(1ULL << (SIGKILL - 1) | 1ULL << (SIGSTOP - 1));
	expect_struct(SCA_SIGSET_IN, &set, sizeof(set), false, "~[KILL STOP]");
	set = 1ULL << 31 | 1ULL << 33;
	expect_struct(SCA_SIGSET_IN, &set, sizeof(set), false, "[RTMIN RT_2]");
}

/* The kernel's struct sigaction on x86-64: handler, flags, restorer, mask. */
struct ksigaction {
	uint64_t handler, flags, restorer, mask;
};

static void test_scstruct__sigaction(void **state)
{
	struct ksigaction sa = { .handler = 0x5555aaaa1000,
				 .flags = 0x04000000 | SA_RESTART,
				 .restorer = 0x7f0011223344,
				 .mask = 1ULL << (SIGCHLD - 1) };

	expect_struct(
		SCA_SIGACTION_IN, &sa, sizeof(sa), false,
		"{sa_handler=0x5555aaaa1000, sa_mask=[CHLD], sa_flags=SA_RESTORER|SA_RESTART, "
		"sa_restorer=0x7f0011223344}");
	sa = (struct ksigaction){ .handler = 1 };
	expect_struct(SCA_SIGACTION_OUT, &sa, sizeof(sa), false,
		      "{sa_handler=SIG_IGN, sa_mask=[], sa_flags=0}");
	sa.handler = 0;
	expect_struct(SCA_SIGACTION_OUT, &sa, sizeof(sa), true,
		      "{sa_handler=SIG_DFL, sa_mask=[], sa_flags=0, sa_restorer=0}");
	/* bits no name covers, in hex */
	sa.flags = SA_SIGINFO | 0x100;
	expect_struct(SCA_SIGACTION_IN, &sa, sizeof(sa), false,
		      "{sa_handler=SIG_DFL, sa_mask=[], sa_flags=SA_SIGINFO|0x100}");
	expect_struct(SCA_SIGACTION_IN, &sa, sizeof(sa) - 1, false, "{...}");
}

static void test_scstruct__rlimit(void **state)
{
	uint64_t rl[2] = { 8192 * 1024, UINT64_MAX };

	expect_struct(SCA_RLIMIT64_OUT, rl, sizeof(rl), false,
		      "{rlim_cur=8192*1024, rlim_max=RLIM64_INFINITY}");
	expect_struct(SCA_RLIMIT_OUT, rl, sizeof(rl), false,
		      "{rlim_cur=8192*1024, rlim_max=RLIM_INFINITY}");
	rl[0] = 20000;
	rl[1] = 0;
	expect_struct(SCA_RLIMIT64_IN, rl, sizeof(rl), false, "{rlim_cur=20000, rlim_max=0}");
	expect_struct(SCA_RLIMIT_IN, rl, 8, false, "{...}");
}

static void test_scstruct__timespec(void **state)
{
	struct timespec ts = { .tv_sec = 0, .tv_nsec = 1000000 };

	expect_struct(SCA_TIMESPEC_IN, &ts, sizeof(ts), false, "{tv_sec=0, tv_nsec=1000000}");
	ts = (struct timespec){ .tv_sec = -1, .tv_nsec = -5 }; /* hostile: as it is, signed */
	expect_struct(SCA_TIMESPEC_OUT, &ts, sizeof(ts), true, "{tv_sec=-1, tv_nsec=-5}");
	expect_struct(SCA_TIMESPEC_OUT, &ts, 0, false, "{...}");
}

static void test_scstruct__wait_status(void **state)
{
	int s = 3 << 8;

	expect_struct(SCA_WAIT_STATUS_OUT, &s, sizeof(s), false,
		      "[{WIFEXITED(s) && WEXITSTATUS(s) == 3}]");
	s = SIGKILL;
	expect_struct(SCA_WAIT_STATUS_OUT, &s, sizeof(s), false,
		      "[{WIFSIGNALED(s) && WTERMSIG(s) == SIGKILL}]");
	s = SIGSEGV | 0x80;
	expect_struct(SCA_WAIT_STATUS_OUT, &s, sizeof(s), false,
		      "[{WIFSIGNALED(s) && WTERMSIG(s) == SIGSEGV && WCOREDUMP(s)}]");
	s = SIGSTOP << 8 | 0x7f;
	expect_struct(SCA_WAIT_STATUS_OUT, &s, sizeof(s), false,
		      "[{WIFSTOPPED(s) && WSTOPSIG(s) == SIGSTOP}]");
	s = 0xffff;
	expect_struct(SCA_WAIT_STATUS_OUT, &s, sizeof(s), false, "[{WIFCONTINUED(s)}]");
	s = (SIGTRAP << 8 | 0x7f) | 4 << 16; /* a ptrace event above */
	expect_struct(SCA_WAIT_STATUS_OUT, &s, sizeof(s), false,
		      "[{WIFSTOPPED(s) && WSTOPSIG(s) == SIGTRAP} | 4 << 16]");
	expect_struct(SCA_WAIT_STATUS_OUT, &s, 2, false, "{...}");
}

static void test_scstruct__rusage(void **state)
{
	struct rusage ru = { .ru_utime = { 0, 1234 }, .ru_stime = { 1, 5 }, .ru_maxrss = 260 };

	expect_struct(SCA_RUSAGE_OUT, &ru, sizeof(ru), false,
		      "{ru_utime={tv_sec=0, tv_usec=1234}, ru_stime={tv_sec=1, tv_usec=5}, ...}");
	expect_struct(SCA_RUSAGE_OUT, &ru, sizeof(ru), true,
		      "{ru_utime={tv_sec=0, tv_usec=1234}, ru_stime={tv_sec=1, tv_usec=5}, "
		      "ru_maxrss=260, ru_ixrss=0, ru_idrss=0, ru_isrss=0, ru_minflt=0, "
		      "ru_majflt=0, ru_nswap=0, ru_inblock=0, ru_oublock=0, ru_msgsnd=0, "
		      "ru_msgrcv=0, ru_nsignals=0, ru_nvcsw=0, ru_nivcsw=0}");
}

static void test_scstruct__utsname(void **state)
{
	struct new_utsname u = { .sysname = "Linux", .nodename = "vm", .machine = "x86_64" };
	char want[512];

	expect_struct(SCA_UTSNAME_OUT, &u, sizeof(u), false,
		      "{sysname=\"Linux\", nodename=\"vm\", ...}");
	expect_struct(SCA_UTSNAME_OUT, &u, sizeof(u), true,
		      "{sysname=\"Linux\", nodename=\"vm\", release=\"\", version=\"\", "
		      "machine=\"x86_64\", domainname=\"\"}");
	/* no NUL in a member: its 65 bytes, never past them, quotes escaped */
	memset(u.sysname, 'a', sizeof(u.sysname));
	memset(u.nodename, '"', sizeof(u.nodename));
	strcpy(want, "{sysname=\"");
	for (int k = 0; k < 65; k++)
		strcat(want, "a");
	strcat(want, "\", nodename=\"");
	for (int k = 0; k < 65; k++)
		strcat(want, "\\\"");
	strcat(want, "\", ...}");
	expect_struct(SCA_UTSNAME_OUT, &u, sizeof(u), false, want);
}

static void test_scstruct__sysinfo_tms(void **state)
{
	struct sysinfo si = { .uptime = 1056,
			      .loads = { 336416, 267296, 141600 },
			      .totalram = 4096,
			      .procs = 132,
			      .mem_unit = 1 };
	struct tms t = { .tms_utime = 1, .tms_stime = 2, .tms_cutime = 3, .tms_cstime = 4 };

	expect_struct(SCA_SYSINFO_OUT, &si, sizeof(si), false,
		      "{uptime=1056, loads=[336416, 267296, 141600], totalram=4096, freeram=0, "
		      "sharedram=0, bufferram=0, totalswap=0, freeswap=0, procs=132, totalhigh=0, "
		      "freehigh=0, mem_unit=1}");
	expect_struct(SCA_TMS_OUT, &t, sizeof(t), false,
		      "{tms_utime=1, tms_stime=2, tms_cutime=3, tms_cstime=4}");
	expect_struct(SCA_TMS_OUT, &t, sizeof(t) - 8, false, "{...}");
}

static void test_scstruct__statfs(void **state)
{
	struct statfs f = { .f_type = EXT2_SUPER_MAGIC,
			    .f_bsize = 4096,
			    .f_blocks = 10,
			    .f_namelen = 255,
			    .f_frsize = 4096,
			    .f_flags = 0x20 | 0x1000 };

	f.f_fsid.__val[0] = 0x15a9a81f;
	f.f_fsid.__val[1] = -1;
	expect_struct(SCA_STATFS_OUT, &f, sizeof(f), false,
		      "{f_type=EXT2_SUPER_MAGIC, f_bsize=4096, f_blocks=10, f_bfree=0, f_bavail=0, "
		      "f_files=0, f_ffree=0, f_fsid={val=[0x15a9a81f, 0xffffffff]}, "
		      "f_namelen=255, f_frsize=4096, f_flags=ST_VALID|ST_RELATIME}");
	f.f_type = 0x12345678;
	f.f_flags = 0;
	expect_struct(SCA_STATFS_OUT, &f, sizeof(f), false,
		      "{f_type=0x12345678, f_bsize=4096, f_blocks=10, f_bfree=0, f_bavail=0, "
		      "f_files=0, f_ffree=0, f_fsid={val=[0x15a9a81f, 0xffffffff]}, "
		      "f_namelen=255, f_frsize=4096, f_flags=0}");
}

/* ---- printed with another argument or the result ---- */

static struct sc_desc desc_of(const char *name, int nr_args, const enum sc_arg_kind *kinds)
{
	struct sc_desc d = { .name = name, .has_format = true, .nr_args = (uint8_t)nr_args };

	for (int i = 0; i < nr_args; i++) {
		d.args[i].kind = kinds[i];
		d.args[i].size = 8;
		snprintf(d.args[i].name, sizeof(d.args[i].name), "a%d", i);
	}
	return d;
}

static struct sc_bytes bytes(const void *p, uint32_t len)
{
	return (struct sc_bytes){ .p = p, .len = len };
}

static void expect_arg(const struct sc_call *c, int i, bool verbose, const char *want)
{
	struct scfmt_opts o = { .verbose = verbose };
	char buf[1024];
	bool shown;

	scfmt__arg(buf, sizeof(buf), c, i, &o, &shown);
	assert_string_equal(buf, want);
}

static void test_sclinked__socklen(void **state)
{
	static const enum sc_arg_kind k[] = { SCA_FD, SCA_SOCKADDR_OUT, SCA_SOCKLEN_INOUT };
	struct sc_desc d = desc_of("getsockname", 3, k);
	int32_t in = 128, out = 16;
	struct sc_call c = { .desc = &d, .args = { 3, 0x1000, 0x2000 } };

	c.mem[2] = bytes(&in, 4);
	expect_arg(&c, 2, false, "[128]"); /* not returned yet */
	c.exited = true;
	c.out[2] = bytes(&out, 4);
	expect_arg(&c, 2, false, "[128 => 16]");
	in = 16;
	expect_arg(&c, 2, false, "[16]");
	c.ret = -14; /* failed: what it read */
	in = 128;
	expect_arg(&c, 2, false, "[128]");
	c.mem[2].fault = true;
	expect_arg(&c, 2, false, "0x2000");
	c.args[2] = 0;
	expect_arg(&c, 2, false, "NULL");
}

static void test_sclinked__sockopt(void **state)
{
	static const enum sc_arg_kind in_k[] = { SCA_FD, SCA_INT, SCA_INT, SCA_SOCKOPT_IN,
						 SCA_INT };
	static const enum sc_arg_kind out_k[] = { SCA_FD, SCA_INT, SCA_INT, SCA_SOCKOPT_OUT,
						  SCA_SOCKLEN_INOUT };
	struct sc_desc din = desc_of("setsockopt", 5, in_k), dout = desc_of("getsockopt", 5, out_k);
	int32_t one = 1, four = 4, eight = 8;
	struct sc_call c = { .desc = &din, .args = { 3, 1, 2, 0x1000, 4 } };

	c.mem[3] = bytes(&one, 4);
	expect_arg(&c, 3, false, "[1]");
	c.args[4] = 2; /* not an int: its bytes */
	c.mem[3] = bytes("ab", 2);
	expect_arg(&c, 3, false, "\"ab\"");
	c = (struct sc_call){ .desc = &dout, .args = { 3, 1, 2, 0x1000, 0x2000 }, .exited = true };
	c.out[3] = bytes(&one, 4);
	c.out[4] = bytes(&four, 4);
	expect_arg(&c, 3, false, "[1]");
	c.out[4] = bytes(&eight, 4); /* a struct of 8 bytes: the pointer */
	expect_arg(&c, 3, false, "0x1000");
}

static void test_sclinked__ioctl_futex(void **state)
{
	static const enum sc_arg_kind ik[] = { SCA_FD, SCA_UINT, SCA_IOCTL_ARG };
	static const enum sc_arg_kind fk[] = { SCA_HEX, SCA_FUTEX_OP, SCA_UINT, SCA_FUTEX_TIMEOUT };
	struct sc_desc di = desc_of("ioctl", 3, ik), df = desc_of("futex", 4, fk);
	struct timespec ts = { 1, 5 };
	int32_t n = 0;
	struct sc_call c = { .desc = &di, .args = { 3, FIONREAD, 0x1000 }, .exited = true };

	c.out[2] = bytes(&n, 4);
	expect_arg(&c, 2, false, "[0]");
	c.args[1] = TCGETS; /* another request: the address */
	expect_arg(&c, 2, false, "0x1000");
	c = (struct sc_call){ .desc = &df, .args = { 0x1000, FUTEX_WAIT_PRIVATE, 0, 0x2000 } };
	c.mem[3] = bytes(&ts, sizeof(ts));
	expect_arg(&c, 3, false, "{tv_sec=1, tv_nsec=5}");
	c.args[1] = FUTEX_CMP_REQUEUE_PRIVATE; /* no timeout there: val2 */
	c.args[3] = 7;
	expect_arg(&c, 3, false, "7");
}

static void test_sclinked__clone_args(void **state)
{
	static const enum sc_arg_kind k[] = { SCA_CLONE_ARGS_IN, SCA_UINT };
	struct sc_desc d = desc_of("clone3", 2, k);
	struct clone_args a = { .flags = CLONE_VM | CLONE_SETTLS | CLONE_PARENT_SETTID,
				.parent_tid = 0x7f10,
				.exit_signal = 0,
				.stack = 0x7f00,
				.stack_size = 0x7fff00,
				.tls = 0x7f20 };
	struct sc_call c = { .desc = &d, .args = { 0x1000, sizeof(a) } };

	c.mem[0] = bytes(&a, sizeof(a));
	expect_arg(&c, 0, false,
		   "{flags=CLONE_VM|CLONE_SETTLS|CLONE_PARENT_SETTID, parent_tid=0x7f10, "
		   "exit_signal=0, stack=0x7f00, stack_size=0x7fff00, tls=0x7f20}");
	a = (struct clone_args){ .exit_signal = SIGCHLD };
	expect_arg(&c, 0, false, "{flags=0, exit_signal=SIGCHLD, stack=NULL, stack_size=0}");
	c.args[1] = 32; /* shorter than its first version: not made up */
	expect_arg(&c, 0, false, "{...}");
}

/* A linux_dirent64 of name at p: its length. */
static size_t put_dirent(uint8_t *p, uint64_t ino, uint8_t type, const char *name)
{
	uint16_t len = (uint16_t)((19 + strlen(name) + 1 + 7) & ~7u);

	memset(p, 0, len);
	memcpy(p, &ino, 8);
	memcpy(p + 16, &len, 2);
	p[18] = type;
	memcpy(p + 19, name, strlen(name));
	return len;
}

static void test_sclinked__dirents(void **state)
{
	static const enum sc_arg_kind k[] = { SCA_FD, SCA_DIRENTS_OUT, SCA_UINT };
	struct sc_desc d = desc_of("getdents64", 3, k);
	uint8_t buf[128];
	size_t n = put_dirent(buf, 7, DT_DIR, ".");
	struct sc_call c = { .desc = &d, .args = { 3, 0x1000, 4096 }, .exited = true };

	n += put_dirent(buf + n, 8, DT_REG, "x");
	c.ret = (int64_t)n;
	c.out[1] = bytes(buf, (uint32_t)n);
	expect_arg(&c, 1, false, "0x1000 /* 2 entries */");
	expect_arg(&c, 1, true,
		   "[{d_ino=7, d_off=0, d_reclen=24, d_type=DT_DIR, d_name=\".\"}, "
		   "{d_ino=8, d_off=0, d_reclen=24, d_type=DT_REG, d_name=\"x\"}]");
	/* the capture kept fewer bytes than returned: those counted, more not */
	c.ret = 4000;
	c.out[1].truncated = true;
	expect_arg(&c, 1, false, "0x1000 /* 2+ entries */");
	/* hostile: a length past the bytes ends the walk */
	memset(buf + 16, 0xff, 2);
	expect_arg(&c, 1, false, "0x1000 /* 0+ entries */");
	c.ret = 0;
	c.out[1] = bytes(buf, 0);
	expect_arg(&c, 1, false, "0x1000 /* 0 entries */");
	expect_arg(&c, 1, true, "[]");
	c.ret = -9;
	expect_arg(&c, 1, false, "0x1000");
}

static void test_sclinked__cpuset(void **state)
{
	static const enum sc_arg_kind k[] = { SCA_INT, SCA_UINT, SCA_CPUSET_OUT };
	struct sc_desc d = desc_of("sched_getaffinity", 3, k);
	uint8_t mask[8] = { 0x3, 0, 0, 0, 0, 0, 0, 0x80 };
	struct sc_call c = { .desc = &d, .args = { 0, 8, 0x1000 }, .exited = true, .ret = 8 };

	c.out[2] = bytes(mask, sizeof(mask));
	expect_arg(&c, 2, false, "[0 1 63]");
	c.out[2].truncated = true;
	expect_arg(&c, 2, false, "[0 1 63 ...]");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_scstruct__stat),
		cmocka_unit_test(test_scstruct__statx),
		cmocka_unit_test(test_scstruct__sigsets),
		cmocka_unit_test(test_scstruct__sigaction),
		cmocka_unit_test(test_scstruct__rlimit),
		cmocka_unit_test(test_scstruct__timespec),
		cmocka_unit_test(test_scstruct__wait_status),
		cmocka_unit_test(test_scstruct__rusage),
		cmocka_unit_test(test_scstruct__utsname),
		cmocka_unit_test(test_scstruct__sysinfo_tms),
		cmocka_unit_test(test_scstruct__statfs),
		cmocka_unit_test(test_sclinked__socklen),
		cmocka_unit_test(test_sclinked__sockopt),
		cmocka_unit_test(test_sclinked__ioctl_futex),
		cmocka_unit_test(test_sclinked__clone_args),
		cmocka_unit_test(test_sclinked__dirents),
		cmocka_unit_test(test_sclinked__cpuset),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
