// SPDX-License-Identifier: GPL-2.0
/*
 * Structs of processes, signals and time, one printer each (syscalls/scstruct.h): a
 * signal's action, resource limits, a timespec, a wait status, resource usage, times.
 */
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/times.h>
#include <sys/wait.h>
#include <time.h>
#include <linux/time_types.h>

#include "syscalls/scout.h"
#include "syscalls/scproc.h"
#include "syscalls/scstruct.h"
#include "syscalls/sysconst.h"

#ifndef SA_RESTORER
#define SA_RESTORER 0x04000000 /* the kernel's: glibc sets it and hides it */
#endif

/*
 * The kernel's struct sigaction on 64-bit x86 and arm64, not glibc's (whose mask is 128
 * bytes and comes second): the user headers have no type of it that does not clash with
 * <signal.h>'s, so its four words are spelled here.
 */
struct ksigaction {
	uint64_t handler;
	uint64_t flags;
	uint64_t restorer;
	uint64_t mask;
};

_Static_assert(sizeof(struct ksigaction) == SCSTRUCT_SIGACTION_SIZE, "the capture's sigaction");
_Static_assert(sizeof(struct rlimit) == SCSTRUCT_RLIMIT_SIZE, "the capture reads a rlimit");
_Static_assert(sizeof(struct __kernel_timespec) == SCSTRUCT_TIMESPEC_SIZE, "a timespec");
_Static_assert(sizeof(struct timespec) == SCSTRUCT_TIMESPEC_SIZE, "the user's timespec");
_Static_assert(sizeof(struct rusage) == SCSTRUCT_RUSAGE_SIZE, "the capture reads a rusage");
_Static_assert(sizeof(struct tms) == SCSTRUCT_TMS_SIZE, "the capture reads a tms");

/* In the order a person reads them first, SA_RESTORER ahead: glibc sets it on every call. */
static const struct scstruct_bit sa_flags[] = {
	{ SA_RESTORER, "SA_RESTORER" },
	{ SA_ONSTACK, "SA_ONSTACK" },
	{ SA_RESTART, "SA_RESTART" },
	{ SA_NODEFER, "SA_NODEFER" },
	{ SA_RESETHAND, "SA_RESETHAND" },
	{ SA_SIGINFO, "SA_SIGINFO" },
	{ SA_NOCLDSTOP, "SA_NOCLDSTOP" },
	{ SA_NOCLDWAIT, "SA_NOCLDWAIT" },
	{ 0, NULL },
};

/* SIG_DFL and SIG_IGN are the numbers 0 and 1; SIG_ERR (-1) never reaches the kernel. */
static void handler(struct scout *o, uint64_t h)
{
	if (h == (uint64_t)(uintptr_t)SIG_DFL)
		scout__str(o, "SIG_DFL");
	else if (h == (uint64_t)(uintptr_t)SIG_IGN)
		scout__str(o, "SIG_IGN");
	else
		scout__hex(o, h);
}

/* "{sa_handler=0x55..., sa_mask=[CHLD], sa_flags=SA_RESTORER|SA_RESTART, sa_restorer=0x7f...}" */
void scproc__sigaction(struct scout *o, const void *p, bool verbose)
{
	const struct ksigaction *sa = p;
	bool first = true;

	scout__put(o, "{", 1);
	scout__member(o, "sa_handler", &first);
	handler(o, sa->handler);
	scout__member(o, "sa_mask", &first);
	scstruct__sigset(o, sa->mask);
	scout__member(o, "sa_flags", &first);
	scstruct__bits(o, sa_flags, sa->flags);
	/* the restorer means something only when the flag says the kernel uses it */
	if (sa->flags & SA_RESTORER || verbose) {
		scout__member(o, "sa_restorer", &first);
		scout__hex(o, sa->restorer);
	}
	scout__put(o, "}", 1);
}

/* "RLIM64_INFINITY", "8192*1024" (a multiple of KiB reads better so), "20000" */
static void limit(struct scout *o, uint64_t v, const char *infinity)
{
	if (v == UINT64_MAX) {
		scout__str(o, infinity);
	} else if (v && !(v % 1024)) {
		scout__u64(o, v / 1024);
		scout__str(o, "*1024");
	} else {
		scout__u64(o, v);
	}
}

static void rlimit_of(struct scout *o, const void *p, const char *infinity)
{
	uint64_t v[2];
	bool first = true;

	memcpy(v, p, sizeof(v));
	scout__put(o, "{", 1);
	scout__member(o, "rlim_cur", &first);
	limit(o, v[0], infinity);
	scout__member(o, "rlim_max", &first);
	limit(o, v[1], infinity);
	scout__put(o, "}", 1);
}

void scproc__rlimit(struct scout *o, const void *p, bool verbose)
{
	rlimit_of(o, p, "RLIM_INFINITY");
}

void scproc__rlimit64(struct scout *o, const void *p, bool verbose)
{
	rlimit_of(o, p, "RLIM64_INFINITY");
}

/* "{tv_sec=0, tv_nsec=1000000}" */
void scproc__timespec(struct scout *o, const void *p, bool verbose)
{
	const struct __kernel_timespec *ts = p;
	bool first = true;

	scout__put(o, "{", 1);
	scout__member(o, "tv_sec", &first);
	scout__s64(o, ts->tv_sec);
	scout__member(o, "tv_nsec", &first);
	scout__s64(o, ts->tv_nsec);
	scout__put(o, "}", 1);
}

static void signal_name(struct scout *o, int sig)
{
	scout__named(o, &sysconst_signal, sig, 0);
}

/* What the status says, as the wait macros would test it. */
static void wait_macros(struct scout *o, int s)
{
	if (WIFEXITED(s)) {
		scout__str(o, "WIFEXITED(s) && WEXITSTATUS(s) == ");
		scout__s64(o, WEXITSTATUS(s));
	} else if (WIFSIGNALED(s)) {
		scout__str(o, "WIFSIGNALED(s) && WTERMSIG(s) == ");
		signal_name(o, WTERMSIG(s));
		if (WCOREDUMP(s))
			scout__str(o, " && WCOREDUMP(s)");
	} else if (WIFSTOPPED(s)) {
		scout__str(o, "WIFSTOPPED(s) && WSTOPSIG(s) == ");
		signal_name(o, WSTOPSIG(s));
	} else if (WIFCONTINUED(s)) {
		scout__str(o, "WIFCONTINUED(s)");
	} else {
		scout__hex(o, (uint32_t)s);
	}
}

/* "[{WIFEXITED(s) && WEXITSTATUS(s) == 3}]"; a ptrace event in the high bits after a "|" */
void scproc__wait_status(struct scout *o, const void *p, bool verbose)
{
	int s;

	memcpy(&s, p, sizeof(s));
	scout__str(o, "[{");
	wait_macros(o, s & 0xffff);
	scout__put(o, "}", 1);
	if ((uint32_t)s >> 16) {
		scout__str(o, " | ");
		scout__u64(o, (uint32_t)s >> 16);
		scout__str(o, " << 16");
	}
	scout__put(o, "]", 1);
}

static void timeval_member(struct scout *o, const char *name, const struct timeval *tv, bool *first)
{
	bool inner = true;

	scout__member(o, name, first);
	scout__put(o, "{", 1);
	scout__member(o, "tv_sec", &inner);
	scout__s64(o, tv->tv_sec);
	scout__member(o, "tv_usec", &inner);
	scout__s64(o, tv->tv_usec);
	scout__put(o, "}", 1);
}

static void long_member(struct scout *o, const char *name, long v, bool *first)
{
	scout__member(o, name, first);
	scout__s64(o, v);
}

/* "{ru_utime={tv_sec=0, tv_usec=415}, ru_stime={tv_sec=0, tv_usec=0}, ...}" */
void scproc__rusage(struct scout *o, const void *p, bool verbose)
{
	const struct rusage *ru = p;
	bool first = true;

	scout__put(o, "{", 1);
	timeval_member(o, "ru_utime", &ru->ru_utime, &first);
	timeval_member(o, "ru_stime", &ru->ru_stime, &first);
	if (!verbose) {
		scout__str(o, ", ...}");
		return;
	}
	long_member(o, "ru_maxrss", ru->ru_maxrss, &first);
	long_member(o, "ru_ixrss", ru->ru_ixrss, &first);
	long_member(o, "ru_idrss", ru->ru_idrss, &first);
	long_member(o, "ru_isrss", ru->ru_isrss, &first);
	long_member(o, "ru_minflt", ru->ru_minflt, &first);
	long_member(o, "ru_majflt", ru->ru_majflt, &first);
	long_member(o, "ru_nswap", ru->ru_nswap, &first);
	long_member(o, "ru_inblock", ru->ru_inblock, &first);
	long_member(o, "ru_oublock", ru->ru_oublock, &first);
	long_member(o, "ru_msgsnd", ru->ru_msgsnd, &first);
	long_member(o, "ru_msgrcv", ru->ru_msgrcv, &first);
	long_member(o, "ru_nsignals", ru->ru_nsignals, &first);
	long_member(o, "ru_nvcsw", ru->ru_nvcsw, &first);
	long_member(o, "ru_nivcsw", ru->ru_nivcsw, &first);
	scout__put(o, "}", 1);
}

/* "{tms_utime=0, tms_stime=0, tms_cutime=0, tms_cstime=0}": clock ticks */
void scproc__tms(struct scout *o, const void *p, bool verbose)
{
	const struct tms *t = p;
	bool first = true;

	scout__put(o, "{", 1);
	long_member(o, "tms_utime", t->tms_utime, &first);
	long_member(o, "tms_stime", t->tms_stime, &first);
	long_member(o, "tms_cutime", t->tms_cutime, &first);
	long_member(o, "tms_cstime", t->tms_cstime, &first);
	scout__put(o, "}", 1);
}
