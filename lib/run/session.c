// SPDX-License-Identifier: GPL-2.0
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/signalfd.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "event/evparse.h"
#include "load/loader.h"
#include "util/log.h"
#include "run/objconf.h"
#include "record/sample.h"
#include "run/session.h"
#include "record/tpformat.h"
#include "run/workload.h"

#define DEFAULT_PAGES 256 /* 1 MiB per CPU */
#define POLL_MS 100 /* live output stays live even below the wakeup watermark */

struct pidset {
	int *pids;
	int nr, cap;
};

struct session {
	struct session_opts opts;
	struct target target;
	struct loader *loader;
	struct evlist *evlist;
	struct objconf_bind *binds; /* what each -e event became, for the map terms */
	int nr_binds;
	struct objconf *objconf;
	int nr_threads; /* threads of -p's process */
	struct workload workload;
	bool has_workload; /* a child still to be reaped */
	bool follow_tree; /* show only the workload's outputs (no -a) */
	int sigfd;
	sigset_t oldmask;
	int exit_code;
	bool done;
	struct pidset tree; /* the workload and its descendants */
	unsigned long filtered;
	int (*round_fn)(void *ctx);
	void *round_ctx;
};

static bool pidset__has(const struct pidset *ps, int pid)
{
	for (int i = 0; i < ps->nr; i++)
		if (ps->pids[i] == pid)
			return true;
	return false;
}

static int pidset__add(struct pidset *ps, int pid)
{
	if (pidset__has(ps, pid))
		return 0;
	if (ps->nr == ps->cap) {
		int cap = ps->cap ? ps->cap * 2 : 16;
		int *n = realloc(ps->pids, sizeof(*n) * cap);

		if (!n)
			return -ENOMEM;
		ps->pids = n;
		ps->cap = cap;
	}
	ps->pids[ps->nr++] = pid;
	return 0;
}

static int add_tracepoint(struct session *s, const char *sys, const char *name, int prog_fd)
{
	struct evsel *ev = evsel__new_tracepoint(sys, name);

	if (!ev) {
		pr_err("unknown tracepoint '%s:%s': %s", sys, name, strerror(errno));
		pr_hint("list tracepoints with 'ls /sys/kernel/tracing/events/%s'", sys);
		return -ENOENT;
	}
	ev->prog_fd = prog_fd;
	ev->attr.inherit = !s->opts.no_inherit;
	return evlist__add(s->evlist, ev);
}

/* Terms every event takes: name=, period=/freq=, inherit. */
static void apply_terms(struct evsel *ev, const struct evparse_event *pe, bool no_inherit)
{
	if (pe->has_period) {
		ev->attr.freq = 0;
		ev->attr.sample_period = pe->period;
	} else if (pe->has_freq) {
		ev->attr.freq = 1;
		ev->attr.sample_freq = pe->freq;
	}
	if (pe->inherit >= 0)
		ev->attr.inherit = pe->inherit;
	else
		ev->attr.inherit = !no_inherit;
}

/* sys:name with globs: every matching tracepoint of tracefs. */
static int add_tracepoints(struct session *s, const struct evparse_event *pe)
{
	char **names = NULL;
	int n = tpformat__glob(pe->sys, pe->name, &names), err = 0;

	if (n <= 0) {
		pr_err("unknown tracepoint '%s:%s'%s", pe->sys, pe->name,
		       n < 0 ? ": tracefs unreadable" : "");
		pr_hint("list tracepoints with 'ls /sys/kernel/tracing/events/%s'", pe->sys);
		free(names);
		return -ENOENT;
	}
	for (int i = 0; i < n; i++) {
		char *colon = strchr(names[i], ':');

		*colon = '\0';
		if (!err)
			err = add_tracepoint(s, names[i], colon + 1, -1);
		if (!err) {
			struct evsel *ev = evlist__at(s->evlist, evlist__nr(s->evlist) - 1);

			apply_terms(ev, pe, s->opts.no_inherit);
		}
		free(names[i]);
	}
	free(names);
	return err;
}

static int add_counter(struct session *s, const struct evparse_event *pe)
{
	const char *name = evparse__event_name(pe);
	struct evsel *ev;

	if (pe->kind == EVPARSE_BPF_OUTPUT)
		ev = evsel__new_bpf_output(name);
	else
		ev = evsel__new_counter(name, pe->type, pe->config);
	if (!ev)
		return -ENOMEM;
	if (pe->kind != EVPARSE_BPF_OUTPUT) {
		/* sample counters the way perf record does by default: 4000 Hz */
		ev->attr.freq = 1;
		ev->attr.sample_freq = 4000;
		apply_terms(ev, pe, s->opts.no_inherit);
	}
	return evlist__add(s->evlist, ev);
}

static int add_event(struct session *s, const struct evparse_event *pe)
{
	switch (pe->kind) {
	case EVPARSE_BPF_SOURCE:
	case EVPARSE_BPF_OBJECT:
		return loader__add(s->loader, pe->path);
	case EVPARSE_TRACEPOINT:
		return add_tracepoints(s, pe);
	default:
		return add_counter(s, pe);
	}
}

static int add_program_events(struct session *s)
{
	for (int i = 0; i < loader__nr_progs(s->loader); i++) {
		const struct loader_prog *p = loader__prog(s->loader, i);
		int err;

		if (p->attach != LOADER_TRACEPOINT || p->load_only)
			continue;
		err = add_tracepoint(s, p->sec.group, p->sec.event, bpf_program__fd(p->prog));
		if (err)
			return err;
	}
	return 0;
}

/* Note what pe became: its object, or the first perf event made of it. */
static int add_bound_event(struct session *s, const struct evparse_event *pe)
{
	int nr_objs = loader__nr_objects(s->loader), nr_evs = evlist__nr(s->evlist);
	struct objconf_bind *b = &s->binds[s->nr_binds++];
	int err = add_event(s, pe);

	b->pe = pe;
	if (loader__nr_objects(s->loader) > nr_objs)
		b->obj = loader__object(s->loader, nr_objs);
	else if (evlist__nr(s->evlist) > nr_evs)
		b->evsel = evlist__at(s->evlist, nr_evs);
	return err;
}

/* The map terms, checked against the loaded objects; __bpf_stdout__ gets its event. */
static int plan_objconf(struct session *s)
{
	struct objconf_opts o = {
		.events = s->opts.events,
		.binds = s->binds,
		.nr_binds = s->nr_binds,
		.evlist = s->evlist,
		.no_inherit = s->opts.no_inherit,
		.nr_threads = s->nr_threads,
	};

	s->objconf = objconf__new(&o);
	return s->objconf ? 0 : -errno;
}

static int build_events(struct session *s)
{
	struct evparse_event *pe;
	struct evsel *ev;
	int err;

	/* first: it owns each CPU's ring and reports the workload's comm and forks */
	ev = evsel__new_tracking();
	if (!ev || evlist__add(s->evlist, ev))
		return -ENOMEM;
	ev->attr.inherit = !s->opts.no_inherit;
	s->binds = calloc(evparse__count(s->opts.events) + 1, sizeof(*s->binds));
	if (!s->binds)
		return -ENOMEM;
	evparse__for_each(pe, s->opts.events) {
		err = add_bound_event(s, pe);
		if (err)
			return err;
	}
	err = loader__load(s->loader);
	if (err)
		return err;
	err = add_program_events(s);
	if (err)
		return err;
	return plan_objconf(s);
}

static void set_watermarks(struct evlist *el, unsigned int pages)
{
	/* wake the reader a quarter into the ring: batched wake-ups, room to spare */
	for (int i = 0; i < evlist__nr(el); i++) {
		struct evsel *ev = evlist__at(el, i);

		ev->attr.watermark = 1;
		ev->attr.wakeup_watermark = pages * (unsigned int)sysconf(_SC_PAGESIZE) / 4;
	}
}

static int open_and_attach(struct session *s)
{
	unsigned int pages = s->opts.pages ? s->opts.pages : DEFAULT_PAGES;
	int err;

	set_watermarks(s->evlist, pages);
	err = evlist__open(s->evlist, &s->target, pages);
	if (err)
		return err;
	/* values and fds in place before any program can run */
	err = objconf__apply(s->objconf);
	if (err)
		return err;
	for (int i = 0; i < evlist__nr(s->evlist); i++) {
		err = evsel__attach_bpf(evlist__at(s->evlist, i));
		if (err)
			return err;
	}
	return loader__attach(s->loader);
}

static int setup_signals(struct session *s)
{
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGCHLD);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGHUP);
	if (sigprocmask(SIG_BLOCK, &set, &s->oldmask) < 0)
		return -errno;
	s->sigfd = signalfd(-1, &set, SFD_CLOEXEC | SFD_NONBLOCK);
	return s->sigfd < 0 ? -errno : 0;
}

/* Threads of a process (/proc/PID/task), 1 when it cannot be read: the open will say why. */
static int count_threads(int pid)
{
	char path[64];
	struct dirent *d;
	int n = 0;
	DIR *dir;

	snprintf(path, sizeof(path), "/proc/%d/task", pid);
	dir = opendir(path);
	if (!dir)
		return 1;
	while ((d = readdir(dir)))
		if (d->d_name[0] != '.')
			n++;
	closedir(dir);
	return n ? n : 1;
}

static int setup_target(struct session *s)
{
	int err = target__init_cpus(&s->target, s->opts.cpu_list);

	if (err) {
		pr_err("invalid CPU list '%s'", s->opts.cpu_list ? s->opts.cpu_list : "(possible)");
		return err;
	}
	s->target.system_wide = s->opts.system_wide;
	s->target.pid = s->opts.tid > 0 ? s->opts.tid : s->opts.pid;
	s->nr_threads = 1;
	if (s->opts.pid > 0 && !s->opts.system_wide)
		s->nr_threads = count_threads(s->opts.pid); /* perf opened -p per thread */
	if (s->opts.argv && s->opts.argv[0]) {
		err = workload__prepare(&s->workload, s->opts.argv);
		if (err) {
			pr_err("cannot start '%s': %s", s->opts.argv[0], strerror(-err));
			return err;
		}
		s->has_workload = true;
		s->follow_tree = !s->opts.system_wide;
		s->target.pid = s->workload.pid;
		if (pidset__add(&s->tree, s->workload.pid))
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
	s->sigfd = -1;
	s->workload.gate_fd = -1;
	s->loader = loader__new(&opts->compile);
	s->evlist = evlist__new();
	err = !s->loader || !s->evlist ? -ENOMEM : setup_signals(s);
	if (!err)
		err = setup_target(s);
	if (!err)
		err = build_events(s);
	if (!err)
		err = open_and_attach(s);
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
	if (s->has_workload && s->workload.gate_fd >= 0)
		workload__abort(&s->workload);
	objconf__free(s->objconf);
	free(s->binds);
	evlist__free(s->evlist);
	loader__free(s->loader);
	target__exit(&s->target);
	free(s->tree.pids);
	if (s->sigfd >= 0) {
		close(s->sigfd);
		sigprocmask(SIG_SETMASK, &s->oldmask, NULL);
	}
	free(s);
}

struct evlist *session__evlist(const struct session *s)
{
	return s->evlist;
}

int session__exit_code(const struct session *s)
{
	return s->exit_code;
}

unsigned long session__filtered(const struct session *s)
{
	return s->filtered;
}

void session__set_round_fn(struct session *s, int (*fn)(void *ctx), void *ctx)
{
	s->round_fn = fn;
	s->round_ctx = ctx;
}

/* Layout of EVSEL_SAMPLE_TYPE: header, identifier, ip, pid/tid, ... */
static uint64_t record_id(const struct perf_event_header *rec)
{
	const uint64_t *body = (const uint64_t *)(rec + 1);

	if (rec->type == PERF_RECORD_SAMPLE)
		return rec->size >= 16 ? body[0] : 0;
	if (rec->type >= PERF_RECORD_MAX || rec->size < 16)
		return 0;
	return *(const uint64_t *)((const char *)rec + rec->size - 8); /* trailer ends with it */
}

static bool in_workload(struct session *s, const struct evsel *ev,
			const struct perf_event_header *rec)
{
	struct sample smp;

	if (sample__parse(ev->attr.sample_type, rec, rec->size, &smp) || !smp.has_tid)
		return true; /* nothing to judge by: keep it */
	return pidset__has(&s->tree, (int)smp.pid);
}

struct deliver {
	struct session *s;
	session_record_fn fn;
	void *ctx;
};

static int deliver(void *ctx, const struct perf_event_header *rec, int cpu)
{
	struct deliver *d = ctx;
	struct session *s = d->s;
	struct evsel *ev = evlist__by_id(s->evlist, record_id(rec));

	if (rec->type == PERF_RECORD_FORK && s->follow_tree) {
		const uint32_t *f = (const uint32_t *)(rec + 1); /* pid, ppid, tid, ptid */

		if (pidset__has(&s->tree, (int)f[1]) && pidset__add(&s->tree, (int)f[0]))
			return -ENOMEM;
	}
	/*
	 * A program on a tracepoint runs for every task, and the events maps take are opened
	 * on every CPU: keep the workload's samples of those only.
	 */
	if (rec->type == PERF_RECORD_SAMPLE && ev && ev->kind != EVSEL_TRACKING && !ev->per_task &&
	    s->follow_tree && !in_workload(s, ev, rec)) {
		s->filtered++;
		return 0;
	}
	return d->fn(d->ctx, rec, cpu, ev);
}

static void handle_signals(struct session *s)
{
	struct signalfd_siginfo si;

	while (read(s->sigfd, &si, sizeof(si)) == sizeof(si)) {
		if (si.ssi_signo != SIGCHLD) {
			pr_debug("stopping on signal %u", si.ssi_signo);
			s->done = true;
			continue;
		}
		if (s->has_workload) {
			int status;

			if (waitpid(s->workload.pid, &status, WNOHANG) == s->workload.pid) {
				s->exit_code = workload__exit_code(status);
				s->has_workload = false;
				s->done = true;
			}
		}
	}
}

static void stop_workload(struct session *s)
{
	int status;

	if (!s->has_workload)
		return;
	kill(s->workload.pid, SIGTERM);
	if (waitpid(s->workload.pid, &status, 0) == s->workload.pid)
		s->exit_code = workload__exit_code(status);
	s->has_workload = false;
}

static int drain(struct session *s, struct deliver *d)
{
	int n = evlist__read(s->evlist, deliver, d);

	if (n >= 0 && s->round_fn) {
		int err = s->round_fn(s->round_ctx);

		if (err)
			return err;
	}
	return n;
}

int session__run(struct session *s, session_record_fn fn, void *ctx)
{
	struct deliver d = { .s = s, .fn = fn, .ctx = ctx };
	int err;

	err = evlist__poll_add_fd(s->evlist, s->sigfd);
	if (!err && s->has_workload)
		err = workload__start(&s->workload);
	while (!err && !s->done) {
		err = evlist__poll(s->evlist, POLL_MS);
		if (err > 0) {
			handle_signals(s);
			err = 0;
		}
		if (!err)
			err = drain(s, &d) < 0 ? -EIO : 0;
	}
	stop_workload(s);
	if (!err)
		err = drain(s, &d) < 0 ? -EIO : 0; /* what the last moments wrote */
	return err;
}
