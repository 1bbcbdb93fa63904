/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The time at the head of a system-call line: perf trace's milliseconds from the first call
 * by default, or the wall-clock time as perf script's tod (-F tod) or strace's -t, -tt and
 * -ttt (--timestamps) print it:
 *
 *	SCTIME_TOD	2026-12-04 21:41:34.214749
 *	SCTIME_TIME	21:41:34 (digits 0), 21:41:34.214749 (6)
 *	SCTIME_UNIX	1796420494 (0), 1796420494.214749 (6), 1796420494.214749123 (9)
 *
 * in the local time zone, from a record's time plus the offset of its clock to
 * CLOCK_REALTIME.
 *
 *	struct sctime t = { .kind = SCTIME_TIME, .digits = 6, .wall_offset_ns = off };
 *	char buf[SCTIME_MAX], *end = sctime__wall(&t, buf, time_ns);
 */
#ifndef PERF_BPF_SCTIME_H
#define PERF_BPF_SCTIME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

enum sctime_kind {
	SCTIME_RELATIVE, /* perf trace's: milliseconds from the first call (-T: as the clock) */
	SCTIME_TOD, /* perf script's tod: the date and the time of day to the microsecond */
	SCTIME_TIME, /* strace's -t, -tt: the time of day */
	SCTIME_UNIX, /* strace's -ttt: seconds since the epoch */
};

struct sctime {
	enum sctime_kind kind;
	int digits; /* SCTIME_TIME, SCTIME_UNIX: digits of the fraction of a second, 0 to 9 */
	bool and_relative; /* a wall-clock time, then the relative one (-F +tod) */
	int64_t wall_offset_ns; /* a record's time plus this is the CLOCK_REALTIME time */
	/* the last second formatted, kept: a line a call must not cost a localtime_r() */
	time_t last_sec;
	char last[32];
	int last_len;
};

/* The longest wall-clock time written, "YYYY-MM-DD HH:MM:SS.uuuuuu" or 20 digits and 9. */
#define SCTIME_MAX 48

/* The wall-clock time of time (ns of the record's clock) at p, no NUL; returns its end. */
char *sctime__wall(struct sctime *t, char *p, uint64_t time);
/*
 * strace's --timestamps FORMAT into t: comma-separated "[format:]time|unix|none" and
 * "[precision:]s|ms|us|ns" (default time and s; NULL or "" for both). NULL, or the first
 * word it does not know (its length in *bad_len; t is left alone).
 */
const char *sctime__parse(struct sctime *t, const char *format, size_t *bad_len);
/* Is kind a wall-clock time? */
static inline bool sctime__is_wall(const struct sctime *t)
{
	return t->kind != SCTIME_RELATIVE;
}

#endif
