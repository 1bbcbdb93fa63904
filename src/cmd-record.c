// SPDX-License-Identifier: GPL-2.0
/*
 * perf-bpf record: run scriptlets and write what they emit, with the events they
 * filter, to a perf.data file that perf-bpf script and stock perf script both read.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmds.h"
#include "evopts.h"
#include "util/clockid.h"
#include "util/errmsg.h"
#include "util/log.h"
#include "perfdata/format.h"
#include "perfdata/clockfeat.h"
#include "perfdata/writer.h"
#include "output/pipeline.h"
#include "run/typed.h"
#include "run/session.h"

static const char *const record_usage[] = {
	"perf-bpf record [-e EVENT]... [-F FREQ | -c PERIOD] [-o FILE] [-g] [-k CLOCK] [-a | -p PID] [--] [CMD [ARG]...]",
	NULL,
};

struct recorder {
	struct pdwriter *writer;
	unsigned long samples;
	int err;
	struct pipeline *p; /* shows the maps */
};

static int record_record(void *ctx, const struct record *rec, int cpu, struct evsel *ev)
{
	struct recorder *r = ctx;
	int err;

	if (rec->type == PERF_RECORD_SAMPLE && ev && ev->kind != EVSEL_TRACKING)
		r->samples++;
	err = pdwriter__write(r->writer, rec->hdr, rec->size);
	if (err)
		r->err = err;
	return err;
}

static int record_span(void *ctx, const struct iovec *iov, int n, unsigned int nr)
{
	struct recorder *r = ctx;
	int err = pdwriter__write_span(r->writer, iov, n);

	r->samples += nr;
	if (err)
		r->err = err;
	return err;
}

static int record_round(void *ctx)
{
	struct recorder *r = ctx;
	int err = pdwriter__finish_round(r->writer);

	pipeline__round(r->p);
	if (err)
		r->err = err;
	return err;
}

/* CMDLINE gets the program's name, then record's own argv ("record", ...), as perf writes it. */
static int start_writer(struct pdwriter *w, struct evlist *el, int argc, char **argv)
{
	int n = evlist__nr(el), err;
	struct pdwriter_event *evs = calloc(n, sizeof(*evs));
	char *prog = program_invocation_name;
	char **full = malloc(sizeof(*full) * (argc + 1));
	struct pdwriter_opts po = { .argc = argc + 1, .argv = full };

	if (!evs || !full) {
		free(evs);
		free(full);
		return -ENOMEM;
	}
	full[0] = prog;
	memcpy(full + 1, argv, sizeof(*full) * argc);
	for (int i = 0; i < n; i++) {
		struct evsel *ev = evlist__at(el, i);

		evs[i] = (struct pdwriter_event){ &ev->desc, ev->ids, ev->nr_fds };
	}
	err = pdwriter__start(w, evs, n, &po);
	free(evs);
	free(full);
	return err;
}

/* Losses at the very end have no LOST record from the kernel: write one for them. */
static int write_unreported_lost(struct pdwriter *w, const struct evlist *el)
{
	uint64_t reported = evlist__lost(el), total = evlist__lost_samples(el);

	return total > reported ? pdwriter__synth_lost(w, total - reported) : 0;
}

/* The maps on stderr as the run goes (not with -q), and the last look kept for the file. */
static int show_maps(struct recorder *r, struct session *s, const struct mapshow_opts *o)
{
	struct pipeline_opts po = { .views = { .maps_out = quiet ? NULL : stderr }, .maps = *o };

	r->p = pipeline__live(&po, s);
	return r->p ? 0 : -errno;
}

/* The BTF and the channels' types go into the file: script decodes from it alone. */
static void store_types(struct recorder *r, struct session *s)
{
	struct dbuf b = { 0 };

	typed__describe(session__typed(s), &b);
	if (!b.err && b.len)
		r->err = pdwriter__add_feature(r->writer, PD_FEAT_PERF_BPF, b.p, b.len);
	dbuf__free(&b);
}

/* The maps at the end: on stderr, and into the file for script. */
static int store_maps(struct recorder *r)
{
	struct dbuf b = { 0 };
	int err = pipeline__end(r->p, &b);

	if (!err && !b.err && b.len)
		err = pdwriter__add_feature(r->writer, PD_FEAT_PERF_BPF, b.p, b.len);
	dbuf__free(&b);
	return err;
}

static void report(const struct recorder *r, struct session *s, const char *path, uint64_t bytes)
{
	uint64_t lost = evlist__lost_samples(session__evlist(s));

	if (!quiet)
		fprintf(stderr,
			"[ perf-bpf record: Captured and wrote %.3f MB %s (%lu samples) ]\n",
			bytes / 1024.0 / 1024.0, path, r->samples);
	if (lost)
		pr_warn("%llu samples lost: the writer fell behind (try a bigger -m)",
			(unsigned long long)lost);
	if (session__filtered(s))
		pr_debug("%lu outputs of tasks outside the target not recorded (use -a to record "
			 "them)",
			 session__filtered(s));
}

static int run(struct evopts *eo, int argc, char **argv)
{
	const char *path = eo->output ? eo->output : "perf.data";
	struct recorder r = { 0 };
	struct session *s;
	uint64_t bytes;
	int err, cerr;

	err = evopts__check_privileges(eo);
	if (err) {
		errmsg__print(err, "cannot start recording");
		return 1;
	}
	/* first: waiting for a FIFO's reader, or failing, holds nothing loaded */
	r.writer = pdwriter__create(path);
	if (!r.writer) {
		errmsg__print(errno, "cannot create '%s'", path);
		return 1;
	}
	/* as perf does: the workload's output goes to stderr, not into the stream */
	eo->session.workload_stdout_to_stderr = pdwriter__on_stdout(r.writer);
	s = session__new(&eo->session);
	if (!s) {
		err = errno;
		pdwriter__discard(r.writer);
		errmsg__print(err, "cannot start recording");
		return 1;
	}
	err = clockfeat__add(r.writer,
			     eo->session.use_clockid ? eo->session.clockid : CLOCKID_PERF);
	err = err ?: start_writer(r.writer, session__evlist(s), argc, argv);
	err = err ?: show_maps(&r, s, &eo->maps);
	if (err) {
		pdwriter__discard(r.writer);
		errmsg__print(err, "cannot write '%s'", path);
		session__free(s);
		return 1;
	}
	store_types(&r, s); /* before the first kernel record: a header record */
	pdwriter__synth_kernel_mmap(r.writer);
	session__set_round_fn(s, record_round, &r);
	session__set_span_fn(s, record_span, PDWRITER_SPAN_MAX);
	err = session__run(s, record_record, &r);
	if (!r.err)
		r.err = write_unreported_lost(r.writer, session__evlist(s));
	if (!r.err)
		r.err = store_maps(&r);
	bytes = pdwriter__bytes(r.writer);
	cerr = pdwriter__close(r.writer);
	if ((r.err ? r.err : cerr) == -EINTR) {
		pr_err("stopped by a signal while waiting for a reader of '%s'", path);
	} else if (r.err || cerr) {
		pr_err("cannot write '%s': %s", path, strerror(-(r.err ? r.err : cerr)));
		if ((r.err ? r.err : cerr) == -ENOSPC)
			pr_hint("the disk is full; what was written before is readable");
	} else if (err) {
		pr_err("recording stopped: %s", strerror(-err));
	}
	report(&r, s, path, bytes);
	err = (err || r.err || cerr) ? 1 : session__exit_code(s);
	pipeline__free(r.p);
	session__free(s);
	return err;
}

int cmd_record(int argc, char **argv)
{
	struct evopts eo;
	int err = evopts__parse(&eo, argc, argv, record_usage, EVOPTS_RECORD);

	if (err)
		return opts__exit_status(err);
	err = run(&eo, argc, argv);
	evopts__exit(&eo);
	return err;
}
