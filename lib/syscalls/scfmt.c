// SPDX-License-Identifier: GPL-2.0
/* System calls as perf trace prints them, with strings, addresses and names decoded. */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <linux/futex.h>
#include <netinet/in.h>

#include "util/numfmt.h"
#include "syscalls/sysconst.h"
#include "syscalls/scfmt.h"

#define DEFAULT_STRSIZE 256

/* A bounded writer: what does not fit is dropped, the text stays NUL-terminated. */
struct out {
	char *p;
	size_t size, len;
};

/* What of n bytes at s fits before the NUL's byte. */
static void put_cut(struct out *o, const char *s, size_t n)
{
	size_t room = o->size > o->len + 1 ? o->size - o->len - 1 : 0;

	if (n > room)
		n = room;
	memcpy(o->p + o->len, s, n);
	o->len += n;
	if (o->size)
		o->p[o->len] = '\0';
}

/* Inline, so that the many short constant pieces ("(", ", ") are plain stores. */
static inline void put(struct out *o, const char *s, size_t n)
{
	if (o->len + n >= o->size) {
		put_cut(o, s, n);
		return;
	}
	memcpy(o->p + o->len, s, n);
	o->len += n;
	o->p[o->len] = '\0';
}

/* A string copied in one pass (no strlen, no call), cut as put() cuts. */
static void puts_(struct out *o, const char *s)
{
	char *d, *last;

	if (!o->size)
		return;
	d = o->p + o->len;
	last = o->p + o->size - 1;
	while (*s && d < last)
		*d++ = *s++;
	*d = '\0';
	o->len = (size_t)(d - o->p);
}

/*
 * Where a number (NUMFMT_MAX bytes at most) is written: in place when it fits, else in
 * scratch, from which num_end() puts what fits.
 */
static char *num_at(struct out *o, char *scratch)
{
	return o->len + NUMFMT_MAX < o->size ? o->p + o->len : scratch;
}

static void num_end(struct out *o, const char *at, const char *end)
{
	if (at != o->p + o->len) {
		put(o, at, (size_t)(end - at));
		return;
	}
	o->len = (size_t)(end - o->p);
	o->p[o->len] = '\0';
}

static void put_u64(struct out *o, uint64_t v)
{
	char n[NUMFMT_MAX], *at = num_at(o, n);

	num_end(o, at, numfmt__dec(at, v, 1));
}

static void put_s64(struct out *o, int64_t v)
{
	char n[NUMFMT_MAX], *at = num_at(o, n);

	num_end(o, at, numfmt__s64(at, v));
}

static void put_hex(struct out *o, uint64_t v)
{
	char n[NUMFMT_MAX], *at = num_at(o, n);

	num_end(o, at, numfmt__hex(at, v));
}

static unsigned strsize(const struct scfmt_opts *o)
{
	return o && o->strsize ? o->strsize : DEFAULT_STRSIZE;
}

/* ---- strings and bytes ---- */

static void quote_byte(struct out *o, unsigned char c, unsigned char next)
{
	char n[NUMFMT_MAX], *at;
	static const char esc[] = { ['\n'] = 'n', ['\t'] = 't', ['\r'] = 'r', ['\v'] = 'v',
				    ['\f'] = 'f', ['"'] = '"',	['\\'] = '\\' };

	if (c < sizeof(esc) && esc[c]) {
		char e[2] = { '\\', esc[c] };

		put(o, e, 2);
	} else if (c >= 0x20 && c < 0x7f) {
		put(o, (const char *)&c, 1);
	} else {
		/* a short escape would take an octal digit after it in */
		put(o, "\\", 1);
		at = num_at(o, n);
		num_end(o, at, numfmt__oct(at, c, next >= '0' && next <= '7' ? 3 : 1));
	}
}

static void quoted(struct out *o, const void *p, uint32_t len, unsigned max, bool truncated)
{
	const unsigned char *s = p;
	uint32_t n = len > max ? max : len;

	put(o, "\"", 1);
	for (uint32_t i = 0; i < n; i++)
		quote_byte(o, s[i], i + 1 < n ? s[i + 1] : 0);
	put(o, "\"", 1);
	if (truncated || len > max)
		put(o, "...", 3);
}

size_t scfmt__quoted(char *buf, size_t size, const void *p, uint32_t len, unsigned max,
		     bool truncated)
{
	struct out o = { buf, size, 0 };

	if (size)
		buf[0] = '\0';
	quoted(&o, p, len, max, truncated);
	return o.len;
}

static void named(struct out *o, const struct sysconst_table *t, int64_t v, size_t skip);

static void sockaddr(struct out *o, const void *addr, uint32_t len)
{
	sa_family_t family;
	char ip[INET6_ADDRSTRLEN];

	if (len < sizeof(family)) {
		puts_(o, "{}");
		return;
	}
	memcpy(&family, addr, sizeof(family));
	if (family == AF_INET && len >= sizeof(struct sockaddr_in)) {
		struct sockaddr_in in;

		memcpy(&in, addr, sizeof(in));
		inet_ntop(AF_INET, &in.sin_addr, ip, sizeof(ip));
		puts_(o, ip);
		put(o, ":", 1);
		put_u64(o, ntohs(in.sin_port));
	} else if (family == AF_INET6 && len >= sizeof(struct sockaddr_in6)) {
		struct sockaddr_in6 in6;

		memcpy(&in6, addr, sizeof(in6));
		inet_ntop(AF_INET6, &in6.sin6_addr, ip, sizeof(ip));
		put(o, "[", 1);
		puts_(o, ip);
		put(o, "]:", 2);
		put_u64(o, ntohs(in6.sin6_port));
	} else if (family == AF_UNIX) {
		const char *path = (const char *)addr + offsetof(struct sockaddr_un, sun_path);
		uint32_t n = len - offsetof(struct sockaddr_un, sun_path);

		if (n && !path[0]) { /* an abstract name: @ and its bytes */
			put(o, "@", 1);
			quoted(o, path + 1, n - 1, n - 1, false);
		} else {
			quoted(o, path, strnlen(path, n), n, false);
		}
	} else {
		puts_(o, "{family: ");
		named(o, &sysconst_af, family, 0);
		put(o, "}", 1);
	}
}

size_t scfmt__sockaddr(char *buf, size_t size, const void *addr, uint32_t len)
{
	struct out o = { buf, size, 0 };

	if (size)
		buf[0] = '\0';
	sockaddr(&o, addr, len);
	return o.len;
}

/* ---- arguments by kind ---- */

static void flags(struct out *o, const struct sysconst_table *t, uint64_t v)
{
	char tmp[256];
	int n = sysconst__flags(t, v, tmp, sizeof(tmp));

	put(o, tmp, n < (int)sizeof(tmp) ? (size_t)n : sizeof(tmp) - 1);
}

/* An enumeration's name, or its number. */
static void named(struct out *o, const struct sysconst_table *t, int64_t v, size_t skip)
{
	const char *name = sysconst__name(t, v);

	if (name)
		puts_(o, name + (strlen(name) > skip ? skip : 0));
	else
		put_s64(o, (int64_t)v);
}

static void open_flags(struct out *o, uint64_t v)
{
	static const char *const acc[] = { "RDONLY", "WRONLY", "RDWR", "3" };

	puts_(o, acc[v & O_ACCMODE]);
	if (v & ~(uint64_t)O_ACCMODE) {
		put(o, "|", 1);
		flags(o, &sysconst_open, v & ~(uint64_t)O_ACCMODE);
	}
}

static void clone_flags(struct out *o, uint64_t v)
{
	uint64_t rest = v & ~(uint64_t)0xff;

	if (rest)
		flags(o, &sysconst_clone, rest);
	if (v & 0xff) { /* the low byte is the signal sent at the child's exit */
		put(o, rest ? "|" : "", rest ? 1 : 0);
		named(o, &sysconst_signal, v & 0xff, 3);
	}
}

static void futex_op(struct out *o, uint64_t v)
{
	uint64_t extra = v & (FUTEX_PRIVATE_FLAG | FUTEX_CLOCK_REALTIME);

	named(o, &sysconst_futex, v & ~extra, 0);
	if (extra & FUTEX_PRIVATE_FLAG)
		puts_(o, "|PRIVATE_FLAG");
	if (extra & FUTEX_CLOCK_REALTIME)
		puts_(o, "|CLOCK_REALTIME");
}

static void sock_type(struct out *o, uint64_t v)
{
	uint64_t rest = v & ~(uint64_t)0xf;

	named(o, &sysconst_sock, v & 0xf, 0);
	if (rest) {
		put(o, "|", 1);
		flags(o, &sysconst_sock, rest);
	}
}

static void fd(struct out *o, int fd, const struct scfmt_opts *opt)
{
	char path[512];

	put_s64(o, fd);
	if (opt && opt->fd_path && fd >= 0 &&
	    opt->fd_path(opt->ctx, opt->pid, fd, path, sizeof(path))) {
		put(o, "<", 1);
		puts_(o, path);
		put(o, ">", 1);
	}
}

/* "[3, 4]" */
static void fd_pair(struct out *o, const int32_t fds[2])
{
	put(o, "[", 1);
	put_s64(o, fds[0]);
	put(o, ", ", 2);
	put_s64(o, fds[1]);
	put(o, "]", 1);
}

/* "0644", as "%#o" */
static void mode(struct out *o, uint64_t v)
{
	char n[NUMFMT_MAX], *at = num_at(o, n);

	num_end(o, at, numfmt__alt_oct(at, v));
}

static void mem(struct out *o, const struct sc_bytes *b, uint64_t ptr, enum sc_arg_kind kind,
		unsigned max)
{
	if (!ptr) {
		puts_(o, "NULL");
	} else if (b->fault || !b->p) {
		put_hex(o, ptr);
	} else if (kind == SCA_STRING || kind == SCA_BUF_OUT) {
		quoted(o, b->p, b->len, max, b->truncated);
	} else {
		sockaddr(o, b->p, b->len);
	}
}

/* Is the value one the line leaves out (perf trace drops arguments that are 0)? */
/* An open's mode means something only when the call may create a file. */
static bool mode_unused(const struct sc_call *c)
{
	for (int i = 0; i < c->desc->nr_args; i++)
		if (c->desc->args[i].kind == SCA_OPEN_FLAGS)
			return !(c->args[i] & (O_CREAT | __O_TMPFILE));
	return false;
}

static bool omitted(const struct sc_call *c, int i)
{
	uint64_t v = c->args[i];

	switch (c->desc->args[i].kind) {
	case SCA_MODE:
		return v == 0 || mode_unused(c);
	case SCA_FD:
	case SCA_DFD:
	case SCA_WHENCE:
	case SCA_FCNTL_CMD:
	case SCA_FUTEX_OP:
	case SCA_SOCK_TYPE:
	case SCA_AF:
		return false;
	default:
		return v == 0;
	}
}

static int64_t as_signed(const struct sc_arg *a, uint64_t v)
{
	return a->size == 4 ? (int64_t)(int32_t)v : (int64_t)v;
}

static void arg_value(struct out *o, const struct sc_call *c, int i, const struct scfmt_opts *opt)
{
	const struct sc_arg *a = &c->desc->args[i];
	uint64_t v = c->args[i];

	switch (a->kind) {
	case SCA_INT:
		put_s64(o, as_signed(a, v));
		break;
	case SCA_UINT:
		put_u64(o, a->size == 4 ? (uint32_t)v : v);
		break;
	case SCA_HEX:
		put_hex(o, v);
		break;
	case SCA_FD:
		fd(o, (int)as_signed(a, v), opt);
		break;
	case SCA_DFD:
		if ((int)v == AT_FDCWD)
			puts_(o, "CWD");
		else
			fd(o, (int)v, opt);
		break;
	case SCA_STRING:
	case SCA_SOCKADDR:
		mem(o, &c->mem[i], v, a->kind, strsize(opt));
		break;
	case SCA_SOCKADDR_OUT:
	case SCA_BUF_OUT:
		if (c->exited && c->ret >= 0 && c->out.p)
			mem(o, &c->out, v, a->kind, strsize(opt));
		else
			put_hex(o, v);
		break;
	case SCA_FDPAIR_OUT:
		if (c->exited && c->ret == 0 && c->has_fds)
			fd_pair(o, c->fds);
		else
			put_hex(o, v);
		break;
	case SCA_OPEN_FLAGS:
		open_flags(o, v);
		break;
	case SCA_FD_FLAGS:
		flags(o, &sysconst_open, v);
		break;
	case SCA_MODE:
		mode(o, v);
		break;
	case SCA_AT_FLAGS:
		flags(o, &sysconst_at, v);
		break;
	case SCA_PROT:
		flags(o, &sysconst_prot, v);
		break;
	case SCA_MAP_FLAGS:
		flags(o, &sysconst_map, v);
		break;
	case SCA_CLONE_FLAGS:
		clone_flags(o, v);
		break;
	case SCA_SIGNAL:
		named(o, &sysconst_signal, as_signed(a, v), 3);
		break;
	case SCA_AF:
		named(o, &sysconst_af, as_signed(a, v), 0);
		break;
	case SCA_SOCK_TYPE:
		sock_type(o, v);
		break;
	case SCA_FCNTL_CMD:
		named(o, &sysconst_fcntl, as_signed(a, v), 0);
		break;
	case SCA_FUTEX_OP:
		futex_op(o, v);
		break;
	case SCA_WHENCE:
		named(o, &sysconst_seek, as_signed(a, v), 0);
		break;
	}
}

size_t scfmt__arg(char *buf, size_t size, const struct sc_call *c, int i,
		  const struct scfmt_opts *opt, bool *shown)
{
	struct out o = { buf, size, 0 };

	if (size)
		buf[0] = '\0';
	*shown = !omitted(c, i);
	arg_value(&o, c, i, opt);
	return o.len;
}

size_t scfmt__call(char *buf, size_t size, const struct sc_call *c, const struct scfmt_opts *opt)
{
	struct out o = { buf, size, 0 };
	bool first = true;

	if (size)
		buf[0] = '\0';
	puts_(&o, c->desc->name);
	put(&o, "(", 1);
	for (int i = 0; i < c->desc->nr_args; i++) {
		if (omitted(c, i))
			continue;
		if (!first)
			put(&o, ", ", 2);
		first = false;
		puts_(&o, c->desc->args[i].name);
		put(&o, ": ", 2);
		arg_value(&o, c, i, opt);
	}
	put(&o, ")", 1);
	return o.len;
}

/* ---- the result ---- */

size_t scfmt__ret(char *buf, size_t size, const struct sc_call *c)
{
	struct out o = { buf, size, 0 };
	const char *name;

	if (size)
		buf[0] = '\0';
	if (!c->exited) {
		put(&o, "?", 1);
	} else if (c->ret < 0 && c->ret >= -4095) {
		name = sysconst__name(&sysconst_errno, -c->ret);
		put(&o, "-1 ", 3);
		if (name) {
			puts_(&o, name);
			put(&o, " (", 2);
			puts_(&o, strerror((int)-c->ret));
			put(&o, ")", 1);
		} else {
			put(&o, "errno ", 6);
			put_s64(&o, -c->ret);
		}
	} else if (c->desc->ret_address) {
		put_hex(&o, (uint64_t)c->ret);
	} else {
		put_s64(&o, c->ret);
	}
	return o.len;
}
