/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The columns of the system-call summary (scsummary.h): a table of them, each with its
 * -U names (strace's, and its aliases), headers, least width, cell printer and JSON key, and
 * the two layouts that print them:
 *
 *	perf trace's (per thread, the default): the name first, times in msec, two header
 *	lines (names, units) and a rule, indented;
 *	strace -c's (--summary-mode=total): % time first, times in usecs, one header line, a
 *	rule, the rows, a rule and a total row; the name last; no errors read blank.
 *
 * Times print to the nanosecond in both (0.000123 msec, 0.123 usecs): a call that took time
 * never reads 0. Widths fit the widest cell of every row, so names and times of any length
 * keep the columns aligned.
 *
 *	struct sccolumns_spec spec = { 0 };	(zero: the layout's own columns, by time)
 *	if (sccolumns__parse(&spec, "name,calls") || sccolumns__parse_sort(&spec, "calls"))
 *		... errmsg__print() says why ...
 *	struct sccolumns t;
 *	sccolumns__init(&t, SCCOLUMNS_STRACE, &spec);
 *	sccolumns__fit(&t, &row);		(for every row, the total row too)
 *	sccolumns__head(&t, f);
 *	sccolumns__row(&t, f, &row);
 */
#ifndef PERF_BPF_SCCOLUMNS_H
#define PERF_BPF_SCCOLUMNS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "bpf/syscalls.h"

struct jsonw;

/* The columns; 0 (time-percent) is also the default order of the rows: by total time. */
enum sccolumns_id {
	SCCOL_TIME_PERCENT, /* of the table's total time */
	SCCOL_TOTAL_TIME,
	SCCOL_MIN_TIME,
	SCCOL_AVG_TIME,
	SCCOL_MAX_TIME,
	SCCOL_STDDEV, /* the standard deviation of the durations */
	SCCOL_P50,
	SCCOL_P99,
	SCCOL_CALLS,
	SCCOL_ERRORS,
	SCCOL_NAME,
	SCCOL_STDDEV_PERCENT, /* perf trace's: the standard error of the mean, in % of it */
	SCCOL_NR,
};

/* --summary-sort-by=nothing: the rows in the order of the calls' numbers (strace's). */
#define SCCOL_BY_NUMBER SCCOL_NR

enum sccolumns_style {
	SCCOLUMNS_PERF,
	SCCOLUMNS_STRACE,
};

/* What the user chose: -U's columns and --summary-sort-by's order. Zero: the defaults. */
struct sccolumns_spec {
	unsigned int nr; /* columns in ids[], in order; 0: the layout's own */
	enum sccolumns_id ids[SCCOL_NR];
	unsigned int sort_by; /* enum sccolumns_id, or SCCOL_BY_NUMBER */
};

/* One row: a call's counts (or the sum of every call's, for the total row). */
struct sccolumns_row {
	const char *name;
	const struct sysrec_count *c;
	uint64_t table_ns; /* the total time of the row's table: its % time is of this */
};

/* A table's layout: its columns and their widths. */
struct sccolumns {
	enum sccolumns_style style;
	unsigned int nr;
	enum sccolumns_id ids[SCCOL_NR];
	unsigned int width[SCCOL_NR]; /* by id */
};

/*
 * -U's comma-separated list into spec->nr and spec->ids: strace's names and aliases and
 * ours; name is added last when the list leaves it out (as strace does). 0, or -EINVAL for
 * an unknown, repeated or missing name, with the ERROR and Hint recorded (util/errmsg.h).
 */
int sccolumns__parse(struct sccolumns_spec *spec, const char *list);
/* --summary-sort-by's word into spec->sort_by. 0, or -EINVAL recorded as above. */
int sccolumns__parse_sort(struct sccolumns_spec *spec, const char *word);
/* The column's -U name ("total-time"), or NULL past the table. */
const char *sccolumns__name(unsigned int id);

/* The columns of spec (or style's own), each as wide as its header or least width. */
void sccolumns__init(struct sccolumns *t, enum sccolumns_style style,
		     const struct sccolumns_spec *spec);
/* Widen the columns that r's cells do not fit in. */
void sccolumns__fit(struct sccolumns *t, const struct sccolumns_row *r);
/* The header lines and the rule under them. */
void sccolumns__head(const struct sccolumns *t, FILE *f);
/* A rule as wide as the columns (strace's, above the total row). */
void sccolumns__rule(const struct sccolumns *t, FILE *f);
void sccolumns__row(const struct sccolumns *t, FILE *f, const struct sccolumns_row *r);
/* The row's members as JSON (name, calls, errors, total_ns, ... p99_ns), in an open object. */
void sccolumns__json(struct jsonw *w, const struct sccolumns_row *r);
/*
 * Rows in the order of column by (or SCCOL_BY_NUMBER: 0, the caller orders them): numbers
 * most first, names from A to Z. <0, 0 or >0, as qsort wants.
 */
int sccolumns__compare(unsigned int by, const struct sccolumns_row *a,
		       const struct sccolumns_row *b);

/*
 * A duration of ns nanoseconds in the style's unit, to the nanosecond: "1.000123" (msec,
 * perf's) or "1000.123" (usecs, strace's). Returns what snprintf returns.
 */
int sccolumns__time(char *buf, size_t size, uint64_t ns, enum sccolumns_style style);

#endif
