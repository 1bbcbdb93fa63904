// SPDX-License-Identifier: GPL-2.0
/* Arrays of system calls, one printer each (syscalls/scarray.h). */
#include <poll.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>

#include "bpf/syscalls.h"
#include "syscalls/scarray.h"
#include "syscalls/scfmt.h"
#include "syscalls/scout.h"
#include "syscalls/sysconst.h"

/* A cursor over an item's data: each take checks the bytes are there. */
struct cur {
	const uint8_t *p;
	uint32_t left;
};

static bool take(struct cur *c, void *to, uint32_t n)
{
	if (c->left < n)
		return false;
	memcpy(to, c->p, n);
	c->p += n;
	c->left -= n;
	return true;
}

static unsigned strsize(const struct scfmt_opts *o)
{
	return o && o->strsize ? o->strsize : SCFMT_STRSIZE_DEFAULT;
}

/* The bytes read of argument i, at exit (out) or at entry; NULL when there are none. */
static const struct sc_bytes *bytes(const struct sc_call *c, int i, bool out)
{
	const struct sc_bytes *b = out ? &c->out[i] : &c->mem[i];

	if (out && (!c->exited || c->ret < 0))
		return NULL;
	return b->p && !b->fault ? b : NULL;
}

static struct cur cur_of(const struct sc_bytes *b)
{
	return (struct cur){ .p = b->p, .left = b->len };
}

/* The pointer itself when nothing better prints: "NULL", or its address. */
static void pointer(struct scout *o, uint64_t v)
{
	if (v)
		scout__hex(o, v);
	else
		scout__str(o, "NULL");
}

/* Back to what o held before a printer began, as when the data did not add up. */
static void rewind_to(struct scout *o, const struct scout *before)
{
	*o = *before;
	if (o->size)
		o->p[o->len] = '\0';
}

/* ", " before every element but the first; false (and "...") once max of them printed. */
static bool next_elem(struct scout *o, unsigned n, unsigned max)
{
	if (n)
		scout__put(o, ", ", 2);
	if (n < max)
		return true;
	scout__put(o, "...", 3);
	return false;
}

/* ---- an exec's filename, argv and envp ---- */

/* STRARRAY data: count, then strings with a head each. Returns how many printed, or -1. */
static int strarray(struct scout *o, struct cur c, bool cut, unsigned max)
{
	uint32_t count;
	uint16_t head;
	unsigned n = 0;

	if (!take(&c, &count, sizeof(count)))
		return -1;
	scout__put(o, "[", 1);
	for (; c.left && n < count; n++) {
		if (!take(&c, &head, sizeof(head)) || SYSREC_STR_LEN(head) > c.left)
			break;
		if (!next_elem(o, n, max))
			break;
		if (head & SYSREC_STR_FAULT)
			scout__put(o, "?", 1);
		else
			scout__quoted(o, c.p, SYSREC_STR_LEN(head), max, head & SYSREC_STR_CUT);
		c.p += SYSREC_STR_LEN(head);
		c.left -= SYSREC_STR_LEN(head);
	}
	if (n < max && (n < count || cut))
		scout__str(o, n ? ", ..." : "...");
	scout__put(o, "]", 1);
	return (int)n;
}

/* EXEC_ARGS data after the filename: the strings as the mm keeps them, NUL after each. */
static void mm_strings(struct scout *o, struct cur c, bool cut, unsigned max)
{
	unsigned n = 0;

	scout__put(o, "[", 1);
	while (c.left && next_elem(o, n++, max)) {
		const uint8_t *nul = memchr(c.p, '\0', c.left);
		uint32_t len = nul ? (uint32_t)(nul - c.p) : c.left;

		scout__quoted(o, c.p, len, max, !nul);
		c.p += len + !!nul;
		c.left -= len + !!nul;
	}
	if (cut && n <= max)
		scout__str(o, n ? ", ..." : "...");
	scout__put(o, "]", 1);
}

/* EXEC_ARGS data: the filename's length and bytes; false when they do not fit. */
static bool exec_filename(struct cur *c, const uint8_t **name, uint16_t *len)
{
	if (!take(c, len, sizeof(*len)) || *len > c->left)
		return false;
	*name = c->p;
	c->p += *len;
	c->left -= *len;
	return true;
}

/* The argv argument of an exec call: the same call's argument of kind SCA_EXEC_ARGV. */
static int argv_arg(const struct sc_call *c)
{
	for (int k = 0; k < c->desc->nr_args; k++)
		if (c->desc->args[k].kind == SCA_EXEC_ARGV)
			return k;
	return -1;
}

/* The new program's mm copy of argument i (a successful exec's exit), or NULL. */
static const struct sc_bytes *mm_copy(const struct sc_call *c, int i)
{
	return i >= 0 && c->exited && c->ret == 0 ? bytes(c, i, true) : NULL;
}

bool scarray__exec_filename(const struct sc_call *c, int i, struct sc_bytes *path)
{
	const struct sc_bytes *b = bytes(c, i, false), *mm = mm_copy(c, argv_arg(c));
	const uint8_t *name;
	struct cur cur;
	uint16_t len;

	if (b) {
		*path = *b;
		return true;
	}
	/* not there at entry (after fork): the kernel's copy, on the new program's stack */
	if (!mm || (cur = cur_of(mm), !exec_filename(&cur, &name, &len)) || !len)
		return false;
	*path = (struct sc_bytes){ .p = name, .len = len };
	return true;
}

void scarray__exec_path(struct scout *o, const struct sc_call *c, int i,
			const struct scfmt_opts *opt)
{
	struct sc_bytes path;

	if (scarray__exec_filename(c, i, &path))
		scout__quoted(o, path.p, path.len, path.len, path.truncated);
	else
		pointer(o, c->args[i]);
}

void scarray__argv(struct scout *o, const struct sc_call *c, int i, const struct scfmt_opts *opt)
{
	const struct sc_bytes *mm = mm_copy(c, i), *b = bytes(c, i, true) ?: bytes(c, i, false);
	struct scout undo = *o;
	const uint8_t *name;
	struct cur cur;
	uint16_t len;

	if (mm) {
		cur = cur_of(mm);
		if (exec_filename(&cur, &name, &len)) {
			mm_strings(o, cur, mm->truncated, strsize(opt));
			return;
		}
	} else if (b && strarray(o, cur_of(b), b->truncated, strsize(opt)) >= 0) {
		return;
	}
	rewind_to(o, &undo);
	pointer(o, c->args[i]);
}

void scarray__envp(struct scout *o, const struct sc_call *c, int i, const struct scfmt_opts *opt)
{
	const struct sc_bytes *b = bytes(c, i, false);
	uint32_t count;
	struct cur cur;

	pointer(o, c->args[i]);
	if (!b || (cur = cur_of(b), !take(&cur, &count, sizeof(count))))
		return;
	scout__str(o, " /* ");
	scout__u64(o, count);
	scout__str(o, b->truncated ? "+" : "");
	scout__str(o, count == 1 ? " var */" : " vars */");
}

/* ---- iovecs and msghdrs ---- */

/* IOVEC data: "[{iov_base=\"...\", iov_len=N}, ...]"; false when it does not add up. */
static bool iovecs(struct scout *o, struct cur *c, bool cut, unsigned max)
{
	struct sysrec_iov v;
	uint32_t count;
	unsigned n = 0;

	if (!take(c, &count, sizeof(count)))
		return false;
	scout__put(o, "[", 1);
	for (; c->left && n < count; n++) {
		if (!take(c, &v, sizeof(v)) || v.got > c->left)
			return false;
		if (!next_elem(o, n, max))
			break;
		scout__str(o, "{iov_base=");
		if (v.flags & SYSREC_STR_FAULT)
			scout__hex(o, v.base);
		else
			scout__quoted(o, c->p, v.got, max, v.flags & SYSREC_STR_CUT);
		scout__str(o, ", iov_len=");
		scout__u64(o, v.len);
		scout__put(o, "}", 1);
		c->p += v.got;
		c->left -= v.got;
	}
	if (n < max && (n < count || cut))
		scout__str(o, n ? ", ..." : "...");
	scout__put(o, "]", 1);
	return true;
}

/* Read at exit when the call fills them (readv, recvmsg), at entry when it reads them. */
static const struct sc_bytes *in_or_out(const struct sc_call *c, int i)
{
	return scargs__row(c->desc->args[i].kind)->when == SYSREC_AT_ENTRY ? bytes(c, i, false) :
									     bytes(c, i, true);
}

void scarray__iovec(struct scout *o, const struct sc_call *c, int i, const struct scfmt_opts *opt)
{
	const struct sc_bytes *b = in_or_out(c, i);
	struct scout undo = *o;
	struct cur cur;

	if (b && (cur = cur_of(b), iovecs(o, &cur, b->truncated, strsize(opt))))
		return;
	rewind_to(o, &undo);
	pointer(o, c->args[i]);
}

/* struct user_msghdr of a 64-bit task */
struct msghdr64 {
	uint64_t name;
	uint32_t namelen, pad0;
	uint64_t iov, iovlen, control, controllen;
	uint32_t flags, pad1;
};
_Static_assert(sizeof(struct msghdr64) == SYSREC_MSGHDR_SIZE, "the capture reads a msghdr");

static bool msghdr(struct scout *o, struct cur *c, bool cut, unsigned max)
{
	struct msghdr64 m;

	if (!take(c, &m, sizeof(m)))
		return false;
	scout__str(o, "{msg_name=");
	pointer(o, m.name);
	scout__str(o, ", msg_namelen=");
	scout__u64(o, m.namelen);
	scout__str(o, ", msg_iov=");
	if (!iovecs(o, c, cut, max))
		return false;
	scout__str(o, ", msg_iovlen=");
	scout__u64(o, m.iovlen);
	if (m.controllen) {
		scout__str(o, ", msg_control=");
		scout__hex(o, m.control);
	}
	scout__str(o, ", msg_controllen=");
	scout__u64(o, m.controllen);
	scout__str(o, ", msg_flags=");
	scout__flags(o, &sysconst_msgname, m.flags);
	scout__put(o, "}", 1);
	return true;
}

void scarray__msghdr(struct scout *o, const struct sc_call *c, int i, const struct scfmt_opts *opt)
{
	const struct sc_bytes *b = in_or_out(c, i);
	struct scout undo = *o;
	struct cur cur;

	if (b && (cur = cur_of(b), msghdr(o, &cur, b->truncated, strsize(opt))))
		return;
	rewind_to(o, &undo);
	pointer(o, c->args[i]);
}

/* ---- poll and epoll ---- */

struct pollfd_abi {
	int32_t fd;
	int16_t events, revents;
};
_Static_assert(sizeof(struct pollfd_abi) == SCARRAY_POLLFD_SIZE, "the capture reads pollfds");

/* "{fd=3, events=POLLIN}", with its revents after the call filled them */
static void pollfd(struct scout *o, const struct pollfd_abi *in, const struct pollfd_abi *out)
{
	scout__str(o, "{fd=");
	scout__s64(o, in->fd);
	scout__str(o, ", events=");
	scout__flags(o, &sysconst_poll, (uint16_t)in->events);
	if (out && out->revents) {
		scout__str(o, ", revents=");
		scout__flags(o, &sysconst_poll, (uint16_t)out->revents);
	}
	scout__put(o, "}", 1);
}

void scarray__pollfds(struct scout *o, const struct sc_call *c, int i, const struct scfmt_opts *opt)
{
	const struct sc_bytes *in = bytes(c, i, false), *out = bytes(c, i, true);
	struct pollfd_abi a, b;
	struct cur ci, co;
	unsigned n = 0;

	if (!in) {
		pointer(o, c->args[i]);
		return;
	}
	ci = cur_of(in);
	co = out ? cur_of(out) : (struct cur){ 0 };
	scout__put(o, "[", 1);
	for (; take(&ci, &a, sizeof(a)); n++) {
		if (!next_elem(o, n, strsize(opt)))
			break;
		pollfd(o, &a, take(&co, &b, sizeof(b)) ? &b : NULL);
	}
	if (n < strsize(opt) && (in->truncated || (i + 1 < c->desc->nr_args && n < c->args[i + 1])))
		scout__str(o, n ? ", ..." : "...");
	scout__put(o, "]", 1);
}

/* "{events=EPOLLIN, data={u32=3, u64=3}}" */
static bool epoll_event(struct scout *o, struct cur *c)
{
	struct epoll_event e;

	if (!take(c, &e, sizeof(e)))
		return false;
	scout__str(o, "{events=");
	scout__flags(o, &sysconst_epoll, e.events);
	scout__str(o, ", data={u32=");
	scout__u64(o, (uint32_t)e.data.u64);
	scout__str(o, ", u64=");
	scout__u64(o, e.data.u64);
	scout__str(o, "}}");
	return true;
}

void scarray__epoll_event(struct scout *o, const struct sc_call *c, int i,
			  const struct scfmt_opts *opt)
{
	const struct sc_bytes *b = bytes(c, i, false);
	struct cur cur;

	if (!b || (cur = cur_of(b), !epoll_event(o, &cur)))
		pointer(o, c->args[i]);
}

void scarray__epoll_events(struct scout *o, const struct sc_call *c, int i,
			   const struct scfmt_opts *opt)
{
	const struct sc_bytes *b = bytes(c, i, true);
	struct cur cur;
	unsigned n = 0;

	if (c->exited && c->ret == 0) {
		scout__str(o, "[]"); /* none came */
		return;
	}
	if (!b || b->len < sizeof(struct epoll_event)) {
		pointer(o, c->args[i]);
		return;
	}
	cur = cur_of(b);
	scout__put(o, "[", 1);
	/* ret of them filled: the bytes kept say no more */
	while ((int64_t)n < c->ret && cur.left >= sizeof(struct epoll_event) &&
	       next_elem(o, n++, strsize(opt)))
		epoll_event(o, &cur);
	if (b->truncated && n <= strsize(opt))
		scout__str(o, ", ...");
	scout__put(o, "]", 1);
}
