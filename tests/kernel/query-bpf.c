// SPDX-License-Identifier: GPL-2.0
/*
 * Conformance of PERF_EVENT_IOC_QUERY_BPF on the running kernel, as perf-bpf query relies
 * on it: counts and ids in attach order, count-only queries, ENOSPC, E2BIG, EFAULT, EINVAL
 * on a non-tracepoint event, detach, perf_event links in the same array (with the 6.6+
 * link info), and the tool's own query loop. Claims syscalls:sys_enter_getpgid.
 */
#include <sys/utsname.h>

#include "ktest.h"
#include "query/bpfinfo.h"
#include "query/query.h"
#include "record/tpformat.h"

#define TP_SYS "syscalls"
#define TP_NAME "sys_enter_getpgid"
#define NR 3

struct qbuf {
	__u32 ids_len;
	__u32 prog_cnt;
	__u32 ids[QUERY_MAX_PROGS + 1];
};

static int prog_fd[NR], ev_fd[NR];
static unsigned int prog_id[NR];
static uint64_t tp_id;

static int query(int fd, __u32 ids_len, struct qbuf *q)
{
	memset(q, 0xff, sizeof(*q));
	q->ids_len = ids_len;
	return ioctl(fd, PERF_EVENT_IOC_QUERY_BPF, q) ? -errno : 0;
}

static void test_attach_order(void)
{
	struct qbuf q;
	int err;

	err = query(ev_fd[0], NR, &q);
	CHECK(!err && q.prog_cnt == 0, "before attach: err %d prog_cnt %u (want 0)", err,
	      q.prog_cnt);
	for (int i = 0; i < NR; i++) {
		err = ioctl(ev_fd[i], PERF_EVENT_IOC_SET_BPF, prog_fd[i]) ? -errno : 0;
		CHECK(!err, "attach %d: %s", i, strerror(-err));
		err = query(ev_fd[0], NR, &q);
		CHECK(!err && q.prog_cnt == (__u32)i + 1, "after attach %d: err %d prog_cnt %u", i,
		      err, q.prog_cnt);
		for (int k = 0; k <= i; k++)
			CHECK(q.ids[k] == prog_id[k], "after attach %d: ids[%d] %u, want %u", i, k,
			      q.ids[k], prog_id[k]);
		/* any event on the tracepoint sees the same array */
		err = query(ev_fd[NR - 1], NR, &q);
		CHECK(!err && q.prog_cnt == (__u32)i + 1, "from another event: prog_cnt %u",
		      q.prog_cnt);
	}
}

static void test_lengths(void)
{
	struct qbuf q;
	int err;

	err = query(ev_fd[0], 0, &q);
	CHECK(!err && q.prog_cnt == NR, "ids_len 0: err %d prog_cnt %u (want %d)", err, q.prog_cnt,
	      NR);
	CHECK(q.ids[0] == 0xffffffff, "ids_len 0: ids[0] written (%u)", q.ids[0]);
	err = query(ev_fd[0], 1, &q);
	CHECK(err == -ENOSPC, "ids_len 1 of %d: err %d (want ENOSPC)", NR, err);
	CHECK(q.prog_cnt == NR, "ENOSPC: prog_cnt %u (want %d)", q.prog_cnt, NR);
	CHECK(q.ids[0] == prog_id[0] && q.ids[1] == 0xffffffff,
	      "ENOSPC: ids %u %u (want %u, untouched)", q.ids[0], q.ids[1], prog_id[0]);
	err = query(ev_fd[0], QUERY_MAX_PROGS, &q);
	CHECK(!err && q.prog_cnt == NR, "ids_len 64: err %d", err);
	err = query(ev_fd[0], QUERY_MAX_PROGS + 1, &q);
	CHECK(err == -E2BIG, "ids_len 65: err %d (want E2BIG)", err);
	err = ioctl(ev_fd[0], PERF_EVENT_IOC_QUERY_BPF, (void *)1) ? -errno : 0;
	CHECK(err == -EFAULT, "bad pointer: err %d (want EFAULT)", err);
}

static void test_software_event(void)
{
	struct perf_event_attr attr;
	struct qbuf q;
	int fd, err;

	memset(&attr, 0, sizeof(attr));
	attr.type = PERF_TYPE_SOFTWARE;
	attr.size = sizeof(attr);
	attr.config = PERF_COUNT_SW_DUMMY;
	fd = syscall(SYS_perf_event_open, &attr, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
	CHECK(fd >= 0, "software event: %s", strerror(errno));
	if (fd < 0)
		return;
	err = query(fd, NR, &q);
	CHECK(err == -EINVAL, "software event: err %d (want EINVAL)", err);
	close(fd);
}

/* The tool's loop gives what the raw ioctl gives. */
static void test_tool_loop(const unsigned int *want, unsigned int nr)
{
	uint32_t *ids, cnt;
	int fd = ktest_tp_event(tp_id, 0);
	int err = fd < 0 ? -errno : query__event_progs(fd, &ids, &cnt);

	CHECK(!err, "query__event_progs: %s", strerror(-err));
	if (fd >= 0)
		close(fd);
	if (err)
		return;
	CHECK(cnt == nr, "query__event_progs: %u programs, want %u", cnt, nr);
	for (unsigned int i = 0; i < cnt && i < nr; i++)
		CHECK(ids[i] == want[i], "query__event_progs: ids[%u] %u, want %u", i, ids[i],
		      want[i]);
	free(ids);
}

static void test_detach(void)
{
	unsigned int left[] = { prog_id[0], prog_id[2] };
	struct qbuf q;
	int err;

	close(ev_fd[1]); /* the middle one goes: the others keep their order */
	ev_fd[1] = -1;
	err = query(ev_fd[0], NR, &q);
	CHECK(!err && q.prog_cnt == 2 && q.ids[0] == prog_id[0] && q.ids[1] == prog_id[2],
	      "after detaching #1: err %d cnt %u ids %u %u", err, q.prog_cnt, q.ids[0], q.ids[1]);
	test_tool_loop(left, 2);
	err = ioctl(ev_fd[2], PERF_EVENT_IOC_SET_BPF, prog_fd[0]) ? -errno : 0;
	CHECK(err == -EEXIST, "second program on one event: err %d (want EEXIST)", err);
}

struct link_seen {
	unsigned int link_id;
	bool found, named;
};

static int find_link(const struct bpfinfo_link *l, void *ctx)
{
	struct link_seen *s = ctx;

	if (l->id == s->link_id) {
		s->found = true;
		s->named = l->kind == BPFINFO_TRACEPOINT && !strcmp(l->target, TP_NAME);
	}
	return 0;
}

/* Link info names a perf_event link's target since Linux 6.6; older kernels give only ids. */
static bool link_info_has_perf_event(void)
{
	struct utsname u;
	int major = 0, minor = 0;

	if (uname(&u) || sscanf(u.release, "%d.%d", &major, &minor) != 2)
		return true;
	return major > 6 || (major == 6 && minor >= 6);
}

/* A perf_event link lands in the same array; the link's info names the tracepoint. */
static void test_perf_link(void)
{
	struct link_seen seen = { 0 };
	struct bpf_link_info info;
	__u32 len = sizeof(info);
	int ev = ktest_tp_event(tp_id, 0), prog = ktest_trivial_prog("kt_link");
	int link = ev >= 0 && prog >= 0 ? bpf_link_create(prog, ev, BPF_PERF_EVENT, NULL) : -1;
	struct qbuf q;
	int err;

	CHECK(link >= 0, "BPF_LINK_CREATE(BPF_PERF_EVENT): %s", strerror(errno));
	if (link >= 0) {
		err = query(ev_fd[0], NR, &q);
		CHECK(!err && q.prog_cnt == 3 && q.ids[2] == ktest_prog_id(prog),
		      "link-attached program last: err %d cnt %u", err, q.prog_cnt);
		memset(&info, 0, sizeof(info));
		if (!bpf_obj_get_info_by_fd(link, &info, &len))
			seen.link_id = info.id;
		if (link_info_has_perf_event()) {
			err = bpfinfo__links(find_link, &seen);
			CHECK(!err && seen.found, "link %u not listed (err %d)", seen.link_id, err);
			CHECK(seen.named, "link %u: target is not '%s'", seen.link_id, TP_NAME);
		}
		close(link);
		err = query(ev_fd[0], NR, &q);
		CHECK(!err && q.prog_cnt == 2, "after closing the link: cnt %u", q.prog_cnt);
	}
	if (prog >= 0)
		close(prog);
	if (ev >= 0)
		close(ev);
}

int main(void)
{
	struct qbuf q;
	int err, tp;

	if (geteuid())
		ktest_skip("needs root");
	ktest_lock(TP_NAME);
	tp = tpformat__id(TP_SYS, TP_NAME);
	ktest_need_tp(tp, TP_SYS ":" TP_NAME);
	tp_id = tp;
	for (int i = 0; i < NR; i++) {
		char name[32];

		snprintf(name, sizeof(name), "kt_query%d", i);
		prog_fd[i] = ktest_trivial_prog(name);
		ktest_need(prog_fd[i] >= 0, "tracepoint BPF programs");
		ev_fd[i] = ktest_tp_event(tp_id, 0);
		ktest_need(ev_fd[i] >= 0, "tracepoint perf events");
		prog_id[i] = ktest_prog_id(prog_fd[i]);
	}
	err = query(ev_fd[0], 0, &q);
	if (err == -ENOTTY || err == -EOPNOTSUPP)
		ktest_skip("kernel without PERF_EVENT_IOC_QUERY_BPF or BPF events");
	test_attach_order();
	test_lengths();
	test_software_event();
	test_tool_loop(prog_id, NR);
	test_detach();
	test_perf_link();
	for (int i = 0; i < NR; i++)
		if (ev_fd[i] >= 0)
			close(ev_fd[i]);
	err = ktest_tp_event(tp_id, 0);
	if (err >= 0) {
		int fd = err;

		err = query(fd, NR, &q);
		CHECK(!err && q.prog_cnt == 0, "all detached: cnt %u (want 0)", q.prog_cnt);
		close(fd);
	}
	return ktest_done("query-bpf");
}
