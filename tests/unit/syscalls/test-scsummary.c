// SPDX-License-Identifier: GPL-2.0
/* The system-call summary: per-thread and total tables, kernel counts and single calls. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>

#include "util/jsonw.h"
#include "syscalls/sccolumns.h"
#include "syscalls/sctable.h"
#include "syscalls/scsummary.h"

static char *run_spec(bool total, bool json, const struct sccolumns_spec *spec)
{
	struct sctable *t = sctable__new();
	char *text;
	size_t len;
	FILE *f = open_memstream(&text, &len);
	struct jsonw *w = json ? jsonw__new(f, false) : NULL;
	struct scsummary_opts o = { .out = f, .json = w, .total = total };
	struct scsummary *s;
	struct sysrec_count_key k = { .tid = 11, .nr = SYS_getppid };
	struct sysrec_count *c = calloc(1, sizeof(*c));

	if (spec)
		o.columns = *spec;
	s = scsummary__new(&o);
	assert_non_null(s);
	assert_non_null(c);
	/* thread 10: four openat, one failing; one read */
	for (int i = 1; i <= 4; i++)
		assert_int_equal(scsummary__call(s, 10, 10, NULL, SYS_openat, i * 1000000,
						 i == 4 ? -2 : 3),
				 0);
	assert_int_equal(scsummary__call(s, 10, 10, NULL, SYS_read, 500000, 10), 0);
	scsummary__set_comm(s, 10, 10, "cat");
	/* thread 11: a kernel count of 100 getppid of 1 us, merged with one call of 3 us */
	c->calls = 100;
	c->total_ns = 100000;
	c->min_ns = 1000;
	c->max_ns = 1000;
	c->pid = 10;
	c->hist[sysrec_hist_bucket(1000)] = 100;
	snprintf(c->comm, sizeof(c->comm), "worker");
	assert_int_equal(scsummary__add(s, &k, c), 0);
	assert_int_equal(scsummary__call(s, 10, 11, NULL, SYS_getppid, 3000, 1), 0);
	assert_int_equal(scsummary__print(s, t), 0);
	scsummary__free(s);
	jsonw__free(w);
	fclose(f);
	free(c);
	sctable__free(t);
	return text;
}

static char *run(bool total, bool json)
{
	return run_spec(total, json, NULL);
}

static void test_scsummary__per_thread(void **state)
{
	char *text = run(false, false);

	assert_non_null(strstr(text, " cat (10), 5 calls, 4.7%\n"));
	assert_non_null(strstr(text, " worker (11), 101 calls, 95.3%\n"));
	/* by total time: openat before read; msec to the nanosecond, as perf trace's */
	assert_non_null(strstr(text,
			       "\n   syscall            calls errors     total       min"
			       "       avg       max    stddev       p50       p99\n"
			       "                                      (msec)    (msec)    (msec)"
			       "    (msec)       (%)    (msec)    (msec)\n"
			       "   --------------- -------- ------ --------- --------- ---------"
			       " --------- --------- --------- ---------\n"));
	assert_non_null(strstr(text, "\n   openat                 4      1 10.000000  1.000000"
				     "  2.500000  4.000000    25.82%  2.097152  3.997287\n"));
	assert_true(strstr(text, "   openat ") < strstr(text, "   read "));
	assert_non_null(strstr(text, "\n   getppid              101      0  0.103000  0.001000"
				     "  0.001019  0.003000     0.00%  0.001012  0.001023\n"));
	free(text);
}

static void test_scsummary__total_and_json(void **state)
{
	char *text = run(true, false);

	/* strace -c's layout: % time first, usecs, the name last, a total row of the sums */
	assert_string_equal(text, "% time   total(us)    min(us)    avg(us)    max(us) stddev(us)"
				  "    p50(us)    p99(us)     calls    errors syscall\n"
				  "------ ----------- ---------- ---------- ---------- ----------"
				  " ---------- ---------- --------- --------- ----------------\n"
				  " 94.31   10000.000   1000.000   2500.000   4000.000   1290.994"
				  "   2097.152   3997.287         4         1 openat\n"
				  "  4.72     500.000    500.000    500.000    500.000      0.000"
				  "    500.000    500.000         1           read\n"
				  "  0.97     103.000      1.000      1.019      3.000      0.000"
				  "      1.012      1.023       101           getppid\n"
				  "------ ----------- ---------- ---------- ---------- ----------"
				  " ---------- ---------- --------- --------- ----------------\n"
				  "100.00   10603.000      1.000    100.028   4000.000    527.251"
				  "      1.012   3129.999       106         1 total\n");
	free(text);
	text = run(false, true);
	assert_non_null(strstr(text,
			       "{\"type\":\"syscall_summary\",\"pid\":10,\"tid\":10,"
			       "\"comm\":\"cat\",\"name\":\"openat\",\"calls\":4,\"errors\":1,"
			       "\"total_ns\":10000000,\"min_ns\":1000000,\"avg_ns\":2500000,"
			       "\"max_ns\":4000000,"));
	assert_null(strstr(text, "Summary of events"));
	free(text);
}

/* -U and --summary-sort-by: the columns chosen, in their order, the rows in the one asked. */
static void test_scsummary__columns_and_order(void **state)
{
	struct sccolumns_spec spec = { 0 };
	char *text;

	assert_int_equal(sccolumns__parse(&spec, "calls,time"), 0);
	assert_int_equal(sccolumns__parse_sort(&spec, "calls"), 0);
	text = run_spec(true, false, &spec);
	assert_string_equal(text, "    calls % time syscall\n"
				  "--------- ------ ----------------\n"
				  "      101   0.97 getppid\n"
				  "        4  94.31 openat\n"
				  "        1   4.72 read\n"
				  "--------- ------ ----------------\n"
				  "      106 100.00 total\n");
	free(text);
	assert_int_equal(sccolumns__parse(&spec, "name,errors"), 0);
	assert_int_equal(sccolumns__parse_sort(&spec, "name"), 0);
	text = run_spec(false, false, &spec);
	assert_non_null(strstr(text, "\n   syscall         errors\n"
				     "   --------------- ------\n"
				     "   openat               1\n"
				     "   read                 0\n"));
	free(text);
	/* JSON keeps every member whatever -U says */
	text = run_spec(true, true, &spec);
	assert_non_null(strstr(text, "\"name\":\"getppid\",\"calls\":101,"));
	assert_non_null(strstr(text, "\"p99_ns\":1023}"));
	free(text);
}

/* The column of right-aligned header word in line: the offset just past its end, or -1. */
static int end_of(const char *line, const char *word)
{
	const char *at = strstr(line, word);

	return at ? (int)(at - line + strlen(word)) : -1;
}

/* A call with a long name widens its column: every row's numbers end where their header does. */
static void test_scsummary__long_names_aligned(void **state)
{
	static const char *const heads[] = { "calls", "errors", "total", "p99" };
	struct sctable *t = sctable__new();
	struct scsummary_opts o = { 0 };
	struct scsummary *s;
	char *text, *line, *save = NULL;
	int ends[4] = { -1, -1, -1, -1 }, rows = 0;
	size_t len;

	assert_non_null(t);
	o.out = open_memstream(&text, &len);
	s = scsummary__new(&o);
	assert_non_null(s);
	assert_int_equal(scsummary__call(s, 1, 1, "w", SYS_sched_getaffinity, 100, 0), 0);
	assert_int_equal(scsummary__call(s, 1, 1, "w", SYS_process_madvise, 1000, -22), 0);
	assert_int_equal(scsummary__call(s, 1, 1, "w", SYS_io_uring_register, 10, 0), 0);
	assert_int_equal(scsummary__call(s, 1, 1, "w", SYS_read, 10000000000ull, 1), 0);
	assert_int_equal(scsummary__print(s, t), 0);
	scsummary__free(s);
	sctable__free(t);
	fclose(o.out);
	/* 10 ns reads as such; the name's column grew for it */
	assert_non_null(strstr(text, "\n   io_uring_register        1      0     0.000010 "));
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		if (!strncmp(line, "   syscall ", 11)) {
			for (int i = 0; i < 4; i++)
				ends[i] = end_of(line, heads[i]);
			continue;
		}
		if (ends[0] < 0 || line[3] == '-' || line[3] == ' ')
			continue;
		rows++;
		for (int i = 0; i < 4; i++) /* a digit there, a blank or the end past it */
			assert_true(ends[i] > 0 && (int)strlen(line) >= ends[i] &&
				    line[ends[i] - 1] >= '0' && line[ends[i] - 1] <= '9' &&
				    (line[ends[i]] == ' ' || !line[ends[i]]));
	}
	assert_int_equal(rows, 4);
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_scsummary__per_thread),
		cmocka_unit_test(test_scsummary__total_and_json),
		cmocka_unit_test(test_scsummary__columns_and_order),
		cmocka_unit_test(test_scsummary__long_names_aligned),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
