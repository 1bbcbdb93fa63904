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
#include "record/ksyms.h"
#include "util/errmsg.h"
#include "util/log.h"
#include "util/opts.h"
#include "perfdata/reader.h"
#include "output/print.h"
#include "record/sample.h"
#include "output/threads.h"
#include "record/tpformat.h"

static const char *const script_usage[] = {
	"perf-bpf script [-i FILE] [--json] [-F FIELDS] [-v] [-q]",
	NULL,
};

static const struct opt script_opts_table[] = {
	{ 'i', "input", "FILE", "the perf.data file to read (default ./perf.data, - for stdin)" },
	{ 'j', "json", NULL, "print JSON Lines, one object per sample" },
	{ 'F', "fields", "FIELDS", "comma-separated fields to print (comm,tid,pid,cpu,time,...)" },
	OPT_COMMON,
	OPT_END,
};

struct script {
	const char *input;
	bool json;
	unsigned fields;
	struct pdreader *r;
	struct print_event *pevs;
	struct tep_handle *tep;
	struct threads *threads;
	struct ksyms *ksyms;
	struct printer *printer;
	int name_width;
	uint64_t bad_samples;
};

static int parse(struct script *sc, int argc, char **argv)
{
	struct opts o;
	char *arg;
	int i;

	opts__init(&o, script_opts_table, script_usage, argc, argv, 0);
	while ((i = opts__next(&o, &arg)) >= 0) {
		switch (script_opts_table[i].short_name) {
		case 'i':
			sc->input = arg;
			break;
		case 'j':
			sc->json = true;
			break;
		case 'F':
			if (printer__parse_fields(arg, &sc->fields))
				return EXIT_USAGE;
			break;
		}
	}
	if (i == OPTS_HELP)
		return 0;
	if (i == OPTS_USAGE)
		return EXIT_USAGE;
	if (opts__rest(&o) < argc) {
		opts__misuse(&o, "unexpected argument '%s'", argv[opts__rest(&o)]);
		return EXIT_USAGE;
	}
	return -1;
}

/* perf's name for an event the file does not name. */
static const char *fallback_name(const struct perf_event_attr *a, char *buf, size_t size)
{
	static const char *const sw[] = {
		"cpu-clock",	    "task-clock",   "page-faults",  "context-switches",
		"cpu-migrations",   "minor-faults", "major-faults", "alignment-faults",
		"emulation-faults", "dummy",
	};
	const char *base = "unknown";

	if (a->type == PERF_TYPE_SOFTWARE)
		base = a->config < sizeof(sw) / sizeof(sw[0]) ? sw[a->config] : "unknown-software";
	else if (a->type == PERF_TYPE_TRACEPOINT)
		base = "unknown-tracepoint";
	snprintf(buf, size, "%s%s", base, !a->exclude_host && !a->exclude_guest ? ":HG" : "");
	return buf;
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

static int setup_events(struct script *sc)
{
	size_t n = pdreader__nr_events(sc->r);
	char buf[64];

	sc->pevs = calloc(n ?: 1, sizeof(*sc->pevs));
	if (!sc->pevs)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++) {
		const struct pdreader_event *e = pdreader__event(sc->r, i);
		struct print_event *pe = &sc->pevs[i];
		int w;

		pe->name = e->name ? e->name : strdup(fallback_name(&e->attr, buf, sizeof(buf)));
		if (!pe->name)
			return -ENOMEM;
		pe->type = e->attr.type;
		pe->config = e->attr.config;
		pe->sample_type = e->attr.sample_type;
		pe->period = e->attr.sample_period;
		if (e->attr.type == PERF_TYPE_TRACEPOINT && sc->tep)
			pe->tp = tep_find_event(sc->tep, e->attr.config);
		w = strlen(pe->name);
		if (w > sc->name_width)
			sc->name_width = w;
	}
	return 0;
}

static int new_printer(struct script *sc)
{
	struct print_opts po = {
		.out = stdout,
		.json = sc->json,
		.fields = sc->fields ?: PF_DEFAULT,
		.tep = sc->tep,
		.ksyms = sc->ksyms,
	};

	printer__free(sc->printer);
	sc->printer = printer__new(&po);
	if (!sc->printer)
		return -errno;
	printer__set_name_width(sc->printer, sc->name_width);
	return 0;
}

static void on_sample(struct script *sc, const struct pdreader_record *rec)
{
	const struct print_event *pe;
	struct sample s;

	if (rec->event < 0)
		return;
	pe = &sc->pevs[rec->event];
	if (sample__parse(pe->sample_type, rec->hdr, rec->hdr->size, &s)) {
		sc->bad_samples++;
		return;
	}
	printer__sample(sc->printer, pe, &s, s.has_tid ? threads__comm(sc->threads, s.tid) : NULL);
}

static void on_comm(struct script *sc, const struct pdreader_record *rec, bool fork)
{
	const uint32_t *w = (const uint32_t *)(rec->hdr + 1);
	size_t body = rec->hdr->size - sizeof(*rec->hdr);
	const char *comm;

	if (!fork) {
		if (body < 9)
			return;
		threads__set_comm(sc->threads, w[0], w[1], (const char *)&w[2]);
		return;
	}
	/* FORK: pid, ppid, tid, ptid; the child starts with its parent's name */
	if (body < 16)
		return;
	comm = threads__comm(sc->threads, w[3]);
	if (comm) {
		char name[THREADS_COMM_MAX + 1];

		snprintf(name, sizeof(name), "%s", comm);
		threads__set_comm(sc->threads, w[0], w[2], name);
	}
}

/* A kernel map in the file lets kernel ips resolve, with this machine's symbols. */
static int on_mmap(struct script *sc, const struct pdreader_record *rec)
{
	static const char kname[] = "[kernel.kallsyms]";
	const char *fname = (const char *)rec->hdr + 40;

	if (sc->ksyms || rec->hdr->size < 40 + sizeof(kname) ||
	    (rec->hdr->misc & PERF_RECORD_MISC_CPUMODE_MASK) != PERF_RECORD_MISC_KERNEL ||
	    strncmp(fname, kname, sizeof(kname) - 1))
		return 0;
	sc->ksyms = ksyms__load(NULL);
	if (!sc->ksyms) {
		pr_debug("kernel symbols: %s", strerror(errno));
		return 0;
	}
	printer__flush(sc->printer);
	return new_printer(sc);
}

static void on_lost(struct script *sc, const struct pdreader_record *rec)
{
	struct sample s = {};
	const struct pdreader_event *e = pdreader__event(sc->r, rec->event < 0 ? 0 : rec->event);
	uint64_t lost;

	if (!sc->json || rec->hdr->size < 24)
		return;
	memcpy(&lost, (const char *)rec->hdr + 16, 8);
	if (e && e->attr.sample_id_all)
		sample__parse_id(e->attr.sample_type, rec->hdr, rec->hdr->size, &s);
	printer__lost(sc->printer, &s, lost);
}

static int process(struct script *sc)
{
	struct pdreader_record rec;
	int ret;

	while ((ret = pdreader__next(sc->r, &rec)) > 0) {
		switch (rec.hdr->type) {
		case PERF_RECORD_SAMPLE:
			on_sample(sc, &rec);
			break;
		case PERF_RECORD_COMM:
			on_comm(sc, &rec, false);
			break;
		case PERF_RECORD_FORK:
			on_comm(sc, &rec, true);
			break;
		case PERF_RECORD_MMAP:
			ret = on_mmap(sc, &rec);
			break;
		case PERF_RECORD_LOST:
			on_lost(sc, &rec);
			break;
		}
		if (ret < 0)
			return ret;
	}
	printer__flush(sc->printer);
	return ret;
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
	if (st->truncated)
		pr_warn("'%s' ends inside a record: the recording was cut short", sc->input);
	if (sc->bad_samples)
		pr_warn("%llu samples of '%s' could not be decoded",
			(unsigned long long)sc->bad_samples, sc->input);
}

static int run(struct script *sc)
{
	int err;

	sc->r = pdreader__open(sc->input);
	if (!sc->r) {
		err = errno;
		pr_err("cannot read '%s': %s", sc->input, pdreader__errmsg(NULL));
		if (err == ENOENT)
			pr_hint("record one with 'perf-bpf record -e PROG.c -- COMMAND', or name it with -i");
		return 1;
	}
	sc->threads = threads__new();
	err = sc->threads ? 0 : -ENOMEM;
	err = err ?: load_formats(sc);
	err = err ?: setup_events(sc);
	err = err ?: new_printer(sc);
	if (err) {
		pr_err("cannot print '%s': %s", sc->input, strerror(-err));
		return 1;
	}
	err = process(sc);
	if (err < 0) {
		pr_err("cannot read '%s': %s", sc->input, pdreader__errmsg(sc->r));
		return 1;
	}
	warn_totals(sc);
	return 0;
}

static void cleanup(struct script *sc)
{
	printer__free(sc->printer);
	for (size_t i = 0; sc->r && i < pdreader__nr_events(sc->r); i++)
		if (sc->pevs && sc->pevs[i].name != pdreader__event(sc->r, i)->name)
			free((char *)sc->pevs[i].name);
	free(sc->pevs);
	if (sc->tep)
		tep_free(sc->tep);
	ksyms__free(sc->ksyms);
	threads__free(sc->threads);
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
