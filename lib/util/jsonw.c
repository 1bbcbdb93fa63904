// SPDX-License-Identifier: GPL-2.0
/*
 * Streaming JSON writer. The only state is one "has a value been written at this
 * level" bit per nesting level and whether a member name is waiting for its value.
 * Bytes gather in a small buffer written out at the end of each top-level value (and
 * when it fills): one fwrite per JSON line, not one per piece.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util/jsonw.h"

#define JSONW_MAX_DEPTH 64
#define JSONW_BUF 4096

struct jsonw {
	FILE *f;
	bool pretty;
	bool after_name; /* a member name waits for its value */
	int depth; /* open objects/arrays */
	int skip; /* levels opened past JSONW_MAX_DEPTH: output dropped */
	unsigned char used[JSONW_MAX_DEPTH]; /* a value was written at this level */
	size_t len; /* bytes waiting in buf */
	char buf[JSONW_BUF];
};

static const char hexdig[] = "0123456789abcdef";

struct jsonw *jsonw__new(FILE *f, bool pretty)
{
	struct jsonw *w;

	if (!f) {
		errno = EINVAL;
		return NULL;
	}
	w = calloc(1, sizeof(*w));
	if (!w)
		return NULL;
	w->f = f;
	w->pretty = pretty;
	return w;
}

static void flush_buf(struct jsonw *w)
{
	if (w->len)
		fwrite_unlocked(w->buf, 1, w->len, w->f);
	w->len = 0;
}

void jsonw__free(struct jsonw *w)
{
	if (w)
		flush_buf(w);
	free(w);
}

/* Room for n more bytes in buf (n <= JSONW_BUF). */
static char *room(struct jsonw *w, size_t n)
{
	if (w->len + n > JSONW_BUF)
		flush_buf(w);
	return w->buf + w->len;
}

static void put(struct jsonw *w, const char *s, size_t len)
{
	if (w->skip)
		return;
	if (len > JSONW_BUF / 2) {
		flush_buf(w);
		fwrite_unlocked(s, 1, len, w->f);
		return;
	}
	memcpy(room(w, len), s, len);
	w->len += len;
}

static void putch(struct jsonw *w, char c)
{
	if (w->skip)
		return;
	*room(w, 1) = c;
	w->len++;
}

static void indent(struct jsonw *w)
{
	int i;

	putch(w, '\n');
	for (i = 0; i < w->depth; i++)
		put(w, "  ", 2);
}

/* Separator and indentation before a value or a member name. */
static void before_item(struct jsonw *w)
{
	if (w->skip)
		return;
	if (w->after_name) {
		w->after_name = false;
		return;
	}
	if (w->depth == 0)
		return;
	if (w->used[w->depth - 1])
		putch(w, ',');
	w->used[w->depth - 1] = 1;
	if (w->pretty)
		indent(w);
}

/* After a complete value: a top-level value ends its line. */
static void after_value(struct jsonw *w)
{
	if (w->depth == 0 && !w->skip) {
		putch(w, '\n');
		flush_buf(w);
	}
}

/* Nesting deeper than JSONW_MAX_DEPTH is dropped whole, so the output stays valid. */
static void open_level(struct jsonw *w, char c)
{
	if (w->skip || w->depth == JSONW_MAX_DEPTH) {
		if (!w->skip)
			jsonw__null(w);
		w->skip++;
		return;
	}
	before_item(w);
	putch(w, c);
	w->used[w->depth] = 0;
	w->depth++;
}

static void close_level(struct jsonw *w, char c)
{
	bool used;

	if (w->skip) {
		w->skip--;
		return;
	}
	if (w->depth == 0)
		return;
	w->after_name = false;
	used = w->used[w->depth - 1];
	w->depth--;
	if (w->pretty && used)
		indent(w);
	putch(w, c);
	after_value(w);
}

void jsonw__start_object(struct jsonw *w)
{
	open_level(w, '{');
}

void jsonw__end_object(struct jsonw *w)
{
	close_level(w, '}');
}

void jsonw__start_array(struct jsonw *w)
{
	open_level(w, '[');
}

void jsonw__end_array(struct jsonw *w)
{
	close_level(w, ']');
}

/*
 * Length of the well-formed UTF-8 sequence at s (2..4), or 0 when the bytes are not one
 * (overlong forms, surrogates, code points past U+10FFFF, truncated sequences).
 */
static size_t utf8_seq_len(const unsigned char *s, size_t left)
{
	unsigned char c = s[0];
	unsigned char lo = 0x80, hi = 0xbf;
	size_t n, i;

	if (c >= 0xc2 && c <= 0xdf)
		n = 2;
	else if (c >= 0xe0 && c <= 0xef)
		n = 3;
	else if (c >= 0xf0 && c <= 0xf4)
		n = 4;
	else
		return 0;
	if (left < n)
		return 0;
	if (c == 0xe0)
		lo = 0xa0;
	else if (c == 0xed)
		hi = 0x9f;
	else if (c == 0xf0)
		lo = 0x90;
	else if (c == 0xf4)
		hi = 0x8f;
	if (s[1] < lo || s[1] > hi)
		return 0;
	for (i = 2; i < n; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	return n;
}

/* Bytes that stand for themselves in a JSON string: ' '..'~' but '"' and '\\'. */
static const bool plain[256] = {
	[0x20] = 1,
	[0x21] = 1,
	[0x23 ... 0x5b] = 1,
	[0x5d ... 0x7e] = 1,
};

/* The JSON form of the character at s (left bytes) at q, 6 bytes at most; *n: bytes used. */
static char *char_at(char *q, const unsigned char *s, size_t left, size_t *n)
{
	unsigned char c = s[0];
	size_t k;

	*n = 1;
	if (plain[c]) {
		*q = (char)c;
		return q + 1;
	}
	if (c == '"' || c == '\\') {
		q[0] = '\\';
		q[1] = (char)c;
		return q + 2;
	}
	if (c < 0x80) {
		memcpy(q, "\\u00", 4);
		q[4] = hexdig[c >> 4];
		q[5] = hexdig[c & 15];
		return q + 6;
	}
	k = utf8_seq_len(s, left);
	if (k) {
		memcpy(q, s, k);
		*n = k;
		return q + k;
	}
	memcpy(q, "\xef\xbf\xbd", 3); /* U+FFFD for each byte that is not UTF-8 */
	return q + 3;
}

char *jsonw__at_str(char *q, const char *str, size_t len)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t i = 0, n;

	*q++ = '"';
	while (i < len) {
		if (plain[s[i]]) { /* most strings need no escape */
			*q++ = (char)s[i++];
			continue;
		}
		q = char_at(q, s + i, len - i, &n);
		i += n;
	}
	*q++ = '"';
	return q;
}

static void put_string(struct jsonw *w, const char *str, size_t len)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t i = 0, n;
	char *q;

	if (w->skip)
		return;
	if (len <= JSONW_BUF / 8) { /* its longest form fits the buffer */
		q = room(w, JSONW_AT_STR_ROOM(len));
		w->len += jsonw__at_str(q, str, len) - q;
		return;
	}
	putch(w, '"');
	while (i < len) {
		q = room(w, 6);
		w->len += char_at(q, s + i, len - i, &n) - q;
		i += n;
	}
	putch(w, '"');
}

void jsonw__name(struct jsonw *w, const char *name)
{
	before_item(w);
	put_string(w, name, strlen(name));
	if (w->pretty)
		put(w, ": ", 2);
	else
		putch(w, ':');
	w->after_name = !w->skip;
}

void jsonw__name_plain(struct jsonw *w, const char *quoted, size_t len)
{
	before_item(w);
	put(w, quoted, len);
	if (w->pretty)
		put(w, ": ", 2);
	else
		putch(w, ':');
	w->after_name = !w->skip;
}

void jsonw__strn(struct jsonw *w, const char *s, size_t len)
{
	if (!s) {
		jsonw__null(w);
		return;
	}
	before_item(w);
	put_string(w, s, len);
	after_value(w);
}

void jsonw__str(struct jsonw *w, const char *s)
{
	if (!s) {
		jsonw__null(w);
		return;
	}
	jsonw__strn(w, s, strlen(s));
}

static void put_raw_value(struct jsonw *w, const char *s, size_t len)
{
	before_item(w);
	put(w, s, len);
	after_value(w);
}

/* Digits of v written backwards from end; returns the first digit. */
static char *fmt_u64(char *end, uint64_t v)
{
	do {
		*--end = '0' + v % 10;
		v /= 10;
	} while (v);
	return end;
}

char *jsonw__at_u64(char *q, uint64_t v)
{
	char buf[24], *end = buf + sizeof(buf), *p = fmt_u64(end, v);

	memcpy(q, p, end - p);
	return q + (end - p);
}

char *jsonw__at_s64(char *q, int64_t v)
{
	if (v < 0)
		*q++ = '-';
	return jsonw__at_u64(q, v < 0 ? -(uint64_t)v : (uint64_t)v);
}

char *jsonw__at_xu64(char *q, uint64_t v)
{
	char buf[24], *end = buf + sizeof(buf), *p = end;

	do {
		*--p = hexdig[v & 15];
		v >>= 4;
	} while (v);
	memcpy(q, "\"0x", 3);
	memcpy(q + 3, p, end - p);
	q += 3 + (end - p);
	*q++ = '"';
	return q;
}

/* A number or another value that needs no quoting, formatted by at() in place. */
#define PUT_AT(w, at, v)                                       \
	do {                                                   \
		before_item(w);                                \
		if (!(w)->skip) {                              \
			char *q_ = room(w, JSONW_AT_NUM_ROOM); \
			(w)->len += at(q_, v) - q_;            \
		}                                              \
		after_value(w);                                \
	} while (0)

void jsonw__u64(struct jsonw *w, uint64_t v)
{
	PUT_AT(w, jsonw__at_u64, v);
}

void jsonw__s64(struct jsonw *w, int64_t v)
{
	PUT_AT(w, jsonw__at_s64, v);
}

void jsonw__xu64(struct jsonw *w, uint64_t v)
{
	PUT_AT(w, jsonw__at_xu64, v);
}

void jsonw__double(struct jsonw *w, double v)
{
	char buf[40];
	int n;

	if (!isfinite(v)) {
		jsonw__null(w);
		return;
	}
	n = snprintf(buf, sizeof(buf), "%.17g", v);
	put_raw_value(w, buf, n);
}

void jsonw__bool(struct jsonw *w, bool v)
{
	if (v)
		put_raw_value(w, "true", 4);
	else
		put_raw_value(w, "false", 5);
}

void jsonw__null(struct jsonw *w)
{
	put_raw_value(w, "null", 4);
}

/* The two digits of each byte value, built at the first use. */
static char hex2[256][2];

/* n bytes as 2 * n hex digits at q. */
static char *hex_run(char *q, const unsigned char *d, size_t n)
{
	if (!hex2[0][0])
		for (int c = 0; c < 256; c++) {
			hex2[c][0] = hexdig[c >> 4];
			hex2[c][1] = hexdig[c & 15];
		}
	for (size_t i = 0; i < n; i++)
		memcpy(q + 2 * i, hex2[d[i]], 2);
	return q + 2 * n;
}

char *jsonw__at_hex(char *q, const void *data, size_t len)
{
	*q++ = '"';
	q = hex_run(q, data, len);
	*q++ = '"';
	return q;
}

void jsonw__hex(struct jsonw *w, const void *data, size_t len)
{
	const unsigned char *d = data;

	before_item(w);
	putch(w, '"');
	while (len && !w->skip) {
		size_t n = len < JSONW_BUF / 4 ? len : JSONW_BUF / 4;
		char *q = room(w, 2 * n);

		w->len += hex_run(q, d, n) - q;
		d += n;
		len -= n;
	}
	putch(w, '"');
	after_value(w);
}

char *jsonw__line_begin(struct jsonw *w, size_t max)
{
	if (w->pretty || w->skip || w->depth || w->after_name || max >= JSONW_BUF)
		return NULL;
	return room(w, max + 1);
}

void jsonw__line_end(struct jsonw *w, char *end)
{
	*end++ = '\n';
	w->len = end - w->buf;
	flush_buf(w);
}

/* A member: its name, then its value as the value function writes it. */
#define DEFINE_KV(kv, value, type)                         \
	void kv(struct jsonw *w, const char *name, type v) \
	{                                                  \
		jsonw__name(w, name);                      \
		value(w, v);                               \
	}

DEFINE_KV(jsonw__kv_str, jsonw__str, const char *)
DEFINE_KV(jsonw__kv_u64, jsonw__u64, uint64_t)
DEFINE_KV(jsonw__kv_s64, jsonw__s64, int64_t)
DEFINE_KV(jsonw__kv_bool, jsonw__bool, bool)
DEFINE_KV(jsonw__kv_xu64, jsonw__xu64, uint64_t)
