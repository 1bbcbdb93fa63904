// SPDX-License-Identifier: GPL-2.0
/* System-call lines: pairing by thread, interrupted calls, filters, calls that never return. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/jsonw.h"
#include "bpf/syscalls.h"
#include "syscalls/sclines.h"

static struct sc_desc nanosleep_desc = {
	.name = "clock_nanosleep",
	.nr_args = 2,
	.args = { { "which_clock", SCA_INT, 4 }, { "rqtp", SCA_HEX, 8 } },
};
static struct sc_desc getppid_desc = { .name = "getppid" };
static struct sc_desc openat_desc = {
	.name = "openat",
	.nr_args = 2,
	.args = { { "dfd", SCA_DFD, 4 }, { "filename", SCA_STRING, 8 } },
};

struct fixture {
	char *text;
	size_t len;
	FILE *out;
	struct sclines *sv;
	struct sclines_opts o;
};

static struct fixture fx;

/* A line as perf trace lays it out: the call padded so that " = " starts at column 69. */
static const char *line(const char *head, const char *call, const char *tail)
{
	static char buf[8][512];
	static int i;
	char *b = buf[i++ % 8];

	snprintf(b, 512, "%s%-69s%s\n", head, call, tail);
	return b;
}

/* The entry of a call another line interrupts: padded to 66 columns, then " ...". */
static const char *entry_line(const char *head, const char *call)
{
	static char buf[8][512];
	static int i;
	char *b = buf[i++ % 8];

	snprintf(b, 512, "%s%-66s ...\n", head, call);
	return b;
}

static int count_lines(const char *text)
{
	int n = 0;

	for (; *text; text++)
		n += *text == '\n';
	return n;
}

static void expect_text(const char *want)
{
	assert_string_equal(fx.text, want);
}

static void start(const struct sclines_opts *o)
{
	memset(&fx, 0, sizeof(fx));
	fx.out = open_memstream(&fx.text, &fx.len);
	assert_non_null(fx.out);
	fx.o = o ? *o : (struct sclines_opts){ 0 };
	fx.o.out = fx.out;
	fx.sv = sclines__new(&fx.o);
	assert_non_null(fx.sv);
}

static const char *finish(void)
{
	sclines__free(fx.sv);
	fclose(fx.out);
	return fx.text;
}

/* An entry at ms10 hundredths of a millisecond after 1 s. */
static struct sc_event entry(uint64_t ms10, uint32_t tid, const char *comm, struct sc_desc *d)
{
	struct sc_event ev = { .time = 1000000000 + ms10 * 10000,
			       .pid = tid,
			       .tid = tid,
			       .comm = comm,
			       .call = { .desc = d } };

	return ev;
}

static const struct sc_event *enter(uint64_t ms10, uint32_t tid, const char *comm,
				    struct sc_desc *d)
{
	static struct sc_event ev;

	ev = entry(ms10, tid, comm, d);
	return &ev;
}

static const struct sc_event *leave(uint64_t ms10, uint32_t tid, struct sc_desc *d, int64_t ret)
{
	static struct sc_event ev;

	ev = entry(ms10, tid, "x", d);
	ev.call.exited = true;
	ev.call.ret = ret;
	return &ev;
}

static void test_sclines__one_line_per_call(void **state)
{
	char *want;
	struct sc_event e = entry(0, 7, "cat", &openat_desc), x = *leave(5, 7, &openat_desc, 3);

	start(NULL);
	e.call.args[0] = (uint64_t)-100;
	e.call.args[1] = 0x1000;
	e.call.mem[1] = (struct sc_bytes){ .p = "/etc/hostname", .len = 13 };
	assert_int_equal(sclines__enter(fx.sv, &e), 0);
	e.call.mem[1].p = "/garbage/after"; /* the view copied the string */
	assert_int_equal(sclines__exit(fx.sv, &x), 0);
	x = *leave(9, 7, &getppid_desc, 1);
	assert_int_equal(sclines__enter(fx.sv,
					&(struct sc_event){ .time = 1000000000 + 80000,
							    .tid = 7,
							    .pid = 7,
							    .comm = "cat",
							    .call = { .desc = &getppid_desc } }),
			 0);
	assert_int_equal(sclines__exit(fx.sv, &x), 0);
	finish();
	assert_int_equal(asprintf(&want, "%s%s",
				  line("     0.000 ( 0.050 ms): cat/7 ",
				       "openat(dfd: CWD, filename: \"/etc/hostname\")", " = 3"),
				  line("     0.080 ( 0.010 ms): cat/7 ", "getppid()", " = 1")) > 0,
			 true);
	expect_text(want);
	free(want);
}

/* Memory that could not be read (len 0) is kept as a fault, and read at exit replaces it. */
static void test_sclines__faulted_then_read_at_exit(void **state)
{
	char *want;
	struct sc_event e = entry(0, 7, "cat", &openat_desc), x = *leave(5, 7, &openat_desc, 3);

	start(NULL);
	e.call.args[0] = (uint64_t)-100;
	e.call.args[1] = 0x1000;
	e.call.mem[1] = (struct sc_bytes){ .p = "", .len = 0, .fault = true };
	assert_int_equal(sclines__enter(fx.sv, &e), 0);
	assert_int_equal(sclines__exit(fx.sv, &x), 0);
	e.time += 100000;
	assert_int_equal(sclines__enter(fx.sv, &e), 0);
	x = *leave(15, 7, &openat_desc, 4);
	x.call.mem[1] = (struct sc_bytes){ .p = "/late", .len = 5 };
	assert_int_equal(sclines__exit(fx.sv, &x), 0);
	finish();
	assert_int_equal(asprintf(&want, "%s%s",
				  line("     0.000 ( 0.050 ms): cat/7 ",
				       "openat(dfd: CWD, filename: 0x1000)", " = 3"),
				  line("     0.100 ( 0.050 ms): cat/7 ",
				       "openat(dfd: CWD, filename: \"/late\")", " = 4")) > 0,
			 true);
	expect_text(want);
	free(want);
	(void)state;
}

/*
 * A string whose page was not there at entry, read at exit, of a call another thread's line
 * cut in two: the entry's line had the pointer, the line that ends the call shows the string.
 */
static void test_sclines__read_at_exit_after_its_entry_printed(void **state)
{
	struct sc_event e = entry(0, 7, "cat", &openat_desc), x = *leave(5, 7, &openat_desc, -2);

	start(NULL);
	e.call.args[0] = (uint64_t)-100;
	e.call.args[1] = 0x1000;
	e.call.mem[1] = (struct sc_bytes){ .p = "", .len = 0, .fault = true };
	assert_int_equal(sclines__enter(fx.sv, &e), 0);
	assert_int_equal(sclines__enter(fx.sv, enter(1, 8, "wc", &getppid_desc)), 0);
	assert_int_equal(sclines__exit(fx.sv, leave(2, 8, &getppid_desc, 1)), 0);
	x.call.mem[1] = (struct sc_bytes){ .p = "/late", .len = 5 };
	assert_int_equal(sclines__exit(fx.sv, &x), 0);
	finish();
	assert_non_null(strstr(fx.text, "cat/7 openat(dfd: CWD, filename: 0x1000)"));
	assert_non_null(strstr(fx.text, "cat/7  ... [continued]: openat(filename: \"/late\"))"));
	(void)state;
}

static void test_sclines__interrupted_and_continued(void **state)
{
	char *want;
	struct sc_event a = entry(0, 7, "sleep", &nanosleep_desc);

	start(NULL);
	a.call.args[1] = 0x7ffd;
	assert_int_equal(sclines__enter(fx.sv, &a), 0);
	sclines__interrupt(fx.sv); /* a scriptlet's line comes while the call sleeps */
	fputs("OUTPUT\n", fx.out);
	sclines__interrupt(fx.sv); /* printed once */
	assert_int_equal(sclines__exit(fx.sv, &(struct sc_event){ .time = 1000000000 + 1000000,
								  .tid = 7,
								  .pid = 7,
								  .call = { .desc = &nanosleep_desc,
									    .exited = true } }),
			 0);
	finish();
	assert_int_equal(asprintf(&want, "     0.000 (         ): sleep/7 %-66s ...\nOUTPUT\n%s",
				  "clock_nanosleep(rqtp: 0x7ffd)",
				  line("     0.000 ( 1.000 ms): sleep/7 ",
				       " ... [continued]: clock_nanosleep())", " = 0")) > 0,
			 true);
	expect_text(want);
	free(want);
}

static void test_sclines__other_threads_interrupt(void **state)
{
	start(NULL);
	assert_int_equal(sclines__enter(fx.sv, enter(0, 1, "a", &getppid_desc)), 0);
	assert_int_equal(sclines__enter(fx.sv, enter(1, 2, "b", &getppid_desc)), 0);
	assert_int_equal(sclines__exit(fx.sv, leave(2, 2, &getppid_desc, 1)), 0);
	assert_int_equal(sclines__exit(fx.sv, leave(3, 1, &getppid_desc, 1)), 0);
	finish();
	/* a's entry, b whole, a's exit */
	assert_non_null(strstr(fx.text, "a/1 getppid()"));
	assert_true(strstr(fx.text, "a/1 getppid()") < strstr(fx.text, "b/2 getppid()"));
	assert_true(strstr(fx.text, "b/2 getppid()") < strstr(fx.text, "a/1  ... [continued]"));
	assert_int_equal(count_lines(fx.text), 3);
	assert_non_null(strstr(fx.text, "0.000 ( 0.030 ms): a/1  ... [continued]: getppid())"));
}

static void test_sclines__never_returns_and_orphans(void **state)
{
	static struct sc_desc exit_group = { .name = "exit_group" };
	static struct sc_desc clone = { .name = "clone" };
	char *want;

	start(NULL);
	assert_int_equal(sclines__enter(fx.sv, enter(0, 7, "sh", &exit_group)), 0);
	sclines__task_exit(fx.sv, 7);
	sclines__task_exit(fx.sv, 8); /* nothing in flight: nothing printed */
	assert_int_equal(sclines__exit(fx.sv, leave(1, 9, &clone, 0)), 0);
	assert_int_equal(sclines__enter(fx.sv, enter(2, 10, "sh", &exit_group)), 0);
	finish();
	assert_int_equal(
		asprintf(&want, "%s%s%s",
			 line("     0.000 (         ): sh/7 ", "exit_group()", " = ?"),
			 line("         ? (         ): x/9 ", " ... [continued]: clone())", " = 0"),
			 line("     0.020 (         ): sh/10 ", "exit_group()", " = ?")) > 0,
		true);
	expect_text(want);
	free(want);
}

/*
 * A call that never returns, its entry printed before another line: its end is the rest of
 * that line, not the call again (exit_group in a pipeline, execve replaced, the end).
 */
static void test_sclines__never_returns_after_its_entry(void **state)
{
	static struct sc_desc exit_group = { .name = "exit_group" };
	static struct sc_desc execve = { .name = "execve" };
	char *want;

	start(NULL);
	assert_int_equal(sclines__enter(fx.sv, enter(0, 7, "sh", &exit_group)), 0);
	assert_int_equal(sclines__enter(fx.sv, enter(1, 8, "wc", &getppid_desc)), 0);
	assert_int_equal(sclines__exit(fx.sv, leave(2, 8, &getppid_desc, 1)), 0);
	sclines__task_exit(fx.sv, 7);
	assert_int_equal(sclines__enter(fx.sv, enter(3, 9, "x", &execve)), 0);
	sclines__interrupt(fx.sv);
	assert_int_equal(sclines__enter(fx.sv, enter(4, 9, "x", &getppid_desc)), 0);
	assert_int_equal(sclines__enter(fx.sv, enter(5, 10, "y", &exit_group)), 0);
	sclines__interrupt(fx.sv);
	finish();
	assert_int_equal(asprintf(&want, "%s%s%s%s%s%s%s%s%s",
				  entry_line("     0.000 (         ): sh/7 ", "exit_group()"),
				  line("     0.010 ( 0.010 ms): wc/8 ", "getppid()", " = 1"),
				  line("     0.000 (         ): sh/7 ",
				       " ... [continued]: exit_group())", " = ?"),
				  entry_line("     0.030 (         ): x/9 ", "execve()"),
				  line("     0.030 (         ): x/9 ",
				       " ... [continued]: execve())", " = ?"),
				  entry_line("     0.040 (         ): x/9 ", "getppid()"),
				  entry_line("     0.050 (         ): y/10 ", "exit_group()"),
				  line("     0.040 (         ): x/9 ",
				       " ... [continued]: getppid())", " = ?"),
				  line("     0.050 (         ): y/10 ",
				       " ... [continued]: exit_group())", " = ?")) > 0,
			 true);
	expect_text(want);
	free(want);
}

static void test_sclines__filters(void **state)
{
	struct sclines_opts o = { .failure_only = true };

	start(&o);
	assert_int_equal(sclines__enter(fx.sv, enter(0, 7, "t", &getppid_desc)), 0);
	assert_int_equal(sclines__exit(fx.sv, leave(1, 7, &getppid_desc, 1)), 0);
	assert_int_equal(sclines__enter(fx.sv, enter(2, 7, "t", &openat_desc)), 0);
	sclines__interrupt(fx.sv); /* with a filter an entry never prints alone */
	assert_int_equal(sclines__exit(fx.sv, leave(3, 7, &openat_desc, -ENOENT)), 0);
	assert_int_equal(sclines__printed(fx.sv), 1);
	finish();
	assert_null(strstr(fx.text, "getppid"));
	assert_non_null(strstr(fx.text, "openat(dfd: 0) "));
	assert_non_null(strstr(fx.text, "= -1 ENOENT (No such file or directory)\n"));
	assert_null(strstr(fx.text, "..."));

	free(fx.text);
	o = (struct sclines_opts){ .min_duration_ns = 20000, .max_events = 1 };
	start(&o);
	assert_int_equal(sclines__enter(fx.sv, enter(0, 7, "t", &getppid_desc)), 0);
	assert_int_equal(sclines__exit(fx.sv, leave(1, 7, &getppid_desc, 1)), 0); /* 10 us */
	assert_int_equal(sclines__enter(fx.sv, enter(2, 7, "t", &getppid_desc)), 0);
	assert_int_equal(sclines__exit(fx.sv, leave(5, 7, &getppid_desc, 1)), -ECANCELED);
	finish();
	assert_non_null(strstr(fx.text, "( 0.030 ms): t/7 getppid()"));
	assert_null(strstr(fx.text, "0.010 ms"));
}

static void test_sclines__json(void **state)
{
	struct sc_event e = entry(0, 7, "cat", &openat_desc);
	struct sclines_opts o = { 0 };
	char *text;
	size_t len;
	FILE *out = open_memstream(&text, &len);

	o.json = jsonw__new(out, false);
	start(&o);
	e.call.args[0] = (uint64_t)-100;
	e.call.args[1] = 0x1000;
	e.call.mem[1] = (struct sc_bytes){ .p = "/etc/host\"name", .len = 14 };
	assert_int_equal(sclines__enter(fx.sv, &e), 0);
	assert_int_equal(sclines__exit(fx.sv, leave(5, 7, &openat_desc, -2)), 0);
	finish();
	jsonw__free(o.json);
	fclose(out);
	assert_string_equal(text,
			    "{\"type\":\"syscall\",\"time\":1000000000,\"duration\":50000,"
			    "\"pid\":7,\"tid\":7,\"comm\":\"cat\",\"cpu\":0,\"name\":\"openat\","
			    "\"args\":{\"dfd\":{\"raw\":-100,\"value\":\"CWD\"},"
			    "\"filename\":{\"raw\":4096,\"value\":\"/etc/host\\\"name\"}},"
			    "\"ret\":-2,\"errno\":\"ENOENT\"}\n");
	free(text);
}

/*
 * A signal that comes while a call is in flight on another thread prints that call's entry
 * first, then the call continues; a process's end prints its last call ("= ?") first.
 */
static void test_sclines__signal_and_exit(void **state)
{
	struct sysrec_signal s = { .signo = 17, .code = 1, .fields = { 8, 3, 0, 0 } };
	struct sc_event a = entry(0, 7, "sleep", &nanosleep_desc), e = entry(10, 8, "kid", NULL);
	char *want;

	start(NULL);
	a.call.args[1] = 0x7ffd;
	assert_int_equal(sclines__enter(fx.sv, &a), 0);
	assert_int_equal(sclines__enter(fx.sv, enter(5, 8, "kid", &getppid_desc)), 0);
	assert_int_equal(sclines__process_exit(fx.sv, &e, 3 << 8), 0);
	e = entry(20, 7, "sleep", NULL);
	assert_int_equal(sclines__signal(fx.sv, &e, &s), 0);
	assert_int_equal(sclines__exit(fx.sv, leave(30, 7, &nanosleep_desc, 0)), 0);
	finish();
	assert_int_equal(
		asprintf(&want, "     0.000 (         ): sleep/7 %-66s ...\n%s%s%s%s",
			 "clock_nanosleep(rqtp: 0x7ffd)",
			 line("     0.050 (         ): kid/8 ", "getppid()", " = ?"),
			 "     0.100 (         ): kid/8 +++ exited with 3 +++\n",
			 "     0.200 (         ): sleep/7 --- SIGCHLD {si_signo=SIGCHLD, "
			 "si_code=CLD_EXITED, si_pid=8, si_uid=0, si_status=3, si_utime=0, "
			 "si_stime=0} ---\n",
			 line("     0.000 ( 0.300 ms): sleep/7 ",
			      " ... [continued]: clock_nanosleep())", " = 0")) > 0,
		true);
	expect_text(want);
	free(want);
	(void)state;
}

static void test_sclines__signal_and_exit_json(void **state)
{
	struct sysrec_signal s = { .signo = 10, .code = 0, .fields = { 9 } };
	struct sc_event e = entry(0, 7, "w", NULL);
	struct sclines_opts o = { 0 };
	char *text;
	size_t len;
	FILE *out = open_memstream(&text, &len);

	o.json = jsonw__new(out, false);
	start(&o);
	assert_int_equal(sclines__signal(fx.sv, &e, &s), 0);
	e.tid = 12; /* the process's last thread */
	assert_int_equal(sclines__process_exit(fx.sv, &e, 10), 0);
	finish();
	jsonw__free(o.json);
	fclose(out);
	assert_string_equal(text, "{\"type\":\"signal\",\"time\":1000000000,\"pid\":7,\"tid\":7,"
				  "\"comm\":\"w\",\"cpu\":0,\"signo\":10,\"signal\":\"SIGUSR1\","
				  "\"si_code\":0,\"si_code_name\":\"SI_USER\",\"si_errno\":0,"
				  "\"si_pid\":9,\"si_uid\":0}\n"
				  "{\"type\":\"exit\",\"time\":1000000000,\"pid\":7,\"tid\":7,"
				  "\"comm\":\"w\",\"cpu\":0,\"status\":10,\"signo\":10,"
				  "\"signal\":\"SIGUSR1\",\"core_dumped\":false}\n");
	free(text);
	(void)state;
}

/* --status: each call by how it ended; a call in flight at the end is unfinished and detached */
static void run_status(unsigned int status)
{
	struct sclines_opts o = { .status = status };

	start(&o);
	sclines__enter(fx.sv, enter(0, 7, "t", &getppid_desc));
	sclines__exit(fx.sv, leave(1, 7, &getppid_desc, 1));
	sclines__enter(fx.sv, enter(2, 7, "t", &openat_desc));
	sclines__exit(fx.sv, leave(3, 7, &openat_desc, -ENOENT));
	sclines__enter(fx.sv, enter(4, 8, "u", &getppid_desc)); /* its task ends in it */
	sclines__task_exit(fx.sv, 8);
	sclines__enter(fx.sv, enter(5, 9, "v", &nanosleep_desc)); /* in flight at the end */
	finish();
}

static void test_sclines__status(void **state)
{
	static const struct {
		unsigned int status;
		const char *shown; /* the tids whose lines show, in order */
	} cases[] = {
		{ SCLINES_SUCCESSFUL, "7" },
		{ SCLINES_FAILED, "7" },
		{ SCLINES_UNFINISHED, "89" },
		{ SCLINES_DETACHED, "9" },
		{ SCLINES_SUCCESSFUL | SCLINES_FAILED, "77" },
		{ SCLINES_FAILED | SCLINES_UNFINISHED, "789" },
		{ 1U << 31, "" }, /* --status=none */
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char tids[8] = "";
		size_t n = 0;

		run_status(cases[i].status);
		for (const char *l = fx.text; *l && n < sizeof(tids) - 1; l = strchr(l, '\n') + 1)
			tids[n++] = strchr(l, '/')[1];
		assert_string_equal(tids, cases[i].shown);
		if (cases[i].status == SCLINES_FAILED)
			assert_non_null(strstr(fx.text, "openat("));
		if (cases[i].status == SCLINES_SUCCESSFUL)
			assert_non_null(strstr(fx.text, "getppid()"));
		free(fx.text);
		fx.text = NULL;
	}
	(void)state;
}

/*
 * Filtered lines go out at their calls' ends, yet in the order of their entries: a line
 * waits for the calls in flight before it, or for a second of the trace's time at most.
 */
static void test_sclines__filtered_lines_in_time_order(void **state)
{
	struct sclines_opts o = { .status = SCLINES_SUCCESSFUL | SCLINES_FAILED };
	const char *first, *second;

	start(&o);
	sclines__enter(fx.sv, enter(0, 8, "slow", &openat_desc)); /* 0.000 ms, ends last */
	sclines__enter(fx.sv, enter(1, 7, "fast", &getppid_desc));
	sclines__exit(fx.sv, leave(2, 7, &getppid_desc, 1)); /* done first, waits */
	fflush(fx.out);
	assert_string_equal(fx.text, "");
	sclines__exit(fx.sv, leave(3, 8, &openat_desc, -ENOENT));
	fflush(fx.out);
	first = strstr(fx.text, "slow/8 openat(");
	second = strstr(fx.text, "fast/7 getppid(");
	assert_true(first && second && first < second);
	assert_int_equal(count_lines(fx.text), 2);

	/* a call in flight for more than a second holds back no line longer than that */
	sclines__enter(fx.sv, enter(10, 8, "slow", &nanosleep_desc));
	sclines__enter(fx.sv, enter(11, 7, "fast", &getppid_desc));
	sclines__exit(fx.sv, leave(12, 7, &getppid_desc, 1));
	fflush(fx.out);
	assert_int_equal(count_lines(fx.text), 2);
	sclines__enter(fx.sv, enter(100012, 7, "fast", &getppid_desc)); /* 1 s later */
	fflush(fx.out);
	assert_int_equal(count_lines(fx.text), 3);
	finish();
	assert_int_equal(count_lines(fx.text), 3); /* the calls in flight ended no call */
	(void)state;
}

/* --timestamps, -tt, -ttt, -F +tod: the wall-clock time at the head of the line */
static void test_sclines__wall_clock(void **state)
{
	static const struct {
		struct sctime time;
		const char *head;
	} cases[] = {
		{ { .kind = SCTIME_UNIX, .digits = 6 }, "1796420494.000010 ( 0.010 ms): t/7 " },
		{ { .kind = SCTIME_UNIX, .digits = 9 }, "1796420494.000010000 ( 0.010 ms): t/7 " },
		{ { .kind = SCTIME_UNIX }, "1796420494 ( 0.010 ms): t/7 " },
		{ { .kind = SCTIME_TIME, .digits = 6 }, "21:41:34.000010 ( 0.010 ms): t/7 " },
		{ { .kind = SCTIME_TIME, .digits = 3 }, "21:41:34.000 ( 0.010 ms): t/7 " },
		{ { .kind = SCTIME_TOD }, "2026-12-04 21:41:34.000010 ( 0.010 ms): t/7 " },
		{ { .kind = SCTIME_TOD, .and_relative = true },
		  "2026-12-04 21:41:34.000010      0.010 ( 0.010 ms): t/7 " },
	};

	setenv("TZ", "UTC", 1);
	tzset();
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct sclines_opts o = { .time = cases[i].time };

		o.time.wall_offset_ns = 1796420494000000000LL - 1000000000LL;
		start(&o);
		sclines__enter(fx.sv, enter(0, 7, "t", &getppid_desc));
		sclines__exit(fx.sv, leave(1, 7, &getppid_desc, 1));
		sclines__enter(fx.sv, enter(1, 7, "t", &getppid_desc));
		sclines__exit(fx.sv, leave(2, 7, &getppid_desc, 1));
		finish();
		assert_string_equal(strchr(fx.text, '\n') + 1,
				    line(cases[i].head, "getppid()", " = 1"));
		free(fx.text);
		fx.text = NULL;
	}
	(void)state;
}

/*
 * A thread that ends before its process: its own line, at its own tid, after its last call
 * (exit's "= ?"); in JSON an object of type thread_exit.
 */
static void test_sclines__thread_exit(void **state)
{
	struct sc_desc exit_desc = { .name = "exit" };
	struct sc_event e = entry(10, 8, "w", NULL);
	struct sclines_opts o = { 0 };
	char *text = NULL, *want;
	size_t len = 0;
	FILE *out;

	start(NULL);
	e.pid = 7;
	assert_int_equal(sclines__enter(fx.sv, enter(0, 8, "w", &exit_desc)), 0);
	assert_int_equal(sclines__thread_exit(fx.sv, &e, 0), 0);
	e.time += 100000;
	assert_int_equal(sclines__thread_exit(fx.sv, &e, 3 << 8), 0);
	finish();
	assert_int_equal(asprintf(&want, "%s%s%s",
				  line("     0.000 (         ): w/8 ", "exit()", " = ?"),
				  "     0.100 (         ): w/8 +++ exited with 0 +++\n",
				  "     0.200 (         ): w/8 +++ exited with 3 +++\n") > 0,
			 true);
	expect_text(want);
	free(want);
	free(fx.text);
	fx.text = NULL;
	out = open_memstream(&text, &len);
	o.json = jsonw__new(out, false);
	start(&o);
	assert_int_equal(sclines__thread_exit(fx.sv, &e, 0), 0);
	finish();
	jsonw__free(o.json);
	fclose(out);
	assert_string_equal(text, "{\"type\":\"thread_exit\",\"time\":1000200000,\"pid\":7,"
				  "\"tid\":8,\"comm\":\"w\",\"cpu\":0,\"status\":0,"
				  "\"exit_code\":0}\n");
	free(text);
	(void)state;
}

/* -y's name of the fd a call made: "d", for fd 3 of pid 7, as after its exit. */
static bool made(void *ctx, uint32_t pid, int fd, char *buf, size_t size)
{
	(void)ctx;
	if (pid != 7 || fd != 3)
		return false;
	snprintf(buf, size, "/etc/hostname");
	return true;
}

/* -y: the descriptor a call returns, named after its result; in JSON a key of its own. */
static void test_sclines__returned_fd(void **state)
{
	struct sclines_opts o = { .fmt = { .fd_made = made } };
	struct sc_desc open_desc = openat_desc;
	char *text = NULL, *want;
	size_t len = 0;
	FILE *out;

	open_desc.ret_fd = true;
	start(&o);
	assert_int_equal(sclines__enter(fx.sv, enter(0, 7, "cat", &open_desc)), 0);
	assert_int_equal(sclines__exit(fx.sv, leave(1, 7, &open_desc, 3)), 0);
	assert_int_equal(sclines__enter(fx.sv, enter(2, 7, "cat", &open_desc)), 0);
	assert_int_equal(sclines__exit(fx.sv, leave(3, 7, &open_desc, -2)), 0);
	assert_int_equal(sclines__enter(fx.sv, enter(4, 7, "cat", &openat_desc)), 0);
	assert_int_equal(sclines__exit(fx.sv, leave(5, 7, &openat_desc, 3)), 0);
	finish();
	assert_int_equal(
		asprintf(&want, "%s%s%s",
			 line("     0.000 ( 0.010 ms): cat/7 ", "openat(dfd: 0)",
			      " = 3</etc/hostname>"),
			 line("     0.020 ( 0.010 ms): cat/7 ", "openat(dfd: 0)",
			      " = -1 ENOENT (No such file or directory)"),
			 line("     0.040 ( 0.010 ms): cat/7 ", "openat(dfd: 0)", " = 3")) > 0,
		true);
	expect_text(want);
	free(want);
	free(fx.text);
	fx.text = NULL;
	out = open_memstream(&text, &len);
	o.json = jsonw__new(out, false);
	start(&o);
	assert_int_equal(sclines__enter(fx.sv, enter(0, 7, "cat", &open_desc)), 0);
	assert_int_equal(sclines__exit(fx.sv, leave(1, 7, &open_desc, 3)), 0);
	finish();
	jsonw__free(o.json);
	fclose(out);
	assert_non_null(strstr(text, "\"ret\":3,\"ret_fd\":\"/etc/hostname\"}"));
	free(text);
	(void)state;
}

static int teardown(void **state)
{
	free(fx.text);
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_sclines__one_line_per_call, teardown),
		cmocka_unit_test_teardown(test_sclines__thread_exit, teardown),
		cmocka_unit_test_teardown(test_sclines__returned_fd, teardown),
		cmocka_unit_test_teardown(test_sclines__faulted_then_read_at_exit, teardown),
		cmocka_unit_test_teardown(test_sclines__read_at_exit_after_its_entry_printed,
					  teardown),
		cmocka_unit_test_teardown(test_sclines__interrupted_and_continued, teardown),
		cmocka_unit_test_teardown(test_sclines__other_threads_interrupt, teardown),
		cmocka_unit_test_teardown(test_sclines__never_returns_and_orphans, teardown),
		cmocka_unit_test_teardown(test_sclines__never_returns_after_its_entry, teardown),
		cmocka_unit_test_teardown(test_sclines__filters, teardown),
		cmocka_unit_test_teardown(test_sclines__json, teardown),
		cmocka_unit_test_teardown(test_sclines__signal_and_exit, teardown),
		cmocka_unit_test_teardown(test_sclines__signal_and_exit_json, teardown),
		cmocka_unit_test_teardown(test_sclines__status, teardown),
		cmocka_unit_test_teardown(test_sclines__filtered_lines_in_time_order, teardown),
		cmocka_unit_test_teardown(test_sclines__wall_clock, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
