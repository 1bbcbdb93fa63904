// SPDX-License-Identifier: GPL-2.0
/*
 * perf-bpf trace: run scriptlets and print what they emit, live, as perf script would
 * print it from a recording.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmds.h"
#include "evopts.h"
#include "util/errmsg.h"
#include "util/log.h"
#include "util/pipeout.h"
#include "run/session.h"
#include "output/consumer.h"
#include "output/jsonhdr.h"
#include "output/mapshow.h"
#include "output/views.h"
#include "run/typed.h"
#include "util/clockid.h"

static const char *const trace_usage[] = {
	"perf-bpf trace -e EVENT [-e EVENT]... [-g] [-a | -p PID] [--json] [-o FILE] [-k CLOCK] [--] [CMD [ARG]...]",
	NULL,
};

struct trace {
	struct consumer *consumer;
	FILE *out; /* stdout, or a stream a stop signal can end when stdout is a pipe */
	bool own_out;
	struct mapshow maps;
};

static int trace_record(void *ctx, const struct record *rec, int cpu, struct evsel *ev)
{
	struct trace *t = ctx;

	/* the tracking event only carries task records */
	return consumer__record(t->consumer, rec, ev && ev->kind != EVSEL_TRACKING ? ev->idx : -1);
}

static int trace_flush(void *ctx)
{
	struct trace *t = ctx;

	return mapshow__round(&t->maps, t->consumer) ?: consumer__flush(t->consumer);
}

static int setup_consumer(struct trace *t, struct evlist *el, const struct evopts *eo)
{
	struct consumer_opts co = { .live = true };
	struct views_opts vo = { .out = t->out, .json = eo->json };
	int n = evlist__nr(el);
	struct event_desc *evs = calloc(n ?: 1, sizeof(*evs));

	if (!evs)
		return -ENOMEM;
	for (int i = 0; i < n; i++) {
		const struct evsel *ev = evlist__at(el, i);

		evs[i] = (struct event_desc){ .name = ev->name, .attr = ev->attr };
		if (ev->kind == EVSEL_TRACEPOINT) {
			evs[i].tp_sys = ev->tp_sys;
			evs[i].tp_name = ev->tp_name;
		}
	}
	t->consumer = consumer__new(&co, evs, n);
	free(evs);
	return t->consumer ? views__add(t->consumer, &vo) : -errno;
}

/* Typed records print as fields; the maps print at the end (and every --interval). */
static int setup_types(struct trace *t, struct session *s, const struct evopts *eo)
{
	struct dbuf b = { 0 };
	int err;

	typed__describe(session__typed(s), &b);
	err = b.err ?: consumer__set_types(t->consumer, b.p, b.len);
	dbuf__free(&b);
	return err ?: mapshow__init(&t->maps, session__typed(s), &eo->maps);
}

/* -o FILE: created (or truncated, as perf trace -o does) before anything is compiled. */
static int open_output(struct trace *t, const char *path)
{
	t->out = fopen(path, "we");
	if (!t->out)
		return errmsg__set(-errno, "cannot create '%s': %s", path, strerror(errno));
	t->own_out = true;
	return 0;
}

static void report_losses(struct session *s)
{
	unsigned long bad = session__bad_records(s);
	uint64_t lost = evlist__lost_samples(session__evlist(s));

	if (lost)
		pr_warn("%llu samples lost: the reader fell behind (try a bigger -m)",
			(unsigned long long)lost);
	if (session__filtered(s))
		pr_debug("%lu outputs of tasks outside the target not shown (use -a to see them)",
			 session__filtered(s));
	if (bad)
		pr_debug("%lu records too short for their type not shown", bad);
}

int cmd_trace(int argc, char **argv)
{
	struct evopts eo;
	struct trace t = { 0 };
	struct session *s;
	int err;

	err = evopts__parse(&eo, argc, argv, trace_usage, EVOPTS_TRACE);
	if (err)
		return opts__exit_status(err);
	/* the JSON stream on stdout is ours alone: the command's stdout goes to stderr */
	eo.session.workload_stdout_to_stderr = eo.json && !eo.output;
	if (eo.output && open_output(&t, eo.output)) {
		errmsg__print(errno, "cannot create '%s'", eo.output);
		evopts__exit(&eo);
		return 1;
	}
	s = evopts__check_privileges(&eo) ? NULL : session__new(&eo.session);
	if (!s) {
		errmsg__print(errno, "cannot start tracing");
		if (t.own_out) {
			fclose(t.out);
			unlink(eo.output); /* nothing was written */
		}
		evopts__exit(&eo);
		return 1;
	}
	if (!t.out) {
		t.out = pipeout__stream(STDOUT_FILENO);
		t.own_out = t.out;
		if (!t.out && errno)
			pr_debug("stdout: a pipe, written as a file: %s", strerror(errno));
	}
	if (!t.out)
		t.out = stdout;
	if (eo.json) {
		struct jsonhdr h;

		jsonhdr__host(&h, eo.session.use_clockid ? eo.session.clockid : CLOCKID_PERF);
		jsonhdr__write(t.out, &h);
	}
	err = setup_consumer(&t, session__evlist(s), &eo);
	err = err ?: setup_types(&t, s, &eo);
	if (!err) {
		session__set_round_fn(s, trace_flush, &t);
		err = session__run(s, trace_record, &t);
	}
	if (t.consumer && !err)
		err = mapshow__end(&t.maps, t.consumer) ?: consumer__end(t.consumer);
	mapshow__exit(&t.maps);
	fflush(stdout);
	report_losses(s);
	if (err && ferror(t.out) && eo.output)
		pr_err("tracing stopped: cannot write '%s'", eo.output);
	else if (err && ferror(t.out))
		pr_err("tracing stopped: stdout is a full pipe and a stop signal came");
	else if (err)
		pr_err("tracing stopped: %s", strerror(-err));
	consumer__free(t.consumer);
	if (t.own_out && fclose(t.out) && !err) {
		pr_err("cannot write '%s': %s", eo.output, strerror(errno));
		err = -EIO;
	}
	err = err ? 1 : session__exit_code(s);
	session__free(s);
	evopts__exit(&eo);
	return err;
}
