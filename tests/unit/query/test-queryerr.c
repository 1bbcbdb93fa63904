// SPDX-License-Identifier: GPL-2.0
/*
 * queryerr: the ERROR and Hint lines of a failed query, for each error the kernel gives and
 * each set of capabilities (this file's caps__has() stands in for util/caps.c's).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#include "util/caps.h"
#include "util/errmsg.h"
#include "query/queryerr.h"

static bool has_perfmon, has_sys_admin;

bool caps__has(int cap)
{
	if (cap == CAPS_PERFMON)
		return has_perfmon;
	if (cap == CAPS_SYS_ADMIN)
		return has_sys_admin;
	return false;
}

static void set_caps(bool perfmon, bool sys_admin)
{
	has_perfmon = perfmon;
	has_sys_admin = sys_admin;
}

/* queryerr__set(what, err) records text and hint (NULL: none) and returns err. */
static void check(const char *what, int err, const char *text, const char *hint)
{
	errmsg__clear();
	assert_int_equal(queryerr__set(what, err), err);
	assert_string_equal(errmsg__text(), text);
	if (hint)
		assert_string_equal(errmsg__hint_text(), hint);
	else
		assert_null(errmsg__hint_text());
	errmsg__clear();
}

static void test_queryerr__set_kernel_errors(void **state)
{
	check("sched:sched_switch", -ENOTTY,
	      "cannot query 'sched:sched_switch': the kernel lacks PERF_EVENT_IOC_QUERY_BPF "
	      "(Linux 4.16+)",
	      NULL);
	check("sched:sched_switch", -EOPNOTSUPP,
	      "cannot query 'sched:sched_switch': the kernel has no BPF events "
	      "(CONFIG_BPF_EVENTS is off)",
	      NULL);
	check("sched:*", -ENODEV, "cannot query 'sched:*': tracefs is not available",
	      "mount it: mount -t tracefs nodev /sys/kernel/tracing");
	check("nosuch:x", -ENOENT, "cannot query 'nosuch:x': no such tracepoint",
	      "list them with 'perf list tracepoint' or 'ls /sys/kernel/tracing/events/'");
	check("programs", -ENOMEM, "cannot query 'programs': Cannot allocate memory", NULL);
}

/* A tracepoint needs CAP_PERFMON or CAP_SYS_ADMIN; other objects CAP_SYS_ADMIN. */
static void test_queryerr__set_missing_capability(void **state)
{
	set_caps(false, false);
	check("sched:sched_switch", -EPERM,
	      "cannot query 'sched:sched_switch': missing capability CAP_PERFMON (or CAP_SYS_ADMIN)",
	      "run perf-bpf query as root");
	check("BPF links", -EPERM, "cannot query 'BPF links': missing capability CAP_SYS_ADMIN",
	      "run perf-bpf query as root");
	set_caps(true, false);
	check("/proc", -EACCES, "cannot query '/proc': missing capability CAP_SYS_ADMIN",
	      "run perf-bpf query as root");
}

/* Refused although privileged (ftrace's own events, lockdown): the kernel's word. */
static void test_queryerr__set_refused_when_privileged(void **state)
{
	set_caps(true, false);
	check("ftrace:function", -EPERM, "cannot query 'ftrace:function': Operation not permitted",
	      NULL);
	set_caps(false, true);
	check("ftrace:function", -EACCES, "cannot query 'ftrace:function': Permission denied",
	      NULL);
	check("kernel.bpf_stats_enabled", -EPERM,
	      "cannot query 'kernel.bpf_stats_enabled': Operation not permitted", NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_queryerr__set_kernel_errors),
		cmocka_unit_test(test_queryerr__set_missing_capability),
		cmocka_unit_test(test_queryerr__set_refused_when_privileged),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
