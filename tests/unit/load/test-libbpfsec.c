// SPDX-License-Identifier: GPL-2.0
/* libbpf-style section families and their targets; GPL-compatible licenses. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdbool.h>

#include "load/libbpfsec.h"

static void expect(const char *section, enum libbpfsec_family family, bool ret, const char *target)
{
	const char *t = (const char *)1;
	bool r = !ret;

	assert_int_equal(libbpfsec__family(section, &r, &t), family);
	if (family != LIBBPFSEC_OTHER)
		assert_int_equal(r, ret);
	if (target)
		assert_string_equal(t, target);
	else
		assert_null(t);
}

static void test_libbpfsec__family(void **state)
{
	expect("kprobe/do_unlinkat", LIBBPFSEC_KPROBE, false, "do_unlinkat");
	expect("kretprobe/do_unlinkat", LIBBPFSEC_KPROBE, true, "do_unlinkat");
	expect("kprobe", LIBBPFSEC_KPROBE, false, NULL);
	expect("kprobe/", LIBBPFSEC_KPROBE, false, NULL);
	expect("kprobe.multi/do_*", LIBBPFSEC_KPROBE, false, "do_*");
	expect("ksyscall/tgkill", LIBBPFSEC_KSYSCALL, false, "tgkill");
	expect("kretsyscall/tgkill", LIBBPFSEC_KSYSCALL, true, "tgkill");
	expect("fentry/do_unlinkat", LIBBPFSEC_FENTRY, false, "do_unlinkat");
	expect("fexit/do_unlinkat", LIBBPFSEC_FENTRY, true, "do_unlinkat");
	expect("fentry.s/x", LIBBPFSEC_FENTRY, false, "x");
	expect("lsm/file_open", LIBBPFSEC_FENTRY, false, "file_open");
	expect("fentry", LIBBPFSEC_FENTRY, false, NULL);
	expect("uprobe", LIBBPFSEC_UPROBE, false, NULL);
	expect("uretprobe//bin/bash:readline", LIBBPFSEC_UPROBE, true, "/bin/bash:readline");
	expect("usdt", LIBBPFSEC_USDT, false, NULL);
	expect("perf_event", LIBBPFSEC_PERF_EVENT, false, NULL);
	expect("tp/syscalls/sys_enter_openat", LIBBPFSEC_TRACEPOINT, false,
	       "syscalls/sys_enter_openat");
	expect("tracepoint/sched/sched_switch", LIBBPFSEC_TRACEPOINT, false, "sched/sched_switch");
	expect("kprobes/x", LIBBPFSEC_OTHER, false, "x"); /* a prefix is not a family */
	expect("xdp", LIBBPFSEC_OTHER, false, NULL);
	assert_int_equal(libbpfsec__family(NULL, NULL, NULL), LIBBPFSEC_OTHER);
}

static void test_libbpfsec__gpl_compatible(void **state)
{
	assert_true(libbpfsec__gpl_compatible("GPL"));
	assert_true(libbpfsec__gpl_compatible("Dual BSD/GPL"));
	assert_true(libbpfsec__gpl_compatible("GPL v2"));
	assert_false(libbpfsec__gpl_compatible("BSD"));
	assert_false(libbpfsec__gpl_compatible("gpl"));
	assert_false(libbpfsec__gpl_compatible(""));
	assert_false(libbpfsec__gpl_compatible(NULL));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_libbpfsec__family),
		cmocka_unit_test(test_libbpfsec__gpl_compatible),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
