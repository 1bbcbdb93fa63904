// SPDX-License-Identifier: GPL-2.0
/*
 * TRACING_DATA parser, and its builder for the writer. Layout: magic, "tracing", version string, endianness, long size,
 * page size, "header_page" + u64 size + text, "header_event" + u64 size + text, ftrace
 * formats, then per system its name and formats (u64 size + text each), then kallsyms,
 * printk formats and (version >= 0.6) saved cmdlines. Every size is checked against the
 * bytes available before it is used.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "record/tpformat.h"
#include "perfdata/format.h"
#include "perfdata/tracing.h"
#include "perfdata/writer.h"

struct cursor {
	const uint8_t *buf;
	size_t off, end;
};

static bool room(const struct cursor *c, size_t n)
{
	return c->off <= c->end && n <= c->end - c->off;
}

static bool take32(struct cursor *c, uint32_t *v)
{
	if (!room(c, 4))
		return false;
	memcpy(v, c->buf + c->off, 4);
	c->off += 4;
	return true;
}

static bool take_literal(struct cursor *c, const void *lit, size_t n)
{
	if (!room(c, n) || memcmp(c->buf + c->off, lit, n))
		return false;
	c->off += n;
	return true;
}

/* A NUL-terminated string of at most max bytes. */
static const char *take_cstr(struct cursor *c, size_t max)
{
	const char *s = (const char *)c->buf + c->off, *nul;
	size_t left = c->off <= c->end ? c->end - c->off : 0;

	nul = memchr(s, 0, left < max ? left : max);
	if (!nul)
		return NULL;
	c->off += nul - s + 1;
	return s;
}

/* u64 size + that many bytes: their start, or NULL when they overrun. */
static const char *take_blob64(struct cursor *c, uint64_t *size)
{
	const char *p;

	if (!room(c, 8))
		return NULL;
	memcpy(size, c->buf + c->off, 8);
	c->off += 8;
	if (!room(c, *size))
		return NULL;
	p = (const char *)c->buf + c->off;
	c->off += *size;
	return p;
}

/* The "ID:" and "name:" lines of a format (within its first lines). */
static void format_header(struct pdtracing_format *f)
{
	char head[512], *p, *eol;
	size_t n = f->len < sizeof(head) - 1 ? f->len : sizeof(head) - 1;
	unsigned long long id;

	memcpy(head, f->text, n);
	head[n] = 0;
	p = strstr(head, "\nID: ");
	if (p && sscanf(p, "\nID: %llu", &id) == 1)
		f->id = id;
	if (!strncmp(head, "name: ", 6))
		p = head + 6;
	else if ((p = strstr(head, "\nname: ")))
		p += 7;
	if (p && (eol = strchr(p, '\n')))
		snprintf(f->name, sizeof(f->name), "%.*s", (int)(eol - p), p);
}

static int add_format(struct pdtracing *t, const char *sys, const char *text, size_t len)
{
	struct pdtracing_format *f;

	if (t->nr_fmts == t->cap_fmts) {
		size_t cap = t->cap_fmts ? t->cap_fmts * 2 : 16;

		f = realloc(t->fmts, cap * sizeof(*f));
		if (!f)
			return -ENOMEM;
		t->fmts = f;
		t->cap_fmts = cap;
	}
	f = &t->fmts[t->nr_fmts++];
	memset(f, 0, sizeof(*f));
	f->sys = sys;
	f->text = text;
	f->len = len;
	format_header(f);
	return 0;
}

static int read_systems(struct pdtracing *t, struct cursor *c)
{
	uint32_t nsys, nfmt;
	uint64_t size;
	const char *text;
	int err;

	if (!take32(c, &nfmt)) /* ftrace's own formats: not needed */
		return -EINVAL;
	for (uint32_t i = 0; i < nfmt; i++)
		if (!take_blob64(c, &size))
			return -EINVAL;
	if (!take32(c, &nsys))
		return -EINVAL;
	for (uint32_t i = 0; i < nsys; i++) {
		const char *sys = take_cstr(c, 256);

		if (!sys || !take32(c, &nfmt))
			return -EINVAL;
		for (uint32_t j = 0; j < nfmt; j++) {
			text = take_blob64(c, &size);
			if (!text || !size)
				return -EINVAL;
			err = add_format(t, sys, text, size);
			if (err)
				return err;
		}
	}
	return 0;
}

/*
 * kallsyms and printk formats (u32 size each), saved cmdlines (u64): all optional. The
 * printk formats are kept: formats that print kernel strings by address need them.
 */
static void skip_tail(struct pdtracing *t, struct cursor *c, const char *version)
{
	uint64_t size;
	uint32_t n;

	for (int i = 0; i < 2 && take32(c, &n); i++) {
		if (!room(c, n)) {
			c->off = c->end;
			return;
		}
		if (i == 1 && n) {
			t->printk = (const char *)c->buf + c->off;
			t->printk_len = n;
		}
		c->off += n;
	}
	if (atof(version) >= 0.6 && room(c, 8) && !take_blob64(c, &size))
		c->off = c->end;
}

static int parse(struct pdtracing *t, struct cursor *c)
{
	const char *version, *page;
	uint32_t page_size;
	uint64_t size;

	if (!take_literal(c, PD_TRACING_MAGIC, PD_TRACING_MAGIC_LEN))
		return -EINVAL;
	version = take_cstr(c, 16);
	if (!version || !take_literal(c, "\0", 1)) /* big-endian data is not supported */
		return -EINVAL;
	c->off++; /* sizeof(long) */
	if (!take32(c, &page_size) || !page_size || !take_literal(c, "header_page", 12))
		return -EINVAL;
	page = take_blob64(c, &size);
	if (!page || !size)
		return -EINVAL;
	t->header_page = page;
	t->header_page_len = size;
	if (!take_literal(c, "header_event", 13) || !take_blob64(c, &size))
		return -EINVAL;
	return read_systems(t, c) ?: (skip_tail(t, c, version), 0);
}

int pdtracing__parse(struct pdtracing *t, const uint8_t *buf, size_t len, size_t *used)
{
	struct cursor c = { buf, 0, len };
	int err = parse(t, &c);

	if (err) {
		pdtracing__exit(t);
		return err;
	}
	*used = c.off;
	return 0;
}

void pdtracing__exit(struct pdtracing *t)
{
	if (!t)
		return;
	free(t->fmts);
	memset(t, 0, sizeof(*t));
}

/* ---- the writer's side: the stream built from tracefs ---- */

/* u64 size + text, read by a tpformat__read_* call that returned err; frees text. */
static int put_text(struct dbuf *b, int err, char *text, size_t len)
{
	if (!err) {
		dbuf__u64(b, len);
		dbuf__put(b, text, len);
	}
	free(text);
	return err ?: b->err;
}

/* tracefs's printk_formats as u32 size + text: formats printing kernel strings need it. */
static int put_printk_formats(struct dbuf *b)
{
	char *text = NULL;
	size_t len = 0;
	int err = tpformat__read_printk_formats(&text, &len);

	if (!err && len > UINT32_MAX)
		err = -E2BIG;
	if (!err) {
		dbuf__u32(b, len);
		dbuf__put(b, text, len);
	}
	free(text);
	return err ?: b->err;
}

static bool seen_before(const struct pdwriter_event *evs, size_t i, bool by_sys)
{
	for (size_t j = 0; j < i; j++) {
		if (!evs[j].desc->tp_sys || strcmp(evs[j].desc->tp_sys, evs[i].desc->tp_sys))
			continue;
		if (by_sys || !strcmp(evs[j].desc->tp_name, evs[i].desc->tp_name))
			return true;
	}
	return false;
}

static int put_systems(struct dbuf *b, const struct pdwriter_event *evs, size_t nr)
{
	uint32_t nsys = 0;
	char *text = NULL;
	size_t len = 0;
	int err = 0;

	for (size_t i = 0; i < nr; i++)
		if (evs[i].desc->tp_sys && evs[i].desc->tp_name && !seen_before(evs, i, true))
			nsys++;
	dbuf__u32(b, nsys);
	for (size_t i = 0; i < nr && !err; i++) {
		size_t at;
		uint32_t cnt = 0;

		if (!evs[i].desc->tp_sys || !evs[i].desc->tp_name || seen_before(evs, i, true))
			continue;
		dbuf__put(b, evs[i].desc->tp_sys, strlen(evs[i].desc->tp_sys) + 1);
		at = b->len;
		dbuf__u32(b, 0);
		for (size_t j = i; j < nr && !err; j++) {
			if (!evs[j].desc->tp_sys || !evs[j].desc->tp_name ||
			    strcmp(evs[j].desc->tp_sys, evs[i].desc->tp_sys) ||
			    seen_before(evs, j, false))
				continue;
			text = NULL;
			err = tpformat__read_format(evs[j].desc->tp_sys, evs[j].desc->tp_name,
						    &text, &len);
			err = put_text(b, err, text, len);
			cnt++;
		}
		if (!b->err)
			memcpy(b->p + at, &cnt, 4);
	}
	return err;
}

int pdtracing__build(struct dbuf *b, const struct pdwriter_event *evs, size_t nr)
{
	char *text = NULL;
	size_t len = 0;
	int err;

	dbuf__put(b, PD_TRACING_MAGIC, PD_TRACING_MAGIC_LEN);
	dbuf__put(b, "0.6", 4);
	dbuf__put(b, &(char){ 0 }, 1); /* little-endian */
	dbuf__put(b, &(char){ sizeof(long) }, 1);
	dbuf__u32(b, getpagesize());
	dbuf__put(b, "header_page", 12);
	err = tpformat__read_header_page(&text, &len);
	err = put_text(b, err, text, len);
	dbuf__put(b, "header_event", 13);
	if (!err) {
		text = NULL;
		err = tpformat__read_header_event(&text, &len);
		err = put_text(b, err, text, len);
	}
	dbuf__u32(b, 0); /* ftrace formats */
	err = err ?: put_systems(b, evs, nr);
	dbuf__u32(b, 0); /* kallsyms */
	if (!err && put_printk_formats(b))
		dbuf__u32(b, 0);
	dbuf__u64(b, 0); /* saved cmdlines */
	dbuf__pad8(b);
	return err ?: b->err;
}
