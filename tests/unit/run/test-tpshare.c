// SPDX-License-Identifier: GPL-2.0
/* Which programs filter a plain tracepoint event's samples, and the raw tracepoint to use. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "run/tpshare.h"

static struct loader_prog perf_style(const char *group, const char *event)
{
	return (struct loader_prog){
		.attach = LOADER_TRACEPOINT,
		.section = "",
		.sec = { .kind = SECTION_TRACEPOINT, .group = group, .event = event }
	};
}

static struct loader_prog libbpf_style(const char *section)
{
	return (struct loader_prog){ .attach = LOADER_LIBBPF, .section = section };
}

static void test_filters(void **state)
{
	struct loader_prog p = perf_style("syscalls", "sys_enter_openat");

	(void)state;
	assert_true(tpshare__filters(&p, "syscalls", "sys_enter_openat"));
	assert_false(tpshare__filters(&p, "syscalls", "sys_enter_open"));
	assert_false(tpshare__filters(&p, "sched", "sys_enter_openat"));
	p.load_only = true; /* never attached */
	assert_false(tpshare__filters(&p, "syscalls", "sys_enter_openat"));
	p = perf_style("syscalls", "sys_enter_open*");
	assert_true(tpshare__filters(&p, "syscalls", "sys_enter_openat"));
	p = libbpf_style("tp/sched/sched_switch");
	assert_true(tpshare__filters(&p, "sched", "sched_switch"));
	assert_false(tpshare__filters(&p, "sched", "sched_switch2"));
	assert_false(tpshare__filters(&p, "sch", "sched_switch"));
	p = libbpf_style("tracepoint/syscalls/sys_exit_read");
	assert_true(tpshare__filters(&p, "syscalls", "sys_exit_read"));
	/* raw and BTF tracepoints filter nothing; a probe is an event of its own */
	p = libbpf_style("raw_tp/sched_switch");
	assert_false(tpshare__filters(&p, "sched", "sched_switch"));
	p = libbpf_style("tp_btf/sched_switch");
	assert_false(tpshare__filters(&p, "sched", "sched_switch"));
	p = perf_style("syscalls", "sys_enter_openat");
	p.attach = LOADER_PROBE;
	assert_false(tpshare__filters(&p, "syscalls", "sys_enter_openat"));
}

static void test_raw_tp(void **state)
{
	char b[64];

	(void)state;
	tpshare__raw_tp("syscalls", "sys_enter_openat", b, sizeof(b));
	assert_string_equal(b, "sys_enter");
	tpshare__raw_tp("syscalls", "sys_exit_read", b, sizeof(b));
	assert_string_equal(b, "sys_exit");
	tpshare__raw_tp("sched", "sched_switch", b, sizeof(b));
	assert_string_equal(b, "sched_switch");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_filters),
		cmocka_unit_test(test_raw_tp),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
