// SPDX-License-Identifier: GPL-2.0
/*
 * perf-bpf script: print a perf.data file (ours or perf record's) the way perf script
 * 6.1 prints bpf-output and tracepoint samples, or as JSON Lines.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmds.h"
#include "evopts.h"
#include "fmtopts.h"
#include "util/errmsg.h"
#include "util/log.h"
#include "util/opts.h"
#include "perfdata/reader.h"
#include "output/pipeline.h"
#include "output/view-text.h"
#include "lineopts.h"
#include "scopts.h"

static const char *const script_usage[] = {
	"perf-bpf script [-i FILE] [--json] [-F FIELDS] [-s | -S] [-v] [-q]",
	NULL,
};

struct script {
	const char *input;
	bool json;
	unsigned fields;
	struct scopts calls; /* how the system calls of the file show */
	struct lineopts lines; /* which of their lines, and their times */
	struct views_formats fmt;
	struct pdreader *r;
	struct pipeline *p;
};

/* -1 to go on with sc's options filled, or the exit status. */
static int parse(struct script *sc, int argc, char **argv)
{
	const struct opt rows[] = {
		OPT_STRING('i', "input", &sc->input, "FILE",
			   "the perf.data file to read (default ./perf.data, - for stdin)"),
		OPT_BOOL('j', "json", &sc->json, "print JSON Lines, one object per sample"),
		OPT_CALLBACK('F', "fields", &sc->fields, "FIELDS", evopts__set_fields,
			     "comma-separated fields to print (comm,tid,pid,cpu,time,...)"),
		OPT_SYSCALL_SHOW(&sc->calls),
		OPT_LINES(&sc->lines),
		OPT_LINES_STRACE_T(&sc->lines),
		OPT_FOLDED(&sc->fmt),
		OPT_FLAMEGRAPH(&sc->fmt),
		OPT_PPROF(&sc->fmt),
		OPT_TRACE_EVENT(&sc->fmt),
		OPT_PROM(&sc->fmt),
		OPT_COMMON,
		OPT_END,
	};
	struct opts o;
	int ret = opts__parse(&o, rows, script_usage, argc, argv, 0);

	ret = ret ?: scopts__view(&sc->calls, &o);
	ret = ret ?: lineopts__view(&sc->lines, &o, sc->fields, false, &sc->calls.view);
	if (ret)
		return opts__exit_status(ret);
	if (o.nr_operands) {
		opts__misuse(&o, "unexpected argument '%s'", o.operands[0]);
		return EXIT_USAGE;
	}
	return -1;
}

/* The input has nothing more yet: what was printed goes out before waiting for it. */
static void flush_output(void *arg)
{
	struct script *sc = arg;

	pipeline__flush(sc->p);
	fflush(stdout);
}

/* Every record to the views; a failure is said here, as the reader's or the views'. */
static int process(struct script *sc)
{
	struct pdreader_record rec;
	int ret, err = 0;

	while (!err && (ret = pdreader__next(sc->r, &rec)) > 0)
		err = pipeline__bytes(sc->p, rec.hdr, rec.event);
	if (!err)
		err = pipeline__file_end(sc->p, ret == 0);
	if (err)
		pr_err("cannot print '%s': %s", sc->input, strerror(-err));
	else if (ret < 0)
		errmsg__print(ret, "cannot read '%s'", sc->input);
	return err || ret < 0 ? -1 : 0;
}

/* The end-of-run warnings perf script prints, worded as it words them. */
static void warn_totals(struct script *sc)
{
	const struct pdreader_stats *st = pdreader__stats(sc->r);
	uint64_t all = st->nr_samples + st->lost_samples;

	if (quiet)
		return;
	if (st->nr_lost)
		fprintf(stderr,
			"Warning:\nProcessed %llu events and lost %llu chunks!\n\n"
			"Check IO/CPU overload!\n\n",
			(unsigned long long)st->nr_records, (unsigned long long)st->nr_lost);
	if (all && (double)st->lost_samples / all > 0.05)
		fprintf(stderr, "Warning:\nProcessed %llu samples and lost %3.2f%%!\n\n",
			(unsigned long long)all, 100.0 * st->lost_samples / all);
	if (st->nr_unordered)
		fprintf(stderr, "Warning:\n%llu out of order events recorded.\n",
			(unsigned long long)st->nr_unordered);
	if (st->nr_early_flushes)
		pr_warn("%llu rounds outgrew the reading window and were delivered early",
			(unsigned long long)st->nr_early_flushes);
	if (st->truncated)
		pr_warn("'%s' ends inside a record: the recording was cut short", sc->input);
	if (pipeline__stats(sc->p)->bad_samples)
		pr_warn("%llu samples of '%s' could not be decoded",
			(unsigned long long)pipeline__stats(sc->p)->bad_samples, sc->input);
}

static int run(struct script *sc)
{
	struct pipeline_opts po = {
		.views = { .out = stdout,
			   .json = sc->json,
			   .fields = sc->fields,
			   .maps_out = stdout,
			   .syscalls = &sc->calls.view,
			   .fmt = sc->fmt,
			   .batch = true },
	};

	sc->calls.view.out = stdout;
	sc->calls.view.json = sc->json;
	sc->r = pdreader__open(sc->input);
	if (!sc->r) {
		if (errno == ENOENT && strcmp(sc->input, "-"))
			errmsg__hint(
				"record one with 'perf-bpf record -e PROG.c -- COMMAND', or name it with -i");
		errmsg__print(errno, "cannot read '%s'", sc->input);
		return 1;
	}
	sc->p = pipeline__file(&po, sc->r, sc->input);
	if (!sc->p) {
		errmsg__print(errno, "cannot print '%s'", sc->input);
		return 1;
	}
	pdreader__set_wait(sc->r, flush_output, sc);
	if (process(sc))
		return 1;
	warn_totals(sc);
	return 0;
}

static void cleanup(struct script *sc)
{
	pipeline__free(sc->p);
	pdreader__free(sc->r);
	scopts__exit(&sc->calls);
}

int cmd_script(int argc, char **argv)
{
	struct script sc = { .input = "perf.data" };
	static char obuf[1 << 16];
	int ret = parse(&sc, argc, argv);

	if (ret >= 0) {
		errmsg__print(0, NULL); /* a bad -F list says why */
		return ret;
	}
	setvbuf(stdout, obuf, _IOFBF, sizeof(obuf));
	ret = run(&sc);
	cleanup(&sc);
	return ret;
}
