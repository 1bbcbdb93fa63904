// SPDX-License-Identifier: GPL-2.0
/*
 * Pipelines: a consumer, its views, and what a run or a file gives them besides its
 * records.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <traceevent/event-parse.h>

#include "util/errmsg.h"
#include "util/log.h"
#include "util/dbuf.h"
#include "record/tpformat.h"
#include "run/evlist.h"
#include "run/evsel.h"
#include "run/session.h"
#include "run/typed.h"
#include "perfdata/buildids.h"
#include "perfdata/format.h"
#include "perfdata/reader.h"
#include "output/jsonhdr.h"
#include "output/mapstacks.h"
#include "output/mapshow.h"
#include "output/view-syscalls.h"
#include "output/pipeline.h"
#include "output/view-text.h"

struct pipeline {
	struct pipeline_opts o;
	struct consumer *c;
	struct mapshow maps; /* a live run's */
	struct pdreader *r; /* a file's reader (borrowed) */
	const char *path;
	struct tep_handle *tep; /* a file's tracepoint formats */
};

void pipeline__free(struct pipeline *p)
{
	if (!p)
		return;
	consumer__free(p->c);
	if (p->tep)
		tep_free(p->tep);
	free(p);
}

/* ---- a live run ---- */

/*
 * The run's events, as the consumer knows them, and the views the options pick. Without a
 * view of samples (record shows the maps only) the consumer needs no events.
 */
static int live_consumer(struct pipeline *p, const struct evlist *el)
{
	struct consumer_opts co = { .live = true, .ksyms_ahead = views__json_lines(&p->o.views) };
	int n = p->o.views.out ? evlist__nr(el) : 0;
	struct event_desc *evs = calloc(n ?: 1, sizeof(*evs));

	if (!evs)
		return -ENOMEM;
	for (int i = 0; i < n; i++)
		evs[i] = evlist__at(el, i)->desc;
	p->c = consumer__new(&co, evs, n);
	free(evs);
	if (!p->c)
		return -errno;
	return views__add(p->c, &p->o.views);
}

static uint32_t live_stack(void *t, uint32_t obj, uint32_t id, uint64_t *ips, uint32_t max)
{
	return typed__stack(t, obj, id, ips, max);
}

static bool live_has_stacks(void *t, uint32_t obj)
{
	return typed__has_stacks(t, obj);
}

/*
 * Typed records print as fields, the stacks they name read from the run's maps; the maps
 * print at the end (and every --interval).
 */
static int live_types(struct pipeline *p, struct session *s)
{
	struct mapstacks_live live = { live_stack, live_has_stacks, session__typed(s) };
	struct mapstacks *ms = mapstacks__new_live(&live);
	struct dbuf b = { 0 };
	int err;

	typed__describe(session__typed(s), &b);
	err = b.err ?: consumer__set_types(p->c, b.p, b.len);
	dbuf__free(&b);
	if (!ms)
		return -ENOMEM;
	consumer__set_stacks(p->c, ms);
	return err ?: mapshow__init(&p->maps, session__typed(s), &p->o.maps);
}

/* Do the lines show the time of day (-F tod; the system calls' --timestamps)? */
static bool wants_tod(const struct views_opts *o)
{
	return printer__wants_tod(o->fields) ||
	       (o->syscalls && sctime__is_wall(&o->syscalls->time));
}

/* -F tod: the offset of the records' clock to wall-clock time, which the header has too. */
static int tod_offset(struct pipeline *p, const struct jsonhdr *h, const char *source)
{
	if (!wants_tod(&p->o.views) || views__json_lines(&p->o.views))
		return 0;
	if (h->has_offset) {
		p->o.views.tod_offset_ns = h->offset_ns;
		return 0;
	}
	errmsg__set(-EINVAL, "cannot print the time of day (-F tod): %s has no clock data", source);
	errmsg__hint("record it with perf-bpf record, which keeps it, or with perf record -k "
		     "CLOCK (-k monotonic)");
	return -EINVAL;
}

struct pipeline *pipeline__live(const struct pipeline_opts *o, struct session *s)
{
	struct pipeline *p = calloc(1, sizeof(*p));
	struct jsonhdr h;
	int err;

	if (!p)
		return NULL;
	p->o = *o;
	if (views__json_lines(&o->views) || wants_tod(&o->views))
		jsonhdr__host(&h, o->clockid);
	if (views__json_lines(&o->views))
		jsonhdr__write(o->views.out, &h);
	err = tod_offset(p, &h, "the run");
	err = err ?: live_consumer(p, session__evlist(s));
	err = err ?: live_types(p, s);
	if (err) {
		pipeline__free(p);
		errno = -err;
		return NULL;
	}
	return p;
}

int pipeline__session_record(void *ctx, const struct record *rec, int cpu, struct evsel *ev)
{
	struct pipeline *p = ctx;

	/* the tracking event only carries task records */
	return consumer__record(p->c, rec, ev && ev->kind != EVSEL_TRACKING ? ev->idx : -1);
}

/* A periodic look at the maps is taken only when a view shows it (--clear empties them). */
bool pipeline__busy(void *ctx)
{
	return consumer__busy(((struct pipeline *)ctx)->c);
}

int pipeline__round(void *ctx)
{
	struct pipeline *p = ctx;
	int err = p->o.views.maps_out ? mapshow__round(&p->maps, p->c) : 0;

	return err ?: consumer__flush(p->c);
}

int pipeline__end(struct pipeline *p, struct dbuf *keep)
{
	return mapshow__end(&p->maps, p->c, keep) ?: consumer__end(p->c);
}

/* ---- a file ---- */

/* libtraceevent formats from the file's TRACING_DATA, as perf script parses them. */
static int load_formats(struct pipeline *p)
{
	size_t len, n = pdreader__nr_formats(p->r);
	const char *page = pdreader__header_page(p->r, &len);

	if (!n)
		return 0;
	p->tep = tpformat__new_tep();
	if (!p->tep)
		return -errno;
	if (page && tpformat__parse_header_page(p->tep, page, len))
		pr_debug("the file's header_page does not parse");
	page = pdreader__printk_formats(p->r, &len);
	if (page && tpformat__parse_printk_formats(p->tep, page, len))
		pr_debug("the file's printk formats do not parse");
	for (size_t i = 0; i < n; i++) {
		const struct pdtracing_format *f = pdreader__format(p->r, i);

		if (tpformat__parse(p->tep, f->sys, f->text, f->len, NULL))
			pr_warn("a tracepoint format of system '%s' in '%s' does not parse", f->sys,
				p->path);
	}
	return 0;
}

/* The file's events, as the consumer knows them, and the views the options pick. */
static int file_consumer(struct pipeline *p)
{
	struct consumer_opts co = { .tep = p->tep };
	size_t n = pdreader__nr_events(p->r);
	struct event_desc *evs = calloc(n ?: 1, sizeof(*evs));

	if (!evs)
		return -ENOMEM;
	bool calls = false;

	for (size_t i = 0; i < n; i++) {
		const struct pdreader_event *e = pdreader__event(p->r, i);

		evs[i] = e->desc;
		calls |= event_desc__is_sysrec(&e->desc);
		if (e->desc.attr.type == PERF_TYPE_TRACEPOINT && p->tep)
			evs[i].tp = tep_find_event(p->tep, e->desc.attr.config);
	}
	p->c = consumer__new(&co, evs, n);
	free(evs);
	if (!p->c)
		return -errno;
	if (!calls)
		p->o.views.syscalls = NULL; /* no system calls in the file: no view of them */
	return views__add(p->c, &p->o.views);
}

/* The JSON stream starts with where and on what clock the file was recorded. */
static void file_header(struct pipeline *p)
{
	struct jsonhdr h;

	if (!views__json_lines(&p->o.views))
		return;
	jsonhdr__from_file(&h, p->r);
	jsonhdr__write(p->o.views.out, &h);
}

static int add_build_id(const struct pdbuildid *b, void *p)
{
	return consumer__add_build_id(((struct pipeline *)p)->c, b->path, b->id, b->size);
}

/* The file's build-id table, for its MMAP records without build ids (a seekable file). */
static int add_build_ids(struct pipeline *p)
{
	int err;

	if (!strcmp(p->path, "-"))
		return 0;
	err = pdbuildids__each(p->path, add_build_id, p);
	if (err == -ENOSPC)
		pr_warn("the build-id table of '%s' is too large: only its first entries are used",
			p->path);
	return err == -ENOMEM ? err : 0; /* a damaged table only costs its names */
}

/* Typed records of the file's channels print as fields (perf-bpf's feature). */
static void load_types(struct pipeline *p)
{
	size_t len;
	const void *f = pdreader__feature(p->r, PD_FEAT_PERF_BPF, &len);

	if (f && consumer__set_types(p->c, f, len))
		pr_warn("the BTF in '%s' is damaged: typed records print as bytes", p->path);
}

/*
 * The stack maps typed records name are dumped at the end of the run, after the records: a
 * file that can be read twice is read once first for them (its records unused), so that
 * each record's stacks print with it. Its warnings are said by the pass that prints.
 */
static void load_file_stacks(struct pipeline *p)
{
	struct pdreader_record rec;
	struct pdreader *r;
	struct mapstacks *ms = NULL;
	const void *f;
	size_t len;
	int was_quiet = quiet;

	if (!strcmp(p->path, "-") || !consumer__wants_stacks(p->c))
		return;
	quiet = 1;
	r = pdreader__open(p->path);
	while (r && pdreader__next(r, &rec) > 0)
		;
	f = r ? pdreader__feature(r, PD_FEAT_PERF_BPF, &len) : NULL;
	ms = f ? mapstacks__new(f, len) : NULL;
	if (ms)
		consumer__set_stacks(p->c, ms);
	pdreader__free(r);
	quiet = was_quiet;
}

struct pipeline *pipeline__file(const struct pipeline_opts *o, struct pdreader *r, const char *path)
{
	struct pipeline *p = calloc(1, sizeof(*p));
	char source[PATH_MAX + 2];
	struct jsonhdr h;
	int err;

	if (!p)
		return NULL;
	*p = (struct pipeline){ .o = *o, .r = r, .path = path };
	jsonhdr__from_file(&h, r);
	snprintf(source, sizeof(source), "'%s'", path);
	err = tod_offset(p, &h, source) ?: load_formats(p) ?: file_consumer(p);
	if (!err) {
		file_header(p);
		err = add_build_ids(p);
	}
	if (err) {
		pipeline__free(p);
		errno = -err;
		return NULL;
	}
	load_types(p);
	load_file_stacks(p);
	return p;
}

/* The maps record stored at the end of its run, after the samples. */
static int file_maps(struct pipeline *p)
{
	size_t len;
	const void *f = pdreader__feature(p->r, PD_FEAT_PERF_BPF, &len);
	struct stopsig_catch cut;
	int err;

	if (!f)
		return 0;
	stopsig__cut_begin(&cut);
	err = consumer__print_maps(p->c, f, len);
	mapshow__cut_end(&cut);
	return err;
}

int pipeline__file_end(struct pipeline *p, bool whole)
{
	/* as a live run ends: the last look at the maps, then the views' ends */
	int err = whole ? file_maps(p) : 0, end = consumer__end(p->c);

	return err ?: end;
}

/* ---- feeding ---- */

int pipeline__bytes(struct pipeline *p, const struct perf_event_header *hdr, int ev)
{
	return consumer__bytes(p->c, hdr, ev);
}

int pipeline__flush(struct pipeline *p)
{
	return consumer__flush(p->c);
}

const struct consumer_stats *pipeline__stats(const struct pipeline *p)
{
	return consumer__stats(p->c);
}
