// SPDX-License-Identifier: GPL-2.0
/* Which -e events a SEC("perf_event") program runs on; which output maps nothing reads. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <linux/bpf.h>

#include "run/progevent.h"

#define C EVPARSE_SOFTWARE
#define H EVPARSE_HARDWARE
#define S EVPARSE_BPF_SOURCE
#define O EVPARSE_BPF_OBJECT
#define TP EVPARSE_TRACEPOINT

static void test_progevent__events_before_the_object(void **state)
{
	/* -e cpu-clock -e profile.c */
	enum evparse_kind k1[] = { C, S };
	bool w1[] = { false, true };
	int o1[2];

	progevent__assign(k1, w1, 2, o1);
	assert_int_equal(o1[0], 1);
	assert_int_equal(o1[1], -1);
}

static void test_progevent__each_object_its_own(void **state)
{
	/* -e cycles -e tp -e a.c -e page-faults -e other.o -e b.o -e cpu-clock */
	enum evparse_kind k[] = { H, TP, S, C, O, O, C };
	bool w[] = { false, false, true, false, false, true, false };
	int o[7], want[] = { 2, -1, -1, 5, -1, -1, -1 };

	progevent__assign(k, w, 7, o);
	for (int i = 0; i < 7; i++)
		assert_int_equal(o[i], want[i]);
}

static void test_progevent__none_before(void **state)
{
	enum evparse_kind k[] = { S, C };
	bool w[] = { true, false };
	int o[2];

	progevent__assign(k, w, 2, o);
	assert_int_equal(o[0], -1);
	assert_int_equal(o[1], -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_progevent__events_before_the_object),
		cmocka_unit_test(test_progevent__each_object_its_own),
		cmocka_unit_test(test_progevent__none_before),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
