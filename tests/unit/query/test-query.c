// SPDX-License-Identifier: GPL-2.0
/*
 * query: the PERF_EVENT_IOC_QUERY_BPF loop against a scripted kernel (this file's ioctl()
 * stands in for libc's, for that request only: programs come and go between calls,
 * errors pass through), pattern checks, and hook names of every attachment kind.
 */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <linux/perf_event.h>
#include <cmocka.h>

#include "util/errmsg.h"
#include "query/bpfinfo.h"
#include "query/query.h"

#define FAKE_FD 1000

/* The scripted kernel: per call, the programs attached (or an error). */
struct step {
	int err;
	uint32_t nr;
	uint32_t ids[QUERY_MAX_PROGS + 8];
};

static struct step script[8];
static int nr_script, calls;
static uint32_t max_len_seen;

int ioctl(int fd, unsigned long req, ...)
{
	struct perf_event_query_bpf *q;
	const struct step *s;
	va_list ap;
	void *arg;

	va_start(ap, req);
	arg = va_arg(ap, void *);
	va_end(ap);
	if (fd != FAKE_FD || req != PERF_EVENT_IOC_QUERY_BPF)
		return syscall(SYS_ioctl, fd, req, arg);
	s = &script[calls < nr_script ? calls : nr_script - 1];
	calls++;
	q = arg;
	if (q->ids_len > max_len_seen)
		max_len_seen = q->ids_len;
	if (s->err) {
		errno = s->err;
		return -1;
	}
	if (q->ids_len > QUERY_MAX_PROGS) {
		errno = E2BIG;
		return -1;
	}
	q->prog_cnt = s->nr;
	for (uint32_t i = 0; i < s->nr && i < q->ids_len; i++)
		q->ids[i] = s->ids[i];
	if (q->ids_len && s->nr > q->ids_len) {
		errno = ENOSPC;
		return -1;
	}
	return 0;
}

static void set_script(int n)
{
	memset(script, 0, sizeof(script));
	nr_script = n;
	calls = 0;
	max_len_seen = 0;
}

static void fill(struct step *s, uint32_t nr, uint32_t first)
{
	s->nr = nr;
	for (uint32_t i = 0; i < nr; i++)
		s->ids[i] = first + i;
}

static void test_query__event_progs_none(void **state)
{
	uint32_t *ids, cnt = 99;

	set_script(1);
	assert_int_equal(query__event_progs(FAKE_FD, &ids, &cnt), 0);
	assert_int_equal(cnt, 0);
	assert_null(ids);
	assert_int_equal(calls, 1); /* the count-only ask is enough */
}

static void test_query__event_progs_in_order(void **state)
{
	uint32_t *ids, cnt;

	set_script(1);
	fill(&script[0], 3, 40);
	assert_int_equal(query__event_progs(FAKE_FD, &ids, &cnt), 0);
	assert_int_equal(cnt, 3);
	assert_int_equal(ids[0], 40);
	assert_int_equal(ids[1], 41);
	assert_int_equal(ids[2], 42);
	free(ids);
}

static void test_query__event_progs_retries_on_enospc(void **state)
{
	uint32_t *ids, cnt;

	set_script(4);
	fill(&script[0], 2, 10); /* count: 2 */
	fill(&script[1], 5, 10); /* three more came: ENOSPC */
	fill(&script[2], 5, 10); /* count again: 5 */
	fill(&script[3], 5, 10);
	assert_int_equal(query__event_progs(FAKE_FD, &ids, &cnt), 0);
	assert_int_equal(cnt, 5);
	assert_int_equal(ids[4], 14);
	assert_int_equal(calls, 4);
	free(ids);
}

static void test_query__event_progs_fewer_meanwhile(void **state)
{
	uint32_t *ids, cnt;

	set_script(2);
	fill(&script[0], 4, 7);
	fill(&script[1], 1, 9); /* three went away */
	assert_int_equal(query__event_progs(FAKE_FD, &ids, &cnt), 0);
	assert_int_equal(cnt, 1);
	assert_int_equal(ids[0], 9);
	free(ids);
}

static void test_query__event_progs_never_past_64(void **state)
{
	uint32_t *ids, cnt;

	set_script(1);
	fill(&script[0], QUERY_MAX_PROGS + 3, 1); /* more than the kernel allows */
	assert_int_equal(query__event_progs(FAKE_FD, &ids, &cnt), -ENOSPC);
	assert_int_equal(max_len_seen, QUERY_MAX_PROGS);
}

static void test_query__event_progs_errors_pass_through(void **state)
{
	static const int errs[] = { ENOTTY, EOPNOTSUPP, EPERM, EINVAL };
	uint32_t *ids, cnt;

	for (size_t i = 0; i < sizeof(errs) / sizeof(errs[0]); i++) {
		set_script(1);
		script[0].err = errs[i];
		assert_int_equal(query__event_progs(FAKE_FD, &ids, &cnt), -errs[i]);
		assert_null(ids);
	}
}

static void test_query__tracepoints_bad_names(void **state)
{
	static const char *const bad[] = { "sched:", ":sched_switch", "a:b:c", "a/b/c", "" };
	struct query_opts opts = { 0 };
	struct query q;
	char text[128];

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		query__init(&q);
		errmsg__clear();
		assert_false(query__is_pattern(bad[i]));
		assert_int_equal(query__tracepoints(&q, bad[i], &opts), -EINVAL);
		snprintf(text, sizeof(text),
			 "cannot query '%s': not a tracepoint name (SYSTEM:EVENT)", bad[i]);
		assert_string_equal(errmsg__text(), text);
		assert_int_equal(q.nr_hooks, 0);
		query__exit(&q);
	}
	errmsg__clear();
	assert_true(query__is_pattern("sched:sched_switch"));
	assert_true(query__is_pattern("sched/sched_*"));
	assert_true(query__is_pattern("sched_switch"));
	query__exit(NULL);
}

static void check_name(int kind, const char *target, uint64_t off, uint64_t addr, const char *want)
{
	struct bpfinfo_link l = { .kind = kind, .offset = off, .addr = addr };
	char buf[320];

	snprintf(l.target, sizeof(l.target), "%s", target);
	assert_int_equal(bpfinfo__hook_name(&l, buf, sizeof(buf)), (int)strlen(want));
	assert_string_equal(buf, want);
}

static void test_bpfinfo__hook_name_every_kind(void **state)
{
	check_name(BPFINFO_TRACEPOINT, "sched_switch", 0, 0, "sched_switch");
	check_name(BPFINFO_RAW_TP, "sched_switch", 0, 0, "raw_tp:sched_switch");
	check_name(BPFINFO_TP_BTF, "sched_switch", 0, 0, "tp_btf:sched_switch");
	check_name(BPFINFO_FENTRY, "do_sys_open", 0, 0, "fentry:do_sys_open");
	check_name(BPFINFO_KPROBE, "do_sys_open", 0, 0, "kprobe:do_sys_open");
	check_name(BPFINFO_KRETPROBE, "do_sys_open", 0x10, 0, "kretprobe:do_sys_open+0x10");
	check_name(BPFINFO_KPROBE, "", 0, 0xffffffff81000000ULL, "kprobe:0xffffffff81000000");
	check_name(BPFINFO_UPROBE, "/bin/bash", 0x4f2d0, 0, "uprobe:/bin/bash:0x4f2d0");
	check_name(BPFINFO_URETPROBE, "/bin/sh", 0, 0, "uretprobe:/bin/sh:0x0");
	check_name(BPFINFO_PERF_EVENT, "", 0, 1, "perf_event:type=1,config=0x0");
}

static void test_bpfinfo__kind_out_of_range(void **state)
{
	assert_string_equal(bpfinfo__kind(BPFINFO_TRACEPOINT), "tracepoint");
	assert_string_equal(bpfinfo__kind(BPFINFO_LSM), "lsm");
	assert_string_equal(bpfinfo__kind(-1), "unknown");
	assert_string_equal(bpfinfo__kind(1000), "unknown");
	assert_string_equal(bpfinfo__prog_type(5), "tracepoint");
	assert_string_equal(bpfinfo__prog_type(100000), "type 100000");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_query__event_progs_none),
		cmocka_unit_test(test_query__event_progs_in_order),
		cmocka_unit_test(test_query__event_progs_retries_on_enospc),
		cmocka_unit_test(test_query__event_progs_fewer_meanwhile),
		cmocka_unit_test(test_query__event_progs_never_past_64),
		cmocka_unit_test(test_query__event_progs_errors_pass_through),
		cmocka_unit_test(test_query__tracepoints_bad_names),
		cmocka_unit_test(test_bpfinfo__hook_name_every_kind),
		cmocka_unit_test(test_bpfinfo__kind_out_of_range),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
