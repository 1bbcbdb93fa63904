// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "load/probeprog.h"
#include "load/progscan.h"
#include "util/clockid.h"
#include "util/errmsg.h"
#include "util/log.h"
#include "util/testhook.h"
#include "record/chanrec.h"
#include "record/rectask.h"
#include "run/channels.h"
#include "run/printk.h"
#include "run/rbread.h"

#define MAX_OUTPUT_MAPS 64
#define RINGBUF_FULL_ROOM 512 /* less room than this when read: reserves may have failed */

struct ringbuf_chan {
	struct channels *ch;
	struct bpf_map *map;
	struct evsel *ev;
	struct rbread *rd;
	struct rectask task; /* what its record type names (record/rectask.h) */
	bool use_time; /* its records' own time field is the sample's */
	uint64_t records, too_big, full, unread;
};

struct channels {
	struct channels_opts o;
	struct evsel *printk_ev; /* NULL: no program prints */
	struct printk *printk;
	struct ringbuf_chan *rbs;
	int nr_rbs;
	bool more; /* a ring buffer pass stopped on its max */
	int64_t mono_offset; /* perf's clock - CLOCK_MONOTONIC, without a TSC time_zero */
	uint64_t start_time; /* the samples' clock at the start: records' own times are later */
	bool hold; /* tests: read only at the end (testhook__channels_hold) */
	bool foreign_tids; /* printk lines' tids are of another pid namespace: not shown */
	uint64_t next_id;
	/* for channels__read */
	channels_record_fn fn;
	void *ctx;
	uint64_t buf[65536 / sizeof(uint64_t)];
	int tgid_tid, tgid_pid; /* the last tid looked up */
};

static struct evsel *synthetic(struct channels *ch, struct evsel *ev)
{
	if (!ev)
		return NULL;
	ev->synthetic = true;
	ev->synth_id = ch->next_id++;
	/* its own layout: what chanrec encodes, whatever the perf events sample */
	ev->desc.attr.sample_type = CHANREC_SAMPLE_TYPE;
	return evlist__add(ch->o.evlist, ev) ? NULL : ev;
}

static struct evsel *find_event(const struct evlist *el, const char *name, enum evsel_kind kind)
{
	for (int i = 0; i < evlist__nr(el); i++) {
		struct evsel *ev = evlist__at(el, i);

		if (ev->kind == kind && !ev->synthetic && !strcmp(ev->desc.name, name))
			return ev;
	}
	return NULL;
}

static int max_cpu(const struct target *t)
{
	int m = 0;

	for (int i = 0; i < t->nr_cpus; i++)
		if (t->cpus[i] > m)
			m = t->cpus[i];
	return m;
}

/* An unconfigured PERF_EVENT_ARRAY a program writes: a bpf-output event of its name. */
static int add_event_array(struct channels *ch, struct bpf_map *map, const char *object)
{
	const char *name = bpf_map__name(map);
	struct evsel *ev;

	if (!strcmp(name, OBJCONF_STDOUT_MAP) || objconf__configured(ch->o.objconf, map))
		return 0;
	if (bpf_map__max_entries(map) <= (uint32_t)max_cpu(ch->o.target)) {
		pr_warn("'%s' of '%s' is not read: %u slots for CPUs up to %d (size it with "
			"max_entries = __NR_CPUS__, or leave max_entries out)",
			name, object, bpf_map__max_entries(map), max_cpu(ch->o.target));
		return 0;
	}
	ev = find_event(ch->o.evlist, name, EVSEL_BPF_OUTPUT);
	if (!ev) {
		ev = evsel__new_bpf_output(name);
		if (!ev || evlist__add(ch->o.evlist, ev))
			return -ENOMEM;
	}
	pr_debug("'%s' of '%s' read as the bpf-output event '%s'", name, object, ev->desc.name);
	return objconf__add_channel(ch->o.objconf, map, object, ev);
}

/* fds are unique across the run's objects */
static struct bpf_map *map_by_fd(const struct loader *l, int fd)
{
	struct bpf_map *map;

	for (int i = 0; i < loader__nr_objects(l); i++)
		bpf_object__for_each_map(map, loader__object(l, i))
			if (bpf_map__fd(map) == fd)
				return map;
	return NULL;
}

/* The initial pid namespace's inode number, a constant of the kernel's (PROC_PID_INIT_INO). */
#define INIT_PIDNS_INO 0xEFFFFFFCU

static bool in_child_pidns(void)
{
	struct stat st;

	return !stat("/proc/self/ns/pid", &st) && st.st_ino != INIT_PIDNS_INO;
}

static int plan_program(struct channels *ch, const struct loader_prog *p)
{
	const struct bpf_insn *insns = bpf_program__insns(p->prog);
	size_t n = bpf_program__insn_cnt(p->prog);
	int fds[MAX_OUTPUT_MAPS], nr;

	if (!insns)
		return 0;
	if (!ch->printk_ev && progscan__can_print(insns, n)) {
		struct evsel *ev = evsel__new_tracepoint("bpf_trace", "bpf_trace_printk");

		if (!ev)
			return errmsg__set(-errno, "cannot read bpf_printk lines: %s",
					   strerror(errno));
		/*
		 * Lines of any task: kept for the target's only. In a pid namespace of its
		 * own, the run cannot tell whose (tracefs names tasks by the initial
		 * namespace's pids): the lines name no task, and are its programs' all the same
		 * (run/printk.h).
		 */
		ch->foreign_tids = in_child_pidns();
		ev->per_task = ch->foreign_tids;
		ch->printk_ev = synthetic(ch, ev);
		if (!ch->printk_ev)
			return -ENOMEM;
	}
	nr = progscan__output_maps(insns, n, fds, MAX_OUTPUT_MAPS);
	for (int i = 0; i < nr && i < MAX_OUTPUT_MAPS; i++) {
		struct bpf_map *map = map_by_fd(ch->o.loader, fds[i]);
		int err;

		if (!map || bpf_map__type(map) != BPF_MAP_TYPE_PERF_EVENT_ARRAY)
			continue;
		err = add_event_array(ch, map, p->object);
		if (err)
			return err;
	}
	return 0;
}

/* The task and time a ring buffer's record type names, said under -v. */
static void plan_task(struct channels *ch, struct ringbuf_chan *rc)
{
	const struct btf *btf;
	uint32_t id;
	char what[256];

	if (!typed__channel_type(ch->o.typed, rc->map, &btf, &id) ||
	    !rectask__find(btf, id, &rc->task))
		return;
	rc->use_time = rc->task.time.name && ch->o.clockid == CLOCK_MONOTONIC;
	rectask__describe(&rc->task, what, sizeof(what));
	pr_debug("ring buffer '%s': %s%s", bpf_map__name(rc->map), what,
		 !rc->task.time.name || rc->use_time ?
			 "" :
			 " (not used: the run's clock is not bpf_ktime_get_ns()'s; -k monotonic "
			 "uses it)");
}

static int plan_ringbufs(struct channels *ch, struct bpf_object *obj)
{
	struct bpf_map *map;

	bpf_object__for_each_map(map, obj) {
		struct ringbuf_chan *n;
		struct evsel *ev;

		if (bpf_map__type(map) != BPF_MAP_TYPE_RINGBUF)
			continue;
		n = realloc(ch->rbs, sizeof(*n) * (ch->nr_rbs + 1));
		if (!n)
			return -ENOMEM;
		ch->rbs = n;
		ev = synthetic(ch, evsel__new_bpf_output(bpf_map__name(map)));
		if (!ev)
			return -ENOMEM;
		ev->per_task = true; /* its records name no task: never filtered by one */
		ch->rbs[ch->nr_rbs] = (struct ringbuf_chan){ .ch = ch, .map = map, .ev = ev };
		plan_task(ch, &ch->rbs[ch->nr_rbs++]);
	}
	return 0;
}

struct channels *channels__new(const struct channels_opts *opts)
{
	struct channels *ch = calloc(1, sizeof(*ch));
	int err = 0;

	if (!ch)
		return NULL;
	ch->o = *opts;
	ch->next_id = EVSEL_SYNTH_ID_BASE;
	ch->tgid_tid = -1;
	for (int i = 0; !err && i < loader__nr_progs(opts->loader); i++)
		err = plan_program(ch, loader__prog(opts->loader, i));
	for (int i = 0; !err && i < loader__nr_objects(opts->loader); i++)
		err = plan_ringbufs(ch, loader__object(opts->loader, i));
	if (err) {
		channels__free(ch);
		errno = -err;
		return NULL;
	}
	return ch;
}

/* ---- reading ---- */

#if defined(__x86_64__) || defined(__i386__)
static int tsc_time(const struct perf_event_mmap_page *pc, uint64_t *time)
{
	uint64_t zero, cyc, quot, rem;
	uint32_t seq, mult;
	uint16_t shift;

	do {
		seq = __atomic_load_n(&pc->lock, __ATOMIC_ACQUIRE);
		if (!pc->cap_user_time_zero)
			return -EOPNOTSUPP;
		zero = pc->time_zero;
		mult = pc->time_mult;
		shift = pc->time_shift;
		cyc = __builtin_ia32_rdtsc();
		__atomic_thread_fence(__ATOMIC_ACQUIRE);
	} while (__atomic_load_n(&pc->lock, __ATOMIC_ACQUIRE) != seq || (seq & 1));
	quot = cyc >> shift;
	rem = cyc & (((uint64_t)1 << shift) - 1);
	*time = zero + quot * mult + ((rem * mult) >> shift);
	return 0;
}
#else
static int tsc_time(const struct perf_event_mmap_page *pc, uint64_t *time)
{
	(void)pc;
	(void)time;
	return -EOPNOTSUPP;
}
#endif

static uint64_t mono_ns(clockid_t id)
{
	struct timespec ts;

	clock_gettime(id, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

/* perf's clock minus CLOCK_MONOTONIC, where no TSC conversion is offered (a VM's kvm-clock) */
static int64_t measure_offset(void)
{
	uint64_t mono, perf;

	if (clockid__perf_reading(CLOCK_MONOTONIC, &mono, &perf))
		return 0;
	return (int64_t)(perf - mono);
}

/* Now, in the clock of the run's samples. */
static uint64_t sample_clock_now(const struct channels *ch)
{
	const struct perf_event_mmap_page *pc = evlist__mmap_page(ch->o.evlist);
	uint64_t t;

	if (ch->o.clockid >= 0)
		return mono_ns(ch->o.clockid);
	if (pc && !tsc_time(pc, &t))
		return t;
	return mono_ns(CLOCK_MONOTONIC) + (uint64_t)ch->mono_offset;
}

static int ringbuf_record(void *ctx, const void *data, size_t size)
{
	struct ringbuf_chan *rc = ctx;
	struct channels *ch = rc->ch;
	struct chanrec_sample cs = {
		.id = rc->ev->synth_id,
		.pid = (uint32_t)-1,
		.tid = (uint32_t)-1,
		.time = sample_clock_now(ch),
		.cpu = (uint32_t)-1,
		.raw = data,
		.raw_size = (uint32_t)size,
	};
	size_t n;

	/* the task and time its type names (record/rectask.h); a time outside the run is none */
	rectask__task(&rc->task, data, size, &cs.pid, &cs.tid);
	if (rc->use_time)
		cs.time = rectask__time_in(&rc->task, data, size, ch->start_time, cs.time, cs.time);
	n = chanrec__encode(ch->buf, sizeof(ch->buf), &cs);
	if (!n) {
		rc->too_big++;
		return 0;
	}
	rc->records++;
	return ch->fn(ch->ctx, (const void *)ch->buf, cs.time, 0);
}

static int start_ringbufs(struct channels *ch)
{
	if (ch->nr_rbs && ch->o.clockid < 0)
		ch->mono_offset = measure_offset();
	ch->start_time = sample_clock_now(ch);
	for (int i = 0; i < ch->nr_rbs; i++) {
		struct ringbuf_chan *rc = &ch->rbs[i];

		/* one reader a map: a pass's max is each map's own */
		rc->rd = rbread__new(bpf_map__fd(rc->map), ringbuf_record, rc);
		if (!rc->rd)
			return errmsg__set(-errno, "cannot read ring buffer '%s': %s",
					   bpf_map__name(rc->map), strerror(errno));
	}
	/* read at every pass (POLL_MS at most apart): a wake-up per record costs more */
	return 0;
}

/* The run's programs, to tell its printk lines from those of other runs' programs. */
static void own_progs(struct channels *ch)
{
	const struct loader *l = ch->o.loader;
	int err = 0;

	for (int i = 0; !err && i < loader__nr_progs(l); i++) {
		const struct loader_prog *p = loader__prog(l, i);

		err = printk__own_prog(ch->printk, bpf_program__fd(p->prog));
		for (int j = 0; !err && p->probe && j < probeprog__nr_events(p->probe); j++)
			err = printk__own_prog(ch->printk, probeprog__event_prog_fd(p->probe, j));
	}
	if (err)
		pr_debug("bpf_printk lines of every program shown: %s", strerror(-err));
}

int channels__start(struct channels *ch)
{
	ch->hold = testhook__channels_hold();
	printk__clean_stale(); /* a killed run's instance, whether this run prints or not */
	if (ch->printk_ev) {
		/* "perf" is perf_clock(), the samples' clock; "local" lacks its offset */
		ch->printk = printk__new(ch->o.clockid == CLOCK_MONOTONIC ? "mono" : "perf");
		if (!ch->printk && errno == EINVAL && ch->o.clockid < 0)
			ch->printk = printk__new("local");
		if (!ch->printk)
			return -errno;
		own_progs(ch);
	}
	return start_ringbufs(ch);
}

/* The process a thread belongs to, from /proc (the thread itself when it is gone). */
static int tgid_of(struct channels *ch, int tid)
{
	char path[64], line[128];
	int tgid = tid;
	FILE *f;

	if (tid == ch->tgid_tid)
		return ch->tgid_pid;
	snprintf(path, sizeof(path), "/proc/%d/status", tid);
	f = fopen(path, "re");
	while (f && fgets(line, sizeof(line), f))
		if (sscanf(line, "Tgid: %d", &tgid) == 1)
			break;
	if (f)
		fclose(f);
	ch->tgid_tid = tid;
	ch->tgid_pid = tgid;
	return tgid;
}

static int printk_line(void *ctx, int cpu, uint64_t time, int tid, const void *entry, uint32_t size)
{
	struct channels *ch = ctx;
	struct chanrec_sample cs;

	tid = ch->foreign_tids ? -1 : tid;
	cs = (struct chanrec_sample){
		.id = ch->printk_ev->synth_id,
		.pid = (uint32_t)(tid > 0 ? tgid_of(ch, tid) : tid),
		.tid = (uint32_t)tid,
		.time = time,
		.cpu = (uint32_t)cpu,
		.period = 1,
		.raw = entry,
		.raw_size = size,
	};
	size_t n = chanrec__encode(ch->buf, sizeof(ch->buf), &cs);

	return n ? ch->fn(ch->ctx, (const void *)ch->buf, time, cpu) : 0;
}

/* Fill levels: a ring with hardly any room when read may have refused reserves. */
static void check_full(struct channels *ch)
{
	for (int i = 0; i < ch->nr_rbs; i++) {
		struct ringbuf_chan *rc = &ch->rbs[i];

		if (rbread__used(rc->rd) + RINGBUF_FULL_ROOM > bpf_map__max_entries(rc->map))
			rc->full++;
	}
}

/* A pass over a ring buffer; at the end of the run, what it held then (rbread.h). */
static int read_ringbuf(struct channels *ch, struct ringbuf_chan *rc, bool last)
{
	int n;

	if (last)
		return rbread__last(rc->rd, RBREAD_PASS_MAX, RBREAD_PASS_BYTES, &rc->unread);
	n = rbread__pass(rc->rd, RBREAD_PASS_MAX, RBREAD_PASS_BYTES);
	ch->more |= rbread__more(rc->rd);
	return n;
}

int channels__read(struct channels *ch, channels_record_fn fn, void *ctx, bool last)
{
	int total = 0, n;

	ch->fn = fn;
	ch->ctx = ctx;
	if (ch->printk && (last || !ch->hold)) {
		n = printk__read(ch->printk, printk_line, ch);
		if (n < 0)
			return n;
		total += n;
	}
	ch->more = false;
	if (!last && ch->hold)
		return total;
	check_full(ch);
	for (int i = 0; i < ch->nr_rbs; i++) {
		n = read_ringbuf(ch, &ch->rbs[i], last);
		if (n < 0)
			return n;
		total += n;
	}
	return total;
}

bool channels__more(const struct channels *ch)
{
	return ch->more;
}

void channels__report(struct channels *ch)
{
	bool unknown = false;
	uint64_t lost = ch->printk ? printk__lost(ch->printk, &unknown) : 0;

	if (lost || unknown)
		pr_warn("%s%llu bpf_printk lines lost: the tracefs instance's buffer was full",
			unknown ? "at least " : "", (unsigned long long)lost + unknown);
	for (int i = 0; i < ch->nr_rbs; i++) {
		const struct ringbuf_chan *rc = &ch->rbs[i];

		if (rc->full)
			pr_warn("ring buffer '%s' was full %llu times when read: records its programs "
				"could not reserve are lost (make max_entries bigger)",
				bpf_map__name(rc->map), (unsigned long long)rc->full);
		if (rc->unread)
			pr_warn("%llu records of ring buffer '%s' lost: not read, the run was stopped "
				"while its programs kept writing",
				(unsigned long long)rc->unread, bpf_map__name(rc->map));
		if (rc->too_big)
			pr_warn("%llu records of ring buffer '%s' not shown: bigger than a perf "
				"sample (64 KiB)",
				(unsigned long long)rc->too_big, bpf_map__name(rc->map));
	}
}

void channels__free(struct channels *ch)
{
	if (!ch)
		return;
	printk__free(ch->printk);
	for (int i = 0; i < ch->nr_rbs; i++)
		rbread__free(ch->rbs[i].rd);
	free(ch->rbs);
	free(ch);
}
