// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "evopts.h"
#include "event/evparse.h"
#include "util/errmsg.h"
#include "util/log.h"

/* clang-format off */
#define EVOPTS_SHARED_ROWS                                                                   \
	{ 'e', "event", "EVENT", "a BPF scriptlet (FILE.c, FILE.o) or a tracepoint (sys:name)" }, \
	{ 'a', "all-cpus", NULL, "system-wide: every task on every CPU" },                   \
	{ 'p', "pid", "PID", "follow an existing process" },                                 \
	{ 't', "tid", "TID", "follow an existing thread" },                                  \
	{ 'C', "cpu", "CPUS", "only these CPUs (e.g. 0-2,5)" },                              \
	{ 'i', "no-inherit", NULL, "child tasks do not inherit the events" },                \
	{ 'm', "mmap-pages", "PAGES", "data pages per CPU ring buffer (a power of two)" },    \
	{ 0, "clang-path", "PATH", "clang to compile scriptlets with" },                     \
	{ 0, "clang-opt", "OPTIONS", "options passed to clang when compiling scriptlets" }, \
	{ 0, "no-cache", NULL, "compile even if the compile cache has the object" }

static const struct opt trace_rows[] = {
	EVOPTS_SHARED_ROWS,
	{ 'j', "json", NULL, "one JSON object per line instead of perf script's text" },
	OPT_COMMON,
	OPT_END,
};

static const struct opt record_rows[] = {
	EVOPTS_SHARED_ROWS,
	{ 'o', "output", "FILE", "write to FILE (default perf.data)" },
	OPT_COMMON,
	OPT_END,
};
/* clang-format on */

static int parse_uint(const struct opts *o, const char *what, const char *s, long max, long *v)
{
	char *end;

	errno = 0;
	*v = strtol(s, &end, 0);
	if (errno || end == s || *end || *v <= 0 || *v > max)
		return opts__misuse(o, "invalid %s '%s'", what, s);
	return 0;
}

static int take(struct evopts *eo, struct opts *o, int row_short, const char *name, char *arg)
{
	struct session_opts *so = &eo->session;
	long v;

	switch (row_short) {
	case 'e':
		eo->nr_events++;
		return evparse__add(eo->events, arg) ? OPTS_USAGE : 0; /* the caret error is out */
	case 'a':
		so->system_wide = true;
		return 0;
	case 'p':
		if (parse_uint(o, "pid", arg, 1 << 22, &v))
			return OPTS_USAGE;
		so->pid = (int)v;
		return 0;
	case 't':
		if (parse_uint(o, "tid", arg, 1 << 22, &v))
			return OPTS_USAGE;
		so->tid = (int)v;
		return 0;
	case 'C':
		so->cpu_list = arg;
		return 0;
	case 'i':
		so->no_inherit = true;
		return 0;
	case 'm':
		if (parse_uint(o, "number of pages", arg, 1 << 20, &v) || (v & (v - 1)))
			return opts__misuse(o, "-m wants a power of two, not '%s'", arg);
		so->pages = (unsigned int)v;
		return 0;
	case 'j':
		eo->json = true;
		return 0;
	case 'o':
		eo->output = arg;
		return 0;
	}
	if (!strcmp(name, "clang-path"))
		so->compile.clang_path = arg;
	else if (!strcmp(name, "clang-opt"))
		so->compile.clang_opt = arg;
	else if (!strcmp(name, "no-cache"))
		so->compile.no_cache = true;
	return 0;
}

int evopts__parse(struct evopts *eo, int argc, char **argv, const char *const *usage,
		  enum evopts_cmd cmd)
{
	const struct opt *rows = cmd == EVOPTS_RECORD ? record_rows : trace_rows;
	struct opts o;
	char *arg;
	int i, rest;

	memset(eo, 0, sizeof(*eo));
	eo->events = evparse__new();
	if (!eo->events)
		return -ENOMEM;
	eo->session.events = eo->events;
	opts__init(&o, rows, usage, argc, argv, OPTS_STOP_AT_NONOPT);
	while ((i = opts__next(&o, &arg)) != OPTS_DONE) {
		if (i < 0 || take(eo, &o, rows[i].short_name, rows[i].long_name, arg)) {
			evopts__exit(eo);
			return i < 0 ? i : OPTS_USAGE;
		}
	}
	rest = opts__rest(&o);
	if (rest < argc)
		eo->session.argv = argv + rest;
	if (!eo->nr_events) {
		evopts__exit(eo);
		return opts__misuse(&o, "no event given: name a scriptlet with -e FILE.c");
	}
	if (eo->session.pid && eo->session.tid) {
		evopts__exit(eo);
		return opts__misuse(&o, "-p and -t exclude each other: give one");
	}
	if (!eo->session.argv && !eo->session.system_wide && !eo->session.pid && !eo->session.tid)
		eo->session.system_wide = true; /* as perf: no command, no pid: the whole system */
	if (compile__load_perfconfig(&eo->session.compile)) {
		errmsg__print(-EINVAL, "unable to read config file");
		evopts__exit(eo);
		return -EINVAL;
	}
	return 0;
}

void evopts__exit(struct evopts *eo)
{
	evparse__free(eo->events);
	eo->events = NULL;
}
