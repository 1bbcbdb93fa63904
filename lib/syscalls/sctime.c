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
