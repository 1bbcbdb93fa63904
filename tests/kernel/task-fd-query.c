// SPDX-License-Identifier: GPL-2.0
/*
 * Conformance of what perf-bpf query uses to find attachments outside the tracepoint
 * arrays: BPF_TASK_FD_QUERY on perf event fds (tracepoint, uprobe PMU) and on a raw
 * tracepoint fd, ENOENT for a perf event without a program, the raw_tp link in the
 * kernel's link list, and the tool's /proc scan (holders, perf events). Claims
 * syscalls:sys_exit_getpgid.
 */
#include <limits.h>

#include "ktest.h"
#include "query/bpfinfo.h"
#include "query/procfd.h"
#include "record/tpformat.h"

#define TP_SYS "syscalls"
#define TP_NAME "sys_exit_getpgid"
#define RAW_TP "sched_kthread_stop"

__attribute__((noinline)) void ktest_probe_target(void);
__attribute__((noinline)) void ktest_probe_target(void)
{
	__asm__ volatile("" ::: "memory");
}

static int fd_query(int fd, char *buf, __u32 size, __u32 *prog_id, __u32 *type, __u64 *off)
{
	__u64 addr;

	return bpf_task_fd_query(getpid(), fd, 0, buf, &size, prog_id, type, off, &addr) ? -errno :
											   0;
}

static void test_tracepoint_event(int ev, unsigned int id)
{
	__u32 prog_id = 0, type = 0;
	char buf[64];
	__u64 off;
	int err = fd_query(ev, buf, sizeof(buf), &prog_id, &type, &off);

	CHECK(!err, "tracepoint event: %s", strerror(-err));
	CHECK(prog_id == id, "tracepoint event: prog_id %u, want %u", prog_id, id);
	CHECK(type == BPF_FD_TYPE_TRACEPOINT, "tracepoint event: fd_type %u", type);
	CHECK(!err && !strcmp(buf, TP_NAME), "tracepoint event: name '%s'", err ? "" : buf);
}

static void test_no_program(uint64_t tp_id)
{
	__u32 prog_id, type;
	char buf[64];
	__u64 off;
	int ev = ktest_tp_event(tp_id, 0);
	int err = ev < 0 ? -errno : fd_query(ev, buf, sizeof(buf), &prog_id, &type, &off);

	CHECK(err == -ENOENT, "perf event without a program: err %d (want ENOENT)", err);
	if (ev >= 0)
		close(ev);
}

/* File offset of ktest_probe_target() in this executable. */
static int probe_offset(char *path, unsigned long long *off)
{
	unsigned long long start, end, pgoff, addr = (uintptr_t)ktest_probe_target;
	char line[1024];
	FILE *f = fopen("/proc/self/maps", "r");
	int err = -ENOENT;

	while (f && err && fgets(line, sizeof(line), f))
		if (sscanf(line, "%llx-%llx %*s %llx %*s %*s %4095s", &start, &end, &pgoff, path) ==
			    4 &&
		    addr >= start && addr < end) {
			*off = addr - start + pgoff;
			err = 0;
		}
	if (f)
		fclose(f);
	return err;
}

static void test_uprobe_event(void)
{
	char path[PATH_MAX], buf[PATH_MAX];
	unsigned long long off;
	struct perf_event_attr attr;
	__u32 prog_id = 0, type = 0;
	__u64 got_off = 0;
	unsigned int pmu;
	int ev, prog, err;
	FILE *f = fopen("/sys/bus/event_source/devices/uprobe/type", "r");

	if (!f || fscanf(f, "%u", &pmu) != 1 || probe_offset(path, &off)) {
		printf("note: no uprobe PMU, uprobe case not run\n");
		if (f)
			fclose(f);
		return;
	}
	fclose(f);
	memset(&attr, 0, sizeof(attr));
	attr.type = pmu;
	attr.size = sizeof(attr);
	attr.config1 = (uintptr_t)path;
	attr.config2 = off;
	ev = syscall(SYS_perf_event_open, &attr, -1, 0, -1, PERF_FLAG_FD_CLOEXEC);
	prog = bpf_prog_load(BPF_PROG_TYPE_KPROBE, "kt_uprobe", "GPL",
			     (struct bpf_insn[]){
				     { .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = 0 },
				     { .code = BPF_JMP | BPF_EXIT },
			     },
			     2, NULL);
	CHECK(ev >= 0 && prog >= 0 && !ioctl(ev, PERF_EVENT_IOC_SET_BPF, prog),
	      "uprobe PMU attach: %s", strerror(errno));
	err = fd_query(ev, buf, sizeof(buf), &prog_id, &type, &got_off);
	CHECK(!err && prog_id == ktest_prog_id(prog) && type == BPF_FD_TYPE_UPROBE,
	      "uprobe event: err %d prog_id %u type %u", err, prog_id, type);
	CHECK(!err && !strcmp(buf, path) && got_off == off, "uprobe event: '%s' 0x%llx", buf,
	      (unsigned long long)got_off);
	if (ev >= 0)
		close(ev);
	if (prog >= 0)
		close(prog);
}

struct raw_seen {
	unsigned int prog_id;
	bool found;
};

static int find_raw(const struct bpfinfo_link *l, void *ctx)
{
	struct raw_seen *s = ctx;

	if (l->prog_id == s->prog_id && l->kind == BPFINFO_RAW_TP && !strcmp(l->target, RAW_TP))
		s->found = true;
	return 0;
}

static void test_raw_tracepoint(void)
{
	struct bpf_insn insns[] = {
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = 0 },
		{ .code = BPF_JMP | BPF_EXIT },
	};
	int prog = bpf_prog_load(BPF_PROG_TYPE_RAW_TRACEPOINT, "kt_raw", "GPL", insns, 2, NULL);
	int link = prog >= 0 ? bpf_raw_tracepoint_open(RAW_TP, prog) : -1;
	struct raw_seen seen = { .prog_id = ktest_prog_id(prog) };
	__u32 prog_id = 0, type = 0;
	char buf[64];
	__u64 off;
	int err;

	CHECK(link >= 0, "BPF_RAW_TRACEPOINT_OPEN %s: %s", RAW_TP, strerror(errno));
	if (link < 0)
		goto out;
	err = fd_query(link, buf, sizeof(buf), &prog_id, &type, &off);
	CHECK(!err && type == BPF_FD_TYPE_RAW_TRACEPOINT && !strcmp(buf, RAW_TP) &&
		      prog_id == seen.prog_id,
	      "raw tracepoint fd: err %d type %u", err, type);
	err = bpfinfo__links(find_raw, &seen);
	CHECK(!err && seen.found, "raw_tp link of prog %u not listed (err %d)", seen.prog_id, err);
	close(link);
out:
	if (prog >= 0)
		close(prog);
}

/* The tool's /proc scan sees this process hold the program and its perf event. */
static void test_procfd(unsigned int id)
{
	struct procfd *s = procfd__scan();
	const struct procfd_holder *h;
	const struct bpfinfo_link *ev;
	size_t nr, nr_ev;
	bool found = false;

	CHECK(s != NULL, "procfd__scan: %s", strerror(errno));
	if (!s)
		return;
	h = procfd__holders(s, id, &nr);
	CHECK(nr == 1 && h[0].pid == (uint32_t)getpid() && h[0].prog_id == id,
	      "holders of %u: %zu, first pid %u", id, nr, nr ? h[0].pid : 0);
	ev = procfd__perf_events(s, &nr_ev);
	for (size_t i = 0; i < nr_ev; i++)
		if (ev[i].prog_id == id && ev[i].kind == BPFINFO_TRACEPOINT &&
		    !strcmp(ev[i].target, TP_NAME))
			found = true;
	CHECK(found, "perf event of prog %u on %s not found", id, TP_NAME);
	procfd__free(s);
	procfd__free(NULL);
}

int main(void)
{
	uint64_t tp_id;
	int prog, ev, tp;
	unsigned int id;

	if (geteuid())
		ktest_skip("needs root");
	ktest_lock(TP_NAME);
	tp = tpformat__id(TP_SYS, TP_NAME);
	ktest_need_tp(tp, TP_SYS ":" TP_NAME);
	tp_id = tp;
	prog = ktest_trivial_prog("kt_fdquery");
	ktest_need(prog >= 0, "tracepoint BPF programs");
	ev = ktest_tp_event(tp_id, 0);
	ktest_need(ev >= 0, "tracepoint perf events");
	id = ktest_prog_id(prog);
	CHECK(!ioctl(ev, PERF_EVENT_IOC_SET_BPF, prog), "attach: %s", strerror(errno));
	close(prog); /* the perf event alone holds it now */
	test_tracepoint_event(ev, id);
	test_procfd(id);
	test_no_program(tp_id);
	test_uprobe_event();
	test_raw_tracepoint();
	close(ev);
	return ktest_done("task-fd-query");
}
