// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <string.h>

#include "syscalls/sctime.h"
#include "util/numfmt.h"

/* The seconds part, as the kind writes it, into t->last (once a second). */
static void format_second(struct sctime *t, time_t sec)
{
	struct tm tm;
	size_t n = 0;

	if (t->kind == SCTIME_UNIX) {
		n = (size_t)(numfmt__s64(t->last, (int64_t)sec) - t->last);
	} else if (localtime_r(&sec, &tm)) {
		n = strftime(t->last, sizeof(t->last),
			     t->kind == SCTIME_TOD ? "%Y-%m-%d %H:%M:%S" : "%H:%M:%S", &tm);
	}
	if (!n) /* a time no calendar holds */
		n = (size_t)snprintf(t->last, sizeof(t->last), "?");
	t->last_len = (int)n;
	t->last_sec = sec;
}

char *sctime__wall(struct sctime *t, char *p, uint64_t time)
{
	int64_t wall = (int64_t)time + t->wall_offset_ns;
	int digits = t->kind == SCTIME_TOD ? 6 : t->digits;
	uint64_t frac;
	time_t sec;

	if (wall < 0)
		wall = 0;
	sec = (time_t)(wall / 1000000000);
	if (!t->last_len || sec != t->last_sec)
		format_second(t, sec);
	memcpy(p, t->last, t->last_len);
	p += t->last_len;
	if (digits <= 0)
		return p;
	if (digits > 9)
		digits = 9;
	frac = (uint64_t)(wall % 1000000000);
	for (int i = digits; i < 9; i++)
		frac /= 10;
	*p++ = '.';
	return numfmt__dec(p, frac, digits);
}

/* "[format:]time|unix|none" or "[precision:]s|ms|us|ns", as strace reads them. 0 or -1. */
static int parse_word(struct sctime *t, const char *w, size_t len)
{
	static const char *const kinds[] = { "none", "time", "unix" };
	static const enum sctime_kind kind_of[] = { SCTIME_RELATIVE, SCTIME_TIME, SCTIME_UNIX };
	static const char *const prec[] = { "s", "ms", "us", "ns" };
	bool fmt = len > 7 && !strncmp(w, "format:", 7);
	bool pre = len > 10 && !strncmp(w, "precision:", 10);

	if (fmt || pre) {
		w += fmt ? 7 : 10;
		len -= fmt ? 7 : 10;
	}
	for (size_t i = 0; !pre && i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (strlen(kinds[i]) == len && !strncmp(kinds[i], w, len)) {
			t->kind = kind_of[i];
			return 0;
		}
	for (size_t i = 0; !fmt && i < sizeof(prec) / sizeof(prec[0]); i++)
		if (strlen(prec[i]) == len && !strncmp(prec[i], w, len)) {
			t->digits = (int)i * 3;
			return 0;
		}
	return -1;
}

const char *sctime__parse(struct sctime *t, const char *format, size_t *bad_len)
{
	struct sctime want = { .kind = SCTIME_TIME };

	for (const char *p = format; p && *p;) {
		size_t len = strcspn(p, ",");

		if (!len || parse_word(&want, p, len)) {
			*bad_len = len;
			return p;
		}
		p += len + (p[len] == ',');
	}
	*t = want;
	return NULL;
}
