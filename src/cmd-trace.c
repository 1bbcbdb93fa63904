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
#include <traceevent/event-parse.h>

#include "cmds.h"
#include "evopts.h"
#include "record/ksyms.h"
#include "util/errmsg.h"
#include "util/log.h"
#include "output/print.h"
#include "record/sample.h"
#include "run/session.h"
#include "output/threads.h"
#include "record/tpformat.h"

static const char *const trace_usage[] = {
	"perf-bpf trace -e EVENT [-e EVENT]... [-a | -p PID] [--json] [--] [CMD [ARG]...]",
	NULL,
};

struct trace {
	struct printer *printer;
	struct print_event *pevs; /* indexed like the evlist */
	struct evlist *evlist;
	struct threads *threads;
	struct ksyms *ksyms;
	struct tep_handle *tep;
	bool printk_loaded;
	bool *format_tried; /* indexed like the evlist */
	unsigned long samples;
};

/*
 * Tracepoint formats (and the kernel's printk formats) are parsed at an event's first
 * sample: a run whose programs filter every tracepoint sample out never pays for them.
 */
static void load_format(struct trace *t, int idx, const struct evsel *ev)
{
	t->format_tried[idx] = true;
	if (!t->printk_loaded) {
		t->printk_loaded = true;
		tpformat__load_printk_formats(t->tep); /* strings formats print by address */
	}
	if (tpformat__load(t->tep, ev->tp_sys, ev->tp_name, &t->pevs[idx].tp))
		pr_warn("cannot load the format of '%s': its fields are not shown", ev->name);
}

static int trace_record(void *ctx, const struct perf_event_header *rec, int cpu, struct evsel *ev)
{
	struct trace *t = ctx;
	struct sample s;
	int idx;

	if (rec->type == PERF_RECORD_COMM) {
		const uint32_t *ids = (const void *)(rec + 1);

		threads__set_comm(t->threads, ids[0], ids[1], (const char *)(ids + 2));
		return 0;
	}
	if (rec->type != PERF_RECORD_SAMPLE || !ev || ev->kind == EVSEL_TRACKING)
		return 0;
	if (sample__parse(ev->attr.sample_type, rec, rec->size, &s))
		return 0;
	for (idx = 0; evlist__at(t->evlist, idx) != ev; idx++)
		;
	if (ev->kind == EVSEL_TRACEPOINT && !t->format_tried[idx])
		load_format(t, idx, ev);
	printer__sample(t->printer, &t->pevs[idx], &s, threads__comm(t->threads, s.tid));
	t->samples++;
	return 0;
}

static int trace_flush(void *ctx)
{
	struct trace *t = ctx;

	return fflush(stdout) ? -errno : 0;
	(void)t;
}

static bool has_tracepoints(const struct evlist *el)
{
	for (int i = 0; i < evlist__nr(el); i++)
		if (evlist__at(el, i)->kind == EVSEL_TRACEPOINT)
			return true;
	return false;
}

static int setup_printer(struct trace *t, const struct evopts *eo)
{
	struct print_opts po = {
		.out = stdout,
		.json = eo->json,
		.fields = PF_DEFAULT,
	};
	int width = 0, n = evlist__nr(t->evlist);

	t->pevs = calloc(n, sizeof(*t->pevs));
	t->format_tried = calloc(n, sizeof(*t->format_tried));
	t->threads = threads__new();
	if (!t->pevs || !t->format_tried || !t->threads)
		return -ENOMEM;
	for (int i = 0; i < n; i++) {
		struct evsel *ev = evlist__at(t->evlist, i);
		int len = (int)strlen(ev->name);

		t->pevs[i] = (struct print_event){ .name = ev->name,
						   .type = ev->attr.type,
						   .config = ev->attr.config,
						   .sample_type = ev->attr.sample_type };
		if (len > width) /* all events, as perf script aligns a recording's */
			width = len;
	}
	if (has_tracepoints(t->evlist)) {
		t->tep = tpformat__new_tep();
		if (!t->tep)
			return -errno;
	}
	t->ksyms = ksyms__new_lazy(NULL); /* read at the first kernel ip; unreadable: [unknown] */
	po.tep = t->tep;
	po.ksyms = t->ksyms;
	t->printer = printer__new(&po);
	if (!t->printer)
		return -ENOMEM;
	printer__set_name_width(t->printer, width);
	return 0;
}

static void trace_exit(struct trace *t)
{
	printer__free(t->printer);
	free(t->pevs);
	free(t->format_tried);
	threads__free(t->threads);
	ksyms__free(t->ksyms);
	if (t->tep)
		tep_free(t->tep);
}

static void report_losses(struct session *s)
{
	uint64_t lost = evlist__lost_samples(session__evlist(s));

	if (lost)
		pr_warn("%llu samples lost: the reader fell behind (try a bigger -m)",
			(unsigned long long)lost);
	if (session__filtered(s))
		pr_debug("%lu outputs of tasks outside the workload not shown (use -a to see them)",
			 session__filtered(s));
}

int cmd_trace(int argc, char **argv)
{
	struct evopts eo;
	struct trace t = { 0 };
	struct session *s;
	int err;

	err = evopts__parse(&eo, argc, argv, trace_usage, false);
	if (err)
		return err == OPTS_HELP ? 0 : err == OPTS_USAGE ? EXIT_USAGE : 1;
	s = session__new(&eo.session);
	if (!s) {
		errmsg__print(errno, "cannot start tracing");
		evopts__exit(&eo);
		return 1;
	}
	t.evlist = session__evlist(s);
	err = setup_printer(&t, &eo);
	if (!err) {
		session__set_round_fn(s, trace_flush, &t);
		err = session__run(s, trace_record, &t);
	}
	fflush(stdout);
	report_losses(s);
	if (err)
		pr_err("tracing stopped: %s", strerror(-err));
	trace_exit(&t);
	err = err ? 1 : session__exit_code(s);
	session__free(s);
	evopts__exit(&eo);
	return err;
}
