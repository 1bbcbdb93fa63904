// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>
#include <linux/bpf.h>
#include "uapi/linux/bpf_link_multi.h"
#include "uapi/linux/bpf_link_perf.h"

#include "query/bpfinfo.h"
#include "query/queryerr.h"
#include "resolve/ksyms.h"
#include "util/log.h"
#include "util/stopsig.h"

/* CLOCK_BOOTTIME (what bpf_prog_info.load_time counts from) to wall clock, in ns. */
static uint64_t boot_to_wall(uint64_t boot_ns)
{
	struct timespec rt, bt;
	int64_t off;

	clock_gettime(CLOCK_REALTIME, &rt);
	clock_gettime(CLOCK_BOOTTIME, &bt);
	off = ((int64_t)rt.tv_sec - bt.tv_sec) * 1000000000LL + (rt.tv_nsec - bt.tv_nsec);
	return boot_ns + off;
}

int bpfinfo__prog(uint32_t id, struct bpfinfo_prog *p)
{
	struct bpf_prog_info info;
	__u32 len = sizeof(info);
	int fd, err;

	memset(p, 0, sizeof(*p));
	p->id = id;
	fd = bpf_prog_get_fd_by_id(id);
	if (fd < 0) {
		err = -errno;
		pr_debug("prog %u: cannot open by id: %s", id, strerror(-err));
		return err;
	}
	memset(&info, 0, sizeof(info));
	err = bpf_obj_get_info_by_fd(fd, &info, &len);
	if (err)
		err = -errno;
	close(fd);
	if (err)
		return err;
	p->type = info.type;
	snprintf(p->name, sizeof(p->name), "%s", info.name);
	for (int i = 0; i < BPF_TAG_SIZE; i++)
		snprintf(p->tag + 2 * i, 3, "%02x", info.tag[i]);
	p->load_time = boot_to_wall(info.load_time);
	p->run_cnt = info.run_cnt;
	p->run_time_ns = info.run_time_ns;
	return 0;
}

const char *bpfinfo__prog_type(uint32_t type)
{
	static char buf[32];
	const char *s = libbpf_bpf_prog_type_str(type);

	if (s)
		return s;
	snprintf(buf, sizeof(buf), "type %u", type);
	return buf;
}

static const char *const kind_names[] = {
	[BPFINFO_TRACEPOINT] = "tracepoint",
	[BPFINFO_RAW_TP] = "raw_tp",
	[BPFINFO_TP_BTF] = "tp_btf",
	[BPFINFO_KPROBE] = "kprobe",
	[BPFINFO_KRETPROBE] = "kretprobe",
	[BPFINFO_UPROBE] = "uprobe",
	[BPFINFO_URETPROBE] = "uretprobe",
	[BPFINFO_FENTRY] = "fentry",
	[BPFINFO_FEXIT] = "fexit",
	[BPFINFO_FMOD_RET] = "fmod_ret",
	[BPFINFO_LSM] = "lsm",
	[BPFINFO_PERF_EVENT] = "perf_event",
};

const char *bpfinfo__kind(int kind)
{
	if (kind < 0 || kind >= (int)(sizeof(kind_names) / sizeof(kind_names[0])))
		return "unknown";
	return kind_names[kind];
}

int bpfinfo__hook_name(const struct bpfinfo_link *l, char *buf, size_t size)
{
	const char *k = bpfinfo__kind(l->kind);

	switch (l->kind) {
	case BPFINFO_TRACEPOINT:
		return snprintf(buf, size, "%s", l->target);
	case BPFINFO_KPROBE:
	case BPFINFO_KRETPROBE:
		if (!l->target[0])
			return snprintf(buf, size, "%s:0x%llx", k, (unsigned long long)l->addr);
		if (!l->offset)
			return snprintf(buf, size, "%s:%s", k, l->target);
		return snprintf(buf, size, "%s:%s+0x%llx", k, l->target,
				(unsigned long long)l->offset);
	case BPFINFO_UPROBE:
	case BPFINFO_URETPROBE:
		return snprintf(buf, size, "%s:%s:0x%llx", k, l->target,
				(unsigned long long)l->offset);
	case BPFINFO_PERF_EVENT:
		return snprintf(buf, size, "%s:type=%llu,config=0x%llx", k,
				(unsigned long long)l->addr, (unsigned long long)l->offset);
	default:
		return snprintf(buf, size, "%s:%s", k, l->target);
	}
}

/* The name of BTF type btf_id in kernel BTF object obj_id (fentry targets, tp_btf). */
static void btf_type_name(uint32_t obj_id, uint32_t btf_id, char *buf, size_t size)
{
	struct btf *vmlinux = NULL, *btf;
	const struct btf_type *t;
	const char *name = NULL;

	btf = btf__load_from_kernel_by_id(obj_id);
	if (!btf) { /* a module's BTF is split on top of vmlinux's */
		vmlinux = btf__load_vmlinux_btf();
		btf = vmlinux ? btf__load_from_kernel_by_id_split(obj_id, vmlinux) : NULL;
	}
	t = btf ? btf__type_by_id(btf, btf_id) : NULL;
	if (t)
		name = btf__name_by_offset(btf, t->name_off);
	if (name && !strncmp(name, "btf_trace_", 10))
		name += 10;
	if (name && *name)
		snprintf(buf, size, "%s", name);
	else
		snprintf(buf, size, "btf_id %u", btf_id);
	btf__free(btf);
	btf__free(vmlinux);
}

static int tracing_link(const struct bpf_link_info *info, struct bpfinfo_link *l)
{
	switch (info->tracing.attach_type) {
	case BPF_TRACE_RAW_TP:
		l->kind = BPFINFO_TP_BTF;
		break;
	case BPF_TRACE_FENTRY:
		l->kind = BPFINFO_FENTRY;
		break;
	case BPF_TRACE_FEXIT:
		l->kind = BPFINFO_FEXIT;
		break;
	case BPF_MODIFY_RETURN:
		l->kind = BPFINFO_FMOD_RET;
		break;
	case BPF_LSM_MAC:
		l->kind = BPFINFO_LSM;
		break;
	default:
		return -ENOENT; /* iterators and the like: not a tracing hook */
	}
	btf_type_name(info->tracing.target_obj_id, info->tracing.target_btf_id, l->target,
		      sizeof(l->target));
	return 0;
}

static int perf_link(int fd, struct bpfinfo_link *l)
{
	struct bpf_link_info_perf_event info;
	__u32 len = sizeof(info);

	memset(&info, 0, sizeof(info));
	/* The same buffer field sits first in each member of the union. */
	info.uprobe.file_name = (uintptr_t)l->target;
	info.uprobe.name_len = sizeof(l->target);
	if (bpf_obj_get_info_by_fd(fd, &info, &len))
		return -errno;
	switch (info.perf_type) {
	case LINK_PERF_EVENT_TRACEPOINT:
		l->kind = BPFINFO_TRACEPOINT;
		break;
	case LINK_PERF_EVENT_UPROBE:
	case LINK_PERF_EVENT_URETPROBE:
		l->kind = info.perf_type == LINK_PERF_EVENT_UPROBE ? BPFINFO_UPROBE :
								     BPFINFO_URETPROBE;
		l->offset = info.uprobe.offset;
		break;
	case LINK_PERF_EVENT_KPROBE:
	case LINK_PERF_EVENT_KRETPROBE:
		l->kind = info.perf_type == LINK_PERF_EVENT_KPROBE ? BPFINFO_KPROBE :
								     BPFINFO_KRETPROBE;
		l->offset = info.kprobe.offset;
		l->addr = info.kprobe.addr;
		break;
	case LINK_PERF_EVENT_EVENT:
		l->kind = BPFINFO_PERF_EVENT;
		l->offset = info.event.config;
		l->addr = info.event.type;
		break;
	default:
		return -ENOENT; /* a kernel older than 6.6 says nothing more */
	}
	return 0;
}

static int raw_tp_link(int fd, struct bpfinfo_link *l)
{
	struct bpf_link_info info;
	__u32 len = sizeof(info);

	memset(&info, 0, sizeof(info));
	info.raw_tracepoint.tp_name = (uintptr_t)l->target;
	info.raw_tracepoint.tp_name_len = sizeof(l->target);
	if (bpf_obj_get_info_by_fd(fd, &info, &len))
		return -errno;
	l->kind = BPFINFO_RAW_TP;
	return 0;
}

/*
 * Fills l for one link fd: 0, -ENOENT when the link is not on a tracing hook, its type
 * when it is a multi link (l has its ids, the points are to be read). The first
 * ask passes no buffer: each link type reads its own member of the union for one.
 */
static int link_info(int fd, struct bpfinfo_link *l)
{
	struct bpf_link_info info;
	__u32 len = sizeof(info);

	memset(&info, 0, sizeof(info));
	memset(l, 0, sizeof(*l));
	if (bpf_obj_get_info_by_fd(fd, &info, &len))
		return -errno;
	l->id = info.id;
	l->prog_id = info.prog_id;
	switch (info.type) {
	case BPF_LINK_TYPE_RAW_TRACEPOINT:
		return raw_tp_link(fd, l);
	case BPF_LINK_TYPE_TRACING:
		return tracing_link(&info, l);
	case BPF_LINK_TYPE_PERF_EVENT:
		return perf_link(fd, l);
	case BPF_LINK_TYPE_KPROBE_MULTI:
	case LINK_MULTI_TYPE_UPROBE:
		return info.type; /* one link, many points: multi_points() */
	default:
		return -ENOENT;
	}
}

/* A multi link's info: with buffers for @n points (@at) when @at, else their count only. */
static int multi_info(int fd, uint32_t type, struct bpfinfo_link *l, uint64_t *at, uint32_t n,
		      struct bpf_link_info_multi *info)
{
	__u32 len = sizeof(*info);

	memset(info, 0, sizeof(*info));
	if (type == LINK_MULTI_TYPE_UPROBE) {
		info->uprobe.path = (uintptr_t)l->target;
		info->uprobe.path_size = sizeof(l->target);
		info->uprobe.offsets = (uintptr_t)at;
		info->uprobe.count = at ? n : 0;
	} else {
		info->kprobe.addrs = (uintptr_t)at;
		info->kprobe.count = at ? n : 0;
	}
	return bpf_obj_get_info_by_fd(fd, info, &len) ? -errno : 0;
}

/* A kprobe_multi point: its function from the kernel's symbols, else its address. */
static void kernel_point(struct bpfinfo_link *l, uint64_t addr, struct ksyms **ks)
{
	const char *name;

	if (!*ks)
		*ks = ksyms__load(NULL);
	name = *ks ? ksyms__find(*ks, addr, &l->offset) : NULL;
	if (name)
		snprintf(l->target, sizeof(l->target), "%s", name);
	l->addr = addr;
	if (!name)
		l->offset = 0;
}

/*
 * fn for each point of a kprobe_multi or uprobe_multi link, as if each were a link of its
 * own. Kernels before 6.6 (kprobe_multi) and 6.8 (uprobe_multi) tell no points: none.
 */
static int multi_points(int fd, uint32_t type, struct bpfinfo_link *l,
			int (*fn)(const struct bpfinfo_link *l, void *ctx), void *ctx)
{
	struct bpf_link_info_multi info;
	struct ksyms *ks = NULL;
	uint64_t *at = NULL;
	uint32_t n;
	int err = multi_info(fd, type, l, NULL, 0, &info);

	n = type == LINK_MULTI_TYPE_UPROBE ? info.uprobe.count : info.kprobe.count;
	if (!err && n) {
		at = calloc(n, sizeof(*at));
		err = at ? multi_info(fd, type, l, at, n, &info) : -ENOMEM;
	}
	if (type == LINK_MULTI_TYPE_UPROBE)
		l->kind = info.uprobe.flags & LINK_MULTI_UPROBE_RETURN ? BPFINFO_URETPROBE :
									 BPFINFO_UPROBE;
	else
		l->kind = info.kprobe.flags & BPF_F_KPROBE_MULTI_RETURN ? BPFINFO_KRETPROBE :
									  BPFINFO_KPROBE;
	for (uint32_t i = 0; !err && i < n; i++) {
		if (type == LINK_MULTI_TYPE_UPROBE)
			l->offset = at[i];
		else
			kernel_point(l, at[i], &ks);
		err = fn(l, ctx);
	}
	ksyms__free(ks);
	free(at);
	return err;
}

int bpfinfo__links(int (*fn)(const struct bpfinfo_link *l, void *ctx), void *ctx)
{
	struct bpfinfo_link l;
	__u32 id = 0;
	int fd, err;

	for (;;) {
		if (bpf_link_get_next_id(id, &id)) {
			err = -errno;
			return err == -ENOENT ? 0 : err;
		}
		fd = bpf_link_get_fd_by_id(id);
		if (fd < 0) {
			err = -errno;
			if (err == -ENOENT)
				continue; /* gone meanwhile */
			return err;
		}
		err = link_info(fd, &l);
		if (err > 0) /* the points' fn may stop the walk too */
			err = multi_points(fd, err, &l, fn, ctx);
		else if (!err)
			err = fn(&l, ctx);
		else if (err == -ENOENT)
			err = 0;
		close(fd);
		if (err)
			return err;
	}
}

static double mono_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Wait s seconds, or until a stop signal (blocked by the caller) is taken: true then. */
static bool wait_seconds(double s, bool stoppable)
{
	double end = mono_seconds() + s, left;
	struct timespec ts;

	while ((left = end - mono_seconds()) > 0) {
		if (stoppable) {
			/* whole ms, rounded up: rounding never ends the window early */
			int ms = left >= INT_MAX / 1000 ? INT_MAX : (int)(left * 1e3) + 1;
			int sig = stopsig__wait(ms);

			if (sig > 0)
				return true;
			stoppable = sig == 0; /* no signalfd: the window is waited to its end */
			continue;
		}
		ts.tv_sec = (time_t)left;
		ts.tv_nsec = (long)((left - (double)ts.tv_sec) * 1e9);
		if (nanosleep(&ts, NULL) && errno != EINTR)
			break;
	}
	return false;
}

int bpfinfo__stats_window(struct bpfinfo_prog *progs, int *err, size_t nr, double seconds,
			  bool stoppable, double *elapsed)
{
	double start;
	struct bpfinfo_prog now;
	int fd = bpf_enable_stats(BPF_STATS_RUN_TIME);

	if (fd < 0)
		return queryerr__set("kernel.bpf_stats_enabled", -errno);
	for (size_t i = 0; i < nr; i++) /* counters as the window starts */
		if (!err[i])
			err[i] = bpfinfo__prog(progs[i].id, &progs[i]);
	pr_debug("run statistics window open for %g s%s", seconds,
		 stoppable ? " (a signal ends it early)" : "");
	start = mono_seconds();
	if (wait_seconds(seconds, stoppable))
		seconds = mono_seconds() - start; /* cut short */
	if (elapsed)
		*elapsed = seconds;
	for (size_t i = 0; i < nr; i++) {
		if (err[i])
			continue;
		err[i] = bpfinfo__prog(progs[i].id, &now);
		now.run_cnt -= progs[i].run_cnt;
		now.run_time_ns -= progs[i].run_time_ns;
		progs[i] = now;
	}
	close(fd);
	return 0;
}

int bpfinfo__stats_enabled(void)
{
	FILE *f = fopen("/proc/sys/kernel/bpf_stats_enabled", "r");
	int v = 0, err = 0;

	if (!f)
		return -errno;
	if (fscanf(f, "%d", &v) != 1)
		err = -EIO;
	fclose(f);
	return err ? err : !!v;
}
