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

static int call(struct scsummary *s, uint32_t pid, uint32_t tid, uint32_t nr, uint64_t ns,
		int64_t ret)
{
	struct scsummary_call c = { .pid = pid, .tid = tid, .nr = nr, .ns = ns, .ret = ret };

	return scsummary__call(s, &c);
}

static char *run_spec(bool total, bool json, const struct sccolumns_spec *spec)
{
	struct sctable *t = sctable__new();
	char *text;
	size_t len;
	FILE *f = open_memstream(&text, &len);
	struct jsonw *w = json ? jsonw__new(f, false) : NULL;
	struct scsummary_opts o = { .out = f,
				    .json = w,
				    .mode = total ? SCSUMMARY_TOTAL : SCSUMMARY_THREAD };
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
		assert_int_equal(call(s, 10, 10, SYS_openat, i * 1000000, i == 4 ? -2 : 3), 0);
	assert_int_equal(call(s, 10, 10, SYS_read, 500000, 10), 0);
	scsummary__set_comm(s, 10, 10, "cat");
	/* thread 11: a kernel count of 100 getppid of 1 us, merged with one call of 3 us */
	c->calls = 100;
	c->total_ns = 100000;
	c->min_ns = 1000;
	c->max_ns = 1000;
	c->pid = 10;
	c->hist[sysrec_hist_bucket(1000)] = 100;
	snprintf(c->comm, sizeof(c->comm), "worker");
	assert_int_equal(scsummary__add(s, &k, c, NULL), 0);
	assert_int_equal(call(s, 10, 11, SYS_getppid, 3000, 1), 0);
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
	assert_int_equal(call(s, 1, 1, SYS_sched_getaffinity, 100, 0), 0);
	assert_int_equal(call(s, 1, 1, SYS_process_madvise, 1000, -22), 0);
	assert_int_equal(call(s, 1, 1, SYS_io_uring_register, 10, 0), 0);
	assert_int_equal(call(s, 1, 1, SYS_read, 10000000000ull, 1), 0);
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

/* cgroup ids no cgroup2 mount has (ids are inode numbers) */
#define CG_A ((1ULL << 60) + 7)
#define CG_B ((1ULL << 60) + 8)

/* A run of mode: threads 20 and 21 of process 20 (cat), 30 of process 30 (cat too). */
static char *run_mode(enum scsummary_mode mode, bool errnos, bool json)
{
	struct sctable *t = sctable__new();
	char *text;
	size_t len;
	FILE *f = open_memstream(&text, &len);
	struct jsonw *w = json ? jsonw__new(f, false) : NULL;
	struct scsummary_opts o = { .out = f, .json = w, .mode = mode, .errnos = errnos };
	struct scsummary *s = scsummary__new(&o);
	struct sysrec_count *c = calloc(1, sizeof(*c));
	struct sysrec_errnos *e = calloc(1, sizeof(*e));
	struct sysrec_count_key k = { .tid = 21, .nr = SYS_openat };
	struct scsummary_call one = { .pid = 20, .tid = 20, .comm = "cat", .cgroup = CG_A };

	assert_non_null(s);
	/* 20: 3 openat, 2 ENOENT; 30: 1 openat EACCES, 1 close EBADF */
	one.nr = SYS_openat;
	for (int i = 0; i < 3; i++) {
		one.ret = i ? -ENOENT : 3;
		assert_int_equal(scsummary__call(s, &one), 0);
	}
	one.pid = one.tid = 30;
	one.cgroup = CG_B;
	one.ret = -EACCES;
	assert_int_equal(scsummary__call(s, &one), 0);
	one.nr = SYS_close;
	one.ret = -EBADF;
	assert_int_equal(scsummary__call(s, &one), 0);
	/* 21, from the kernel: 10 openat, 4 ENOENT and 1 ERESTARTSYS */
	c->calls = 10;
	c->errors = 5;
	c->total_ns = 10000;
	c->min_ns = c->max_ns = 1000;
	c->pid = 20;
	c->cgroup = CG_A;
	c->hist[sysrec_hist_bucket(1000)] = 10;
	snprintf(c->comm, sizeof(c->comm), "worker");
	e->n[sysrec_errno_slot(ENOENT)] = 4;
	e->n[sysrec_errno_slot(512)] = 1;
	assert_int_equal(scsummary__add(s, &k, c, e), 0);
	/* the spill: 2 getppid of no thread */
	k = (struct sysrec_count_key){ .nr = SYS_getppid };
	memset(c, 0, sizeof(*c));
	c->calls = 2;
	c->total_ns = 2000;
	c->min_ns = c->max_ns = 1000;
	c->hist[sysrec_hist_bucket(1000)] = 2;
	assert_int_equal(scsummary__add(s, &k, c, NULL), 0);
	assert_int_equal(scsummary__print(s, t), 0);
	scsummary__free(s);
	jsonw__free(w);
	fclose(f);
	free(c);
	free(e);
	sctable__free(t);
	return text;
}

static void test_scsummary__process(void **state)
{
	char *text = run_mode(SCSUMMARY_PROCESS, false, false);

	/* process 20: its main thread's name, its threads' calls merged */
	assert_non_null(strstr(text, " cat (20), 13 calls, 76.5%\n"));
	assert_non_null(strstr(text, "   openat                13      7 "));
	assert_non_null(strstr(text, " cat (30), 2 calls, 11.8%\n"));
	assert_non_null(strstr(text, " other threads (the counting map was full), 2 calls"));
	assert_null(strstr(text, "worker"));
	assert_null(strstr(text, "ENOENT"));
	free(text);
}

static void test_scsummary__comm_and_total(void **state)
{
	char *text = run_mode(SCSUMMARY_COMM, false, false);

	/* two processes named cat in one table, the thread named worker in its own */
	assert_non_null(strstr(text, "\n cat, 5 calls, 29.4%\n"));
	assert_non_null(strstr(text, "\n worker, 10 calls, 58.8%\n"));
	assert_non_null(strstr(text, "   openat                 4      3 "));
	free(text);
	text = run_mode(SCSUMMARY_TOTAL, false, false);
	/* strace -c's: no group's title, a total row of the sums */
	assert_null(strstr(text, "calls, "));
	assert_non_null(strstr(text, "        14         8 openat\n"));
	assert_non_null(strstr(text, "         2           getppid\n"));
	assert_non_null(strstr(text, "        17         9 total\n"));
	free(text);
}

static void test_scsummary__errnos(void **state)
{
	char *text = run_mode(SCSUMMARY_TOTAL, true, false);
	char *row = strstr(text, " openat\n");

	/* under the call's row, by errno number, the kernel's own codes last */
	assert_non_null(row);
	assert_non_null(strstr(row, " openat\n\t\t\t\tENOENT: 6\n\t\t\t\tEACCES: 1\n"
				    "\t\t\t\tERESTARTSYS: 1\n"));
	assert_non_null(strstr(text, "         1         1 close\n"));
	assert_non_null(strstr(text, "\t\t\t\tEBADF: 1\n"));
	free(text);
	text = run_mode(SCSUMMARY_PROCESS, true, true);
	assert_non_null(
		strstr(text, "\"pid\":20,\"comm\":\"cat\",\"name\":\"openat\",\"calls\":13,"));
	assert_non_null(strstr(text, "\"errnos\":{\"ENOENT\":6,\"ERESTARTSYS\":1}}"));
	assert_non_null(strstr(text, "\"name\":\"close\",\"calls\":1,"));
	assert_non_null(strstr(text, "\"errnos\":{\"EBADF\":1}}"));
	assert_non_null(strstr(text, "\"other_threads\":true,\"name\":\"getppid\""));
	free(text);
}

static void test_scsummary__cgroup(void **state)
{
	char *text = run_mode(SCSUMMARY_CGROUP, false, false);

	/* ids not under this machine's cgroup2 mount: gone */
	assert_non_null(strstr(text, " cgroup 1152921504606846983 (gone), 13 calls, 76.5%\n"));
	assert_non_null(strstr(text, " cgroup 1152921504606846984 (gone), 2 calls, 11.8%\n"));
	assert_non_null(strstr(
		text, " cgroup unknown (not recorded: record --all-cgroups records it), 2 calls"));
	free(text);
}

/* Thread mode past its rows: ended threads fold into their process's table, live ones not. */
static void test_scsummary__fold_ended(void **state)
{
	char *text;
	size_t len;
	FILE *f = open_memstream(&text, &len);
	struct scsummary_opts o = { .out = f, .mode = SCSUMMARY_THREAD, .max_thread_rows = 2 };
	struct scsummary *s = scsummary__new(&o);
	struct sysrec_count *c = calloc(1, sizeof(*c));

	assert_non_null(s);
	c->calls = 5;
	c->total_ns = c->min_ns = c->max_ns = 1000;
	c->hist[sysrec_hist_bucket(1000)] = 5;
	c->pid = 40;
	c->flags = SYSREC_COUNT_F_ENDED;
	snprintf(c->comm, sizeof(c->comm), "churn");
	for (uint32_t tid = 41; tid <= 45; tid++) {
		struct sysrec_count_key k = { .tid = tid, .nr = SYS_getppid };

		assert_int_equal(scsummary__add(s, &k, c, NULL), 0);
	}
	c->flags = 0; /* a live thread keeps its table */
	assert_int_equal(scsummary__add(s,
					&(struct sysrec_count_key){ .tid = 46, .nr = SYS_getppid },
					c, NULL),
			 0);
	assert_int_equal(scsummary__print(s, NULL), 0);
	fclose(f);
	assert_non_null(strstr(text, " churn (41), 5 calls"));
	assert_non_null(strstr(text, " churn (42), 5 calls"));
	assert_null(strstr(text, " churn (43), "));
	assert_non_null(strstr(
		text, " churn (40), its threads that ended past 2 tables, folded, 15 calls"));
	assert_non_null(strstr(text, " churn (46), 5 calls"));
	scsummary__free(s);
	free(c);
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_scsummary__per_thread),
		cmocka_unit_test(test_scsummary__total_and_json),
		cmocka_unit_test(test_scsummary__columns_and_order),
		cmocka_unit_test(test_scsummary__long_names_aligned),
		cmocka_unit_test(test_scsummary__process),
		cmocka_unit_test(test_scsummary__comm_and_total),
		cmocka_unit_test(test_scsummary__errnos),
		cmocka_unit_test(test_scsummary__cgroup),
		cmocka_unit_test(test_scsummary__fold_ended),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
