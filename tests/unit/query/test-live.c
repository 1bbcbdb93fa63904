// SPDX-License-Identifier: GPL-2.0
/*
 * query on the live kernel (root): this test loads two programs of its own, a tracepoint
 * program attached to a perf event it holds and a raw tracepoint program on a link, and
 * finds them as perf-bpf query does: by id (bpfinfo__prog), among the kernel's links
 * (bpfinfo__links), and among the processes' fds (procfd__scan), with this process as the
 * holder.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <bpf/bpf.h>
#include <linux/bpf.h>
#include <linux/perf_event.h>
#include <cmocka.h>

#include "record/tpformat.h"
#include "query/bpfinfo.h"
#include "query/procfd.h"
#include "query/query.h"

static int tp_prog, tp_event, raw_prog, raw_link;
static uint32_t tp_id, raw_id;

static int trivial_prog(enum bpf_prog_type type, const char *name)
{
	struct bpf_insn insns[] = {
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_0, .imm = 1 },
		{ .code = BPF_JMP | BPF_EXIT },
	};

	return bpf_prog_load(type, name, "GPL", insns, 2, NULL);
}

static uint32_t prog_id(int fd)
{
	struct bpf_prog_info info = {};
	uint32_t len = sizeof(info);

	return bpf_obj_get_info_by_fd(fd, &info, &len) ? 0 : info.id;
}

static int setup(void **state)
{
	struct perf_event_attr attr = { .type = PERF_TYPE_TRACEPOINT, .size = sizeof(attr) };
	int tp = tpformat__id("syscalls", "sys_enter_getppid");

	if (geteuid() || tp < 0)
		return 0; /* each test skips: not root, or no syscall tracepoints */
	attr.config = tp;
	attr.sample_period = 1;
	tp_prog = trivial_prog(BPF_PROG_TYPE_TRACEPOINT, "qlive_tp");
	tp_event = syscall(SYS_perf_event_open, &attr, -1, 0, -1, PERF_FLAG_FD_CLOEXEC);
	raw_prog = trivial_prog(BPF_PROG_TYPE_RAW_TRACEPOINT, "qlive_raw");
	if (tp_prog < 0 || tp_event < 0 || raw_prog < 0 ||
	    ioctl(tp_event, PERF_EVENT_IOC_SET_BPF, tp_prog))
		return -1;
	raw_link = bpf_raw_tracepoint_open("sys_enter", raw_prog);
	if (raw_link < 0)
		return -1;
	tp_id = prog_id(tp_prog);
	raw_id = prog_id(raw_prog);
	return tp_id && raw_id ? 0 : -1;
}

static int teardown(void **state)
{
	int fds[] = { raw_link, raw_prog, tp_event, tp_prog };

	for (size_t i = 0; i < sizeof(fds) / sizeof(fds[0]); i++)
		if (fds[i] > 0)
			close(fds[i]);
	return 0;
}

#define NEED_PROGRAMS()         \
	do {                    \
		if (!tp_id)     \
			skip(); \
	} while (0)

static void test_live__prog_by_id(void **state)
{
	struct bpfinfo_prog p;

	NEED_PROGRAMS();
	assert_int_equal(bpfinfo__prog(tp_id, &p), 0);
	assert_int_equal(p.id, tp_id);
	assert_string_equal(p.name, "qlive_tp");
	assert_int_equal(p.type, BPF_PROG_TYPE_TRACEPOINT);
	assert_string_equal(bpfinfo__prog_type(p.type), "tracepoint");
	assert_int_equal(strlen(p.tag), 16);
	assert_true(p.load_time > 1500000000ULL * 1000000000ULL); /* wall clock, after 2017 */
	assert_int_equal(bpfinfo__prog(raw_id, &p), 0);
	assert_string_equal(bpfinfo__prog_type(p.type), "raw_tracepoint");
	assert_int_equal(bpfinfo__prog(UINT32_MAX, &p), -ENOENT);
	assert_true(bpfinfo__stats_enabled() == 0 || bpfinfo__stats_enabled() == 1);
}

static int find_raw(const struct bpfinfo_link *l, void *ctx)
{
	struct bpfinfo_link *found = ctx;

	if (l->prog_id != raw_id)
		return 0;
	*found = *l;
	return 1;
}

static void test_live__links(void **state)
{
	struct bpfinfo_link l = { 0 };
	char hook[64];

	NEED_PROGRAMS();
	assert_int_equal(bpfinfo__links(find_raw, &l), 1);
	assert_int_not_equal(l.id, 0);
	assert_int_equal(l.kind, BPFINFO_RAW_TP);
	assert_string_equal(l.target, "sys_enter");
	bpfinfo__hook_name(&l, hook, sizeof(hook));
	assert_string_equal(hook, "raw_tp:sys_enter");
}

static void test_live__procfd(void **state)
{
	const struct procfd_holder *h;
	const struct bpfinfo_link *ev;
	struct procfd *s;
	size_t n, i;
	bool found = false;

	NEED_PROGRAMS();
	s = procfd__scan();
	assert_non_null(s);
	h = procfd__holders(s, tp_id, &n);
	for (i = 0; i < n && h[i].pid != (uint32_t)getpid(); i++)
		;
	assert_true(i < n); /* this process holds the program (its fd and its event's) */
	assert_string_equal(h[i].comm, "test-live");
	h = procfd__holders(s, raw_id, &n);
	for (i = 0; i < n && h[i].pid != (uint32_t)getpid(); i++)
		;
	assert_true(i < n); /* through the link's fd too */
	ev = procfd__perf_events(s, &n);
	for (i = 0; i < n; i++) {
		if (ev[i].prog_id != tp_id)
			continue;
		assert_int_equal(ev[i].id, 0);
		assert_int_equal(ev[i].kind, BPFINFO_TRACEPOINT);
		assert_string_equal(ev[i].target, "sys_enter_getppid");
		assert_false(found); /* once, though two fds could name it */
		found = true;
	}
	assert_true(found);
	procfd__holders(s, UINT32_MAX, &n);
	assert_int_equal(n, 0);
	procfd__free(s);
}

/* The hook named name in q, and whether prog id is on it (with link_id when not 0). */
static const struct query_hook *hook_with(const struct query *q, const char *name, uint32_t id,
					  uint32_t *link_id)
{
	for (size_t i = 0; i < q->nr_hooks; i++) {
		if (strcmp(q->hooks[i].name, name))
			continue;
		for (size_t k = 0; k < q->hooks[i].nr_progs; k++) {
			if (q->hooks[i].progs[k].id != id)
				continue;
			*link_id = q->hooks[i].progs[k].link_id;
			return &q->hooks[i];
		}
	}
	return NULL;
}

/* query's two ways in: a tracepoint asked by name, and every hook of the machine. */
static void test_live__query(void **state)
{
	const struct query_hook *h;
	struct query_opts o = { 0 };
	struct procfd *fds;
	struct query q;
	uint32_t link_id;

	NEED_PROGRAMS();
	fds = procfd__scan();
	assert_non_null(fds);
	o.fds = fds;
	query__init(&q);
	assert_true(query__is_pattern("syscalls:sys_enter_getppid"));
	assert_int_equal(query__tracepoints(&q, "syscalls:sys_enter_getppid", &o), 0);
	h = hook_with(&q, "syscalls:sys_enter_getppid", tp_id, &link_id);
	assert_non_null(h);
	assert_int_equal(h->kind, BPFINFO_TRACEPOINT);
	assert_true(h->run_order); /* the kernel's own program array */
	assert_int_equal(link_id, 0); /* attached by the ioctl */
	query__exit(&q);
	query__init(&q);
	assert_int_equal(query__all(&q, &o), 0);
	assert_non_null(hook_with(&q, "syscalls:sys_enter_getppid", tp_id, &link_id));
	h = hook_with(&q, "raw_tp:sys_enter", raw_id, &link_id);
	assert_non_null(h);
	assert_int_equal(h->kind, BPFINFO_RAW_TP);
	assert_int_not_equal(link_id, 0);
	query__exit(&q);
	procfd__free(fds);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_live__prog_by_id),
		cmocka_unit_test(test_live__links),
		cmocka_unit_test(test_live__procfd),
		cmocka_unit_test(test_live__query),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
