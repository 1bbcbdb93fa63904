// SPDX-License-Identifier: GPL-2.0
/* The -e grammar: every form, every parse-stage error with its column and perf's layout. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/perf_event.h>

#include "event/evparse.h"
#include "event/loaderr.h"
#include "util/log.h"

/* Every test runs in a private directory holding a few "BPF files". */
static char tmpdir[] = "/tmp/test-evparse.XXXXXX";
static char olddir[PATH_MAX];
static const char *const files[] = { "prog.c", "prog.o", "prog.obj", "test_bpf_map_2.c" };

static struct evparse_list *list;
static FILE *errf;
static char *errbuf;
static size_t errlen;

static int group_setup(void **state)
{
	size_t i;
	int fd;

	if (!getcwd(olddir, sizeof(olddir)) || !mkdtemp(tmpdir) || chdir(tmpdir))
		return -1;
	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		fd = open(files[i], O_CREAT | O_WRONLY, 0644);
		if (fd < 0)
			return -1;
		close(fd);
	}
	return 0;
}

static int group_teardown(void **state)
{
	size_t i;

	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++)
		unlink(files[i]);
	if (chdir(olddir))
		return -1;
	return rmdir(tmpdir);
}

static int setup(void **state)
{
	list = evparse__new();
	errf = open_memstream(&errbuf, &errlen);
	if (!list || !errf)
		return -1;
	evparse__set_output(list, errf, 80);
	return 0;
}

static int teardown(void **state)
{
	evparse__free(list);
	fclose(errf);
	free(errbuf);
	errbuf = NULL;
	return 0;
}

/* Forget what was printed so far. */
static void reset_err(void)
{
	fclose(errf);
	free(errbuf);
	errbuf = NULL;
	errf = open_memstream(&errbuf, &errlen);
	assert_non_null(errf);
	evparse__set_output(list, errf, 80);
}

static const char *err_text(void)
{
	fflush(errf);
	return errbuf ? errbuf : "";
}

static struct evparse_event *nth(size_t n)
{
	struct evparse_event *ev = NULL;

	do
		ev = evparse__next(list, ev);
	while (ev && n--);
	assert_non_null(ev);
	return ev;
}

/* Parsing str fails with exactly this stderr text, and the list stays as it was. */
static void expect_error(const char *str, const char *text)
{
	size_t count = evparse__count(list);

	assert_int_equal(evparse__add(list, str), -EINVAL);
	assert_string_equal(err_text(), text);
	assert_int_equal(evparse__count(list), count);
}

#define OBJCONF_HELP                                                    \
	"\n"                                                            \
	"Hint:\tValid config terms:\n"                                  \
	"     \tmap:[<arraymap>].value<indices>=[value]\n"              \
	"     \tmap:[<eventmap>].event<indices>=[event]\n"              \
	"\n"                                                            \
	"     \twhere <indices> is something like [0,3...5] or [all]\n" \
	"     \t(add -v to see detail)\n"

/* ---- valid forms ---- */

static void test_evparse__add_bpf_source(void **state)
{
	struct evparse_event *ev;

	assert_int_equal(evparse__add(list, "./prog.c"), 0);
	ev = nth(0);
	assert_int_equal(ev->kind, EVPARSE_BPF_SOURCE);
	assert_string_equal(ev->path, "./prog.c");
	assert_int_equal(ev->nr_maps, 0);
	assert_int_equal(ev->inherit, -1);
	assert_string_equal(evparse__event_name(ev), "./prog.c");
	assert_string_equal(err_text(), "");
}

static void test_evparse__add_bpf_object(void **state)
{
	assert_int_equal(evparse__add(list, "prog.o,./prog.obj//"), 0);
	assert_int_equal(evparse__count(list), 2);
	assert_int_equal(nth(0)->kind, EVPARSE_BPF_OBJECT);
	assert_string_equal(nth(0)->path, "prog.o");
	assert_int_equal(nth(1)->kind, EVPARSE_BPF_OBJECT);
	assert_string_equal(nth(1)->path, "./prog.obj");
	assert_int_equal(nth(1)->col, 7);
}

static void test_evparse__add_map_value(void **state)
{
	struct evparse_map_term *m;

	assert_int_equal(evparse__add(list, "./prog.c/map:channel.value=11/"), 0);
	assert_int_equal(nth(0)->nr_maps, 1);
	m = &nth(0)->maps[0];
	assert_string_equal(m->map, "channel");
	assert_int_equal(m->opt, EVPARSE_MAP_VALUE);
	assert_true(m->all);
	assert_int_equal(m->nr_ranges, 0);
	assert_int_equal(m->value, 11);
	assert_null(m->event);
	assert_int_equal(m->col_term, 9);
	assert_int_equal(m->col_map, 13);
	assert_int_equal(m->col_opt, 21);
	assert_int_equal(m->col_index, -1);
	assert_int_equal(m->col_value, 27);
}

static void test_evparse__add_map_ranges(void **state)
{
	struct evparse_map_term *m;

	assert_int_equal(evparse__add(list, "./prog.c/map:flip.value[0,3...6,9]=0x10/"), 0);
	m = &nth(0)->maps[0];
	assert_false(m->all);
	assert_int_equal(m->nr_ranges, 3);
	assert_int_equal(m->ranges[0].first, 0);
	assert_int_equal(m->ranges[0].last, 0);
	assert_int_equal(m->ranges[1].first, 3);
	assert_int_equal(m->ranges[1].last, 6);
	assert_int_equal(m->ranges[2].first, 9);
	assert_int_equal(m->ranges[2].last, 9);
	assert_int_equal(m->value, 16);
	assert_int_equal(m->col_index, 23);
	assert_int_equal(m->col_value, 35);
}

static void test_evparse__add_map_event_all(void **state)
{
	struct evparse_map_term *m;

	assert_int_equal(evparse__add(list, "./prog.c/map:a.event[all]=evt,map:b.event[2...2]=x/"),
			 0);
	assert_int_equal(nth(0)->nr_maps, 2);
	m = &nth(0)->maps[0];
	assert_string_equal(m->map, "a");
	assert_int_equal(m->opt, EVPARSE_MAP_EVENT);
	assert_true(m->all);
	assert_int_equal(m->col_index, 20);
	assert_string_equal(m->event, "evt");
	m = &nth(0)->maps[1];
	assert_string_equal(m->map, "b");
	assert_false(m->all);
	assert_int_equal(m->nr_ranges, 1);
	assert_int_equal(m->ranges[0].first, 2);
	assert_string_equal(m->event, "x");
	assert_int_equal(m->col_term, 30);
}

static void test_evparse__add_bpf_common_terms(void **state)
{
	struct evparse_event *ev;

	assert_int_equal(evparse__add(list, "./prog.c/call-graph=dwarf,map:m.value=1,period=7/"),
			 0);
	ev = nth(0);
	assert_string_equal(ev->call_graph, "dwarf");
	assert_true(ev->has_period);
	assert_int_equal(ev->period, 7);
	assert_int_equal(ev->nr_maps, 1);
}

static void test_evparse__add_bpf_output(void **state)
{
	struct evparse_event *ev;

	assert_int_equal(evparse__add(list, "bpf-output/no-inherit,name=evt/"), 0);
	ev = nth(0);
	assert_int_equal(ev->kind, EVPARSE_BPF_OUTPUT);
	assert_int_equal(ev->type, PERF_TYPE_SOFTWARE);
	assert_int_equal(ev->config, PERF_COUNT_SW_BPF_OUTPUT);
	assert_int_equal(ev->inherit, 0);
	assert_string_equal(ev->evname, "evt");
	assert_string_equal(evparse__event_name(ev), "evt");
	/* The seed's spelling. */
	assert_int_equal(evparse__add(list, "bpf-output/no-inherit=1,name=__bpf_stdout__/"), 0);
	assert_int_equal(nth(1)->inherit, 0);
	assert_int_equal(evparse__add(list, "bpf-output/inherit/,cycles/no-inherit=0/"), 0);
	assert_int_equal(nth(2)->inherit, 1);
	assert_int_equal(nth(3)->inherit, 1);
}

static void test_evparse__add_tracepoint_glob(void **state)
{
	struct evparse_event *ev;

	assert_int_equal(evparse__add(list, "syscalls:sys_enter_*,sched:sched_switch/name=sw/"), 0);
	ev = nth(0);
	assert_int_equal(ev->kind, EVPARSE_TRACEPOINT);
	assert_int_equal(ev->type, PERF_TYPE_TRACEPOINT);
	assert_string_equal(ev->sys, "syscalls");
	assert_string_equal(ev->name, "sys_enter_*");
	assert_string_equal(evparse__event_name(ev), "syscalls:sys_enter_*");
	assert_int_equal(evparse__add(list, "9p:*,sys?:[ab]*"), 0);
	assert_string_equal(nth(2)->sys, "9p");
	assert_string_equal(nth(3)->sys, "sys?");
	assert_string_equal(nth(3)->name, "[ab]*");
	assert_string_equal(evparse__event_name(nth(1)), "sw");
}

static void test_evparse__add_symbols(void **state)
{
	static const struct {
		const char *name;
		enum evparse_kind kind;
		uint32_t type;
		uint64_t config;
	} t[] = {
		{ "cycles", EVPARSE_HARDWARE, PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES },
		{ "instructions", EVPARSE_HARDWARE, PERF_TYPE_HARDWARE,
		  PERF_COUNT_HW_INSTRUCTIONS },
		{ "cache-misses", EVPARSE_HARDWARE, PERF_TYPE_HARDWARE,
		  PERF_COUNT_HW_CACHE_MISSES },
		{ "branch-misses", EVPARSE_HARDWARE, PERF_TYPE_HARDWARE,
		  PERF_COUNT_HW_BRANCH_MISSES },
		{ "cache-references", EVPARSE_HARDWARE, PERF_TYPE_HARDWARE,
		  PERF_COUNT_HW_CACHE_REFERENCES },
		{ "branches", EVPARSE_HARDWARE, PERF_TYPE_HARDWARE,
		  PERF_COUNT_HW_BRANCH_INSTRUCTIONS },
		{ "bus-cycles", EVPARSE_HARDWARE, PERF_TYPE_HARDWARE, PERF_COUNT_HW_BUS_CYCLES },
		{ "ref-cycles", EVPARSE_HARDWARE, PERF_TYPE_HARDWARE,
		  PERF_COUNT_HW_REF_CPU_CYCLES },
		{ "cpu-clock", EVPARSE_SOFTWARE, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_CLOCK },
		{ "task-clock", EVPARSE_SOFTWARE, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK },
		{ "page-faults", EVPARSE_SOFTWARE, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS },
		{ "faults", EVPARSE_SOFTWARE, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS },
		{ "context-switches", EVPARSE_SOFTWARE, PERF_TYPE_SOFTWARE,
		  PERF_COUNT_SW_CONTEXT_SWITCHES },
		{ "cs", EVPARSE_SOFTWARE, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CONTEXT_SWITCHES },
		{ "cpu-migrations", EVPARSE_SOFTWARE, PERF_TYPE_SOFTWARE,
		  PERF_COUNT_SW_CPU_MIGRATIONS },
		{ "migrations", EVPARSE_SOFTWARE, PERF_TYPE_SOFTWARE,
		  PERF_COUNT_SW_CPU_MIGRATIONS },
		{ "minor-faults", EVPARSE_SOFTWARE, PERF_TYPE_SOFTWARE,
		  PERF_COUNT_SW_PAGE_FAULTS_MIN },
		{ "major-faults", EVPARSE_SOFTWARE, PERF_TYPE_SOFTWARE,
		  PERF_COUNT_SW_PAGE_FAULTS_MAJ },
		{ "alignment-faults", EVPARSE_SOFTWARE, PERF_TYPE_SOFTWARE,
		  PERF_COUNT_SW_ALIGNMENT_FAULTS },
		{ "emulation-faults", EVPARSE_SOFTWARE, PERF_TYPE_SOFTWARE,
		  PERF_COUNT_SW_EMULATION_FAULTS },
		{ "dummy", EVPARSE_SOFTWARE, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_DUMMY },
		{ "bpf-output", EVPARSE_BPF_OUTPUT, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_BPF_OUTPUT },
		{ "r1a8", EVPARSE_RAW, PERF_TYPE_RAW, 0x1a8 },
	};
	size_t i;

	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		assert_int_equal(evparse__add(list, t[i].name), 0);
		assert_int_equal(nth(i)->kind, t[i].kind);
		assert_int_equal(nth(i)->type, t[i].type);
		assert_int_equal(nth(i)->config, t[i].config);
		assert_string_equal(nth(i)->name, t[i].name);
	}
}

static void test_evparse__add_symbol_terms(void **state)
{
	struct evparse_event *ev;

	assert_int_equal(evparse__add(list, "cycles,cpu-clock/period=1000,freq=4,call-graph=fp/"),
			 0);
	assert_int_equal(evparse__count(list), 2);
	assert_int_equal(nth(0)->col, 0);
	assert_false(nth(0)->has_period);
	ev = nth(1);
	assert_int_equal(ev->col, 7);
	assert_true(ev->has_period);
	assert_int_equal(ev->period, 1000);
	assert_true(ev->has_freq);
	assert_int_equal(ev->freq, 4);
	assert_string_equal(ev->call_graph, "fp");
	assert_int_equal(ev->col_period, 17);
	assert_int_equal(ev->col_freq, 29);
	assert_int_equal(ev->col_call_graph, 36);
	assert_int_equal(ev->col_evname, -1);
	assert_int_equal(ev->col_inherit, -1);
	assert_int_equal(nth(0)->col_period, -1);
	assert_string_equal(ev->str, "cycles,cpu-clock/period=1000,freq=4,call-graph=fp/");
}

static void test_evparse__add_mixed_list(void **state)
{
	assert_int_equal(
		evparse__add(list, "./prog.c/map:m.value=1/,cycles,raw_syscalls:sys_enter"), 0);
	assert_int_equal(evparse__count(list), 3);
	assert_int_equal(nth(0)->kind, EVPARSE_BPF_SOURCE);
	assert_int_equal(nth(1)->kind, EVPARSE_HARDWARE);
	assert_int_equal(nth(1)->col, 24);
	assert_int_equal(nth(2)->kind, EVPARSE_TRACEPOINT);
	assert_int_equal(nth(2)->col, 31);
}

/* perf's rule: the longest prefix ending in .c/.o/.obj that exists. */
static void test_evparse__add_bpf_longest_existing(void **state)
{
	assert_int_equal(evparse__add(list, "./prog.c/map:x.c=1/"), -EINVAL);
	assert_string_equal(err_text(), "event syntax error: '..og.c/map:x.c=1/'\n"
					"                                  \\___ Invalid object "
					"map config option\n" OBJCONF_HELP);
}

static void test_evparse__find_before(void **state)
{
	assert_int_equal(evparse__add(list, "cycles"), 0);
	assert_int_equal(evparse__add(list, "bpf-output/name=evt/,./prog.c/map:m.event=evt/"), 0);
	assert_int_equal(evparse__add(list, "cpu-clock/name=late/"), 0);
	assert_ptr_equal(evparse__find(list, "evt", nth(2)), nth(1));
	assert_ptr_equal(evparse__find(list, "cycles", NULL), nth(0));
	assert_null(evparse__find(list, "late", nth(2)));
	assert_ptr_equal(evparse__find(list, "late", NULL), nth(3));
	assert_null(evparse__find(list, "bpf-output", NULL));
}

/* ---- errors ---- */

/* Seed error case 6: a number given to .event, caret at the value, elided at the front. */
static void test_evparse__add_seed_error_case_6(void **state)
{
	expect_error(
		"./test_bpf_map_2.c/map:pmu_map.event=123/",
		"event syntax error: '.._map.event=123/'\n"
		"                                  \\___ Incorrect value type for map\n" OBJCONF_HELP);
}

/*
 * Seed error case 2, "Event not found for map setting", is found by the loader, which prints
 * it through evparse__error_at() at the option's column. The seed's output was produced
 * while the prefix was still spelled "maps:" (renamed "map:" before the commit went in), so
 * its string is reproduced byte for byte with that spelling; the "map:" spelling puts the
 * caret on the same character, one column earlier in the string.
 */
static void test_evparse__error_at_seed_error_case_2(void **state)
{
	static const char seed[] = "./test_bpf_map_2.c/maps:pmu_map.event=evt/";
	struct evparse_map_term *m;
	char buf[64];
	const char *msg;

	msg = loaderr__strerror(-LOADERR__OBJCONF_MAP_NOEVT, LOADERR_STAGE_CONFIG, buf,
				sizeof(buf));
	evparse__print_error(errf, 80, seed, strstr(seed, "event=") - seed, msg,
			     EVPARSE_HELP_OBJCONF);
	assert_string_equal(
		err_text(),
		"event syntax error: '..ps:pmu_map.event=evt/'\n"
		"                                  \\___ Event not found for map setting\n"
		"\n"
		"Hint:\tValid config terms:\n"
		"     \tmap:[<arraymap>].value<indices>=[value]\n"
		"     \tmap:[<eventmap>].event<indices>=[event]\n"
		"\n"
		"     \twhere <indices> is something like [0,3...5] or [all]\n"
		"     \t(add -v to see detail)\n");

	reset_err();
	assert_int_equal(evparse__add(list, "cycles"), 0);
	assert_int_equal(evparse__add(list, "./test_bpf_map_2.c/map:pmu_map.event=evt/"), 0);
	m = &nth(1)->maps[0];
	assert_null(evparse__find(list, m->event, nth(1)));
	evparse__error_at(nth(1), m->col_opt, msg, EVPARSE_HELP_OBJCONF);
	assert_string_equal(err_text(),
			    "event syntax error: '..ap:pmu_map.event=evt/'\n"
			    "                                  \\___ Event not found for "
			    "map setting\n" OBJCONF_HELP);
}

static void test_evparse__add_objconf_opt(void **state)
{
	expect_error("./prog.c/foo=1/", "event syntax error: './prog.c/foo=1/'\n"
					"                              \\___ Invalid object config "
					"option\n" OBJCONF_HELP);
}

static void test_evparse__add_objconf_no_dot(void **state)
{
	/* No '.': the caret sits on the map name, after "map:". */
	expect_error("./prog.c/map:x=1/", "event syntax error: './prog.c/map:x=1/'\n"
					  "                                  \\___ Invalid object "
					  "config option\n" OBJCONF_HELP);
}

static void test_evparse__add_objconf_empty_opt(void **state)
{
	expect_error("./prog.c/map:x.=1/", "event syntax error: './prog.c/map:x.=1/'\n"
					   "                                  \\___ Invalid object "
					   "config option\n" OBJCONF_HELP);
}

static void test_evparse__add_objconf_map_opt(void **state)
{
	expect_error(
		"./prog.c/map:x.foo=1/",
		"event syntax error: '..og.c/map:x.foo=1/'\n"
		"                                  \\___ Invalid object map config option\n" OBJCONF_HELP);
}

static void test_evparse__add_objconf_conf(void **state)
{
	expect_error(
		"./prog.c/map:x.value/",
		"event syntax error: '..og.c/map:x.value/'\n"
		"                                  \\___ Config value not set (missing '=')\n" OBJCONF_HELP);
}

static void test_evparse__add_objconf_value_type(void **state)
{
	expect_error(
		"./prog.c/map:x.value=abc/",
		"event syntax error: '..ap:x.value=abc/'\n"
		"                                  \\___ Incorrect value type for map\n" OBJCONF_HELP);
}

static void test_evparse__add_range_reversed(void **state)
{
	expect_error(
		"./prog.c/map:x.value[1,6...3]=1/",
		"event syntax error: '..:x.value[1,6...3]=1/'\n"
		"                                  \\___ Expected '6' to be less-than '3'\n" OBJCONF_HELP);
}

static void test_evparse__add_missing_file(void **state)
{
	expect_error("./missing.c",
		     "ERROR: cannot read BPF file './missing.c': No such file or directory\n");
}

static void test_evparse__add_missing_file_with_terms(void **state)
{
	expect_error("cycles,missing.o/map:m.value=1/",
		     "ERROR: cannot read BPF file 'missing.o': No such file or directory\n");
}

/* global:NAME=N: kept with its columns; a missing value or a string is a caret error. */
static void test_evparse__add_global_term(void **state)
{
	struct evparse_event *ev;

	assert_int_equal(evparse__add(list, "./prog.c/global:targ_pid=0x10,map:m.value=1/"), 0);
	ev = nth(0);
	assert_int_equal(ev->nr_globals, 1);
	assert_string_equal(ev->globals[0].name, "targ_pid");
	assert_int_equal(ev->globals[0].value, 16);
	assert_int_equal(ev->globals[0].col_term, 9);
	assert_int_equal(ev->globals[0].col_name, 16);
	assert_int_equal(ev->globals[0].col_value, 25);
	assert_int_equal(ev->nr_maps, 1);
	assert_int_equal(evparse__add(list, "./prog.c/global:targ_pid/"), -EINVAL);
	assert_non_null(strstr(err_text(), "\\___ Config value not set (missing '=')\n"));
	reset_err();
	assert_int_equal(evparse__add(list, "./prog.c/global:x=abc/"), -EINVAL);
	assert_non_null(strstr(err_text(), "\\___ Incorrect value type for global variable\n"));
}

/* A BPF file named without its suffix: the Hint names the file that is there. */
static void test_evparse__add_no_suffix(void **state)
{
	expect_error("prog", "event syntax error: 'prog'\n"
			     "                     \\___ unknown event\n"
			     "\n"
			     "Hint:\tdid you mean 'prog.c'? A BPF file is named with its suffix "
			     "(.c, .o, .obj)\n");
	reset_err();
	expect_error("cycles,./test_bpf_map_2/map:m.value=1/",
		     "event syntax error: 'cycles,./test_bpf_map_2/map:m.value=1/'\n"
		     "                            \\___ parser error\n"
		     "\n"
		     "Hint:\tdid you mean './test_bpf_map_2.c'? A BPF file is named with its "
		     "suffix (.c, .o, .obj)\n");
}

/* "(add -v to see detail)" is for who did not add -v. */
static void test_evparse__add_objconf_help_verbose(void **state)
{
	int saved = verbose;

	verbose = 1;
	expect_error("./prog.c/map:x.value[1,6...3]=1/",
		     "event syntax error: '..:x.value[1,6...3]=1/'\n"
		     "                                  \\___ Expected '6' to be less-than '3'\n"
		     "\n"
		     "Hint:\tValid config terms:\n"
		     "     \tmap:[<arraymap>].value<indices>=[value]\n"
		     "     \tmap:[<eventmap>].event<indices>=[event]\n"
		     "\n"
		     "     \twhere <indices> is something like [0,3...5] or [all]\n");
	verbose = saved;
}

static void test_evparse__add_unknown_event(void **state)
{
	expect_error("cycles,foo", "event syntax error: 'cycles,foo'\n"
				   "                            \\___ unknown event\n");
}

static void test_evparse__add_unknown_term(void **state)
{
	expect_error("cycles/foo=1/",
		     "event syntax error: 'cycles/foo=1/'\n"
		     "                            \\___ unknown term\n"
		     "\n"
		     "valid terms: period,freq,name,inherit,no-inherit,call-graph\n");
}

static void test_evparse__add_term_types(void **state)
{
	expect_error("cycles/period=abc/", "event syntax error: '..les/period=abc/'\n"
					   "                                  \\___ expected "
					   "numeric value\n");
	reset_err();
	expect_error("cycles/name=1/", "event syntax error: 'cycles/name=1/'\n"
				       "                                 \\___ expected string "
				       "value\n");
}

static void test_evparse__add_syntax_errors(void **state)
{
	static const struct {
		const char *str;
		int col;
	} t[] = {
		/* Columns up to 13, so that nothing is elided. */
		{ "", 0 },
		{ "cycles,", 7 },
		{ ":", 0 },
		{ "sys:", 4 },
		{ "cs/period=/", 10 },
		{ "cycles/[all]/", 7 },
		{ "./prog.c/x", 10 },
		{ "cycles//,", 9 },
		{ "prog.o/map:m[]=1/", 13 },
		{ "cycles:u:k", 6 },
	};
	char want[256];
	size_t i;

	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		reset_err();
		assert_int_equal(evparse__add(list, t[i].str), -EINVAL);
		snprintf(want, sizeof(want), "event syntax error: '%s'\n%*s\\___ ", t[i].str,
			 21 + t[i].col, "");
		if (strncmp(err_text(), want, strlen(want)))
			fail_msg("'%s': got\n%s", t[i].str, err_text());
	}
	assert_int_equal(evparse__count(list), 0);
}

static void test_evparse__add_number_range(void **state)
{
	expect_error("cycles/period=99999999999999999999/",
		     "event syntax error: '..les/period=99999999999999999999/'\n"
		     "                                  \\___ number out of range\n");
}

static void test_evparse__add_keeps_list_on_error(void **state)
{
	assert_int_equal(evparse__add(list, "cycles"), 0);
	assert_int_equal(evparse__add(list, "cpu-clock,./prog.c/map:m.nope=1/"), -EINVAL);
	assert_int_equal(evparse__count(list), 1);
	assert_null(evparse__next(list, nth(0)));
}

/* ---- the printer, checked against perf 6.1's output for the same strings ---- */

static void test_evparse__print_error_elides_both_ends(void **state)
{
	char str[128], want[256];

	memset(str, 'a', 74);
	strcpy(str + 74, ",cycles/xx/");
	evparse__print_error(errf, 80, str, 0, "parser error", NULL);
	snprintf(want, sizeof(want),
		 "event syntax error: '%.56s..'\n                     \\___ parser error\n", str);
	assert_string_equal(err_text(), want);
}

static void test_evparse__print_error_elides_front(void **state)
{
	evparse__print_error(errf, 80, "cpu-clock/period=/", 16, "parser error", NULL);
	assert_string_equal(err_text(), "event syntax error: '..lock/period=/'\n"
					"                                  \\___ parser error\n");
}

static void test_evparse__print_error_short(void **state)
{
	evparse__print_error(errf, 80, "syscalls:sys_enter_nanosleep/xx/", 29, "unknown term",
			     "valid terms: call-graph,stack-size");
	assert_string_equal(err_text(), "event syntax error: '.._nanosleep/xx/'\n"
					"                                  \\___ unknown term\n"
					"\n"
					"valid terms: call-graph,stack-size\n");
}

static void test_evparse__print_error_narrow(void **state)
{
	/* 30 columns leave 8 characters inside the quotes. */
	evparse__print_error(errf, 30, "0123456789abcdef", 3, "here", NULL);
	assert_string_equal(err_text(), "event syntax error: '012345..'\n"
					"                        \\___ here\n");
}

#define T(fn) cmocka_unit_test_setup_teardown(fn, setup, teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_evparse__add_bpf_source),
		T(test_evparse__add_bpf_object),
		T(test_evparse__add_map_value),
		T(test_evparse__add_map_ranges),
		T(test_evparse__add_map_event_all),
		T(test_evparse__add_bpf_common_terms),
		T(test_evparse__add_bpf_output),
		T(test_evparse__add_tracepoint_glob),
		T(test_evparse__add_symbols),
		T(test_evparse__add_symbol_terms),
		T(test_evparse__add_mixed_list),
		T(test_evparse__add_bpf_longest_existing),
		T(test_evparse__find_before),
		T(test_evparse__add_seed_error_case_6),
		T(test_evparse__error_at_seed_error_case_2),
		T(test_evparse__add_objconf_opt),
		T(test_evparse__add_objconf_no_dot),
		T(test_evparse__add_objconf_empty_opt),
		T(test_evparse__add_objconf_map_opt),
		T(test_evparse__add_objconf_conf),
		T(test_evparse__add_objconf_value_type),
		T(test_evparse__add_range_reversed),
		T(test_evparse__add_missing_file),
		T(test_evparse__add_missing_file_with_terms),
		T(test_evparse__add_no_suffix),
		T(test_evparse__add_global_term),
		T(test_evparse__add_objconf_help_verbose),
		T(test_evparse__add_unknown_event),
		T(test_evparse__add_unknown_term),
		T(test_evparse__add_term_types),
		T(test_evparse__add_syntax_errors),
		T(test_evparse__add_number_range),
		T(test_evparse__add_keeps_list_on_error),
		T(test_evparse__print_error_elides_both_ends),
		T(test_evparse__print_error_elides_front),
		T(test_evparse__print_error_short),
		T(test_evparse__print_error_narrow),
	};

	return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
