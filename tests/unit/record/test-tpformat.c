// SPDX-License-Identifier: GPL-2.0
/* Tracepoint formats: parsing from text, and reading the running kernel's tracefs (root). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include <traceevent/event-parse.h>
#include <traceevent/trace-seq.h>
#include <tracefs/tracefs.h>

#include "record/tpformat.h"

static const char format[] =
	"name: myevent\n"
	"ID: 9999\n"
	"format:\n"
	"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
	"\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
	"\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
	"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n"
	"\n"
	"\tfield:int a;\toffset:8;\tsize:4;\tsigned:1;\n"
	"\n"
	"print fmt: \"a=%d\", REC->a\n";

static void test_tpformat_parse_text(void **state)
{
	struct tep_handle *tep = tpformat__new_tep();
	struct tep_event *ev = NULL;

	assert_non_null(tep);
	assert_int_equal(tpformat__parse(tep, "mysys", format, strlen(format), &ev), 0);
	assert_non_null(ev);
	assert_int_equal(ev->id, 9999);
	assert_string_equal(ev->name, "myevent");
	assert_string_equal(ev->system, "mysys");
	assert_ptr_equal(tep_find_event(tep, 9999), ev);
	assert_int_equal(tpformat__parse(tep, "mysys", "garbage", 7, &ev), -EINVAL);
	assert_int_equal(tpformat__parse(NULL, "mysys", format, strlen(format), &ev), -EINVAL);
	tep_free(tep);
}

static const char str_format[] =
	"name: strev\n"
	"ID: 9998\n"
	"format:\n"
	"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
	"\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
	"\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
	"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n"
	"\n"
	"\tfield:const char * s;\toffset:8;\tsize:8;\tsigned:0;\n"
	"\n"
	"print fmt: \"%s\", REC->s\n";

static char *print_str_event(struct tep_handle *tep)
{
	struct {
		uint16_t type;
		uint8_t flags, pc;
		int32_t pid;
		uint64_t s;
	} data = { 9998, 0, 0, 1, 0xffffffff8281a9d1ull };
	struct tep_record rec = { .data = &data, .size = sizeof(data) };
	struct trace_seq seq;
	char *out;

	trace_seq_init(&seq);
	tep_print_event(tep, &seq, &rec, "%s", TEP_PRINT_INFO);
	trace_seq_terminate(&seq);
	out = strdup(seq.buffer);
	trace_seq_destroy(&seq);
	return out;
}

/* A string printed by address (rcu_utilization's) comes from the printk formats. */
static void test_tpformat_parse_printk_formats(void **state)
{
	static const char printk[] = "0xffffffff8281a9be : \"End context switch\"\n"
				     "0xffffffff8281a9d1 : \"Start context switch\"\n";
	struct tep_handle *tep = tpformat__new_tep();
	char *out;

	assert_int_equal(tpformat__parse(tep, "mysys", str_format, strlen(str_format), NULL), 0);
	out = print_str_event(tep);
	assert_string_equal(out, "ffffffff8281a9d1");
	free(out);
	tep_free(tep);
	/* the strings must be there before the first print: libtraceevent sorts them once */
	tep = tpformat__new_tep();
	assert_int_equal(tpformat__parse(tep, "mysys", str_format, strlen(str_format), NULL), 0);
	assert_int_equal(tpformat__parse_printk_formats(tep, printk, strlen(printk)), 0);
	out = print_str_event(tep);
	assert_string_equal(out, "Start context switch");
	free(out);
	assert_int_equal(tpformat__parse_printk_formats(NULL, printk, 3), -EINVAL);
	tep_free(tep);
}

static bool have_tracefs(void)
{
	return getuid() == 0 && tracefs_tracing_dir() &&
	       tpformat__id("sched", "sched_process_exec") >= 0;
}

static void test_tpformat_id_and_format(void **state)
{
	char *text = NULL, expect[64];
	size_t len = 0;
	int id;

	if (!have_tracefs())
		skip();
	id = tpformat__id("sched", "sched_process_exec");
	assert_true(id > 0);
	assert_int_equal(tpformat__read_format("sched", "sched_process_exec", &text, &len), 0);
	assert_int_equal(strlen(text), len);
	assert_non_null(strstr(text, "name: sched_process_exec\n"));
	snprintf(expect, sizeof(expect), "\nID: %d\n", id);
	assert_non_null(strstr(text, expect));
	free(text);
	assert_int_equal(tpformat__read_header_page(&text, &len), 0);
	assert_non_null(strstr(text, "field: u64 timestamp;"));
	free(text);
	assert_int_equal(tpformat__read_header_event(&text, &len), 0);
	free(text);
	assert_int_equal(tpformat__read_printk_formats(&text, &len), 0);
	assert_non_null(strstr(text, " : \""));
	free(text);
}

static void test_tpformat_id_errors(void **state)
{
	char *text = NULL;
	size_t len;

	assert_int_equal(tpformat__id("..", "sched_process_exec"), -EINVAL);
	assert_int_equal(tpformat__id("sched", "a/b"), -EINVAL);
	assert_int_equal(tpformat__read_format("", "x", &text, &len), -EINVAL);
	if (!have_tracefs())
		skip();
	assert_int_equal(tpformat__id("sched", "no_such_tracepoint_here"), -ENOENT);
	assert_int_equal(tpformat__id("no_such_system_here", "x"), -ENOENT);
}

static void test_tpformat_load_once(void **state)
{
	struct tep_handle *tep;
	struct tep_event *a = NULL, *b = NULL;

	if (!have_tracefs())
		skip();
	tep = tpformat__new_tep();
	assert_non_null(tep);
	assert_int_equal(tpformat__load(tep, "syscalls", "sys_enter_getppid", &a), 0);
	assert_non_null(a);
	assert_int_equal(a->id, tpformat__id("syscalls", "sys_enter_getppid"));
	assert_int_equal(tpformat__load(tep, "syscalls", "sys_enter_getppid", &b), 0);
	assert_ptr_equal(a, b);
	assert_int_equal(tep_get_events_count(tep), 1);
	assert_int_equal(tpformat__load(tep, "syscalls", "no_such_tracepoint_here", &b), -ENOENT);
	tep_free(tep);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tpformat_parse_text),
		cmocka_unit_test(test_tpformat_parse_printk_formats),
		cmocka_unit_test(test_tpformat_id_and_format),
		cmocka_unit_test(test_tpformat_id_errors),
		cmocka_unit_test(test_tpformat_load_once),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
