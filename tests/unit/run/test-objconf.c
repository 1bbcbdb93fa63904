// SPDX-License-Identifier: GPL-2.0
/*
 * Object config without the kernel: slot expansion, key and value bytes, the checks of
 * terms and events, the __bpf_stdout__ plan, and objconf__new() on objects that are
 * opened (compiled from the fixtures) but never loaded.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/bpf.h>
#include <bpf/libbpf.h>

#include "compile/compile.h"
#include "run/evlist.h"
#include "event/evparse.h"
#include "event/loaderr.h"
#include "util/log.h"
#include "run/objconf.h"

#define E(code) (-LOADERR__OBJCONF_##code)

static struct evparse_range ranges[4];

/* A term as evparse makes it: columns of "map:m.value[...]=V" at the start of a string. */
static struct evparse_map_term term(enum evparse_map_opt opt, size_t nr, ...)
{
	struct evparse_map_term t = {
		.map = "m",
		.opt = opt,
		.all = nr == 0,
		.nr_ranges = nr,
		.ranges = ranges,
		.col_term = 0,
		.col_map = 4,
		.col_opt = 6,
		.col_index = nr ? 11 : -1,
	};
	va_list ap;

	va_start(ap, nr);
	for (size_t i = 0; i < nr; i++) {
		ranges[i].first = va_arg(ap, unsigned int);
		ranges[i].last = va_arg(ap, unsigned int);
	}
	va_end(ap);
	return t;
}

static void expect_keys(const struct evparse_map_term *t, uint32_t max, size_t n, ...)
{
	uint32_t *keys;
	size_t nr;
	va_list ap;

	assert_int_equal(objconf__keys(t, max, &keys, &nr), 0);
	assert_int_equal(nr, n);
	va_start(ap, n);
	for (size_t i = 0; i < n; i++)
		assert_int_equal(keys[i], va_arg(ap, unsigned int));
	va_end(ap);
	free(keys);
}

static void test_objconf__keys_all(void **state)
{
	struct evparse_map_term t = term(EVPARSE_MAP_VALUE, 0);

	expect_keys(&t, 4, 4, 0, 1, 2, 3);
	expect_keys(&t, 1, 1, 0);
	expect_keys(&t, 0, 0);
}

static void test_objconf__keys_list_and_range(void **state)
{
	/* [0,3...6]: the seed's example */
	struct evparse_map_term t = term(EVPARSE_MAP_VALUE, 2, 0, 0, 3, 6);

	expect_keys(&t, 8, 5, 0, 3, 4, 5, 6);
	expect_keys(&t, 7, 5, 0, 3, 4, 5, 6);
}

static void test_objconf__keys_sorted_once(void **state)
{
	/* [5,1...2,2...4,1]: out of order and overlapping, each slot once, ascending */
	struct evparse_map_term t = term(EVPARSE_MAP_EVENT, 4, 5, 5, 1, 2, 2, 4, 1, 1);

	expect_keys(&t, 6, 5, 1, 2, 3, 4, 5);
}

static void test_objconf__keys_touching_ranges(void **state)
{
	struct evparse_map_term t = term(EVPARSE_MAP_VALUE, 2, 4, 5, 0, 3);

	expect_keys(&t, 6, 6, 0, 1, 2, 3, 4, 5);
}

static void test_objconf__keys_idx2big(void **state)
{
	struct evparse_map_term t = term(EVPARSE_MAP_VALUE, 2, 0, 0, 3, 6);
	uint32_t *keys = (uint32_t *)&t;
	size_t nr = 1;

	assert_int_equal(objconf__keys(&t, 6, &keys, &nr), E(MAP_IDX2BIG));
	assert_null(keys);
	assert_int_equal(nr, 0);
	t = term(EVPARSE_MAP_VALUE, 1, 4, 4);
	assert_int_equal(objconf__keys(&t, 4, &keys, &nr), E(MAP_IDX2BIG));
}

static void test_objconf__encode_value_sizes(void **state)
{
	uint64_t v = 0x1122334455667788ULL;
	uint8_t buf[8];
	uint16_t u16;
	uint32_t u32;
	uint64_t u64;

	memset(buf, 0xee, sizeof(buf));
	assert_int_equal(objconf__encode_value(v, 1, buf), 0);
	assert_int_equal(buf[0], 0x88);
	assert_int_equal(buf[1], 0xee); /* nothing past the value */
	assert_int_equal(objconf__encode_value(v, 2, buf), 0);
	memcpy(&u16, buf, 2);
	assert_int_equal(u16, 0x7788);
	assert_int_equal(objconf__encode_value(v, 4, buf), 0);
	memcpy(&u32, buf, 4);
	assert_int_equal(u32, 0x55667788);
	assert_int_equal(objconf__encode_value(v, 8, buf), 0);
	memcpy(&u64, buf, 8);
	assert_true(u64 == v);
}

static void test_objconf__encode_value_bad_size(void **state)
{
	uint8_t buf[16];

	assert_int_equal(objconf__encode_value(1, 3, buf), E(MAP_VALUESIZE));
	assert_int_equal(objconf__encode_value(1, 16, buf), E(MAP_VALUESIZE));
	assert_int_equal(objconf__encode_value(1, 0, buf), E(MAP_VALUESIZE));
}

static void test_objconf__encode_key_sizes(void **state)
{
	uint8_t buf[8];
	uint32_t k;

	memset(buf, 0xee, sizeof(buf));
	assert_int_equal(objconf__encode_key(0x01020304, 8, buf), 0);
	memcpy(&k, buf, 4);
	assert_int_equal(k, 0x01020304);
	for (int i = 4; i < 8; i++)
		assert_int_equal(buf[i], 0);
	assert_int_equal(objconf__encode_key(7, 4, buf), 0);
	memcpy(&k, buf, 4);
	assert_int_equal(k, 7);
	assert_int_equal(objconf__encode_key(7, 2, buf), E(MAP_KEYSIZE));
}

static const struct objconf_map_desc array = { BPF_MAP_TYPE_ARRAY, 4, 4, 8 };
static const struct objconf_map_desc evmap = { BPF_MAP_TYPE_PERF_EVENT_ARRAY, 4, 4, 8 };

static void test_objconf__check_term_ok(void **state)
{
	struct evparse_map_term v = term(EVPARSE_MAP_VALUE, 1, 0, 7);
	struct evparse_map_term e = term(EVPARSE_MAP_EVENT, 0);
	struct objconf_map_desc m = array;
	int col = -1;

	assert_int_equal(objconf__check_term(&v, &array, &col), 0);
	assert_int_equal(objconf__check_term(&e, &evmap, &col), 0);
	for (m.value_size = 1; m.value_size <= 8; m.value_size *= 2)
		assert_int_equal(objconf__check_term(&v, &m, &col), 0);
}

static void test_objconf__check_term_type(void **state)
{
	struct evparse_map_term v = term(EVPARSE_MAP_VALUE, 0);
	struct evparse_map_term e = term(EVPARSE_MAP_EVENT, 0);
	struct objconf_map_desc hash = { BPF_MAP_TYPE_HASH, 4, 4, 8 };
	int col = -1;

	assert_int_equal(objconf__check_term(&v, &evmap, &col), E(MAP_TYPE));
	assert_int_equal(col, 6);
	assert_int_equal(objconf__check_term(&v, &hash, &col), E(MAP_TYPE));
	assert_int_equal(objconf__check_term(&e, &array, &col), E(MAP_TYPE));
}

static void test_objconf__check_term_sizes(void **state)
{
	struct evparse_map_term v = term(EVPARSE_MAP_VALUE, 0);
	struct evparse_map_term e = term(EVPARSE_MAP_EVENT, 0);
	struct objconf_map_desc m = array;
	int col = -1;

	m.key_size = 2;
	assert_int_equal(objconf__check_term(&v, &m, &col), E(MAP_KEYSIZE));
	assert_int_equal(col, 6);
	m = evmap;
	m.key_size = 1;
	assert_int_equal(objconf__check_term(&e, &m, &col), E(MAP_KEYSIZE));
	m = array;
	m.value_size = 3;
	assert_int_equal(objconf__check_term(&v, &m, &col), E(MAP_VALUESIZE));
	m.value_size = 16;
	assert_int_equal(objconf__check_term(&v, &m, &col), E(MAP_VALUESIZE));
	/* an event map's value is an fd: its size is the kernel's business */
	m = evmap;
	m.value_size = 3;
	assert_int_equal(objconf__check_term(&e, &m, &col), 0);
}

static void test_objconf__check_term_idx2big_first(void **state)
{
	/* perf checked the indices before the map type: the index is what is reported */
	struct evparse_map_term v = term(EVPARSE_MAP_VALUE, 2, 1, 1, 5, 8);
	struct objconf_map_desc hash = { BPF_MAP_TYPE_HASH, 4, 4, 8 };
	int col = -1;

	assert_int_equal(objconf__check_term(&v, &hash, &col), E(MAP_IDX2BIG));
	assert_int_equal(col, 11); /* the '[' */
}

static struct evparse_event event(enum evparse_kind kind)
{
	struct evparse_event ev = { .kind = kind, .inherit = -1 };

	return ev;
}

static void test_objconf__check_event_kinds(void **state)
{
	static const enum evparse_kind ok[] = { EVPARSE_HARDWARE, EVPARSE_SOFTWARE, EVPARSE_RAW,
						EVPARSE_BPF_OUTPUT };
	static const enum evparse_kind bad[] = { EVPARSE_TRACEPOINT, EVPARSE_BPF_SOURCE,
						 EVPARSE_BPF_OBJECT };
	struct evparse_event ev;

	for (size_t i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		ev = event(ok[i]);
		assert_int_equal(objconf__check_event(&ev, false, 1), 0);
	}
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		ev = event(bad[i]);
		assert_int_equal(objconf__check_event(&ev, false, 1), E(MAP_EVTTYPE));
	}
}

static void test_objconf__check_event_order(void **state)
{
	struct evparse_event tp = event(EVPARSE_TRACEPOINT);
	struct evparse_event clk = event(EVPARSE_SOFTWARE);

	/* perf's order: threads, then inherit, then the type */
	assert_int_equal(objconf__check_event(&tp, true, 2), E(MAP_EVTDIM));
	assert_int_equal(objconf__check_event(&tp, true, 1), E(MAP_EVTINH));
	assert_int_equal(objconf__check_event(&clk, true, 1), E(MAP_EVTINH));
	assert_int_equal(objconf__check_event(&clk, false, 3), E(MAP_EVTDIM));
}

static void test_objconf__stdout_plan_cases(void **state)
{
	bool none[3] = { false, false, false }, all[2] = { true, true };
	bool some[3] = { false, true, true };
	int from = 7;

	assert_int_equal(objconf__stdout_plan(none, 0, &from), OBJCONF_STDOUT_NONE);
	assert_int_equal(from, -1);
	assert_int_equal(objconf__stdout_plan(none, 3, &from), OBJCONF_STDOUT_CREATE);
	assert_int_equal(objconf__stdout_plan(all, 2, &from), OBJCONF_STDOUT_NONE);
	assert_int_equal(from, 0);
	assert_int_equal(objconf__stdout_plan(some, 3, &from), OBJCONF_STDOUT_CLONE);
	assert_int_equal(from, 1); /* the first configured one */
}

/* ---- objconf__new() on opened objects ---- */

#define NR_SRC 4
static const char *const srcs[NR_SRC] = { "objconf-out-a.c", "objconf-out-b.c", "objconf-out-c.c",
					  "objconf-errors.c" };
static char paths[NR_SRC][4096];
static struct bpf_object *objs[NR_SRC];
static bool have_objs;

static int group_setup(void **state)
{
	const char *top = getenv("TOP");
	struct compile_opts co = { .no_cache = true };

	quiet = 1;
	for (int i = 0; i < NR_SRC; i++) {
		LIBBPF_OPTS(bpf_object_open_opts, opts, .object_name = srcs[i]);
		size_t size;
		void *buf;

		snprintf(paths[i], sizeof(paths[i]), "%s/tests/fixtures/bpf/%s", top ? top : ".",
			 srcs[i]);
		if (compile__source(paths[i], &co, &buf, &size))
			return 0; /* no clang: those tests skip */
		objs[i] = bpf_object__open_mem(buf, size, &opts);
		free(buf);
		if (!objs[i])
			return -1;
	}
	have_objs = true;
	return 0;
}

static int group_teardown(void **state)
{
	for (int i = 0; i < NR_SRC; i++)
		bpf_object__close(objs[i]);
	return 0;
}

struct run {
	struct evparse_list *list;
	struct evlist *evlist;
	struct objconf_bind binds[8];
	int nr;
	struct objconf *oc;
	char *err;
	size_t errlen;
	FILE *errf;
};

static struct run run;

static int setup(void **state)
{
	memset(&run, 0, sizeof(run));
	run.list = evparse__new();
	run.evlist = evlist__new();
	run.errf = open_memstream(&run.err, &run.errlen);
	if (!run.list || !run.evlist || !run.errf)
		return -1;
	evparse__set_output(run.list, run.errf, 80);
	return 0;
}

static int teardown(void **state)
{
	objconf__free(run.oc);
	evlist__free(run.evlist);
	evparse__free(run.list);
	fclose(run.errf);
	free(run.err);
	return 0;
}

/* Add -e arg; obj: index of its object in objs, or -1 for a counter (an evsel is made). */
static void add(const char *arg, int obj)
{
	struct evparse_event *pe = NULL, *last = NULL;
	struct objconf_bind *b = &run.binds[run.nr++];
	char buf[8192];

	if (obj >= 0)
		snprintf(buf, sizeof(buf), "%s%s", paths[obj], arg);
	assert_int_equal(evparse__add(run.list, obj >= 0 ? buf : arg), 0);
	evparse__for_each(pe, run.list)
		last = pe;
	b->pe = last;
	if (obj >= 0) {
		b->obj = objs[obj];
	} else {
		b->evsel = last->kind == EVPARSE_BPF_OUTPUT ?
				   evsel__new_bpf_output(evparse__event_name(last)) :
				   evsel__new_counter(evparse__event_name(last), last->type,
						      last->config);
		assert_non_null(b->evsel);
		b->evsel->desc.attr.inherit = 1;
		assert_int_equal(evlist__add(run.evlist, b->evsel), 0);
	}
}

static struct objconf *plan(bool no_inherit, int nr_threads)
{
	struct objconf_opts o = {
		.events = run.list,
		.binds = run.binds,
		.nr_binds = run.nr,
		.evlist = run.evlist,
		.no_inherit = no_inherit,
		.nr_threads = nr_threads,
	};

	run.oc = objconf__new(&o);
	fflush(run.errf);
	return run.oc;
}

/* Is there an event called name in the run's evlist? */
static bool has_event(const char *name)
{
	for (int i = 0; i < evlist__nr(run.evlist); i++)
		if (!strcmp(evlist__at(run.evlist, i)->desc.name, name))
			return true;
	return false;
}

#define NEED_OBJS()                                       \
	do {                                              \
		if (!have_objs)                           \
			skip(); /* clang could not run */ \
	} while (0)

static void test_objconf__new_stdout_create(void **state)
{
	NEED_OBJS();
	add("", 0);
	add("", 1);
	assert_non_null(plan(false, 1));
	/* one event for both objects */
	assert_int_equal(evlist__nr(run.evlist), 1);
	assert_true(has_event(OBJCONF_STDOUT_MAP));
}

static void test_objconf__new_stdout_clone(void **state)
{
	struct evsel *evt;

	NEED_OBJS();
	add("bpf-output/no-inherit,name=evt/", -1);
	evt = run.binds[0].evsel;
	add("/map:__bpf_stdout__.event=evt/", 0);
	add("", 1);
	add("", 2);
	assert_non_null(plan(false, 1));
	/* the others share the user's event: no __bpf_stdout__ event */
	assert_int_equal(evlist__nr(run.evlist), 1);
	assert_false(has_event(OBJCONF_STDOUT_MAP));
	assert_false(evt->per_task);
	assert_int_equal(evt->desc.attr.inherit, 0);
}

static void test_objconf__new_stdout_all_configured(void **state)
{
	NEED_OBJS();
	add("bpf-output/no-inherit,name=one/", -1);
	add("bpf-output/no-inherit,name=two/", -1);
	add("/map:__bpf_stdout__.event=one/", 0);
	add("/map:__bpf_stdout__.event=two/", 1);
	assert_non_null(plan(false, 1));
	assert_int_equal(evlist__nr(run.evlist), 2);
}

static void test_objconf__new_counter_per_cpu(void **state)
{
	struct evsel *clk;

	NEED_OBJS();
	add("cpu-clock", -1);
	clk = run.binds[0].evsel;
	assert_true(clk->per_task);
	add("/map:pmu_map.event=cpu-clock,map:four.value[1...2]=5/", 3);
	assert_non_null(plan(true, 1));
	/* a map takes it: opened system-wide per CPU, not inherited */
	assert_false(clk->per_task);
	assert_int_equal(clk->desc.attr.inherit, 0);
}

static void test_objconf__new_inherit_left_alone(void **state)
{
	struct evsel *clk;

	NEED_OBJS();
	add("cpu-clock", -1);
	clk = run.binds[0].evsel;
	add("/map:pmu_map.event=cpu-clock/", 3);
	/* no -i: the term is kept, and fails when applied; the event is not changed */
	assert_non_null(plan(false, 1));
	assert_true(clk->per_task);
}

/* objconf__new() fails with the caret message msg under the first character of at. */
static void expect_config_error(const char *terms, const char *msg, const char *at)
{
	char want[512], *line2;
	size_t caret;

	add(terms, 3);
	assert_null(plan(true, 1));
	assert_int_equal(errno, EINVAL);
	line2 = strchr(run.err, '\n') + 1;
	snprintf(want, sizeof(want), "\\___ %s\n", msg);
	assert_non_null(strstr(line2, want));
	/* the caret stands under the character it blames, as the first line shows it */
	caret = strstr(line2, "\\___") - line2;
	assert_true(caret < (size_t)(line2 - run.err));
	assert_int_equal(run.err[caret], at[0]);
	assert_memory_equal(run.err + caret, at, strlen(at));
	assert_non_null(strstr(run.err, "Hint:\tValid config terms:"));
}

static void test_objconf__new_map_not_found(void **state)
{
	NEED_OBJS();
	expect_config_error("/map:nosuch.value=1/", "Target map doesn't exist", "nosuch");
}

static void test_objconf__new_map_type(void **state)
{
	NEED_OBJS();
	expect_config_error("/map:hashed.value=1/", "Can't use this config term with this map type",
			    "value=");
}

static void test_objconf__new_value_size(void **state)
{
	NEED_OBJS();
	expect_config_error("/map:odd.value=1/", "Incorrect map value size", "value=");
}

static void test_objconf__new_index_too_large(void **state)
{
	NEED_OBJS();
	expect_config_error("/map:four.value[0,4]=1/", "Index too large", "[0,4]");
}

static void test_objconf__new_event_not_found(void **state)
{
	NEED_OBJS();
	add("cpu-clock", -1);
	expect_config_error("/map:pmu_map.event=evt/", "Event not found for map setting", "event=");
}

static void test_objconf__new_event_defined_later(void **state)
{
	NEED_OBJS();
	expect_config_error("/map:pmu_map.event=cpu-clock/", "Event not found for map setting",
			    "event=");
}

#define T(f) cmocka_unit_test(f)
#define TS(f) cmocka_unit_test_setup_teardown(f, setup, teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_objconf__keys_all),
		T(test_objconf__keys_list_and_range),
		T(test_objconf__keys_sorted_once),
		T(test_objconf__keys_touching_ranges),
		T(test_objconf__keys_idx2big),
		T(test_objconf__encode_value_sizes),
		T(test_objconf__encode_value_bad_size),
		T(test_objconf__encode_key_sizes),
		T(test_objconf__check_term_ok),
		T(test_objconf__check_term_type),
		T(test_objconf__check_term_sizes),
		T(test_objconf__check_term_idx2big_first),
		T(test_objconf__check_event_kinds),
		T(test_objconf__check_event_order),
		T(test_objconf__stdout_plan_cases),
		TS(test_objconf__new_stdout_create),
		TS(test_objconf__new_stdout_clone),
		TS(test_objconf__new_stdout_all_configured),
		TS(test_objconf__new_counter_per_cpu),
		TS(test_objconf__new_inherit_left_alone),
		TS(test_objconf__new_map_not_found),
		TS(test_objconf__new_map_type),
		TS(test_objconf__new_value_size),
		TS(test_objconf__new_index_too_large),
		TS(test_objconf__new_event_not_found),
		TS(test_objconf__new_event_defined_later),
	};

	return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
