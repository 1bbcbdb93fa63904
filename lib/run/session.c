// SPDX-License-Identifier: GPL-2.0
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "load/loader.h"
#include "load/probeprog.h"
#include "record/record.h"
#include "util/cgroups.h"
#include "util/errmsg.h"
#include "util/log.h"
#include "run/channels.h"
#include "run/objconf.h"
#include "run/recqueue.h"
#include "run/session.h"
#include "run/session-int.h"
#include "run/syschan.h"
#include "run/synth.h"
#include "run/synthbpf.h"
#include "run/synthtask.h"
#include "run/tasktree.h"
#include "run/typed.h"
#include "run/runctl.h"
#include "run/workload.h"

#define POLL_MS 100 /* live output stays live even below the wakeup watermark */

static int add_tid(struct target *t, int tid)
{
	int *n = realloc(t->tids, sizeof(*n) * (t->nr_tids + 1));

	if (!n)
		return -ENOMEM;
	t->tids = n;
	t->tids[t->nr_tids++] = tid;
	return 0;
}

/*
 * Threads of a process (/proc/PID/task) into t->tids, as perf opens -p per thread; the pid
 * alone when they cannot be read (its open will say why).
 */
static int list_threads(struct target *t, int pid)
{
	char path[64];
	struct dirent *d;
	DIR *dir;

	snprintf(path, sizeof(path), "/proc/%d/task", pid);
	dir = opendir(path);
	if (!dir)
		return add_tid(t, pid);
	while ((d = readdir(dir))) {
		if (d->d_name[0] == '.')
			continue;
		if (add_tid(t, atoi(d->d_name))) {
			closedir(dir);
			return -ENOMEM;
		}
	}
	closedir(dir);
	return 0;
}

/* Is there a task id (process or thread)? Its ERROR names it. */
static int task_exists(int id, const char *what)
{
	char path[64];

	snprintf(path, sizeof(path), "/proc/%d/status", id);
	if (!access(path, F_OK))
		return 0;
	errmsg__set(-ESRCH, "cannot trace %s %d: no such %s", what, id, what);
	errmsg__hint("list the %ses with 'ps -e%s'", what, strcmp(what, "thread") ? "" : "L");
	return -ESRCH;
}

/*
 * -p's processes (their threads, as perf opens -p per thread) or -t's threads: the per-task
 * events are opened on each, the tree starts from each.
 */
static int existing_tasks(struct session *s)
{
	bool by_tid = s->opts.nr_tids > 0;
	const int *ids = by_tid ? s->opts.tids : s->opts.pids;
	int nr = by_tid ? s->opts.nr_tids : s->opts.nr_pids, err = 0;

	for (int i = 0; !err && i < nr; i++)
		err = task_exists(ids[i], by_tid ? "thread" : "process");
	for (int i = 0; !err && i < nr; i++)
		err = by_tid ? add_tid(&s->target, ids[i]) : list_threads(&s->target, ids[i]);
	if (err)
		return err;
	s->target.pid = ids[0];
	s->nr_threads = s->target.nr_tids ? s->target.nr_tids : 1;
	if (nr == 1 && by_tid) { /* one thread: opened on its id, as before */
		free(s->target.tids);
		s->target.tids = NULL;
		s->target.nr_tids = 0;
	}
	/*
	 * Per-task events see the target only, but a bpf-output event is per CPU and a program
	 * writes into it from any task: its samples are kept for the target.
	 */
	s->follow_tree = true;
	s->tree_by_tid = by_tid;
	for (int i = 0; i < nr; i++)
		if (tasktree__add(&s->tree, ids[i]))
			return -ENOMEM;
	return 0;
}

static int open_cgroup(struct session *s)
{
	int fd;

	if (!s->opts.cgroup_dir)
		return 0;
	fd = open(s->opts.cgroup_dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return errmsg__set(-errno, "cannot open cgroup '%s': %s", s->opts.cgroup_dir,
				   strerror(errno));
	s->target.cgroup_fd = fd;
	s->target.cgroup_id = s->opts.cgroup_id;
	return 0;
}

static int setup_target(struct session *s)
{
	int err = target__init_cpus(&s->target, s->opts.cpu_list);
	bool workload = s->opts.argv && s->opts.argv[0];

	if (err)
		return errmsg__set(err, "invalid CPU list '%s'",
				   s->opts.cpu_list ? s->opts.cpu_list : "(possible)");
	s->target.system_wide = s->opts.system_wide;
	err = open_cgroup(s);
	if (err)
		return err;
	s->nr_threads = 1;
	if (!s->opts.system_wide && !workload && (s->opts.nr_pids || s->opts.nr_tids)) {
		err = existing_tasks(s);
		if (err)
			return err;
	}
	if (s->opts.argv && s->opts.argv[0]) {
		s->ctl.workload.stdout_to_stderr = s->opts.workload_stdout_to_stderr;
		err = workload__prepare(&s->ctl.workload, s->opts.argv);
		if (err)
			return errmsg__set(err, "cannot start '%s': %s", s->opts.argv[0],
					   strerror(-err));
		s->ctl.has_workload = true;
		s->follow_tree = !s->opts.system_wide;
		s->tree_by_tid = false;
		s->target.pid = s->ctl.workload.pid;
		tasktree__exit(&s->tree);
		if (tasktree__add(&s->tree, s->ctl.workload.pid))
			return -ENOMEM;
	}
	if (!s->target.system_wide && s->target.pid <= 0)
		s->target.system_wide = true; /* nothing to follow: the whole system, as perf -a */
	return 0;
}

struct session *session__new(const struct session_opts *opts)
{
	struct session *s = calloc(1, sizeof(*s));
	int err;

	if (!s)
		return NULL;
	s->opts = *opts;
	s->own_pid = getpid();
	runctl__init(&s->ctl);
	s->loader = loader__new(&opts->compile);
	s->evlist = evlist__new();
	s->queue = recqueue__new();
	s->typed = typed__new();
	err = !s->loader || !s->evlist || !s->queue || !s->typed ? -ENOMEM : 0;
	if (!err)
		err = runctl__watch_signals(&s->ctl);
	if (!err)
		err = setup_target(s);
	if (!err)
		err = session__build_events(s);
	if (!err)
		err = session__open_and_attach(s);
	if (err) {
		session__free(s);
		errno = -err;
		return NULL;
	}
	return s;
}

void session__free(struct session *s)
{
	if (!s)
		return;
	runctl__abort(&s->ctl);
	syschan__free(s->syschan);
	channels__free(s->channels);
	objconf__free(s->objconf);
	typed__free(s->typed);
	free(s->binds);
	recqueue__free(s->queue);
	dbuf__free(&s->synth);
	evlist__free(s->evlist);
	loader__free(s->loader);
	target__exit(&s->target);
	tasktree__exit(&s->tree);
	runctl__exit(&s->ctl);
	free(s);
}

struct evlist *session__evlist(const struct session *s)
{
	return s->evlist;
}

struct typed *session__typed(const struct session *s)
{
	return s->typed;
}

int session__workload_pid(const struct session *s)
{
	return s->ctl.has_workload ? s->ctl.workload.pid : 0;
}

int session__exit_code(const struct session *s)
{
	return s->ctl.exit_code;
}

unsigned long session__filtered(const struct session *s)
{
	return s->filtered;
}

unsigned long session__bad_records(const struct session *s)
{
	return s->bad_records;
}

void session__set_span_fn(struct session *s, session_span_fn fn, size_t max)
{
	s->span_fn = fn;
	s->span_max = max;
}

void session__set_hold_fn(struct session *s, bool (*fn)(void *ctx), void *ctx)
{
	s->hold_fn = fn;
	s->hold_ctx = ctx;
}

void session__set_round_fn(struct session *s, int (*fn)(void *ctx), void *ctx)
{
	s->round_fn = fn;
	s->round_ctx = ctx;
}

static bool in_workload(struct session *s, const struct record *rec)
{
	if (!rec->decoded || !rec->s.has_tid)
		return true; /* nothing to judge by: keep it */
	return tasktree__has(&s->tree, (int)(s->tree_by_tid ? rec->s.tid : rec->s.pid));
}

struct deliver {
	struct session *s;
	session_record_fn fn;
	void *ctx;
	/* the kernel's counts: of the tasks it selected, which FORKs still queued may name */
	bool counts;
};

/* Every event is opened with one layout (EVSEL_SAMPLE_TYPE): its id is found before its event. */
static const struct record_layout live_layout = { EVSEL_SAMPLE_TYPE, true };

static struct evsel *record_evsel(struct session *s, const struct perf_event_header *hdr)
{
	uint64_t id;

	if (record__id(hdr, hdr->size, &live_layout, &id))
		return NULL;
	return evlist__by_id(s->evlist, id);
}

/* rec decoded by its event's layout; returns the event (NULL: unknown id). */
static struct evsel *decode(struct session *s, const struct perf_event_header *hdr,
			    struct record *rec)
{
	struct evsel *ev = record_evsel(s, hdr);
	struct record_layout layout = ev ? record_layout__of(&ev->desc.attr) : live_layout;

	if (record__decode(hdr, hdr->size, &layout, rec) == -EINVAL)
		s->bad_records++;
	return ev;
}

static int note_fork(struct session *s, const struct record *rec)
{
	if (!rec->decoded || rec->type != PERF_RECORD_FORK || !s->follow_tree)
		return 0;
	if (s->tree_by_tid)
		return tasktree__fork(&s->tree, (int)rec->task.ptid, (int)rec->task.tid);
	return tasktree__fork(&s->tree, (int)rec->task.ppid, (int)rec->task.pid);
}

/* perf-bpf's own work (reading the symbols of what it shows) is not the system's. */
static bool own_sample(const struct session *s, const struct record *rec)
{
	return rec->decoded && rec->s.has_tid && rec->s.pid == (uint32_t)s->own_pid;
}

/*
 * A program on a tracepoint runs for every task, and the events maps take are opened
 * on every CPU: keep the target's samples of those only.
 */
static bool outside_target(struct session *s, const struct record *rec, const struct evsel *ev)
{
	if (rec->type != PERF_RECORD_SAMPLE || !ev || ev->kind == EVSEL_TRACKING || ev->per_task)
		return false;
	return s->follow_tree ? !in_workload(s, rec) : own_sample(s, rec);
}

static int deliver(void *ctx, const struct perf_event_header *hdr, int cpu)
{
	struct deliver *d = ctx;
	struct session *s = d->s;
	struct record rec;
	struct evsel *ev = decode(s, hdr, &rec);

	if (note_fork(s, &rec))
		return -ENOMEM;
	if (!d->counts && outside_target(s, &rec, ev)) {
		s->filtered++;
		return 0;
	}
	return d->fn(d->ctx, &rec, cpu, ev);
}

/*
 * Span reads: samples go as they are, unless the target's must be told from others' (as
 * outside_target tells them, by the pid or tid alone: the rest is not decoded).
 */
static int sort_record(void *ctx, const struct perf_event_header *hdr)
{
	struct session *s = ((struct deliver *)ctx)->s;
	struct record_layout layout;
	uint32_t pid, tid;
	struct evsel *ev;
	int err;

	if (hdr->type != PERF_RECORD_SAMPLE)
		return RING_ALONE;
	ev = s->follow_tree ? record_evsel(s, hdr) : NULL;
	if (!ev || ev->kind == EVSEL_TRACKING || ev->per_task)
		return RING_SPAN;
	layout = record_layout__of(&ev->desc.attr);
	err = record__sample_tid(hdr, hdr->size, &layout, &pid, &tid);
	if (err) { /* nothing to judge by: kept */
		s->bad_records += err == -EINVAL;
		return RING_SPAN;
	}
	if (tasktree__has(&s->tree, (int)(s->tree_by_tid ? tid : pid)))
		return RING_SPAN;
	s->filtered++;
	return RING_SKIP;
}

static int deliver_span(void *ctx, const struct iovec *iov, int n, unsigned int nr)
{
	struct deliver *d = ctx;

	return d->s->span_fn(d->ctx, iov, n, nr);
}

/* Before a span read: the pass's FORKs, so that a child's samples are known as the target's. */
static int scan_fork(void *ctx, const struct perf_event_header *hdr, int cpu)
{
	struct record rec;

	(void)cpu;
	if (hdr->type != PERF_RECORD_FORK || record__decode(hdr, hdr->size, &live_layout, &rec))
		return 0;
	return note_fork(((struct deliver *)ctx)->s, &rec);
}

/* Ring callback: timed records wait in the queue, to be delivered in time order. */
static int queue_record(void *ctx, const struct perf_event_header *hdr, int cpu)
{
	struct deliver *d = ctx;
	uint64_t time = record__time(hdr, hdr->size, &live_layout);

	if (!time)
		return deliver(ctx, hdr, cpu);
	return recqueue__push(d->s->queue, hdr, time, cpu);
}

/*
 * A round's records go out at the pace of the views (formatting, writing), slower than the
 * kernel can write them: every CATCH_UP records the rings are copied into the queue again,
 * so that they do not fill (and lose records) while a long round is printed.
 */
#define CATCH_UP 256

static int deliver_released(struct session *s, struct deliver *d)
{
	const struct perf_event_header *hdr;
	unsigned int nr = 0;
	int64_t cpu;
	int err = 0;

	while (!err && (hdr = recqueue__pop(s->queue, &cpu))) {
		err = deliver(d, hdr, (int)cpu);
		if (!err && !s->span_fn && ++nr % CATCH_UP == 0)
			err = evlist__read(s->evlist, queue_record, d);
		err = err < 0 ? err : 0;
	}
	return err;
}

static int queue_channel_record(void *ctx, const struct perf_event_header *hdr, uint64_t time,
				int cpu)
{
	return recqueue__push(((struct deliver *)ctx)->s->queue, hdr, time, cpu);
}

/* A system-call record is encoded straight into the queue. */
static void *queue_room(void *ctx, size_t size, uint64_t time, int cpu, int *err)
{
	return recqueue__reserve(((struct deliver *)ctx)->s->queue, size, time, cpu, err);
}

static int deliver_channel_record(void *ctx, const struct perf_event_header *hdr, uint64_t time,
				  int cpu)
{
	(void)time;
	return deliver(ctx, hdr, cpu);
}

/* Spans (record): each ring in the order the kernel wrote it, a reader orders the rounds. */
static int read_rings(struct session *s, struct deliver *d)
{
	const struct ring_span_ops ops = { .sort = sort_record,
					   .record = deliver,
					   .span = deliver_span,
					   .span_max = s->span_max,
					   .samples_span = !s->follow_tree };

	tasktree__new_pass(&s->tree);
	if (!s->span_fn)
		return evlist__read(s->evlist, queue_record, d);
	return evlist__read_spans(s->evlist, &ops, PERF_RECORD_FORK,
				  s->follow_tree ? scan_fork : NULL, d);
}

/*
 * The kernel's counts (-s): after the records released, so that the views know the
 * threads' names by then; straight to the views, as they need no time order (never held,
 * nor dropped, in the queue).
 */
static int read_counts(struct session *s, struct deliver *d, bool last)
{
	if (!s->syschan || !syschan__counting(s->syschan))
		return 0;
	int n;

	d->counts = true;
	n = syschan__read(s->syschan, deliver_channel_record, NULL, d, last);
	d->counts = false;
	return n < 0 ? n : 0;
}

/* One pass over the rings; at the end of the run (last) everything queued goes out. */
static int drain(struct session *s, struct deliver *d, bool last)
{
	channels_record_fn fn = s->span_fn ? deliver_channel_record : queue_channel_record;
	int n = read_rings(s, d), err = 0;

	if (n >= 0)
		err = channels__read(s->channels, fn, d, last);
	if (n >= 0 && err >= 0 && s->syschan && !syschan__counting(s->syschan))
		err = syschan__read(s->syschan, fn, s->span_fn ? NULL : queue_room, d, last);
	if (n >= 0 && err < 0)
		n = err;
	if (n < 0)
		return n;
	if (last)
		recqueue__flush(s->queue);
	else
		recqueue__round(s->queue);
	if (!last && s->hold_fn && s->hold_fn(s->hold_ctx)) {
		if (n > 0 && !s->held)
			pr_debug("records wait in the time-ordered queue while symbols are read");
		s->held |= n > 0;
		return n;
	}
	err = deliver_released(s, d);
	if (!err)
		err = read_counts(s, d, last);
	if (!err && s->round_fn)
		err = s->round_fn(s->round_ctx);
	return err ? err : n;
}

/* Synthesized records wait in s->synth until the run delivers them. */
static int synth_emit(void *ctx, const struct perf_event_header *hdr)
{
	struct dbuf *b = ctx;

	dbuf__put(b, hdr, hdr->size);
	return b->err;
}

static int synth_thread(void *ctx, uint32_t pid, uint32_t tid, const char *comm)
{
	return synthtask__thread(ctx, pid, tid, comm);
}

/* KSYMBOL and BPF_EVENT of one of our programs, once per program. */
static int synth_prog(int fd, int *seen, int *nr, uint64_t id, struct dbuf *d)
{
	int err;

	for (int i = 0; i < *nr; i++)
		if (seen[i] == fd)
			return 0;
	if (fd < 0)
		return 0;
	seen[(*nr)++] = fd;
	err = synthbpf__prog(fd, &live_layout, id, synth_emit, d);
	if (err && err != -ENOMEM)
		pr_debug("no KSYMBOL for program fd %d: %s", fd, strerror(-err));
	return err == -ENOMEM ? err : 0;
}

/* The programs we loaded before the events were opened: the kernel reported them to none. */
static int synth_own_progs(struct session *s, uint64_t id, struct dbuf *d)
{
	int nr = 0, cap = 0, *seen = NULL, err = 0;

	for (int i = 0; i < loader__nr_progs(s->loader); i++) {
		const struct loader_prog *p = loader__prog(s->loader, i);

		cap += 1 + (p->probe ? probeprog__nr_events(p->probe) : 0);
	}
	seen = calloc(cap ?: 1, sizeof(*seen));
	if (!seen)
		return -ENOMEM;
	for (int i = 0; !err && i < loader__nr_progs(s->loader); i++) {
		const struct loader_prog *p = loader__prog(s->loader, i);

		err = synth_prog(bpf_program__fd(p->prog), seen, &nr, id, d);
		for (int j = 0; !err && p->probe && j < probeprog__nr_events(p->probe); j++)
			err = synth_prog(probeprog__event_prog_fd(p->probe, j), seen, &nr, id, d);
	}
	free(seen);
	return err;
}

/* -p's processes, or the processes of -t's threads: their threads' COMM and MMAP2s. */
static int synth_existing(struct session *s, struct synthtask *st)
{
	bool by_tid = s->opts.nr_tids > 0;
	const int *ids = by_tid ? s->opts.tids : s->opts.pids;
	int nr = by_tid ? s->opts.nr_tids : s->opts.nr_pids, err = 0;

	for (int i = 0; !err && i < nr; i++)
		err = synth__threads(ids[i], synth_thread, st);
	return err;
}

struct cgroup_synth {
	struct dbuf *d;
	uint64_t id;
	uint8_t buf[RECORD_PATH_MAX + 256];
};

static int synth_cgroup(void *ctx, uint64_t id, const char *path)
{
	struct cgroup_synth *cs = ctx;
	struct record r = { .type = PERF_RECORD_CGROUP,
			    .cgroup = { .id = id, .path = path },
			    .s = { .id = cs->id } };
	size_t n = record__encode(cs->buf, sizeof(cs->buf), &live_layout, &r);

	return n ? synth_emit(cs->d, (const void *)cs->buf) : 0;
}

/* --all-cgroups: a CGROUP record for each cgroup there is, as perf writes them at its start. */
static int synth_cgroups(struct session *s, uint64_t id)
{
	struct cgroups *cg = cgroups__new();
	struct cgroup_synth *cs = calloc(1, sizeof(*cs));
	int err;

	if (!cg || !cs) {
		err = cg ? -ENOMEM : -errno;
		if (err == -ENOENT)
			errmsg__set(err, "--all-cgroups: no cgroup2 file system is mounted");
		free(cs);
		cgroups__free(cg);
		return err;
	}
	cs->d = &s->synth;
	cs->id = id;
	err = cgroups__for_each(cg, synth_cgroup, cs);
	free(cs);
	cgroups__free(cg);
	return err;
}

/*
 * What existed before the run, as perf synthesizes it: KSYMBOL and BPF_EVENT of our
 * programs (of every program with -a); COMM and the MMAP2s of -p's threads, and COMM, FORK
 * and MMAP2s of every task with -a. A workload's exec reports its own. Read once the events
 * are open (no task is missed) and before the programs are attached: /proc's files opened
 * here are not in the programs' results.
 */
int session__synthesize(struct session *s)
{
	struct dbuf *d = &s->synth;
	const struct evsel *tracking = evlist__at(s->evlist, 0);
	uint64_t id = tracking->nr_fds ? tracking->ids[0] : 0;
	bool existing = (s->opts.nr_pids || s->opts.nr_tids) && !s->opts.argv;
	struct synthtask *st;
	int err;

	if (s->opts.system_wide)
		err = synthbpf__all(&live_layout, id, synth_emit, d);
	else
		err = synth_own_progs(s, id, d);
	if (!err && s->opts.all_cgroups)
		err = synth_cgroups(s, id);
	if (err || (!existing && !s->opts.system_wide && !s->ctl.has_workload))
		return err;
	st = synthtask__new(&live_layout, id, s->opts.system_wide, synth_emit, d);
	if (!st)
		return -ENOMEM;
	if (s->ctl.has_workload && !s->opts.system_wide) {
		/* the child, named as its command from the start: no ":PID" before its exec */
		err = synthtask__comm(st, s->ctl.workload.pid, s->ctl.workload.pid,
				      workload__comm(s->opts.argv[0]));
		synthtask__free(st);
		return err;
	}
	if (existing)
		err = synth_existing(s, st);
	else
		err = synth__threads(0, synth_thread, st);
	synthtask__free(st);
	if (!err)
		pr_debug("synthesized the records of the tasks that existed before the run");
	return err;
}

/* A pass's failure: a view that has shown all it was asked to (-ECANCELED) ends the run. */
static int pass_result(int n)
{
	if (n == -ECANCELED)
		return n;
	return n < 0 ? -EIO : 0;
}

/* A ring buffer pass stopped on its max (run/rbread.h): the next one starts at once. */
static bool more_to_read(const struct session *s)
{
	return channels__more(s->channels) || (s->syschan && syschan__more(s->syschan));
}

int session__run(struct session *s, session_record_fn fn, void *ctx)
{
	struct deliver d = { .s = s, .fn = fn, .ctx = ctx };
	int err;

	err = evlist__poll_add_fd(s->evlist, s->ctl.sigfd);
	if (!err && s->syschan && syschan__fd(s->syschan) >= 0)
		err = evlist__poll_add_wake_fd(s->evlist, syschan__fd(s->syschan));
	for (size_t off = 0; !err && off < s->synth.len;) {
		const struct perf_event_header *hdr = (const void *)(s->synth.p + off);

		off += hdr->size;
		err = deliver(&d, hdr, 0);
	}
	dbuf__free(&s->synth);
	if (!err && s->ctl.has_workload)
		err = workload__start(&s->ctl.workload);
	while (!err && !s->ctl.done) {
		err = evlist__poll(s->evlist, more_to_read(s) ? 0 : POLL_MS);
		if (err > 0) {
			runctl__handle_signals(&s->ctl);
			err = 0;
		}
		runctl__check_grace(&s->ctl);
		if (!s->ctl.has_workload && evlist__hung_up(s->evlist))
			s->ctl.done = true; /* -p's or -t's task exited, as perf record ends then */
		if (!err)
			err = pass_result(drain(s, &d, false));
	}
	runctl__stop_workload(&s->ctl);
	if (!err)
		err = pass_result(drain(s, &d, true)); /* what the last moments wrote */
	channels__report(s->channels);
	if (s->syschan)
		syschan__report(s->syschan);
	if (recqueue__nr_dropped(s->queue))
		pr_warn("%llu records lost: they came faster than they were shown, and more than "
			"%zu MiB waited to be put in time order",
			(unsigned long long)recqueue__nr_dropped(s->queue), s->queue_bytes >> 20);
	if (recqueue__nr_unordered(s->queue))
		pr_debug("%llu records arrived after newer ones were shown",
			 (unsigned long long)recqueue__nr_unordered(s->queue));
	return err;
}
