// SPDX-License-Identifier: GPL-2.0
/* Signals and process ends as strace words them (syscalls/scsig.h). */
#include <ctype.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util/jsonw.h"
#include "syscalls/sysconst.h"
#include "syscalls/scsig.h"

#define SIG_MAX 64
#define KERNEL_SIGRTMIN 32 /* the kernel's, not the C library's (which keeps two for itself) */
#define SIGNAME_MAX 16
#define CORE_DUMPED 0x80 /* in a wait status */

struct code_name {
	int signo; /* 0: any signal */
	int code;
	const char *name;
};

/* clang-format off */
#define CODE(sig, c) { sig, c, #c }
/* clang-format on */

/* si_code by signal; the values are the system headers' */
static const struct code_name code_names[] = {
	CODE(0, SI_USER),
	CODE(0, SI_KERNEL),
	CODE(0, SI_QUEUE),
	CODE(0, SI_TIMER),
	CODE(0, SI_MESGQ),
	CODE(0, SI_ASYNCIO),
	CODE(0, SI_SIGIO),
	CODE(0, SI_TKILL),
	CODE(0, SI_DETHREAD),
	CODE(0, SI_ASYNCNL),
	CODE(SIGCHLD, CLD_EXITED),
	CODE(SIGCHLD, CLD_KILLED),
	CODE(SIGCHLD, CLD_DUMPED),
	CODE(SIGCHLD, CLD_TRAPPED),
	CODE(SIGCHLD, CLD_STOPPED),
	CODE(SIGCHLD, CLD_CONTINUED),
	CODE(SIGSEGV, SEGV_MAPERR),
	CODE(SIGSEGV, SEGV_ACCERR),
	CODE(SIGSEGV, SEGV_BNDERR),
	CODE(SIGSEGV, SEGV_PKUERR),
	CODE(SIGSEGV, SEGV_ACCADI),
	CODE(SIGSEGV, SEGV_ADIDERR),
	CODE(SIGSEGV, SEGV_ADIPERR),
	CODE(SIGSEGV, SEGV_MTEAERR),
	CODE(SIGSEGV, SEGV_MTESERR),
	CODE(SIGBUS, BUS_ADRALN),
	CODE(SIGBUS, BUS_ADRERR),
	CODE(SIGBUS, BUS_OBJERR),
	CODE(SIGBUS, BUS_MCEERR_AR),
	CODE(SIGBUS, BUS_MCEERR_AO),
	CODE(SIGILL, ILL_ILLOPC),
	CODE(SIGILL, ILL_ILLOPN),
	CODE(SIGILL, ILL_ILLADR),
	CODE(SIGILL, ILL_ILLTRP),
	CODE(SIGILL, ILL_PRVOPC),
	CODE(SIGILL, ILL_PRVREG),
	CODE(SIGILL, ILL_COPROC),
	CODE(SIGILL, ILL_BADSTK),
	CODE(SIGFPE, FPE_INTDIV),
	CODE(SIGFPE, FPE_INTOVF),
	CODE(SIGFPE, FPE_FLTDIV),
	CODE(SIGFPE, FPE_FLTOVF),
	CODE(SIGFPE, FPE_FLTUND),
	CODE(SIGFPE, FPE_FLTRES),
	CODE(SIGFPE, FPE_FLTINV),
	CODE(SIGFPE, FPE_FLTSUB),
	CODE(SIGTRAP, TRAP_BRKPT),
	CODE(SIGTRAP, TRAP_TRACE),
	CODE(SIGTRAP, TRAP_BRANCH),
	CODE(SIGTRAP, TRAP_HWBKPT),
	CODE(SIGPOLL, POLL_IN),
	CODE(SIGPOLL, POLL_OUT),
	CODE(SIGPOLL, POLL_MSG),
	CODE(SIGPOLL, POLL_ERR),
	CODE(SIGPOLL, POLL_PRI),
	CODE(SIGPOLL, POLL_HUP),
	{ SIGSYS, 1, "SYS_SECCOMP" }, /* no C library header names it */
};

/* Which of siginfo's fields a signal has, by its si_code. */
enum sig_fields {
	SF_NONE,
	SF_SENDER, /* kill(), tgkill(): pid, uid */
	SF_VALUE, /* sigqueue(), message queues: pid, uid, value */
	SF_TIMER, /* timer id, overruns, value */
	SF_CHILD, /* pid, uid, status, times */
	SF_FAULT, /* the address */
	SF_POLL, /* band, fd */
	SF_SYS, /* seccomp: the call's address, number and architecture */
};

/* A signal's fields, taken out of the union by their offsets in siginfo_t (bpf/syscalls.h). */
struct sig_info {
	int32_t pid, status, overrun, fd, syscall;
	uint32_t uid, arch, timerid;
	int64_t utime, stime, band;
	uint64_t value, addr;
};

/* Text into buf, cut at its end. */
struct out {
	char *buf;
	size_t size, len;
};

const char *scsig__name(int signo, char *buf, size_t size)
{
	const char *name = sysconst__name(&sysconst_signal, signo);

	if (name)
		return name;
	if (signo == 16)
		snprintf(buf, size, "SIGSTKFLT");
	else if (signo == KERNEL_SIGRTMIN)
		snprintf(buf, size, "SIGRTMIN");
	else if (signo > KERNEL_SIGRTMIN && signo <= SIG_MAX)
		snprintf(buf, size, "SIGRT_%d", signo - KERNEL_SIGRTMIN);
	else
		snprintf(buf, size, "SIG%d", signo);
	return buf;
}

const char *scsig__code_name(int signo, int code)
{
	for (size_t i = 0; i < sizeof(code_names) / sizeof(code_names[0]); i++) {
		const struct code_name *c = &code_names[i];

		/* the codes of any signal are those a task or the kernel sends by hand */
		if (c->code == code &&
		    (c->signo ? c->signo == signo : code <= 0 || code == SI_KERNEL))
			return c->name;
	}
	return NULL;
}

int scsig__parse(const char *word)
{
	char buf[SIGNAME_MAX], *end;
	long n = strtol(word, &end, 10);

	if (*word && !*end)
		return n > 0 && n <= SIG_MAX ? (int)n : 0;
	for (int sig = 1; sig <= SIG_MAX; sig++) {
		const char *name = scsig__name(sig, buf, sizeof(buf));

		if (!strcasecmp(word, name) || !strcasecmp(word, name + 3))
			return sig;
	}
	return 0;
}

static enum sig_fields fields_of(int signo, int code)
{
	bool fault = signo == SIGSEGV || signo == SIGBUS || signo == SIGILL || signo == SIGFPE ||
		     signo == SIGTRAP;

	if (code == SI_QUEUE || code == SI_MESGQ)
		return SF_VALUE;
	if (code == SI_TIMER)
		return SF_TIMER;
	if (code == SI_SIGIO)
		return SF_POLL;
	if (code == SI_KERNEL)
		return fault ? SF_FAULT : SF_NONE;
	if (code <= 0)
		return SF_SENDER;
	if (signo == SIGCHLD)
		return SF_CHILD;
	if (fault)
		return SF_FAULT;
	if (signo == SIGPOLL)
		return SF_POLL;
	return signo == SIGSYS ? SF_SYS : SF_NONE;
}

/* n bytes at offset off of the union: its layout is user space's siginfo_t (LP64) */
static void field(const struct sysrec_signal *s, size_t off, void *to, size_t n)
{
	memcpy(to, (const uint8_t *)s->fields + off, n);
}

static struct sig_info info_of(const struct sysrec_signal *s)
{
	struct sig_info i = { 0 };

	field(s, 0, &i.pid, 4);
	field(s, 4, &i.uid, 4);
	field(s, 0, &i.timerid, 4);
	field(s, 4, &i.overrun, 4);
	field(s, 8, &i.value, 8);
	field(s, 8, &i.status, 4);
	field(s, 16, &i.utime, 8);
	field(s, 24, &i.stime, 8);
	field(s, 0, &i.addr, 8);
	field(s, 0, &i.band, 8);
	field(s, 8, &i.fd, 4);
	field(s, 8, &i.syscall, 4);
	field(s, 12, &i.arch, 4);
	return i;
}

static void put(struct out *o, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (o->len + 1 >= o->size)
		return;
	va_start(ap, fmt);
	n = vsnprintf(o->buf + o->len, o->size - o->len, fmt, ap);
	va_end(ap);
	if (n > 0)
		o->len += (size_t)n < o->size - o->len ? (size_t)n : o->size - o->len - 1;
}

/* "NULL" or "0x..." */
static void put_addr(struct out *o, const char *key, uint64_t addr)
{
	if (addr)
		put(o, ", %s=%#llx", key, (unsigned long long)addr);
	else
		put(o, ", %s=NULL", key);
}

static void put_sig(struct out *o, int signo)
{
	char buf[SIGNAME_MAX];

	put(o, "%s", scsig__name(signo, buf, sizeof(buf)));
}

static void put_child(struct out *o, int code, const struct sig_info *i)
{
	put(o, ", si_pid=%d, si_uid=%u, si_status=", i->pid, i->uid);
	if (code == CLD_EXITED)
		put(o, "%d", i->status);
	else
		put_sig(o, i->status);
	put(o, ", si_utime=%lld, si_stime=%lld", (long long)i->utime, (long long)i->stime);
}

static void put_syscall(struct out *o, const struct sig_info *i)
{
	const char *name = sysconst__name(&sysconst_syscall, i->syscall);

	put_addr(o, "si_call_addr", i->addr);
	if (name)
		put(o, ", si_syscall=__NR_%s, si_arch=%#x", name, i->arch);
	else
		put(o, ", si_syscall=%d, si_arch=%#x", i->syscall, i->arch);
}

/* The fields past si_code, each ", name=value". */
static void put_fields(struct out *o, const struct sysrec_signal *s)
{
	struct sig_info i = info_of(s);

	switch (fields_of(s->signo, s->code)) {
	case SF_SENDER:
		put(o, ", si_pid=%d, si_uid=%u", i.pid, i.uid);
		break;
	case SF_VALUE:
		put(o, ", si_pid=%d, si_uid=%u, si_int=%d, si_ptr=%#llx", i.pid, i.uid,
		    (int32_t)i.value, (unsigned long long)i.value);
		break;
	case SF_TIMER:
		put(o, ", si_timerid=%#x, si_overrun=%d, si_int=%d, si_ptr=%#llx", i.timerid,
		    i.overrun, (int32_t)i.value, (unsigned long long)i.value);
		break;
	case SF_CHILD:
		put_child(o, s->code, &i);
		break;
	case SF_FAULT:
		put_addr(o, "si_addr", i.addr);
		break;
	case SF_POLL:
		put(o, ", si_band=%lld, si_fd=%d", (long long)i.band, i.fd);
		break;
	case SF_SYS:
		put_syscall(o, &i);
		break;
	case SF_NONE:
		break;
	}
}

size_t scsig__signal(char *buf, size_t size, const struct sysrec_signal *s)
{
	struct out o = { buf, size, 0 };
	const char *code = scsig__code_name(s->signo, s->code);

	if (size)
		buf[0] = '\0';
	put(&o, "--- ");
	put_sig(&o, s->signo);
	put(&o, " {si_signo=");
	put_sig(&o, s->signo);
	if (code)
		put(&o, ", si_code=%s", code);
	else
		put(&o, ", si_code=%d", s->code);
	if (s->err)
		put(&o, ", si_errno=%d", s->err);
	put_fields(&o, s);
	put(&o, "} ---");
	return o.len;
}

size_t scsig__exit(char *buf, size_t size, int32_t status)
{
	struct out o = { buf, size, 0 };
	int sig = status & 0x7f;

	if (size)
		buf[0] = '\0';
	if (!sig) {
		put(&o, "+++ exited with %d +++", (status >> 8) & 0xff);
		return o.len;
	}
	put(&o, "+++ killed by ");
	put_sig(&o, sig);
	put(&o, "%s +++", status & CORE_DUMPED ? " (core dumped)" : "");
	return o.len;
}

static void json_child(struct jsonw *w, int code, const struct sig_info *i)
{
	char buf[SIGNAME_MAX];

	jsonw__kv_s64(w, "si_pid", i->pid);
	jsonw__kv_u64(w, "si_uid", i->uid);
	jsonw__kv_s64(w, "si_status", i->status);
	if (code != CLD_EXITED)
		jsonw__kv_str(w, "si_status_signal", scsig__name(i->status, buf, sizeof(buf)));
	jsonw__kv_s64(w, "si_utime", i->utime);
	jsonw__kv_s64(w, "si_stime", i->stime);
}

static void json_fields(struct jsonw *w, const struct sysrec_signal *s)
{
	struct sig_info i = info_of(s);
	enum sig_fields f = fields_of(s->signo, s->code);

	if (f == SF_SENDER || f == SF_VALUE) {
		jsonw__kv_s64(w, "si_pid", i.pid);
		jsonw__kv_u64(w, "si_uid", i.uid);
	}
	if (f == SF_TIMER) {
		jsonw__kv_u64(w, "si_timerid", i.timerid);
		jsonw__kv_s64(w, "si_overrun", i.overrun);
	}
	if (f == SF_VALUE || f == SF_TIMER) {
		jsonw__kv_s64(w, "si_int", (int32_t)i.value);
		jsonw__kv_xu64(w, "si_ptr", i.value);
	}
	if (f == SF_CHILD)
		json_child(w, s->code, &i);
	if (f == SF_FAULT || f == SF_SYS)
		jsonw__kv_xu64(w, f == SF_SYS ? "si_call_addr" : "si_addr", i.addr);
	if (f == SF_POLL) {
		jsonw__kv_s64(w, "si_band", i.band);
		jsonw__kv_s64(w, "si_fd", i.fd);
	}
	if (f == SF_SYS) {
		jsonw__kv_s64(w, "si_syscall", i.syscall);
		jsonw__kv_u64(w, "si_arch", i.arch);
	}
}

void scsig__json_signal(struct jsonw *w, const struct sysrec_signal *s)
{
	const char *code = scsig__code_name(s->signo, s->code);
	char buf[SIGNAME_MAX];

	jsonw__kv_s64(w, "signo", s->signo);
	jsonw__kv_str(w, "signal", scsig__name(s->signo, buf, sizeof(buf)));
	jsonw__kv_s64(w, "si_code", s->code);
	if (code)
		jsonw__kv_str(w, "si_code_name", code);
	jsonw__kv_s64(w, "si_errno", s->err);
	json_fields(w, s);
}

void scsig__json_exit(struct jsonw *w, int32_t status)
{
	char buf[SIGNAME_MAX];
	int sig = status & 0x7f;

	jsonw__kv_s64(w, "status", status);
	if (!sig) {
		jsonw__kv_s64(w, "exit_code", (status >> 8) & 0xff);
		return;
	}
	jsonw__kv_s64(w, "signo", sig);
	jsonw__kv_str(w, "signal", scsig__name(sig, buf, sizeof(buf)));
	jsonw__kv_bool(w, "core_dumped", status & CORE_DUMPED);
}
