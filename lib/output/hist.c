// SPDX-License-Identifier: GPL-2.0
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/jsonw.h"
#include "output/hist.h"

#define BAR_WIDTH 50
#define MAX_GAP 8 /* empty buckets shown between two counted ones, at most */

enum hist_kind hist__kind(const char *name, uint64_t *width)
{
	size_t n = name ? strlen(name) : 0;
	const char *w = name ? strstr(name, "_lhist_") : NULL;
	char *end;

	*width = 0;
	if (w && w > name && w[7] >= '1' && w[7] <= '9') {
		unsigned long long v = strtoull(w + 7, &end, 10);

		if (!*end && v) {
			*width = v;
			return HIST_LINEAR;
		}
	}
	if (n > 6 && !strcmp(name + n - 6, "_lhist"))
		return HIST_LINEAR;
	if (n > 5 && !strcmp(name + n - 5, "_hist"))
		return HIST_LOG2;
	return HIST_NONE;
}

static uint64_t gcd(uint64_t a, uint64_t b)
{
	while (b) {
		uint64_t t = a % b;

		a = b;
		b = t;
	}
	return a;
}

uint64_t hist__linear_width(const struct hist_bucket *bk, size_t n)
{
	uint64_t g = 0;

	for (size_t i = 0; i < n; i++)
		g = gcd(g, bk[i].key);
	return g ? g : 1;
}

void hist__bounds(enum hist_kind kind, uint64_t width, uint64_t key, uint64_t *lo, uint64_t *hi)
{
	if (kind == HIST_LINEAR) {
		*lo = key;
		*hi = key > UINT64_MAX - width ? UINT64_MAX : key + width;
	} else if (kind == HIST_LOG2_SLOTS) {
		*lo = key == 0 ? 0 : key > 63 ? UINT64_MAX : 1ULL << key;
		*hi = key >= 63 ? UINT64_MAX : 2ULL << key;
	} else if (key == 0) {
		*lo = 0;
		*hi = 1;
	} else {
		*lo = key > 64 ? UINT64_MAX : 1ULL << (key - 1);
		*hi = key >= 64 ? UINT64_MAX : 1ULL << key;
	}
}

static int cmp_bucket(const void *a, const void *b)
{
	const struct hist_bucket *x = a, *y = b;

	return x->key < y->key ? -1 : x->key > y->key;
}

/* 1024 -> "1K", as bpftrace labels powers of two. */
static void human(char *buf, size_t size, uint64_t v)
{
	static const char sfx[] = "KMGTPE";
	int i = -1;

	while (v && v % 1024 == 0 && i < 5) {
		v /= 1024;
		i++;
	}
	if (i < 0)
		snprintf(buf, size, "%" PRIu64, v);
	else
		snprintf(buf, size, "%" PRIu64 "%c", v, sfx[i]);
}

static void label(char buf[80], size_t size, enum hist_kind kind, uint64_t lo, uint64_t hi)
{
	char a[24], b[24];

	if (kind == HIST_LOG2 && hi - lo == 1) {
		human(a, sizeof(a), lo);
		snprintf(buf, size, "[%s]", a);
		return;
	}
	if (kind != HIST_LINEAR) {
		human(a, sizeof(a), lo);
		human(b, sizeof(b), hi);
	} else {
		snprintf(a, sizeof(a), "%" PRIu64, lo);
		snprintf(b, sizeof(b), "%" PRIu64, hi);
	}
	snprintf(buf, size, "[%s, %s)", a, b);
}

/* Walk the buckets from the lowest to the highest, empty ones between as count 0. */
static size_t walk(enum hist_kind kind, struct hist_bucket *bk, size_t *end, uint64_t *width,
		   uint64_t *max, uint64_t given)
{
	size_t n = *end;
	size_t first = 0;

	qsort(bk, n, sizeof(*bk), cmp_bucket);
	while (n && !bk[n - 1].count)
		n--;
	*end = n;
	while (first < n && !bk[first].count)
		first++;
	*width = kind != HIST_LINEAR ? 1 : given ?: hist__linear_width(bk + first, n - first);
	*max = 0;
	for (size_t i = first; i < n; i++)
		if (bk[i].count > *max)
			*max = bk[i].count;
	return first;
}

struct cursor {
	struct hist_bucket *bk;
	size_t i, n;
	uint64_t key, width;
	bool started, done;
};

/* The next bucket to show (empty ones filled in): false at the end. */
static bool next(struct cursor *c, uint64_t *key, uint64_t *count)
{
	if (c->i >= c->n)
		return false;
	if (!c->started) {
		c->key = c->bk[c->i].key;
		c->started = true;
	}
	*key = c->key;
	*count = 0;
	if (c->bk[c->i].key == c->key)
		*count = c->bk[c->i++].count;
	/*
	 * the next key: a step of the width, or straight to the next bucket past a long gap or
	 * when a step would pass it (keys not on the width's steps, a width near 2^64): at
	 * most MAX_GAP + 1 steps between two buckets, and no step wraps around
	 */
	if (c->i < c->n && ((c->bk[c->i].key - c->key) / c->width > MAX_GAP ||
			    c->bk[c->i].key - c->key < c->width))
		c->key = c->bk[c->i].key;
	else
		c->key += c->width;
	return true;
}

void hist__text(struct dbuf *b, enum hist_kind kind, uint64_t given, struct hist_bucket *bk,
		size_t n)
{
	uint64_t width, max, key, count;
	struct cursor c = { .bk = bk, .n = n };
	char line[160], lab[80];

	c.i = walk(kind, bk, &c.n, &width, &max, given);
	c.width = width;
	while (next(&c, &key, &count)) {
		uint64_t lo, hi;
		int bar = max ? (int)(count * BAR_WIDTH / max) : 0;
		int len;

		hist__bounds(kind, width, key, &lo, &hi);
		label(lab, sizeof(lab), kind, lo, hi);
		len = snprintf(line, sizeof(line), "%-20s %8" PRIu64 " |", lab, count);
		for (int i = 0; i < BAR_WIDTH && len < (int)sizeof(line) - 3; i++)
			line[len++] = i < bar ? '@' : ' ';
		line[len++] = '|';
		line[len++] = '\n';
		line[len] = '\0';
		dbuf__text(b, line, len);
	}
}

void hist__json(struct jsonw *w, enum hist_kind kind, uint64_t given, struct hist_bucket *bk,
		size_t n)
{
	uint64_t width, max, key, count;
	struct cursor c = { .bk = bk, .n = n };

	c.i = walk(kind, bk, &c.n, &width, &max, given);
	c.width = width;
	jsonw__start_array(w);
	while (next(&c, &key, &count)) {
		uint64_t lo, hi;

		hist__bounds(kind, width, key, &lo, &hi);
		jsonw__start_object(w);
		jsonw__kv_u64(w, "low", lo);
		jsonw__kv_u64(w, "high", hi);
		jsonw__kv_u64(w, "count", count);
		jsonw__end_object(w);
	}
	jsonw__end_array(w);
}
