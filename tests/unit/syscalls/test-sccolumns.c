// SPDX-License-Identifier: GPL-2.0
/* The summary's columns: -U's list, --summary-sort-by's word, times to the nanosecond, cells. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/errmsg.h"
#include "syscalls/sccolumns.h"

static const char *time_of(uint64_t ns, enum sccolumns_style style)
{
	static char buf[64];

	sccolumns__time(buf, sizeof(buf), ns, style);
	return buf;
}

static void test_sccolumns__time(void **state)
{
	/* usecs (strace's layout) and msec (perf's), both to the nanosecond: never 0 for 1 ns */
	assert_string_equal(time_of(0, SCCOLUMNS_STRACE), "0.000");
	assert_string_equal(time_of(1, SCCOLUMNS_STRACE), "0.001");
	assert_string_equal(time_of(123, SCCOLUMNS_STRACE), "0.123");
	assert_string_equal(time_of(1000, SCCOLUMNS_STRACE), "1.000");
	assert_string_equal(time_of(1234567, SCCOLUMNS_STRACE), "1234.567");
	assert_string_equal(time_of(UINT64_MAX, SCCOLUMNS_STRACE), "18446744073709551.615");
	assert_string_equal(time_of(0, SCCOLUMNS_PERF), "0.000000");
	assert_string_equal(time_of(1, SCCOLUMNS_PERF), "0.000001");
	assert_string_equal(time_of(499, SCCOLUMNS_PERF), "0.000499");
	assert_string_equal(time_of(1500000, SCCOLUMNS_PERF), "1.500000");
	assert_string_equal(time_of(12345678901ull, SCCOLUMNS_PERF), "12345.678901");
}

static void expect_ids(const struct sccolumns_spec *spec, unsigned int nr, ...)
{
	va_list ap;

	assert_int_equal(spec->nr, nr);
	va_start(ap, nr);
	for (unsigned int i = 0; i < nr; i++)
		assert_int_equal(spec->ids[i], va_arg(ap, int));
	va_end(ap);
}

static void test_sccolumns__parse(void **state)
{
	struct sccolumns_spec spec = { 0 };

	assert_int_equal(sccolumns__parse(&spec, "name,calls"), 0);
	expect_ids(&spec, 2, SCCOL_NAME, SCCOL_CALLS);
	/* as strace: the name goes last when the list leaves it out */
	assert_int_equal(sccolumns__parse(&spec, "calls"), 0);
	expect_ids(&spec, 2, SCCOL_CALLS, SCCOL_NAME);
	/* strace's names and aliases, and ours */
	assert_int_equal(sccolumns__parse(&spec, "time-percent,total-time,min-time,max-time,"
						 "avg-time,calls,errors,name"),
			 0);
	expect_ids(&spec, 8, SCCOL_TIME_PERCENT, SCCOL_TOTAL_TIME, SCCOL_MIN_TIME, SCCOL_MAX_TIME,
		   SCCOL_AVG_TIME, SCCOL_CALLS, SCCOL_ERRORS, SCCOL_NAME);
	assert_int_equal(sccolumns__parse(&spec, "time,time-total,shortest,longest,time-avg,"
						 "count,error,syscall"),
			 0);
	expect_ids(&spec, 8, SCCOL_TIME_PERCENT, SCCOL_TOTAL_TIME, SCCOL_MIN_TIME, SCCOL_MAX_TIME,
		   SCCOL_AVG_TIME, SCCOL_CALLS, SCCOL_ERRORS, SCCOL_NAME);
	assert_int_equal(sccolumns__parse(&spec, "p99,p50,stddev,stddev-percent,syscall-name"), 0);
	expect_ids(&spec, 5, SCCOL_P99, SCCOL_P50, SCCOL_STDDEV, SCCOL_STDDEV_PERCENT, SCCOL_NAME);
	/* every column at once */
	assert_int_equal(sccolumns__parse(&spec, "name,time,total-time,min-time,avg-time,"
						 "max-time,stddev,p50,p99,calls,errors,"
						 "stddev-percent"),
			 0);
	assert_int_equal(spec.nr, SCCOL_NR);
}

static void expect_error(const char *list, const char *text, const char *hint)
{
	struct sccolumns_spec spec = { 0 };

	errmsg__clear();
	assert_int_equal(sccolumns__parse(&spec, list), -EINVAL);
	assert_int_equal(spec.nr, 0);
	assert_non_null(errmsg__text());
	assert_non_null(strstr(errmsg__text(), text));
	assert_non_null(errmsg__hint_text());
	assert_non_null(strstr(errmsg__hint_text(), hint));
	errmsg__clear();
}

static void test_sccolumns__parse_errors(void **state)
{
	/* the ERROR names every column; the Hint the nearest one, when there is one */
	expect_error("bogus",
		     "unknown summary column 'bogus': the columns are time-percent, total-time, "
		     "min-time, avg-time, max-time, stddev, p50, p99, calls, errors, name, "
		     "stddev-percent",
		     "-U name,calls");
	expect_error("name,cals", "unknown summary column 'cals'", "did you mean 'calls'?");
	expect_error("calls,count", "summary column 'count' is given twice", "once");
	expect_error("", "an empty name", "between commas");
	expect_error("calls,", "an empty name", "between commas");
	expect_error(",calls", "an empty name", "between commas");
	expect_error("Calls", "unknown summary column 'Calls'", "did you mean 'calls'?");
}

static void test_sccolumns__parse_sort(void **state)
{
	struct sccolumns_spec spec = { 0 };

	assert_int_equal(spec.sort_by, SCCOL_TIME_PERCENT); /* zero: by time */
	assert_int_equal(sccolumns__parse_sort(&spec, "calls"), 0);
	assert_int_equal(spec.sort_by, SCCOL_CALLS);
	assert_int_equal(sccolumns__parse_sort(&spec, "shortest"), 0);
	assert_int_equal(spec.sort_by, SCCOL_MIN_TIME);
	assert_int_equal(sccolumns__parse_sort(&spec, "time-total"), 0);
	assert_int_equal(spec.sort_by, SCCOL_TOTAL_TIME);
	assert_int_equal(sccolumns__parse_sort(&spec, "syscall"), 0);
	assert_int_equal(spec.sort_by, SCCOL_NAME);
	assert_int_equal(sccolumns__parse_sort(&spec, "none"), 0);
	assert_int_equal(spec.sort_by, SCCOL_BY_NUMBER);
	assert_int_equal(sccolumns__parse_sort(&spec, "nothing"), 0);
	assert_int_equal(spec.sort_by, SCCOL_BY_NUMBER);
	errmsg__clear();
	assert_int_equal(sccolumns__parse_sort(&spec, "fastest"), -EINVAL);
	assert_non_null(strstr(errmsg__text(), "unknown summary order 'fastest'"));
	assert_non_null(strstr(errmsg__hint_text(), "--summary-sort-by=calls"));
	errmsg__clear();
}

static void count(struct sysrec_count *c, uint64_t calls, uint64_t errors, uint64_t ns)
{
	memset(c, 0, sizeof(*c));
	c->calls = calls;
	c->errors = errors;
	c->total_ns = ns * calls;
	c->min_ns = c->max_ns = ns;
	c->hist[sysrec_hist_bucket(ns)] = (uint32_t)calls;
}

static void test_sccolumns__compare(void **state)
{
	struct sysrec_count *c = calloc(2, sizeof(*c));
	struct sccolumns_row a = { .name = "read", .c = &c[0] },
			     b = { .name = "close", .c = &c[1] };

	assert_non_null(c);
	count(&c[0], 10, 0, 100);
	count(&c[1], 5, 2, 1000);
	/* numbers most first, names from A to Z */
	assert_true(sccolumns__compare(SCCOL_CALLS, &a, &b) < 0);
	assert_true(sccolumns__compare(SCCOL_TIME_PERCENT, &a, &b) > 0);
	assert_true(sccolumns__compare(SCCOL_TOTAL_TIME, &a, &b) > 0);
	assert_true(sccolumns__compare(SCCOL_ERRORS, &a, &b) > 0);
	assert_true(sccolumns__compare(SCCOL_MIN_TIME, &a, &b) > 0);
	assert_true(sccolumns__compare(SCCOL_NAME, &a, &b) > 0);
	assert_int_equal(sccolumns__compare(SCCOL_BY_NUMBER, &a, &b), 0);
	assert_int_equal(sccolumns__compare(SCCOL_CALLS, &a, &a), 0);
	free(c);
}

static char *table(enum sccolumns_style style, const char *list, const struct sccolumns_row *r,
		   size_t nr)
{
	struct sccolumns_spec spec = { 0 };
	struct sccolumns t;
	char *text;
	size_t len;
	FILE *f = open_memstream(&text, &len);

	assert_non_null(f);
	if (list)
		assert_int_equal(sccolumns__parse(&spec, list), 0);
	sccolumns__init(&t, style, &spec);
	for (size_t i = 0; i < nr; i++)
		sccolumns__fit(&t, &r[i]);
	sccolumns__head(&t, f);
	for (size_t i = 0; i < nr; i++)
		sccolumns__row(&t, f, &r[i]);
	fclose(f);
	return text;
}

static void test_sccolumns__cells(void **state)
{
	struct sysrec_count *c = calloc(2, sizeof(*c));
	struct sccolumns_row r[2] = {
		{ .name = "getppid", .c = &c[0], .table_ns = 2300 },
		{ .name = "a_call_named_at_length", .c = &c[1], .table_ns = 2300 },
	};
	char *text;

	assert_non_null(c);
	count(&c[0], 3, 0, 100);
	count(&c[1], 1, 1, 2000);
	/* strace's: no errors read blank, percentages bare, the long name last and whole */
	text = table(SCCOLUMNS_STRACE, "time,min-time,calls,errors", r, 2);
	assert_string_equal(text, "% time    min(us)     calls    errors syscall\n"
				  "------ ---------- --------- --------- ----------------------\n"
				  " 13.04      0.100         3           getppid\n"
				  " 86.96      2.000         1         1 a_call_named_at_length\n");
	free(text);
	/* perf's: units under the names, 0 errors as 0, the name first and padded */
	text = table(SCCOLUMNS_PERF, "name,errors,avg-time,stddev-percent", r, 2);
	assert_string_equal(text, "   syscall                errors       avg    stddev\n"
				  "                                    (msec)       (%)\n"
				  "   ---------------------- ------ --------- ---------\n"
				  "   getppid                     0  0.000100     0.00%\n"
				  "   a_call_named_at_length      1  0.002000     0.00%\n");
	free(text);
	free(c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sccolumns__time),
		cmocka_unit_test(test_sccolumns__parse),
		cmocka_unit_test(test_sccolumns__parse_errors),
		cmocka_unit_test(test_sccolumns__parse_sort),
		cmocka_unit_test(test_sccolumns__compare),
		cmocka_unit_test(test_sccolumns__cells),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
