// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "scopts.h"
#include "event/evparse.h"
#include "syscalls/sccolumns.h"
#include "syscalls/scfdtrack.h"
#include "syscalls/sctable.h"
#include "syscalls/scsel.h"
#include "syscalls/scsig.h"
#include "util/errmsg.h"
#include "util/log.h"

/* More calls than this captured: their formats are read at once (sctable__read_all) */
#define FORMATS_AT_ONCE 32

/* A word of -e that names system calls: a call, a glob matching some, a '!' or a class. */
static bool names_calls(const struct sctable *t, const char *word)
{
	if (word[0] == '!' || word[0] == '%')
		return true;
	for (size_t i = 0; i < sctable__count(t); i++)
		if (!fnmatch(word, sctable__at(t, i)->name, 0))
			return true;
	return false;
}

/* Does word parse as an event (a counter's name, a raw event)? Quietly: errors go nowhere. */
static bool is_event(const char *word)
{
	struct evparse_list *l = evparse__new();
	char *sink = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&sink, &len);
	bool ok = false;

	if (l && f) {
		evparse__set_output(l, f, 80);
		ok = !evparse__add(l, word);
	}
	evparse__free(l);
	if (f)
		fclose(f);
	free(sink);
	return ok;
}

/* An argument that is an event whatever its words: a file, a tracepoint, terms. */
static bool whole_event(const char *arg)
{
	return strpbrk(arg, "/:.=") != NULL;
}

static int push(struct opt_list *l, const char *s)
{
	const char **n = realloc(l->items, sizeof(*n) * (l->nr + 1));

	if (!n)
		return -ENOMEM;
	l->items = n;
	l->items[l->nr++] = s;
	return 0;
}

/* One -e argument split into its events (a new string, kept in *owned) and its terms. */
static int split_arg(struct scopts *sc, const char *arg, struct opt_list *events, char **owned)
{
	char *copy = strdup(arg), *save = NULL, *ev_words = calloc(1, strlen(arg) + 1);
	int err = copy && ev_words ? 0 : -ENOMEM;

	for (char *w = copy ? strtok_r(copy, ",", &save) : NULL; !err && w;
	     w = strtok_r(NULL, ",", &save)) {
		if (names_calls(sc->table, w) || (scsel__looks_like_term(w) && !is_event(w))) {
			char *term = strdup(w);

			err = term ? push(&sc->terms, term) : -ENOMEM;
			if (err)
				free(term);
			continue;
		}
		if (*ev_words)
			strcat(ev_words, ",");
		strcat(ev_words, w);
	}
	free(copy);
	if (!err && *ev_words)
		err = push(events, ev_words);
	if (err || !*ev_words)
		free(ev_words);
	else
		*owned = ev_words;
	return err;
}

/* strace's -e signal=SET (or signals=SET): the set, kept to be read with the other options. */
static int signal_qualifier(struct scopts *sc, const char *arg)
{
	const char *set = NULL;

	if (!strncmp(arg, "signal=", 7))
		set = arg + 7;
	else if (!strncmp(arg, "signals=", 8))
		set = arg + 8;
	if (!set)
		return 0;
	free(sc->signal_set);
	sc->signal_set = strdup(set);
	return sc->signal_set ? 1 : -ENOMEM;
}

int scopts__split(struct scopts *sc, struct opt_list *event_args)
{
	struct opt_list events = { 0 };
	int err = 0;

	sc->table = sctable__new();
	if (!sc->table)
		return -errno;
	sc->owned = calloc(event_args->nr + 1, sizeof(*sc->owned));
	if (!sc->owned)
		return -ENOMEM;
	for (int i = 0; !err && i < event_args->nr; i++) {
		const char *arg = event_args->items[i];
		int q = signal_qualifier(sc, arg);

		if (q)
			err = q < 0 ? q : 0;
		else if (whole_event(arg))
			err = push(&events, arg);
		else
			err = split_arg(sc, arg, &events, &sc->owned[sc->nr_owned++]);
	}
	for (int i = 0; !err && i < sc->ev_args.nr; i++)
		err = push(&events, sc->ev_args.items[i]);
	opts__free_list(event_args);
	*event_args = events;
	return err;
}

/*
 * Capture call nr, reading what its arguments' kinds say; counted alone (the summary only),
 * no argument is read, and the call's tracepoint format is not either.
 */
static void capture(struct scopts *sc, int nr)
{
	const struct sc_desc *d = sc->view.lines ? sctable__get(sc->table, nr) : NULL;

	sc->select[nr / 64] |= 1ULL << (nr % 64);
	if (d)
		sctable__capture_spec(d, &sc->specs[nr]);
	if (d && sc->fd_paths)
		sctable__capture_fds(d, &sc->specs[nr]);
}

/* -y: the calls that make and end descriptors are read, for their paths, if not shown. */
static void track_descriptors(struct scopts *sc)
{
	const char *call;

	if (!sc->fd_paths)
		return;
	for (size_t i = 0; (call = scfdtrack__call(i)); i++) {
		int nr = sctable__nr(sc->table, call);

		if (nr >= 0 && nr < SYSREC_NR_MAX && sctable__in_kernel(sc->table, nr))
			capture(sc, nr);
	}
	sc->view.shown = sc->shown;
}

/* Many calls captured: every format at once, from the cache (syscalls/sctable.h) */
static void read_all_formats(struct sctable *t)
{
	struct cache *c = cache__open(NULL);

	if (c && sctable__read_all(t, c))
		pr_debug("system-call formats: not kept in the cache");
	cache__close(c);
}

/* The calls selected, and what the capture reads of each. */
static int select_calls(struct scopts *sc)
{
	struct scsel sel;
	int err = scsel__init(&sel, sc->table);

	for (int i = 0; !err && i < sc->terms.nr; i++)
		err = scsel__add(&sel, sc->terms.items[i]);
	if (!err && !sc->terms.nr)
		scsel__all(&sel);
	if (!err && sc->view.lines && scsel__count(&sel) > FORMATS_AT_ONCE)
		read_all_formats(sc->table);
	sc->specs = err ? NULL : calloc(SYSREC_NR_MAX, sizeof(*sc->specs));
	if (!err && !sc->specs)
		err = -ENOMEM;
	for (int nr = 0; !err && nr < SYSREC_NR_MAX; nr++) {
		if (!scsel__has(&sel, nr))
			continue;
		sc->shown[nr / 64] |= 1ULL << (nr % 64);
		capture(sc, nr);
	}
	scsel__exit(&sel);
	if (!err)
		track_descriptors(sc);
	return err;
}

/*
 * The signals a set of -e signal= leaves out, a bit each (signo - 1): names with or without
 * SIG, numbers, "all", "none", a leading '!' for all but those. 0, or OPTS_USAGE (reported).
 */
static int hidden_signals(const struct opts *o, const char *set, uint64_t *hidden)
{
	bool all_but = *set == '!';
	char *copy = strdup(set + all_but), *save = NULL;
	uint64_t named = 0;
	int err = 0;

	if (!copy) {
		pr_err("cannot read -e signal=%s: %s", set, strerror(ENOMEM));
		return OPTS_ERROR;
	}
	for (char *w = strtok_r(copy, ",", &save); w && !err; w = strtok_r(NULL, ",", &save)) {
		int sig = scsig__parse(w);

		if (!strcasecmp(w, "all"))
			named = ~0ULL;
		else if (!strcasecmp(w, "none"))
			named = 0;
		else if (sig)
			named |= 1ULL << (sig - 1);
		else
			err = opts__misuse(
				o,
				"unknown signal '%s' in -e signal=: give names (SIGUSR1, "
				"USR1), numbers, all or none",
				w);
	}
	free(copy);
	*hidden = all_but ? named : ~named;
	return err;
}

/* The lines of signals and process ends: shown unless left out, captured if shown. */
static int signal_lines(struct scopts *sc, const struct opts *o)
{
	struct view_syscalls_opts *v = &sc->view;
	int err = 0;

	v->hidden_signals = 0;
	if (sc->signal_set)
		err = hidden_signals(o, sc->signal_set, &v->hidden_signals);
	if (sc->no_signals)
		v->hidden_signals = ~0ULL;
	v->no_exits = sc->no_exits;
	sc->config.signals = v->hidden_signals != ~0ULL;
	sc->config.exits = !v->no_exits;
	return err;
}

/* -U and --summary-sort-by: the summary's columns and the order of its rows. */
static int summary_columns(struct scopts *sc)
{
	struct sccolumns_spec *spec = &sc->view.summary_columns;
	int err = 0;

	if (!sc->summary_columns && !sc->summary_sort)
		return 0;
	/* the values first: a bad one is named whatever else is wrong */
	if (sc->summary_columns)
		err = sccolumns__parse(spec, sc->summary_columns);
	if (!err && sc->summary_sort)
		err = sccolumns__parse_sort(spec, sc->summary_sort);
	if (err) {
		errmsg__print(err, NULL);
		return OPTS_USAGE;
	}
	if (!sc->view.summary) {
		pr_err("%s shapes the summary, and no summary is asked for",
		       sc->summary_columns ? "-U/--summary-columns" : "--summary-sort-by");
		pr_hint("add -s (the summary only) or -S (the calls, then their summary)");
		return OPTS_USAGE;
	}
	return 0;
}

static int summary_mode(const char *name, enum scsummary_mode *mode)
{
	static const char *const names[] = {
		[SCSUMMARY_THREAD] = "thread", [SCSUMMARY_PROCESS] = "process",
		[SCSUMMARY_COMM] = "comm",     [SCSUMMARY_TOTAL] = "total",
		[SCSUMMARY_CGROUP] = "cgroup",
	};

	*mode = SCSUMMARY_THREAD;
	for (size_t i = 0; name && i < sizeof(names) / sizeof(names[0]); i++)
		if (!strcmp(name, names[i])) {
			*mode = (enum scsummary_mode)i;
			return 0;
		}
	return name ? -EINVAL : 0;
}

int scopts__view(struct scopts *sc, const struct opts *o)
{
	struct view_syscalls_opts *v = &sc->view;
	char *end;
	double ms;
	int err;

	if (summary_mode(sc->summary_mode, &v->summary_mode))
		return opts__misuse(o,
				    "--summary-mode wants thread, process, comm, total or cgroup, "
				    "not '%s'",
				    sc->summary_mode);
	if ((sc->errno_summary || sc->summary_mode) && !sc->summary_only && !sc->with_summary) {
		err = opts__misuse(o, "%s shapes the summary, which is not asked for",
				   sc->errno_summary ? "--errno-summary" : "--summary-mode");
		pr_hint("add -s (the summary only) or -S (the calls and the summary)");
		return err;
	}
	if (sc->duration) {
		ms = strtod(sc->duration, &end);
		if (end == sc->duration || *end || !(ms >= 0) || ms > 1e9)
			return opts__misuse(o, "--duration wants milliseconds, not '%s'",
					    sc->duration);
		v->min_duration_ns = (uint64_t)(ms * 1e6);
	}
	v->lines = !sc->summary_only || sc->with_summary;
	v->summary = sc->summary_only || sc->with_summary;
	v->errno_summary = sc->errno_summary;
	err = summary_columns(sc);
	if (err)
		return err;
	v->failure_only = sc->failure;
	v->max_events = sc->max_events;
	v->absolute_time = sc->absolute_time;
	v->strsize = sc->strsize;
	v->verbose_structs = sc->verbose_structs;
	v->fd_paths = sc->fd_paths;
	return signal_lines(sc, o);
}

int scopts__finish(struct scopts *sc, const struct opts *o, int nr_events, bool for_trace)
{
	bool asked = sc->terms.nr || sc->ev_args.nr || sc->summary_only || sc->with_summary;
	int err;

	sc->on = !sc->no_syscalls && (sc->terms.nr || (for_trace && (asked || !nr_events)));
	if (!sc->on) {
		if (sc->terms.nr)
			return opts__misuse(o, "--no-syscalls, but -e names system calls ('%s')",
					    sc->terms.items[0]);
		return 0;
	}
	err = scopts__view(sc, o);
	if (err)
		return err;
	err = select_calls(sc);
	if (err == -ENOMEM) {
		pr_err("cannot select the system calls: %s", strerror(ENOMEM));
		return OPTS_ERROR;
	}
	if (err) {
		errmsg__print(err, NULL);
		return OPTS_ERROR;
	}
	/* the summary alone is counted in the kernel, with no record per call */
	sc->config.mode = sc->view.lines ? SYSCALLS_CAPTURE : SYSCALLS_COUNT;
	sc->config.select = sc->select;
	sc->config.specs = sc->specs;
	sc->config.strsize = sc->strsize;
	sc->config.errnos = sc->errno_summary;
	sc->config.cgroups = sc->view.summary_mode == SCSUMMARY_CGROUP;
	return 0;
}

void scopts__exit(struct scopts *sc)
{
	for (int i = 0; i < sc->terms.nr; i++)
		free((char *)sc->terms.items[i]);
	free(sc->terms.items);
	sc->terms = (struct opt_list){ 0 };
	for (int i = 0; i < sc->nr_owned; i++)
		free(sc->owned[i]);
	free(sc->owned);
	sc->owned = NULL;
	sc->nr_owned = 0;
	opts__free_list(&sc->ev_args);
	free(sc->signal_set);
	sc->signal_set = NULL;
	free(sc->specs);
	sc->specs = NULL;
	sctable__free(sc->table);
	sc->table = NULL;
}
