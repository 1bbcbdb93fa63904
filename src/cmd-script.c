// SPDX-License-Identifier: GPL-2.0
/*
 * perf-bpf script: print a perf.data file (ours or perf record's) the way perf script
 * 6.1 prints bpf-output and tracepoint samples, or as JSON Lines.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <event-parse.h>

#include "cmds.h"
#include "util/errmsg.h"
#include "util/log.h"
#include "util/opts.h"
#include "record/tpformat.h"
#include "perfdata/buildids.h"
#include "perfdata/format.h"
#include "perfdata/reader.h"
#include "output/consumer.h"
#include "output/jsonhdr.h"
#include "output/view-text.h"
#include "output/views.h"

static const char *const script_usage[] = {
	"perf-bpf script [-i FILE] [--json] [-F FIELDS] [-v] [-q]",
	NULL,
};

struct script {
	const char *input;
	bool json;
	unsigned fields;
	struct pdreader *r;
	struct tep_handle *tep;
	struct consumer *consumer;
};

/* -F: printer__parse_fields() reports a bad list itself. */
static int set_fields(const struct opts *o, const struct opt *row, const char *arg)
{
	return printer__parse_fields(arg, row->value) ? OPTS_USAGE : 0;
}

/* -1 to go on with sc's options filled, or the exit status. */
static int parse(struct script *sc, int argc, char **argv)
{
	const struct opt rows[] = {
		OPT_STRING('i', "input", &sc->input, "FILE",
			   "the perf.data file to read (default ./perf.data, - for stdin)"),
		OPT_BOOL('j', "json", &sc->json, "print JSON Lines, one object per sample"),
		OPT_CALLBACK('F', "fields", &sc->fields, "FIELDS", set_fields,
			     "comma-separated fields to print (comm,tid,pid,cpu,time,...)"),
		OPT_COMMON,
		OPT_END,
	};
	struct opts o;
	int ret = opts__parse(&o, rows, script_usage, argc, argv, 0);

	if (ret)
		return opts__exit_status(ret);
	if (o.nr_operands) {
		opts__misuse(&o, "unexpected argument '%s'", o.operands[0]);
		return EXIT_USAGE;
	}
	return -1;
}

/* libtraceevent formats from the file's TRACING_DATA, as perf script parses them. */
static int load_formats(struct script *sc)
{
	size_t len, n = pdreader__nr_formats(sc->r);
	const char *page = pdreader__header_page(sc->r, &len);

	if (!n)
		return 0;
	sc->tep = tpformat__new_tep();
	if (!sc->tep)
		return -errno;
	if (page && tpformat__parse_header_page(sc->tep, page, len))
		pr_debug("the file's header_page does not parse");
	page = pdreader__printk_formats(sc->r, &len);
	if (page && tpformat__parse_printk_formats(sc->tep, page, len))
		pr_debug("the file's printk formats do not parse");
	for (size_t i = 0; i < n; i++) {
		const struct pdtracing_format *f = pdreader__format(sc->r, i);

		if (tpformat__parse(sc->tep, f->sys, f->text, f->len, NULL))
			pr_warn("a tracepoint format of system '%s' in '%s' does not parse", f->sys,
				sc->input);
	}
	return 0;
}

/* The file's events, as the consumer knows them. */
static int new_consumer(struct script *sc)
{
	struct consumer_opts co = { .tep = sc->tep };
	struct views_opts vo = { .out = stdout, .json = sc->json, .fields = sc->fields };
	size_t n = pdreader__nr_events(sc->r);
	struct event_desc *evs = calloc(n ?: 1, sizeof(*evs));
	int err;

	if (!evs)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++) {
		const struct pdreader_event *e = pdreader__event(sc->r, i);

		evs[i] = (struct event_desc){ .name = e->name, .attr = e->attr };
		if (e->attr.type == PERF_TYPE_TRACEPOINT && sc->tep)
			evs[i].tp = tep_find_event(sc->tep, e->attr.config);
	}
	sc->consumer = consumer__new(&co, evs, n);
	free(evs);
	if (!sc->consumer)
		return -errno;
	err = views__add(sc->consumer, &vo);
	if (!err && sc->json) {
		struct jsonhdr h;

		jsonhdr__from_file(&h, sc->r);
		jsonhdr__write(stdout, &h);
	}
	return err;
}

/* Typed records of the file's channels print as fields (perf-bpf's feature). */
static int load_types(struct script *sc)
{
	size_t len;
	const void *f = pdreader__feature(sc->r, PD_FEAT_PERF_BPF, &len);

	if (f && consumer__set_types(sc->consumer, f, len))
		pr_warn("the BTF in '%s' is damaged: typed records print as bytes", sc->input);
	return 0;
}

/* The maps record stored at the end of its run, after the samples. */
static int print_maps(struct script *sc)
{
	size_t len;
	const void *f = pdreader__feature(sc->r, PD_FEAT_PERF_BPF, &len);

	return f ? consumer__print_maps(sc->consumer, f, len) : 0;
}

/* The input has nothing more yet: what was printed goes out before waiting for it. */
static void flush_output(void *arg)
{
	struct script *sc = arg;

	consumer__flush(sc->consumer);
	fflush(stdout);
}

/* Every record to the consumer; a failure is said here, as the reader's or the printer's. */
static int process(struct script *sc)
{
	struct pdreader_record rec;
	int ret, err = 0;

	while (!err && (ret = pdreader__next(sc->r, &rec)) > 0)
		err = consumer__bytes(sc->consumer, rec.hdr, rec.event);
	if (!err)
		consumer__end(sc->consumer);
	if (!err && ret == 0)
		err = print_maps(sc);
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
	if (consumer__stats(sc->consumer)->bad_samples)
		pr_warn("%llu samples of '%s' could not be decoded",
			(unsigned long long)consumer__stats(sc->consumer)->bad_samples, sc->input);
}

/* The file's build-id table, for its MMAP records without build ids (a seekable file). */
static int add_build_ids(struct script *sc)
{
	struct pdbuildid *ids;
	size_t nr;
	int err = 0;

	if (!strcmp(sc->input, "-") || pdbuildids__read(sc->input, &ids, &nr))
		return 0; /* a damaged table only costs its names */
	for (size_t i = 0; i < nr && !err; i++)
		err = consumer__add_build_id(sc->consumer, ids[i].path, ids[i].id, ids[i].size);
	pdbuildids__free(ids, nr);
	return err;
}

static int run(struct script *sc)
{
	int err;

	sc->r = pdreader__open(sc->input);
	if (!sc->r) {
		if (errno == ENOENT)
			errmsg__hint(
				"record one with 'perf-bpf record -e PROG.c -- COMMAND', or name it with -i");
		errmsg__print(errno, "cannot read '%s'", sc->input);
		return 1;
	}
	err = load_formats(sc);
	err = err ?: new_consumer(sc);
	err = err ?: add_build_ids(sc);
	err = err ?: load_types(sc);
	if (err) {
		pr_err("cannot print '%s': %s", sc->input, strerror(-err));
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
	consumer__free(sc->consumer);
	if (sc->tep)
		tep_free(sc->tep);
	pdreader__free(sc->r);
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
