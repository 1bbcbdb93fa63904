/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The bounded writer the system-call printers share (scfmt.c, scargs.c, scstruct.c): what
 * does not fit is dropped, the text stays NUL-terminated, never a byte past the buffer.
 * The short pieces are inline: a line is made of many of them, on every call traced.
 *
 *	struct scout o = SCOUT_INIT(buf, size);
 *	scout__str(&o, "name");  scout__u64(&o, 42);  scout__quoted(&o, p, len, 32, false);
 */
#ifndef PERF_BPF_SCOUT_H
#define PERF_BPF_SCOUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "util/numfmt.h"

struct sysconst_table;

struct scout {
	char *p;
	size_t size, len;
};

#define SCOUT_INIT(buf, n)                        \
	{                                         \
		.p = (buf), .size = (n), .len = 0 \
	}

/* Start writing at buf: an empty text. */
static inline struct scout scout__at(char *buf, size_t size)
{
	if (size)
		buf[0] = '\0';
	return (struct scout)SCOUT_INIT(buf, size);
}

/* What of n bytes at s fits before the NUL's byte. */
void scout__put_cut(struct scout *o, const char *s, size_t n);

static inline void scout__put(struct scout *o, const char *s, size_t n)
{
	if (o->len + n >= o->size) {
		scout__put_cut(o, s, n);
		return;
	}
	memcpy(o->p + o->len, s, n);
	o->len += n;
	o->p[o->len] = '\0';
}

/* A string copied in one pass (no strlen, no call), cut as scout__put() cuts. */
static inline void scout__str(struct scout *o, const char *s)
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
 * scratch, from which scout__num_end() puts what fits.
 */
static inline char *scout__num_at(struct scout *o, char *scratch)
{
	return o->len + NUMFMT_MAX < o->size ? o->p + o->len : scratch;
}

static inline void scout__num_end(struct scout *o, const char *at, const char *end)
{
	if (at != o->p + o->len) {
		scout__put(o, at, (size_t)(end - at));
		return;
	}
	o->len = (size_t)(end - o->p);
	o->p[o->len] = '\0';
}

static inline void scout__u64(struct scout *o, uint64_t v)
{
	char n[NUMFMT_MAX], *at = scout__num_at(o, n);

	scout__num_end(o, at, numfmt__dec(at, v, 1));
}

static inline void scout__s64(struct scout *o, int64_t v)
{
	char n[NUMFMT_MAX], *at = scout__num_at(o, n);

	scout__num_end(o, at, numfmt__s64(at, v));
}

static inline void scout__hex(struct scout *o, uint64_t v)
{
	char n[NUMFMT_MAX], *at = scout__num_at(o, n);

	scout__num_end(o, at, numfmt__hex(at, v));
}

/* "0644", as "%#o" */
static inline void scout__mode(struct scout *o, uint64_t v)
{
	char n[NUMFMT_MAX], *at = scout__num_at(o, n);

	scout__num_end(o, at, numfmt__alt_oct(at, v));
}

/* A struct's member: "name=", after ", " unless it is the first. */
static inline void scout__member(struct scout *o, const char *name, bool *first)
{
	if (!*first)
		scout__put(o, ", ", 2);
	*first = false;
	scout__str(o, name);
	scout__put(o, "=", 1);
}

/* len bytes quoted as C escapes, cut at max with "..." after the quote when there was more. */
void scout__quoted(struct scout *o, const void *p, uint32_t len, unsigned max, bool truncated);
/* An enumeration's name (its first skip characters left out), or its number. */
void scout__named(struct scout *o, const struct sysconst_table *t, int64_t v, size_t skip);
/* NAME|NAME|0xREST (util's sysconst__flags), "0" for 0. */
void scout__flags(struct scout *o, const struct sysconst_table *t, uint64_t v);
/* A socket address: "127.0.0.1:80", "[::1]:80", "/run/x.sock", "@abstract", "{family: N}". */
void scout__sockaddr(struct scout *o, const void *addr, uint32_t len);

#endif
