// SPDX-License-Identifier: GPL-2.0
/* The run's system calls as samples of a user-space event (run/syschan.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>

#include "record/chanrec.h"
#include "record/evdesc.h"
#include "syscalls/sysrec.h"
#include "run/syschan.h"
#include "util/log.h"
#include "util/testhook.h"

#define LOST_CPUS_MAX 1024

struct syschan {
	struct syschan_opts o;
	struct syscalls *sys;
	struct evsel *ev;
	int capture_clock; /* CLOCK_MONOTONIC, or CLOCK_BOOTTIME */
	int64_t clock_offset; /* the run's clock - the capture's */
	bool *on_cpu; /* -C: the CPUs whose calls are kept; NULL: all */
	int nr_on_cpu;
	/* the workload before its exec: its last execve entry, held until that call returns */
	bool gated;
	bool hide_execve; /* traced only to see the workload's exec: not selected */
	uint64_t select[SYSCALLS_SELECT_WORDS];
	uint64_t held[(SYSREC_RECORD_MAX + sizeof(uint64_t)) /
		      sizeof(uint64_t)]; /* and a cgroup id */
	size_t held_size;
	uint64_t gated_out; /* records of the workload's start left out */
	/* for syschan__read */
	channels_record_fn fn;
	syschan_room_fn room;
	void *ctx;
	uint64_t buf[(SYSREC_RECORD_MAX + 256) / sizeof(uint64_t)];
};

static uint64_t clock_ns(int id)
{
	struct timespec ts;

	clock_gettime(id, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

/* The capture stamps by CLOCK_MONOTONIC or CLOCK_BOOTTIME; other clocks by an offset. */
static void set_clock(struct syschan *sc, struct syscalls_opts *so)
{
	int id = sc->o.clockid;

	so->boottime = id == CLOCK_BOOTTIME;
	sc->capture_clock = so->boottime ? CLOCK_BOOTTIME : CLOCK_MONOTONIC;
	if (id < 0 || id == CLOCK_MONOTONIC || id == CLOCK_BOOTTIME)
		return;
	sc->clock_offset = (int64_t)(clock_ns(id) - clock_ns(CLOCK_MONOTONIC));
}

static int keep_cpus(struct syschan *sc, const struct target *t)
{
	int max = 0;

	if (!sc->o.cpus_given)
		return 0;
	for (int i = 0; i < t->nr_cpus; i++)
		if (t->cpus[i] >= max)
			max = t->cpus[i] + 1;
	sc->on_cpu = calloc(max ?: 1, sizeof(*sc->on_cpu));
	if (!sc->on_cpu)
		return -ENOMEM;
	sc->nr_on_cpu = max;
	for (int i = 0; i < t->nr_cpus; i++)
		sc->on_cpu[t->cpus[i]] = true;
	return 0;
}

static struct evsel *add_event(struct evlist *el)
{
	struct evsel *ev = evsel__new_bpf_output(EVENT_SYSREC_NAME);

	if (!ev)
		return NULL;
	ev->synthetic = true;
	ev->synth_id = EVSEL_SYNTH_ID_SYSCALLS;
	ev->desc.attr.sample_type = CHANREC_SAMPLE_TYPE;
	return evlist__add(el, ev) ? NULL : ev;
}

static struct syscalls *open_capture(struct syschan *sc)
{
	const struct syschan_config *c = sc->o.config;
	const struct target *t = sc->o.target;
	const int *ids = sc->o.nr_ids ? sc->o.ids : &t->pid;
	int nr = sc->o.nr_ids ? sc->o.nr_ids : 1;
	struct syscalls_opts so = {
		.mode = c->mode,
		.select = c->select ? sc->select : NULL,
		.specs = c->specs,
		.strsize = c->strsize,
		.signals = c->signals,
		.exits = c->exits,
		.errnos = c->errnos,
		.cgroups = c->cgroups,
		.max_counts = testhook__max_counts(),
		.all_tasks = t->system_wide || t->pid <= 0,
		.cgroup_fd = t->cgroup_fd,
		.cgroup_id = t->cgroup_id,
		.cgroup_ids = c->cgroup_ids || c->sample_cgroup,
	};

	if (!so.all_tasks && sc->o.by_tid) {
		so.tids = ids;
		so.nr_tids = nr;
	} else if (!so.all_tasks) {
		so.pids = ids;
		so.nr_pids = nr;
	}
	so.gate_pid = sc->o.workload_pid;
	set_clock(sc, &so);
	return syscalls__open(&so);
}

struct syschan *syschan__new(const struct syschan_opts *opts)
{
	struct syschan *sc = calloc(1, sizeof(*sc));
	int err;

	if (!sc)
		return NULL;
	sc->o = *opts;
	sc->gated = opts->workload_pid > 0 && opts->config->mode == SYSCALLS_CAPTURE;
	if (opts->config->select) {
		memcpy(sc->select, opts->config->select, sizeof(sc->select));
		sc->hide_execve = opts->workload_pid > 0 &&
				  !(sc->select[SYS_execve / 64] >> (SYS_execve % 64) & 1);
		if (sc->hide_execve) /* the gate opens at the workload's exec: it must be seen */
			sc->select[SYS_execve / 64] |= 1ULL << (SYS_execve % 64);
	}
	err = keep_cpus(sc, opts->target);
	if (!err)
		sc->sys = open_capture(sc);
	if (!err && !sc->sys)
		err = -errno;
	if (!err) {
		sc->ev = add_event(opts->evlist);
		err = sc->ev ? 0 : -ENOMEM;
	}
	if (!err && opts->config->sample_cgroup)
		sc->ev->desc.attr.sample_type |= PERF_SAMPLE_CGROUP;
	if (err) {
		syschan__free(sc);
		errno = -err;
		return NULL;
	}
	return sc;
}

int syschan__start_entries(struct syschan *sc)
{
	return syscalls__attach_entries(sc->sys);
}

int syschan__start(struct syschan *sc)
{
	return syscalls__attach(sc->sys);
}

int syschan__fd(const struct syschan *sc)
{
	return syscalls__fd(sc->sys);
}

static int emit(struct syschan *sc, const struct sysrec_head *h, const void *rec, size_t size)
{
	struct chanrec_sample cs = {
		.id = sc->ev->synth_id,
		.pid = h->pid,
		.tid = h->tid,
		.time = h->time + (uint64_t)sc->clock_offset,
		.cpu = h->cpu,
		.raw = rec,
		.raw_size = (uint32_t)size,
		.has_cgroup = sc->o.config->sample_cgroup,
	};
	size_t n = chanrec__size(cs.raw_size) + (cs.has_cgroup ? sizeof(cs.cgroup) : 0);
	void *at = sc->buf;
	int err = 0;

	if (n > sizeof(sc->buf))
		return 0; /* cannot be: a record is at most SYSREC_RECORD_MAX */
	/* the record's trailer (a COUNT, made here, has none: the root's 0) */
	if (cs.has_cgroup && (h->flags & SYSREC_F_CGROUP) && h->type != SYSREC_COUNT &&
	    size >= sizeof(*h) + sizeof(cs.cgroup))
		memcpy(&cs.cgroup, (const uint8_t *)rec + size - sizeof(cs.cgroup),
		       sizeof(cs.cgroup));
	if (sc->room) {
		at = sc->room(sc->ctx, n, cs.time, (int)h->cpu, &err);
		if (!at)
			return err; /* dropped, or no memory */
	}
	chanrec__encode(at, n, &cs);
	return sc->room ? 0 : sc->fn(sc->ctx, at, cs.time, (int)h->cpu);
}

/*
 * The workload's forked child, until its exec: its records are left out but for the
 * execve entry that the successful return follows (execvp tries each PATH entry).
 */
static int gate(struct syschan *sc, const struct sysrec_head *h, const void *rec, size_t size)
{
	struct sysrec_exit x;
	int err;

	if (h->type == SYSREC_ENTER && h->nr == SYS_execve && size <= sizeof(sc->held)) {
		memcpy(sc->held, rec, size);
		sc->held_size = size;
		return 0;
	}
	if (h->type == SYSREC_EXIT && h->nr == SYS_execve && sc->held_size &&
	    size >= sizeof(*h) + sizeof(x)) {
		memcpy(&x, (const uint8_t *)rec + sizeof(*h), sizeof(x));
		if (x.ret == 0) {
			sc->gated = false;
			if (sc->hide_execve)
				return 0;
			err = emit(sc, (const void *)sc->held, sc->held, sc->held_size);
			return err ?: emit(sc, h, rec, size);
		}
	}
	sc->gated_out++;
	sc->held_size = h->type == SYSREC_EXIT ? 0 : sc->held_size;
	return 0;
}

static int capture_record(void *ctx, const void *rec, size_t size)
{
	struct syschan *sc = ctx;
	struct sysrec_head h;

	if (size < sizeof(h))
		return 0;
	memcpy(&h, rec, sizeof(h));
	if (sc->on_cpu && (h.cpu >= sc->nr_on_cpu || !sc->on_cpu[h.cpu]))
		return 0;
	if (sc->gated && h.tid == (uint32_t)sc->o.workload_pid)
		return gate(sc, &h, rec, size);
	if (sc->hide_execve && h.nr == SYS_execve)
		return 0;
	return emit(sc, &h, rec, size);
}

static int count_record(void *ctx, const struct sysrec_count_key *key,
			const struct sysrec_count *count, const struct sysrec_errnos *errnos)
{
	struct syschan *sc = ctx;
	uint64_t *rec = sc->buf + sizeof(sc->buf) / sizeof(*sc->buf) / 2;
	size_t n = sysrec__encode_count(rec, clock_ns(sc->capture_clock), key, count, errnos);
	struct sysrec_head h;

	if (sc->hide_execve && key->nr == SYS_execve)
		return 0;
	memcpy(&h, rec, sizeof(h));
	if (!key->tid) { /* the spill's: as the target's, which the session's filter keeps */
		h.flags |= SYSREC_F_NO_THREAD;
		h.pid = h.tid = sc->o.target->pid > 0 ? (uint32_t)sc->o.target->pid : 0;
		memcpy(rec, &h, sizeof(h));
	}
	return emit(sc, &h, rec, n);
}

int syschan__read(struct syschan *sc, channels_record_fn fn, syschan_room_fn room, void *ctx,
		  bool last)
{
	sc->fn = fn;
	sc->room = room;
	sc->ctx = ctx;
	if (sc->o.config->mode == SYSCALLS_CAPTURE && last)
		return syscalls__consume_last(sc->sys, capture_record, sc);
	if (sc->o.config->mode == SYSCALLS_CAPTURE)
		return syscalls__consume(sc->sys, capture_record, sc);
	if (!last) /* the threads that ended: their counts out of the kernel's map */
		return syscalls__drain(sc->sys, count_record, sc);
	return syscalls__read_counts(sc->sys, count_record, sc);
}

bool syschan__counting(const struct syschan *sc)
{
	return sc->o.config->mode == SYSCALLS_COUNT;
}

bool syschan__more(const struct syschan *sc)
{
	return syscalls__more(sc->sys);
}

void syschan__report(const struct syschan *sc)
{
	struct sysrec_lost *lost = calloc(LOST_CPUS_MAX, sizeof(*lost));
	int n = lost ? syscalls__lost(sc->sys, lost, LOST_CPUS_MAX) : -ENOMEM;

	for (int cpu = 0; cpu < n && cpu < LOST_CPUS_MAX; cpu++) {
		if (lost[cpu].records)
			pr_warn("%llu system-call records lost on CPU %d: the capture's ring buffer "
				"was full (the reader fell behind)",
				(unsigned long long)lost[cpu].records, cpu);
		if (lost[cpu].calls)
			pr_warn("%llu system calls on CPU %d counted without their thread (in 'other "
				"threads'): more (thread, call) pairs at once than the counting map "
				"holds",
				(unsigned long long)lost[cpu].calls, cpu);
		if (lost[cpu].uncounted)
			pr_warn("%llu system calls not counted on CPU %d: their threads' entries could "
				"not be made, and more were waiting than the capture holds",
				(unsigned long long)lost[cpu].uncounted, cpu);
		if (lost[cpu].ends)
			pr_debug("%llu ends of threads not told on CPU %d: their counts were read "
				 "at the end",
				 (unsigned long long)lost[cpu].ends, cpu);
		if (lost[cpu].tasks)
			pr_warn("%llu new tasks not followed on CPU %d: the task maps were full",
				(unsigned long long)lost[cpu].tasks, cpu);
	}
	free(lost);
	if (syscalls__unread(sc->sys))
		pr_warn("%llu system-call records lost: not read, the run was stopped while they "
			"kept coming",
			(unsigned long long)syscalls__unread(sc->sys));
	if (sc->gated_out)
		pr_debug("%llu system-call records of the workload before its exec not shown",
			 (unsigned long long)sc->gated_out);
}

void syschan__free(struct syschan *sc)
{
	if (!sc)
		return;
	syscalls__close(sc->sys);
	free(sc->on_cpu);
	free(sc);
}
