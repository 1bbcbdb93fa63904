// SPDX-License-Identifier: GPL-2.0
/* The columns of the system-call summary and the two layouts that print them. */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <string.h>

#include "util/errmsg.h"
#include "util/jsonw.h"
#include "util/similar.h"
#include "syscalls/sysrec.h"
#include "syscalls/sccolumns.h"

#define CELL_MAX 64
#define LINE_MAX_BYTES (SCCOL_NR * (CELL_MAX + 1) + 8)
#define ALIASES 4

struct column {
	const char *names[ALIASES]; /* -U's: ours (strace's where it has it), then aliases */
	const char *perf_head, *perf_unit;
	const char *strace_head;
	unsigned int perf_width, strace_width; /* at least */
	const char *json; /* the key of its number in JSON; NULL: none */
	long double (*value)(const struct sccolumns_row *r); /* what it shows, what sorts by it */
	void (*cell)(char *buf, size_t size, const struct sccolumns_row *r, unsigned int id,
		     enum sccolumns_style style);
};

static long double time_percent(const struct sccolumns_row *r)
{
	return r->table_ns ? 100.0L * r->c->total_ns / r->table_ns : 0;
}

static long double total_time(const struct sccolumns_row *r)
{
	return (long double)r->c->total_ns;
}

static long double min_time(const struct sccolumns_row *r)
{
	return r->c->calls ? (long double)r->c->min_ns : 0;
}

static long double avg_time(const struct sccolumns_row *r)
{
	return sysrec__mean_ns(r->c);
}

static long double max_time(const struct sccolumns_row *r)
{
	return (long double)r->c->max_ns;
}

static long double stddev(const struct sccolumns_row *r)
{
	return sysrec__stddev_ns(r->c);
}

static long double p50(const struct sccolumns_row *r)
{
	return (long double)sysrec__percentile(r->c, 0.5);
}

static long double p99(const struct sccolumns_row *r)
{
	return (long double)sysrec__percentile(r->c, 0.99);
}

static long double calls(const struct sccolumns_row *r)
{
	return (long double)r->c->calls;
}

static long double errors(const struct sccolumns_row *r)
{
	return (long double)r->c->errors;
}

/* perf trace's stddev: the standard error of the mean, in percent of the mean. */
static long double stddev_percent(const struct sccolumns_row *r)
{
	const struct sysrec_count *c = r->c;
	double mean = sysrec__mean_ns(c);

	return c->calls > 1 && mean > 0 ?
		       100.0 * sysrec__stddev_ns(c) / sqrt((double)c->calls) / mean :
		       0.0;
}

static void time_cell(char *buf, size_t size, const struct sccolumns_row *r, unsigned int id,
		      enum sccolumns_style style);
static void count_cell(char *buf, size_t size, const struct sccolumns_row *r, unsigned int id,
		       enum sccolumns_style style);
static void percent_cell(char *buf, size_t size, const struct sccolumns_row *r, unsigned int id,
			 enum sccolumns_style style);
static void name_cell(char *buf, size_t size, const struct sccolumns_row *r, unsigned int id,
		      enum sccolumns_style style);

/*
 * { -U names }, perf's header and unit, strace's header, perf's and strace's least widths,
 * JSON key, value, cell printer.
 */
/* clang-format off */
static const struct column columns[SCCOL_NR] = {
	[SCCOL_TIME_PERCENT] = { { "time-percent", "time" }, "time", "(%)", "% time", 7, 6,
				 NULL, time_percent, percent_cell },
	[SCCOL_TOTAL_TIME] = { { "total-time", "time-total" }, "total", "(msec)", "total(us)", 9,
			       11, "total_ns", total_time, time_cell },
	[SCCOL_MIN_TIME] = { { "min-time", "shortest", "time-min" }, "min", "(msec)", "min(us)", 9,
			     10, "min_ns", min_time, time_cell },
	[SCCOL_AVG_TIME] = { { "avg-time", "time-avg" }, "avg", "(msec)", "avg(us)", 9, 10,
			     "avg_ns", avg_time, time_cell },
	[SCCOL_MAX_TIME] = { { "max-time", "longest", "time-max" }, "max", "(msec)", "max(us)", 9,
			     10, "max_ns", max_time, time_cell },
	[SCCOL_STDDEV] = { { "stddev" }, "stddev", "(msec)", "stddev(us)", 9, 10, "stddev_ns",
			   stddev, time_cell },
	[SCCOL_P50] = { { "p50" }, "p50", "(msec)", "p50(us)", 9, 10, "p50_ns", p50, time_cell },
	[SCCOL_P99] = { { "p99" }, "p99", "(msec)", "p99(us)", 9, 10, "p99_ns", p99, time_cell },
	[SCCOL_CALLS] = { { "calls", "count" }, "calls", "", "calls", 8, 9, "calls", calls,
			  count_cell },
	[SCCOL_ERRORS] = { { "errors", "error" }, "errors", "", "errors", 6, 9, "errors", errors,
			   count_cell },
	[SCCOL_NAME] = { { "name", "syscall", "syscall-name" }, "syscall", "", "syscall", 15, 16,
			 "name", NULL, name_cell },
	[SCCOL_STDDEV_PERCENT] = { { "stddev-percent" }, "stddev", "(%)", "stddev(%)", 9, 9, NULL,
				   stddev_percent, percent_cell },
};

/* Each layout's own columns, in order. */
static const enum sccolumns_id perf_columns[] = {
	SCCOL_NAME, SCCOL_CALLS, SCCOL_ERRORS, SCCOL_TOTAL_TIME, SCCOL_MIN_TIME, SCCOL_AVG_TIME,
	SCCOL_MAX_TIME, SCCOL_STDDEV_PERCENT, SCCOL_P50, SCCOL_P99,
};
static const enum sccolumns_id strace_columns[] = {
	SCCOL_TIME_PERCENT, SCCOL_TOTAL_TIME, SCCOL_MIN_TIME, SCCOL_AVG_TIME, SCCOL_MAX_TIME,
	SCCOL_STDDEV, SCCOL_P50, SCCOL_P99, SCCOL_CALLS, SCCOL_ERRORS, SCCOL_NAME,
};
/* The members of a JSON object, in the order they have always had. */
static const enum sccolumns_id json_members[] = {
	SCCOL_NAME, SCCOL_CALLS, SCCOL_ERRORS, SCCOL_TOTAL_TIME, SCCOL_MIN_TIME, SCCOL_AVG_TIME,
	SCCOL_MAX_TIME, SCCOL_STDDEV, SCCOL_P50, SCCOL_P99,
};
/* clang-format on */

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

int sccolumns__time(char *buf, size_t size, uint64_t ns, enum sccolumns_style style)
{
	if (style == SCCOLUMNS_PERF)
		return snprintf(buf, size, "%" PRIu64 ".%06" PRIu64, ns / 1000000, ns % 1000000);
	return snprintf(buf, size, "%" PRIu64 ".%03" PRIu64, ns / 1000, ns % 1000);
}

static void time_cell(char *buf, size_t size, const struct sccolumns_row *r, unsigned int id,
		      enum sccolumns_style style)
{
	long double ns = columns[id].value(r);

	sccolumns__time(buf, size, ns < 0x1p64L ? (uint64_t)ns : UINT64_MAX, style);
}

/* strace leaves a count of no errors blank, and so does its layout here. */
static void count_cell(char *buf, size_t size, const struct sccolumns_row *r, unsigned int id,
		       enum sccolumns_style style)
{
	uint64_t n = id == SCCOL_CALLS ? r->c->calls : r->c->errors;

	if (id == SCCOL_ERRORS && !n && style == SCCOLUMNS_STRACE)
		buf[0] = '\0';
	else
		snprintf(buf, size, "%" PRIu64, n);
}

static void percent_cell(char *buf, size_t size, const struct sccolumns_row *r, unsigned int id,
			 enum sccolumns_style style)
{
	snprintf(buf, size, style == SCCOLUMNS_PERF ? "%.2Lf%%" : "%.2Lf", columns[id].value(r));
}

static void name_cell(char *buf, size_t size, const struct sccolumns_row *r, unsigned int id,
		      enum sccolumns_style style)
{
	snprintf(buf, size, "%s", r->name);
}

const char *sccolumns__name(unsigned int id)
{
	return id < SCCOL_NR ? columns[id].names[0] : NULL;
}

/* ---- the choice of columns and order ---- */

static int lookup(const char *word, size_t len)
{
	for (unsigned int i = 0; i < SCCOL_NR; i++)
		for (unsigned int a = 0; a < ALIASES && columns[i].names[a]; a++)
			if (strlen(columns[i].names[a]) == len &&
			    !strncmp(columns[i].names[a], word, len))
				return (int)i;
	return -1;
}

static void name_list(char *buf, size_t size)
{
	size_t n = 0;

	buf[0] = '\0';
	for (unsigned int i = 0; i < SCCOL_NR && n < size; i++)
		n += snprintf(buf + n, size - n, "%s%s", i ? ", " : "", columns[i].names[0]);
}

static int unknown_column(const char *word, size_t len)
{
	const char *names[SCCOL_NR], *best[1];
	char all[256], w[CELL_MAX];

	snprintf(w, sizeof(w), "%.*s", (int)len, word);
	name_list(all, sizeof(all));
	errmsg__set(-EINVAL, "unknown summary column '%s': the columns are %s", w, all);
	for (unsigned int i = 0; i < SCCOL_NR; i++)
		names[i] = columns[i].names[0];
	if (similar__closest(w, names, SCCOL_NR, best, 1))
		errmsg__hint("did you mean '%s'? -U takes a comma-separated list: -U name,calls",
			     best[0]);
	else
		errmsg__hint("-U takes a comma-separated list, as strace's: -U name,calls,errors");
	return -EINVAL;
}

static int add_column(struct sccolumns_spec *spec, const char *word, size_t len)
{
	int id = lookup(word, len);

	if (!len) {
		errmsg__set(-EINVAL, "an empty name in the list of summary columns");
		errmsg__hint("-U takes names between commas: -U name,calls,errors");
		return -EINVAL;
	}
	if (id < 0)
		return unknown_column(word, len);
	for (unsigned int i = 0; i < spec->nr; i++)
		if (spec->ids[i] == (enum sccolumns_id)id) {
			errmsg__set(-EINVAL, "summary column '%.*s' is given twice", (int)len,
				    word);
			errmsg__hint("give each column once (its aliases count as it)");
			return -EINVAL;
		}
	spec->ids[spec->nr++] = id;
	return 0;
}

int sccolumns__parse(struct sccolumns_spec *spec, const char *list)
{
	const char *w = list;
	bool named = false;
	int err;

	spec->nr = 0;
	for (;;) {
		size_t len = strcspn(w, ",");

		err = add_column(spec, w, len);
		if (err) {
			spec->nr = 0;
			return err;
		}
		named |= spec->ids[spec->nr - 1] == SCCOL_NAME;
		if (!w[len])
			break;
		w += len + 1;
	}
	if (!named)
		spec->ids[spec->nr++] = SCCOL_NAME;
	return 0;
}

int sccolumns__parse_sort(struct sccolumns_spec *spec, const char *word)
{
	int id = lookup(word, strlen(word));
	char all[256];

	if (!strcmp(word, "nothing") || !strcmp(word, "none")) {
		spec->sort_by = SCCOL_BY_NUMBER;
		return 0;
	}
	if (id >= 0) {
		spec->sort_by = (unsigned int)id;
		return 0;
	}
	name_list(all, sizeof(all));
	errmsg__set(-EINVAL, "unknown summary order '%s': give a column (%s) or nothing", word,
		    all);
	errmsg__hint("as strace's -S: --summary-sort-by=calls (numbers most first, names A to Z)");
	return -EINVAL;
}

/* ---- printing ---- */

void sccolumns__init(struct sccolumns *t, enum sccolumns_style style,
		     const struct sccolumns_spec *spec)
{
	const enum sccolumns_id *ids = style == SCCOLUMNS_PERF ? perf_columns : strace_columns;
	unsigned int nr = style == SCCOLUMNS_PERF ? ARRAY_LEN(perf_columns) :
						    ARRAY_LEN(strace_columns);

	if (spec && spec->nr) {
		ids = spec->ids;
		nr = spec->nr;
	}
	memset(t, 0, sizeof(*t));
	t->style = style;
	t->nr = nr;
	memcpy(t->ids, ids, nr * sizeof(*ids));
	for (unsigned int i = 0; i < SCCOL_NR; i++) {
		const struct column *c = &columns[i];
		unsigned int w = style == SCCOLUMNS_PERF ? c->perf_width : c->strace_width;
		size_t head = strlen(style == SCCOLUMNS_PERF ? c->perf_head : c->strace_head);
		size_t unit = style == SCCOLUMNS_PERF ? strlen(c->perf_unit) : 0;

		w = w > head ? w : (unsigned int)head;
		t->width[i] = w > unit ? w : (unsigned int)unit;
	}
}

void sccolumns__fit(struct sccolumns *t, const struct sccolumns_row *r)
{
	char cell[CELL_MAX];

	for (unsigned int i = 0; i < t->nr; i++) {
		unsigned int id = t->ids[i];
		size_t len;

		columns[id].cell(cell, sizeof(cell), r, id, t->style);
		len = strlen(cell);
		if (len > t->width[id])
			t->width[id] = (unsigned int)len;
	}
}

/* One line of cells, cell(i) the text of the i-th column, without trailing blanks. */
static void put_line(const struct sccolumns *t, FILE *f, const char *const *cells)
{
	char line[LINE_MAX_BYTES];
	size_t n = 0;

	if (t->style == SCCOLUMNS_PERF)
		n += snprintf(line, sizeof(line), "   ");
	for (unsigned int i = 0; i < t->nr && n < sizeof(line); i++) {
		unsigned int id = t->ids[i];
		int w = (int)t->width[id];

		n += snprintf(line + n, sizeof(line) - n, id == SCCOL_NAME ? "%s%-*s" : "%s%*s",
			      i ? " " : "", w, cells[i]);
	}
	if (n >= sizeof(line))
		n = sizeof(line) - 1;
	while (n && line[n - 1] == ' ')
		n--;
	fprintf(f, "%.*s\n", (int)n, line);
}

void sccolumns__rule(const struct sccolumns *t, FILE *f)
{
	static const char dashes[] =
		"----------------------------------------------------------------";
	const char *cells[SCCOL_NR] = { NULL };

	for (unsigned int i = 0; i < t->nr; i++) {
		unsigned int w = t->width[t->ids[i]];

		cells[i] = dashes + (w < sizeof(dashes) - 1 ? sizeof(dashes) - 1 - w : 0);
	}
	put_line(t, f, cells);
}

void sccolumns__head(const struct sccolumns *t, FILE *f)
{
	const char *heads[SCCOL_NR] = { NULL }, *units[SCCOL_NR] = { NULL };
	bool any_unit = false;

	for (unsigned int i = 0; i < t->nr; i++) {
		const struct column *c = &columns[t->ids[i]];

		heads[i] = t->style == SCCOLUMNS_PERF ? c->perf_head : c->strace_head;
		units[i] = c->perf_unit;
		any_unit |= c->perf_unit[0] != '\0';
	}
	put_line(t, f, heads);
	if (t->style == SCCOLUMNS_PERF && any_unit)
		put_line(t, f, units);
	sccolumns__rule(t, f);
}

void sccolumns__row(const struct sccolumns *t, FILE *f, const struct sccolumns_row *r)
{
	char text[SCCOL_NR][CELL_MAX];
	const char *cells[SCCOL_NR] = { NULL };

	for (unsigned int i = 0; i < t->nr; i++) {
		unsigned int id = t->ids[i];

		columns[id].cell(text[i], sizeof(text[i]), r, id, t->style);
		cells[i] = text[i];
	}
	put_line(t, f, cells);
}

void sccolumns__json(struct jsonw *w, const struct sccolumns_row *r)
{
	for (size_t i = 0; i < ARRAY_LEN(json_members); i++) {
		const struct column *c = &columns[json_members[i]];

		if (!c->value)
			jsonw__kv_str(w, c->json, r->name);
		else
			jsonw__kv_u64(w, c->json, (uint64_t)c->value(r));
	}
}

int sccolumns__compare(unsigned int by, const struct sccolumns_row *a,
		       const struct sccolumns_row *b)
{
	long double x, y;

	if (by >= SCCOL_NR)
		return 0;
	if (by == SCCOL_NAME)
		return strcmp(a->name, b->name);
	/* long doubles: exact for every u64 on x86-64 and arm64 */
	if (by == SCCOL_TIME_PERCENT) /* of different tables, maybe: the times decide */
		by = SCCOL_TOTAL_TIME;
	x = columns[by].value(a);
	y = columns[by].value(b);
	return x == y ? 0 : x > y ? -1 : 1;
}
