// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "evopts.h"
#include "fmtopts.h"
#include "event/evparse.h"
#include "event/sampling.h"
#include "util/caps.h"
#include "util/clockid.h"
#include "util/errmsg.h"
#include "util/idlist.h"
#include "util/log.h"
#include "util/runcmd.h"
#include "syscalls/sccolumns.h"
#include "output/view-text.h"
#include "run/evlist.h"

#define EVOPTS_PID_MAX (1 << 22) /* the kernel's PID_MAX_LIMIT */
#define EVOPTS_PAGES_MAX (1 << 20)

/* --call-graph MODE: fp only; the modes that need more than frame pointers are refused. */
static int call_graph(const struct opts *o, const struct opt *row, const char *arg)
{
	bool *callchain = row->value;
	size_t len = strcspn(arg, ",");

	if (!strcmp(arg, "fp")) {
		*callchain = true;
		return 0;
	}
	if ((len == 5 && !strncmp(arg, "dwarf", 5)) || !strcmp(arg, "lbr")) {
		errmsg__set(-EOPNOTSUPP,
			    "--call-graph %.*s is not supported: callchains are walked by frame "
			    "pointers only",
			    (int)len, arg);
		errmsg__hint("use --call-graph fp (or -g) on a program built with "
			     "-fno-omit-frame-pointer, or 'perf record --call-graph %.*s'",
			     (int)len, arg);
		errmsg__print(-EOPNOTSUPP, NULL);
		return OPTS_ERROR;
	}
	return opts__misuse(o, "--call-graph wants fp, not '%s'", arg);
}

/* -p LIST, -t LIST: ids separated by commas or blanks, as perf and strace take them. */
static int add_ids(const struct opts *o, struct idlist *l, const char *arg)
{
	const char *bad;
	size_t len;
	int err = idlist__add(l, arg, EVOPTS_PID_MAX, &bad, &len);

	if (err == -ENOMEM) {
		pr_err("cannot read %s: %s", o->name, strerror(ENOMEM));
		return OPTS_ERROR;
	}
	if (err && !len)
		return opts__misuse(o, "option '%s' wants ids, not '%s'", o->name, arg);
	if (err)
		return opts__misuse(o, "option '%s' wants ids from 1 to %d, not '%.*s'", o->name,
				    EVOPTS_PID_MAX, (int)len, bad);
	return 0;
}

static int set_pids(const struct opts *o, const struct opt *row, const char *arg)
{
	return add_ids(o, row->value, arg);
}

/* -t LIST; strace's -tt and -ttt (-t is perf's: the thread to follow) */
static int set_tids(const struct opts *o, const struct opt *row, const char *arg)
{
	struct evopts *eo = row->value;

	if (eo->cmd == EVOPTS_TRACE && lineopts__strace_tt(&eo->lines.time, arg))
		return 0;
	if (!isdigit((unsigned char)arg[strspn(arg, ", \t")]))
		return opts__misuse_hint(
			o,
			eo->cmd == EVOPTS_TRACE ?
				"-t is perf's --tid TID: the threads to follow; "
				"strace's -t is --timestamps here, and -tt and -ttt "
				"are strace's" :
				"-t is perf's --tid TID: the threads to follow",
			"option '-t' wants thread ids, not '%s'", arg);
	return add_ids(o, &eo->tids, arg);
}

/* -F FREQ or max (trace: --freq) */
static int set_freq(const struct opts *o, const struct opt *row, const char *arg)
{
	if (sampling__parse_freq(arg, row->value))
		return opts__misuse(o, "%s wants samples a second (1 or more) or 'max', not '%s'",
				    o->name, arg);
	return 0;
}

/* -c PERIOD */
static int set_period(const struct opts *o, const struct opt *row, const char *arg)
{
	if (sampling__parse_period(arg, row->value))
		return opts__misuse(o, "%s wants a period of 1 or more events, not '%s'", o->name,
				    arg);
	return 0;
}

/* trace's -c PERIOD: a word that is no number is strace's -c, the summary */
static int set_trace_period(const struct opts *o, const struct opt *row, const char *arg)
{
	if (isdigit((unsigned char)*arg))
		return set_period(o, row, arg);
	return opts__misuse_hint(o,
				 "strace's -c, the summary, is -s --summary-mode=total here; -c is "
				 "perf's sampling period of the counters",
				 "%s wants a period of 1 or more events, not '%s'", o->name, arg);
}

/*
 * -G CGROUP, as perf's: a path under the cgroup2 mount or a cgroup's name. No such cgroup
 * is a usage error; no cgroup2 mount, the machine's.
 */
static int set_cgroup(const struct opts *o, const struct opt *row, const char *arg)
{
	struct evopts *eo = row->value;
	int err = cgroups__find(arg, &eo->cgroup);

	(void)o;
	if (!err) {
		eo->session.cgroup_dir = eo->cgroup.dir;
		eo->session.cgroup_id = eo->cgroup.id;
		return 0;
	}
	errmsg__print(err, "cannot trace cgroup '%s'", arg);
	return err == -ENOENT ? OPTS_ERROR : OPTS_USAGE;
}

/* --filter EXPR: for the -e before it, as perf's */
static int add_filter(const struct opts *o, const struct opt *row, const char *arg)
{
	struct evopts *eo = row->value;
	struct evopts_filter *f;

	if (!eo->event_args.nr)
		return opts__misuse(o,
				    "--filter applies to the -e before it: give -e TRACEPOINT "
				    "--filter '%s'",
				    arg);
	f = realloc(eo->filters, sizeof(*f) * (eo->nr_filters + 1));
	if (!f) {
		pr_err("cannot read --filter: %s", strerror(ENOMEM));
		return OPTS_ERROR;
	}
	eo->filters = f;
	f[eo->nr_filters++] =
		(struct evopts_filter){ eo->event_args.items[eo->event_args.nr - 1], arg };
	return 0;
}

/* The events arg made (from the first past skip) take the --filter given after arg. */
static int set_filters(struct evopts *eo, struct opts *o, const char *arg, size_t skip)
{
	struct evparse_event *pe;

	for (int i = 0; i < eo->nr_filters; i++) {
		const char *to = eo->filters[i].event_arg;
		size_t n = 0;

		if (!to || (to != arg && strcmp(to, arg))) /* a word list split is a copy */
			continue;
		evparse__for_each(pe, eo->events) {
			bool prog = pe->kind == EVPARSE_BPF_SOURCE ||
				    pe->kind == EVPARSE_BPF_OBJECT;

			if (n++ < skip)
				continue;
			if (pe->kind != EVPARSE_TRACEPOINT)
				return opts__misuse(o,
						    "--filter applies to tracepoints, and '%s' is "
						    "no tracepoint%s",
						    evparse__event_name(pe),
						    prog ? " (its programs filter their own)" : "");
			if (pe->filter)
				return opts__misuse(o,
						    "one --filter for each -e: join '%s' and '%s' "
						    "with &&",
						    pe->filter, eo->filters[i].expr);
			pe->filter = eo->filters[i].expr;
		}
		eo->filters[i].event_arg = NULL; /* taken */
	}
	return 0;
}

/* Every --filter found its -e: one after system-call names has none. */
static int check_filters(const struct evopts *eo, struct opts *o)
{
	for (int i = 0; i < eo->nr_filters; i++)
		if (eo->filters[i].event_arg)
			return opts__misuse(o,
					    "--filter applies to tracepoints, and the -e before "
					    "--filter '%s' names system calls",
					    eo->filters[i].expr);
	return 0;
}

/* The frequency of the sampling events, within the kernel's limit (which it may lower). */
static void sampling_freq(struct session_opts *so)
{
	unsigned int max = 0;
	bool lowered;

	if (sampling__max_rate(&max))
		pr_debug("cannot read %s: the frequency is not checked", SAMPLING_MAX_RATE_FILE);
	so->freq = sampling__freq(&so->sampling, max, &lowered);
	if (lowered && so->sampling.freq)
		pr_warn("%u samples a second is above the kernel's limit: sampling at %u (sysctl "
			"kernel.perf_event_max_sample_rate)",
			so->sampling.freq, max);
	else if (lowered || so->sampling.freq == SAMPLING_FREQ_MAX)
		pr_debug("sampling at %u a second, the kernel's limit", so->freq);
}

/* Is every CPU of t one of all? */
static bool cpus_within(const struct target *t, const struct target *all)
{
	for (int i = 0; i < t->nr_cpus; i++) {
		bool found = false;

		for (int j = 0; !found && j < all->nr_cpus; j++)
			found = t->cpus[i] == all->cpus[j];
		if (!found)
			return false;
	}
	return true;
}

/* -C CPUS, read as the run reads it, now: a bad list, or a CPU this machine lacks, is a misuse. */
static int check_cpus(const struct opts *o, const char *list)
{
	struct target t = { 0 }, all = { 0 };
	int err;

	if (!list)
		return 0;
	err = target__init_cpus(&t, list);
	if (!err)
		err = target__init_cpus(&all, NULL);
	if (!err && !cpus_within(&t, &all))
		err = -ENODEV;
	target__exit(&t);
	target__exit(&all);
	if (err == -ENOMEM) {
		pr_err("cannot read -C: %s", strerror(ENOMEM));
		return OPTS_ERROR;
	}
	if (err)
		return opts__bad_value(o, "cpu", "-C wants CPUs of this machine (0-2,5), not '%s'",
				       list);
	return 0;
}

/* record with no -e samples what perf record samples: cycles, or cpu-clock with no PMU. */
static int default_event(struct evopts *eo)
{
	const char *name = sampling__default_event();

	pr_debug("no -e: sampling %s%s", name,
		 strcmp(name, "cycles") ? " (the CPU counts no cycles)" : "");
	return evparse__add(eo->events, name);
}

/* What the options say once all are read: -m's value, the events, -p with -t. */
static int check(struct evopts *eo, struct opts *o, enum evopts_cmd cmd)
{
	struct session_opts *so = &eo->session;

	int err;

	if (so->pages & (so->pages - 1))
		return opts__bad_value(o, "mmap-pages", "-m wants a power of two, not '%u'",
				       so->pages);
	err = check_cpus(o, so->cpu_list) ?: lineopts__qualifiers(&eo->lines, o, &eo->event_args);
	if (err)
		return err;
	if (cmd == EVOPTS_RECORD && eo->lines.status)
		return opts__misuse_hint(o, "give it to 'perf-bpf script', which prints the lines",
					 "-e status=%s picks the lines of system calls, and record "
					 "prints none",
					 eo->lines.status);
	err = scopts__split(&eo->sc, &eo->event_args);
	if (err) {
		pr_err("cannot read the events: %s", strerror(-err));
		return OPTS_ERROR;
	}
	if (!eo->event_args.nr && !eo->sc.terms.nr && cmd == EVOPTS_TRACE && eo->sc.no_syscalls)
		return opts__misuse(o, "no event given: name a scriptlet with -e FILE.c");
	if (so->sampling.freq && so->sampling.period)
		return opts__misuse(o, "%s and -c exclude each other: give one",
				    cmd == EVOPTS_RECORD ? "-F" : "--freq");
	sampling_freq(so);
	eo->events = evparse__new();
	if (!eo->events) {
		pr_err("cannot parse the events: %s", strerror(errno));
		return OPTS_ERROR;
	}
	so->events = eo->events;
	for (int i = 0; i < eo->event_args.nr; i++) {
		size_t nr = evparse__count(eo->events);

		if (evparse__add(eo->events, eo->event_args.items[i]))
			return OPTS_USAGE; /* the caret error is out */
		err = set_filters(eo, o, eo->event_args.items[i], nr);
		if (err)
			return err;
	}
	err = check_filters(eo, o);
	if (err)
		return err;
	if (!eo->event_args.nr && !eo->sc.terms.nr && cmd == EVOPTS_RECORD && default_event(eo))
		return OPTS_ERROR;
	if (eo->pids.nr && eo->tids.nr)
		return opts__misuse(o, "-p and -t exclude each other: give one");
	so->pids = eo->pids.ids;
	so->nr_pids = eo->pids.nr;
	so->tids = eo->tids.ids;
	so->nr_tids = eo->tids.nr;
	if (eo->clockid && clockid__parse(eo->clockid, &so->clockid))
		return opts__bad_value(o, "clockid",
				       "unknown clock '%s' for -k: give monotonic, monotonic_raw, "
				       "realtime, boottime, tai or a clock number",
				       eo->clockid);
	so->use_clockid = eo->clockid != NULL;
	so->all_cgroups = eo->all_cgroups;
	err = scopts__finish(&eo->sc, o, eo->event_args.nr, cmd == EVOPTS_TRACE);
	/* checked even with no system call traced: no option goes unread */
	err = err   ?:
		      lineopts__view(&eo->lines, o, eo->fields, eo->sc.on && !eo->event_args.nr,
				     &eo->sc.view);
	if (err || !eo->sc.on)
		return err;
	/*
	 * the cgroup of each call: trace --json's records show it, -S --summary-mode=cgroup
	 * counts by it, record's samples carry it
	 */
	eo->sc.config.cgroup_ids = cmd == EVOPTS_TRACE &&
				   (eo->json || eo->sc.view.summary_mode == SCSUMMARY_CGROUP);
	eo->sc.config.sample_cgroup = eo->all_cgroups;
	so->syscalls = &eo->sc.config;
	if (!so->use_clockid) { /* the capture's clock: calls and samples in one order */
		so->use_clockid = true;
		so->clockid = CLOCK_MONOTONIC;
	}
	return 0;
}

/* strace's -s N is the string size; ours (perf trace's) is the summary: say so. */
static bool strace_strsize(const struct evopts *eo)
{
	const char *w = eo->session.argv ? eo->session.argv[0] : NULL;

	return eo->sc.summary_only && w && *w && strspn(w, "0123456789") == strlen(w);
}

/*
 * strace's -S KEY sorts its summary; ours (perf trace's) is the calls and their summary,
 * and KEY would be the command: say so when KEY is a sort key and no program of that name.
 */
static bool strace_sortby(const struct evopts *eo)
{
	const char *w = eo->session.argv ? eo->session.argv[0] : NULL;
	struct sccolumns_spec spec = { 0 };
	char path[PATH_MAX];

	if (!eo->sc.with_summary || !w || !*w || !runcmd__find_program(w, path, sizeof(path)))
		return false;
	if (sccolumns__parse_sort(&spec, w)) {
		errmsg__clear();
		return false;
	}
	return true;
}

int evopts__set_fields(const struct opts *o, const struct opt *row, const char *arg)
{
	(void)o;
	if (!printer__parse_fields(arg, row->value))
		return 0;
	errmsg__print(-EINVAL, NULL);
	return OPTS_USAGE;
}

/* trace's -F: the fields, as script's; a number is perf record's -F, the frequency */
static int set_trace_fields(const struct opts *o, const struct opt *row, const char *arg)
{
	if (!isdigit((unsigned char)*arg))
		return evopts__set_fields(o, row, arg);
	errmsg__set(-EINVAL, "invalid field '%s': -F names the fields to print", arg);
	errmsg__hint("trace's -F is perf script's, the fields (comm,tid,time,...); the sampling "
		     "frequency is --freq %s",
		     arg);
	errmsg__print(-EINVAL, NULL);
	return OPTS_USAGE;
}

int evopts__parse(struct evopts *eo, int argc, char **argv, const char *const *usage,
		  enum evopts_cmd cmd)
{
	struct session_opts *so = &eo->session;
	const struct opt json = OPT_BOOL('j', "json", &eo->json,
					 "one JSON object per line instead of perf script's text");
	const struct opt output = OPT_STRING('o', "output", &eo->output, "FILE",
					     cmd == EVOPTS_RECORD ?
						     "write to FILE (default perf.data)" :
						     "write to FILE instead of stdout");
	const struct opt all_cgroups = OPT_BOOL(0, "all-cgroups", &eo->all_cgroups,
						"every sample's cgroup, and the cgroups' paths, in "
						"the file (perf report --sort cgroup)");
	const struct opt fields =
		OPT_CALLBACK('F', "fields", &eo->fields, "FIELDS", set_trace_fields,
			     "fields to print, as script's -F (comm,tid,time,... or "
			     "+FIELD,-FIELD; the system-call lines take tod)");
	const struct opt rows[] = {
		OPT_LIST('e', "event", &eo->event_args, "EVENT",
			 "a BPF scriptlet (FILE.c, FILE.o), a tracepoint (sys:name), or system calls "
			 "(openat, 'open*', !close, %file)"),
		OPT_CALLBACK(0, "filter", eo, "EXPR", add_filter,
			     "the kernel's filter for the tracepoints of the -e before it "
			     "('fd == 3')"),
		OPT_BOOL('a', "all-cpus", &so->system_wide, "system-wide: every task on every CPU"),
		OPT_CALLBACK('p', "pid", &eo->pids, "PID", set_pids,
			     "follow existing processes (PID,PID,... or 'PID PID')"),
		OPT_CALLBACK('t', "tid", eo, "TID", set_tids,
			     "follow existing threads (TID,TID,... or 'TID TID')"),
		OPT_STRING('C', "cpu", &so->cpu_list, "CPUS", "only these CPUs (e.g. 0-2,5)"),
		OPT_CALLBACK('G', "cgroup", eo, "CGROUP", set_cgroup,
			     "only the tasks of CGROUP (a path under the cgroup2 mount, or a name) "
			     "and of the cgroups below it"),
		OPT_BOOL('i', "no-inherit", &so->no_inherit,
			 "child tasks do not inherit the events"),
		OPT_BOOL('g', NULL, &so->callchain,
			 "record callchains (kernel and user, by frame pointers)"),
		OPT_CALLBACK(0, "call-graph", &so->callchain, "fp", call_graph,
			     "record callchains: fp (frame pointers) is the one mode"),
		OPT_CALLBACK(cmd == EVOPTS_RECORD ? 'F' : 0, "freq", &so->sampling.freq, "FREQ",
			     set_freq,
			     "sample counters FREQ times a second (default 4000), or 'max'"),
		OPT_CALLBACK('c', "count", &so->sampling.period, "PERIOD",
			     cmd == EVOPTS_TRACE ? set_trace_period : set_period,
			     "sample counters once every PERIOD events"),
		OPT_UINT('m', "mmap-pages", &so->pages, "PAGES", 1, EVOPTS_PAGES_MAX,
			 "data pages per CPU ring buffer (a power of two)"),
		OPT_CLANG(&so->compile),
		OPT_UINT(0, "interval", &eo->maps.interval, "SECONDS", 1, 86400,
			 "print the maps every SECONDS too, not only at the end"),
		OPT_BOOL(0, "clear", &eo->maps.clear, "empty the maps after each --interval print"),
		OPT_BOOL(0, "no-maps", &eo->maps.off, "do not print the maps"),
		OPT_STRING('k', "clockid", &eo->clockid, "CLOCK",
			   "time stamps from CLOCK (monotonic, realtime, boottime, tai, a number)"),
		output,
		OPT_COMMON,
		cmd == EVOPTS_TRACE ? json : all_cgroups,
		cmd == EVOPTS_TRACE ? fields : (struct opt)OPT_END, /* record's rows end here */
		OPT_SYSCALL_VIEW(&eo->sc),
		OPT_LINES(&eo->lines),
		OPT_STRACE_HABITS,
		OPT_FOLDED(&eo->fmt),
		OPT_FLAMEGRAPH(&eo->fmt),
		OPT_PPROF(&eo->fmt),
		OPT_TRACE_EVENT(&eo->fmt),
		OPT_PROM(&eo->fmt),
		OPT_END,
	};
	struct opts o;
	int ret;

	memset(eo, 0, sizeof(*eo));
	eo->cmd = cmd;
	ret = opts__parse(&o, rows, usage, argc, argv, OPTS_STOP_AT_OPERAND);
	if (!ret && o.nr_operands)
		so->argv = o.operands; /* the workload: its own options are not ours */
	ret = ret ?: check(eo, &o, cmd);
	if (!ret && strace_strsize(eo))
		ret = opts__misuse(&o,
				   "-s is the summary, as perf trace's: '%s' is no command "
				   "(strings are cut at --strsize N)",
				   so->argv[0]);
	if (!ret && strace_sortby(eo))
		ret = opts__misuse_hint(
			&o, "strace's -S KEY is --summary-sort-by=KEY here",
			"-S is the calls and their summary, as perf trace's: '%s' is "
			"no command",
			so->argv[0]);
	if (!ret && !so->argv && !so->system_wide && !so->nr_pids && !so->nr_tids)
		so->system_wide = true; /* as perf: no command, no pid: the whole system */
	/* a run's first output waits for no precompiled vmlinux.h: later runs get it */
	so->compile.pch_later = true;
	if (!ret && compile__load_perfconfig(&so->compile)) {
		errmsg__print(-EINVAL, "unable to read config file");
		ret = OPTS_ERROR;
	}
	if (ret)
		evopts__exit(eo);
	return ret;
}

void evopts__exit(struct evopts *eo)
{
	scopts__exit(&eo->sc);
	evparse__free(eo->events);
	eo->events = NULL;
	free(eo->filters);
	eo->filters = NULL;
	idlist__free(&eo->pids);
	idlist__free(&eo->tids);
	eo->session.events = NULL;
	opts__free_list(&eo->event_args);
}

int evopts__check_privileges(const struct evopts *eo)
{
	const struct evparse_event *pe;
	char missing[64];

	evparse__for_each(pe, eo->events) {
		if (pe->kind != EVPARSE_BPF_SOURCE && pe->kind != EVPARSE_BPF_OBJECT)
			continue;
		if (!caps__bpf_missing(missing, sizeof(missing)))
			return 0;
		errmsg__set(-EPERM, "running BPF scriptlets needs CAP_BPF and CAP_PERFMON: %s %s",
			    missing, strchr(missing, ' ') ? "are missing" : "is missing");
		errmsg__hint("run as root, or give perf-bpf both capabilities (e.g. 'setcap "
			     "cap_bpf,cap_perfmon=ep perf-bpf')");
		return -EPERM;
	}
	return 0;
}
