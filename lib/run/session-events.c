// SPDX-License-Identifier: GPL-2.0
/*
 * A session's events from its options: the -e events (counters, tracepoints with their
 * globs, BPF objects and the events of their programs and probes), the map terms and the
 * output channels; then opened on the target and attached, the programs last.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <bpf/libbpf.h>

#include "event/evparse.h"
#include "event/sampling.h"
#include "load/loader.h"
#include "load/probe.h"
#include "load/probeprog.h"
#include "util/errmsg.h"
#include "util/log.h"
#include "util/testhook.h"
#include "event/tpnames.h"
#include "run/channels.h"
#include "run/globals.h"
#include "run/syschan.h"
#include "run/objconf.h"
#include "run/progevent.h"
#include "run/recqueue.h"
#include "run/session-int.h"
#include "run/tpshare.h"
#include "run/typed.h"
#include "record/tpformat.h"

#define DEFAULT_PAGES 256 /* 1 MiB per CPU */
/*
 * The time-ordered queue holds two passes over the rings in a steady run (recqueue.h): its
 * bound leaves room for several, and for what the ring buffers' passes add (channels.c).
 */
#define QUEUE_MIN_BYTES (64ULL << 20)
#define QUEUE_RINGS 4

static int add_tracepoint(struct session *s, const char *sys, const char *name, int prog_fd)
{
	struct evsel *ev = evsel__new_tracepoint(sys, name);

	if (!ev && (errno == EACCES || errno == EPERM))
		return tpformat__denied(sys, name, -errno);
	if (!ev) {
		errmsg__set(-ENOENT, "unknown tracepoint '%s:%s': %s", sys, name, strerror(errno));
		tpnames__hint(sys, name);
		return -ENOENT;
	}
	ev->prog_fd = prog_fd;
	/* a program's event samples nothing before the program is on it: enabled once attached */
	ev->desc.attr.disabled = prog_fd >= 0;
	ev->desc.attr.inherit = !s->opts.no_inherit;
	return evlist__add(s->evlist, ev);
}

/*
 * A sample every period events. Without PERF_SAMPLE_PERIOD, as perf: asked for the period,
 * the kernel makes every hit of a software event or tracepoint a sample (of that period).
 * The samples' period is the attr's.
 */
static void set_period(struct evsel *ev, uint64_t period)
{
	ev->desc.attr.freq = 0;
	ev->desc.attr.sample_period = period;
	ev->desc.attr.sample_type &= ~(uint64_t)PERF_SAMPLE_PERIOD;
}

static void set_freq(struct evsel *ev, uint64_t freq)
{
	ev->desc.attr.freq = 1;
	ev->desc.attr.sample_freq = freq;
	ev->desc.attr.sample_type |= PERF_SAMPLE_PERIOD;
}

/* -F or -c, or perf record's default of 4000 samples a second. */
static void apply_sampling(struct evsel *ev, const struct session_opts *so)
{
	if (so->sampling.period)
		set_period(ev, so->sampling.period);
	else
		set_freq(ev, so->freq ? so->freq : SAMPLING_DEFAULT_FREQ);
}

/* Terms every event takes: name=, period=/freq=, inherit. */
static void apply_terms(struct evsel *ev, const struct evparse_event *pe, bool no_inherit)
{
	if (pe->has_period)
		set_period(ev, pe->period);
	else if (pe->has_freq)
		set_freq(ev, pe->freq);
	if (pe->inherit >= 0)
		ev->desc.attr.inherit = pe->inherit;
	else
		ev->desc.attr.inherit = !no_inherit;
}

/* sys:name with globs: every matching tracepoint of tracefs. */
static int add_tracepoints(struct session *s, const struct evparse_event *pe)
{
	char **names = NULL;
	int n = tpformat__glob(pe->sys, pe->name, &names), err = 0;

	if (n <= 0) {
		errmsg__set(-ENOENT, "unknown tracepoint '%s:%s'%s", pe->sys, pe->name,
			    n < 0 ? ": tracefs unreadable" : "");
		tpnames__hint(pe->sys, pe->name);
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

			if (sampling__given(&s->opts.sampling)) /* as perf's -F and -c */
				apply_sampling(ev, &s->opts);
			ev->filter = pe->filter;
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
		apply_sampling(ev, &s->opts);
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

/*
 * The events of a probe program's points, sampled as tracepoints are, under the names perf gave
 * them ("perf_bpf_probe:EVENT"): the program is put on each before its samples start, and the
 * kernel drops a hit's sample when it returns 0.  Only tracefs probes: a PMU probe belongs to
 * the one perf event that made it, so one per CPU would run the program once per CPU.
 */
static int add_probe_events(struct session *s, const struct probeprog *pp)
{
	bool warned = false;

	for (int i = 0; i < probeprog__nr_events(pp); i++) {
		const char *tname = probeprog__event_name(pp, i);
		char name[128];
		struct evsel *ev;
		int err;

		if (!tname) {
			if (!warned)
				pr_debug(
					"the probe events of '%s' are not sampled: they are PMU probes, "
					"only tracefs probes (k/uprobe_events) are",
					probeprog__event_func(pp, i));
			warned = true;
			continue;
		}
		err = add_tracepoint(s, PROBE_GROUP, tname, probeprog__event_prog_fd(pp, i));
		if (err)
			return err;
		ev = evlist__at(s->evlist, evlist__nr(s->evlist) - 1);
		probe__display_name(tname, name, sizeof(name));
		err = evsel__rename(ev, name);
		if (err)
			return err;
	}
	return 0;
}

static int add_program_events(struct session *s)
{
	int err = loader__open_probes(s->loader);

	for (int i = 0; !err && i < loader__nr_progs(s->loader); i++) {
		const struct loader_prog *p = loader__prog(s->loader, i);

		if (p->load_only)
			continue;
		if (p->attach == LOADER_TRACEPOINT)
			err = add_tracepoint(s, p->sec.group, p->sec.event,
					     bpf_program__fd(p->prog));
		else if (p->attach == LOADER_PROBE)
			err = add_probe_events(s, p->probe);
	}
	return err;
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

	struct channels_opts co = {
		s->loader, s->evlist, NULL, &s->target, s->opts.use_clockid ? s->opts.clockid : -1,
		s->typed
	};

	s->objconf = objconf__new(&o);
	if (!s->objconf)
		return -errno;
	co.objconf = s->objconf;
	s->channels = channels__new(&co);
	return s->channels ? 0 : -errno;
}

/* The target's system calls, captured or counted by perf-bpf's own program. */
static int plan_syscalls(struct session *s)
{
	struct syschan_opts o = {
		.config = s->opts.syscalls,
		.evlist = s->evlist,
		.target = &s->target,
		.by_tid = s->tree_by_tid,
		.ids = s->tree_by_tid ? s->opts.tids : s->opts.pids,
		.nr_ids = s->ctl.has_workload ? 0 :
			  s->tree_by_tid      ? s->opts.nr_tids :
						s->opts.nr_pids,
		.cpus_given = s->opts.cpu_list != NULL,
		.workload_pid = s->ctl.has_workload ? s->ctl.workload.pid : 0,
		.clockid = s->opts.use_clockid ? s->opts.clockid : -1,
	};

	s->syschan = syschan__new(&o);
	if (!s->syschan)
		return -errno;
	return syschan__start_entries(s->syschan);
}

/*
 * -g: the sampled events take their callchains, kernel and user frames, up to the kernel's
 * perf_event_max_stack (sample_max_stack 0), as perf record -g; the tracking event samples
 * nothing.
 */
static void set_callchains(struct evlist *el)
{
	for (int i = 0; i < evlist__nr(el); i++) {
		struct evsel *ev = evlist__at(el, i);

		if (ev->kind != EVSEL_TRACKING)
			ev->desc.attr.sample_type |= PERF_SAMPLE_CALLCHAIN;
	}
}

/*
 * -G with a command, -p or -t: a cgroup's events are per CPU, so the events that would be
 * opened on the target's tasks are opened on every CPU for the cgroup, and the target's
 * samples kept in user space, as those of the events maps take are (outside_target).
 */
static void per_cpu_for_cgroup(struct evlist *el)
{
	for (int i = 0; i < evlist__nr(el); i++) {
		struct evsel *ev = evlist__at(el, i);

		if (ev->kind != EVSEL_TRACKING && !ev->synthetic)
			ev->per_task = false;
	}
}

/* --all-cgroups: the kernel's samples carry the cgroup, the tracking event its new ones. */
static void set_cgroups(struct evlist *el)
{
	for (int i = 0; i < evlist__nr(el); i++) {
		struct evsel *ev = evlist__at(el, i);

		if (ev->kind == EVSEL_TRACKING)
			ev->desc.attr.cgroup = 1;
		else if (!ev->synthetic)
			ev->desc.attr.sample_type |= PERF_SAMPLE_CGROUP;
	}
}

/*
 * As perf: a workload's profile starts at its exec, not in our child before it (execvp's
 * search of PATH is not the workload's). Only the counters and plain tracepoints opened on
 * the workload's task: one opened per CPU (-a, an event map's) has no task
 * to wait for.
 */
static void start_at_exec(struct evlist *el)
{
	for (int i = 0; i < evlist__nr(el); i++) {
		struct evsel *ev = evlist__at(el, i);

		if ((ev->kind == EVSEL_COUNTER ||
		     (ev->kind == EVSEL_TRACEPOINT && ev->prog_fd < 0)) &&
		    ev->per_task) {
			ev->desc.attr.disabled = 1;
			ev->desc.attr.enable_on_exec = 1;
		}
	}
}

/* Each object's globals, from its terms and the target, while they can still be written. */
static int set_globals(struct session *s)
{
	struct globals_target t = { 0 };

	/* one target only: of several, the program sees all and their outputs are sorted here */
	if (s->opts.system_wide)
		;
	else if (s->ctl.has_workload)
		t.tgid = s->ctl.workload.pid;
	else if (s->opts.nr_tids == 1)
		t.tid = s->opts.tids[0];
	else if (!s->opts.nr_tids && s->opts.nr_pids == 1)
		t.tgid = s->opts.pids[0];
	for (int i = 0; i < s->nr_binds; i++) {
		int err = s->binds[i].obj ? globals__apply(s->binds[i].obj, s->binds[i].pe, &t) : 0;

		if (err)
			return err;
	}
	return 0;
}

int session__build_events(struct session *s)
{
	struct evparse_event *pe;
	struct evsel *ev;
	int err;

	/* first: it owns each CPU's ring and reports the workload's comm and forks */
	ev = evsel__new_tracking();
	if (!ev || evlist__add(s->evlist, ev))
		return -ENOMEM;
	ev->desc.attr.inherit = !s->opts.no_inherit;
	s->binds = calloc(evparse__count(s->opts.events) + 1, sizeof(*s->binds));
	if (!s->binds)
		return -ENOMEM;
	evparse__for_each(pe, s->opts.events) {
		err = add_bound_event(s, pe);
		if (err)
			return err;
	}
	for (int i = 0; i < loader__nr_objects(s->loader); i++) {
		err = typed__prepare(s->typed, loader__object(s->loader, i));
		if (err)
			return err;
	}
	err = set_globals(s);
	if (err)
		return err;
	err = loader__load(s->loader);
	if (err)
		return err;
	err = add_program_events(s);
	if (!err)
		tpshare__warn(s->loader, s->evlist);
	if (!err)
		err = progevent__bind(s->loader, s->binds, s->nr_binds);
	if (!err)
		err = plan_objconf(s);
	if (!err)
		typed__bind(s->typed, s->objconf);
	if (!err && s->opts.callchain)
		set_callchains(s->evlist);
	if (!err && s->opts.all_cgroups)
		set_cgroups(s->evlist);
	if (!err && s->target.cgroup_fd > 0)
		per_cpu_for_cgroup(s->evlist);
	if (!err && s->ctl.has_workload && !s->opts.system_wide)
		start_at_exec(s->evlist);
	if (!err && s->opts.syscalls)
		err = plan_syscalls(s);
	return err;
}

static void set_watermarks(struct evlist *el, unsigned int pages)
{
	/* wake the reader a quarter into the ring: batched wake-ups, room to spare */
	for (int i = 0; i < evlist__nr(el); i++) {
		struct evsel *ev = evlist__at(el, i);

		ev->desc.attr.watermark = 1;
		ev->desc.attr.wakeup_watermark = pages * (unsigned int)sysconf(_SC_PAGESIZE) / 4;
	}
}

int session__open_and_attach(struct session *s)
{
	unsigned int pages = s->opts.pages ? s->opts.pages : DEFAULT_PAGES;
	int err;

	set_watermarks(s->evlist, pages);
	for (int i = 0; s->opts.use_clockid && i < evlist__nr(s->evlist); i++) {
		evlist__at(s->evlist, i)->desc.attr.use_clockid = 1;
		evlist__at(s->evlist, i)->desc.attr.clockid = s->opts.clockid;
	}
	err = evlist__open(s->evlist, &s->target, pages);
	if (err)
		return err;
	s->queue_bytes = QUEUE_MIN_BYTES + QUEUE_RINGS * (uint64_t)pages *
						   (uint64_t)sysconf(_SC_PAGESIZE) *
						   (uint64_t)s->target.nr_cpus;
	recqueue__limit(s->queue, s->queue_bytes);
	/* values and fds in place before any program can run */
	err = objconf__apply(s->objconf);
	if (err)
		return err;
	err = channels__start(s->channels);
	if (err)
		return err;
	err = session__synthesize(s);
	if (!err && s->syschan)
		err = syschan__start(s->syschan);
	if (err)
		return err;
	testhook__before_attach();
	for (int i = 0; i < evlist__nr(s->evlist); i++) {
		err = evsel__attach_bpf(evlist__at(s->evlist, i));
		if (err)
			return err;
	}
	return loader__attach(s->loader);
}
