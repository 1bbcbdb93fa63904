// SPDX-License-Identifier: GPL-2.0
/*
 * The consumer: records in, resolved once, out to every view. Tracepoint formats (and the
 * kernel's printk formats) of a live run are parsed at an event's first sample, so a run
 * whose programs filter every tracepoint sample out never pays for them. What the views
 * need resolved is asked once per event, not per sample.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <traceevent/event-parse.h>

#include "util/log.h"
#include "record/rectask.h"
#include "record/tpformat.h"
#include "resolve/resolver.h"
#include "output/consumer.h"
#include "output/mapstacks.h"
#include "output/typeset.h"
#include "output/view.h"

/* needs[] of an event not asked yet (or whose description changed since) */
#define NEEDS_STALE (1u << 31)

struct consumer {
	struct consumer_opts o;
	struct event_desc *evs; /* named (fallback_names), formats and types filled in */
	bool *seen; /* the event's first sample came (a live format was asked for then) */
	char **fallback_names; /* perf's names for unnamed events, owned */
	size_t nr_evs;
	struct tep_handle *own_tep; /* made when the caller gave none */
	bool printk_loaded;
	struct resolver *res;
	bool dwarf_warned;
	struct view **views;
	size_t nr_views;
	struct view **samplers; /* the views with a sample callback, in order */
	size_t nr_samplers;
	bool begun; /* the views were told the events */
	unsigned *needs; /* per event: what its samples get resolved, the views' union */
	struct typeset *types; /* channel record types and BTF, once given */
	struct mapstacks *stacks; /* where the stacks typed records name are read */
	struct stackkey *stack_keys; /* per event: the stack fields of its records' type */
	int *stack_obj; /* per event: the object of its type, -1: its records name no stack */
	struct resolved_stack stack_buf[MAPSTACKS_MAX_FIELDS];
	struct rectask *rb_tasks; /* per event: the fields a ring buffer's record names */
	char rb_comm[64]; /* the name of the ring buffer record being shown */
	struct consumer_stats st;
};

/* perf's name for an event the file does not name. */
static char *fallback_name(const struct perf_event_attr *a)
{
	static const char *const sw[] = {
		"cpu-clock",	    "task-clock",   "page-faults",  "context-switches",
		"cpu-migrations",   "minor-faults", "major-faults", "alignment-faults",
		"emulation-faults", "dummy",
	};
	const char *base = "unknown";
	char buf[64];

	if (a->type == PERF_TYPE_SOFTWARE)
		base = a->config < sizeof(sw) / sizeof(sw[0]) ? sw[a->config] : "unknown-software";
	else if (a->type == PERF_TYPE_TRACEPOINT)
		base = "unknown-tracepoint";
	snprintf(buf, sizeof(buf), "%s%s", base,
		 !a->exclude_host && !a->exclude_guest ? ":HG" : "");
	return strdup(buf);
}

static int setup_events(struct consumer *c, const struct event_desc *evs)
{
	size_t n = c->nr_evs ?: 1;

	c->evs = calloc(n, sizeof(*c->evs));
	c->seen = calloc(n, sizeof(*c->seen));
	c->fallback_names = calloc(n, sizeof(*c->fallback_names));
	c->needs = calloc(n, sizeof(*c->needs));
	c->stack_keys = calloc(n, sizeof(*c->stack_keys));
	c->stack_obj = calloc(n, sizeof(*c->stack_obj));
	c->rb_tasks = calloc(n, sizeof(*c->rb_tasks));
	if (!c->evs || !c->seen || !c->fallback_names || !c->needs || !c->stack_keys ||
	    !c->stack_obj || !c->rb_tasks)
		return -ENOMEM;
	for (size_t i = 0; i < c->nr_evs; i++) {
		c->stack_obj[i] = -1;
		c->needs[i] = NEEDS_STALE;
		c->evs[i] = evs[i];
		if (!evs[i].name) {
			c->fallback_names[i] = fallback_name(&evs[i].attr);
			if (!c->fallback_names[i])
				return -ENOMEM;
			c->evs[i].name = c->fallback_names[i];
		}
	}
	return 0;
}

/* A live tracepoint whose format is read from tracefs at its first sample. */
static bool format_wanted(const struct consumer *c, size_t idx)
{
	return c->o.live && c->evs[idx].tp_sys && c->evs[idx].tp_name && !c->evs[idx].tp;
}

static bool needs_tep(const struct consumer *c)
{
	for (size_t i = 0; i < c->nr_evs; i++)
		if (format_wanted(c, i))
			return true;
	return false;
}

static struct tep_handle *tep_of(const struct consumer *c)
{
	return c->o.tep ?: c->own_tep;
}

static int setup_resolver(struct consumer *c)
{
	if (!c->o.tep && needs_tep(c)) {
		c->own_tep = tpformat__new_tep();
		if (!c->own_tep)
			return -errno;
	}
	c->res = resolver__new(c->o.live);
	if (!c->res)
		return -errno;
	if (c->o.ksyms_ahead)
		resolver__load_ahead(c->res);
	resolver__set_tep(c->res, tep_of(c));
	return 0;
}

int consumer__add_view(struct consumer *c, struct view *v)
{
	struct view **n;

	if (!v)
		return -errno;
	if (c->begun) {
		view__free(v);
		return -EBUSY;
	}
	n = realloc(c->views, (c->nr_views + 1) * sizeof(*n));
	if (!n) {
		view__free(v);
		return -ENOMEM;
	}
	c->views = n;
	c->views[c->nr_views++] = v;
	return 0;
}

struct consumer *consumer__new(const struct consumer_opts *opts, const struct event_desc *events,
			       size_t nr_events)
{
	struct consumer *c = calloc(1, sizeof(*c));
	int err;

	if (!c)
		return NULL;
	c->o = *opts;
	c->nr_evs = nr_events;
	err = setup_events(c, events);
	if (!err)
		err = setup_resolver(c);
	if (err) {
		consumer__free(c);
		errno = -err;
		return NULL;
	}
	return c;
}

void consumer__free(struct consumer *c)
{
	if (!c)
		return;
	for (size_t i = 0; i < c->nr_views; i++)
		view__free(c->views[i]);
	free(c->views);
	free(c->samplers);
	free(c->needs);
	free(c->stack_keys);
	free(c->stack_obj);
	free(c->rb_tasks);
	mapstacks__free(c->stacks);
	typeset__free(c->types);
	for (size_t i = 0; c->fallback_names && i < c->nr_evs; i++)
		free(c->fallback_names[i]);
	free(c->fallback_names);
	free(c->evs);
	free(c->seen);
	resolver__free(c->res); /* before the tep it resolves for */
	if (c->own_tep)
		tep_free(c->own_tep);
	free(c);
}

/* A live tracepoint's format, from tracefs, at its first sample. */
static void load_format(struct consumer *c, size_t idx)
{
	struct event_desc *e = &c->evs[idx];

	if (!tep_of(c))
		return;
	if (!c->printk_loaded) {
		c->printk_loaded = true;
		tpformat__load_printk_formats(tep_of(c)); /* strings formats print by address */
	}
	if (tpformat__load(tep_of(c), e->tp_sys, e->tp_name, &e->tp))
		pr_warn("cannot load the format of '%s': its fields are not shown", e->name);
	c->needs[idx] = NEEDS_STALE;
}

/* The views learn the events before the first record reaches them. */
static int begin_views(struct consumer *c)
{
	struct view_stream st = { .events = c->evs, .nr_events = c->nr_evs };
	int err = 0;

	c->begun = true;
	c->samplers = calloc(c->nr_views ?: 1, sizeof(*c->samplers));
	if (!c->samplers)
		return -ENOMEM;
	for (size_t i = 0; i < c->nr_views; i++)
		if (c->views[i]->ops->sample)
			c->samplers[c->nr_samplers++] = c->views[i];
	for (size_t i = 0; i < c->nr_views && !err; i++)
		if (c->views[i]->ops->begin)
			err = c->views[i]->ops->begin(c->views[i]->priv, &st);
	return err;
}

static inline int begin(struct consumer *c)
{
	return c->begun ? 0 : begin_views(c);
}

/* What the samples of event ev get resolved: what any view shows of them. */
static unsigned needs_of(struct consumer *c, size_t ev)
{
	unsigned what = 0;

	if (!(c->needs[ev] & NEEDS_STALE))
		return c->needs[ev];
	for (size_t i = 0; i < c->nr_views; i++)
		if (c->views[i]->ops->needs)
			what |= c->views[i]->ops->needs(c->views[i]->priv, &c->evs[ev]);
	c->needs[ev] = what & ~NEEDS_STALE;
	return c->needs[ev];
}

/* What an event's first sample asks: its format (live), a warning for what is not shown. */
static void first_sample(struct consumer *c, size_t ev)
{
	c->seen[ev] = true;
	if (format_wanted(c, ev))
		load_format(c, ev);
	if (!c->dwarf_warned && (c->evs[ev].attr.sample_type & PERF_SAMPLE_STACK_USER)) {
		c->dwarf_warned = true;
		pr_warn("'%s' has --call-graph dwarf stacks: they are not unwound, only the "
			"frame-pointer callchain is printed",
			c->evs[ev].name);
	}
}

/* The stacks a typed record's fields name, when it holds them whole. */
static void resolve_stacks(struct consumer *c, int ev, struct resolved_sample *rs)
{
	const struct stackkey *sk = &c->stack_keys[ev];
	const struct sample *s = rs->s;

	for (int i = 0; i < sk->nr_ids; i++)
		if (sk->ids[i].off + sk->ids[i].size > s->raw_size)
			return;
	rs->nr_stacks = mapstacks__resolve(c->stacks, c->res, c->stack_obj[ev], sk, s->raw, s->pid,
					   c->stack_buf);
	rs->stacks = c->stack_buf;
}

static int on_sample(struct consumer *c, const struct record *rec, int ev)
{
	const struct sample *s = &rec->s;
	struct resolved_sample rs;
	int err = 0;

	if (ev < 0 || (size_t)ev >= c->nr_evs)
		return 0;
	if (!rec->decoded) {
		c->st.bad_samples++;
		return 0;
	}
	if (!c->seen[ev])
		first_sample(c, ev);
	resolver__sample(c->res, &c->evs[ev], s, needs_of(c, ev), &rs);
	/* a ring buffer record's name is its own, when its type has one (record/rectask.h) */
	if (c->rb_tasks[ev].comm.name && s->has_raw &&
	    rectask__comm(&c->rb_tasks[ev], s->raw, s->raw_size, c->rb_comm, sizeof(c->rb_comm)))
		rs.comm = c->rb_comm;
	if (c->stack_obj[ev] >= 0 && s->has_raw)
		resolve_stacks(c, ev, &rs);
	for (size_t i = 0; i < c->nr_samplers && !err; i++)
		err = c->samplers[i]->ops->sample(c->samplers[i]->priv, &rs);
	c->st.samples++;
	return err;
}

static int on_lost(struct consumer *c, const struct record *rec)
{
	int err = 0;

	for (size_t i = 0; i < c->nr_views && !err; i++)
		if (c->views[i]->ops->lost)
			err = c->views[i]->ops->lost(c->views[i]->priv, &rec->s, rec->lost.lost);
	return err;
}

/* COMM, FORK, EXIT, CGROUP: the resolver's first, then the views'. */
static int on_task(struct consumer *c, const struct record *rec)
{
	int err = resolver__record(c->res, rec);

	for (size_t i = 0; i < c->nr_views && !err; i++)
		if (c->views[i]->ops->task)
			err = c->views[i]->ops->task(c->views[i]->priv, rec);
	return err;
}

int consumer__record(struct consumer *c, const struct record *rec, int ev)
{
	int err = begin(c);

	if (err)
		return err;
	if (rec->type == PERF_RECORD_SAMPLE)
		return on_sample(c, rec, ev);
	if (!rec->decoded)
		return 0;
	switch (rec->type) {
	case PERF_RECORD_LOST:
		return on_lost(c, rec);
	case PERF_RECORD_COMM:
	case PERF_RECORD_FORK:
	case PERF_RECORD_EXIT:
	case PERF_RECORD_CGROUP:
		return on_task(c, rec);
	default:
		return resolver__record(c->res, rec);
	}
}

int consumer__bytes(struct consumer *c, const struct perf_event_header *hdr, int ev)
{
	const struct perf_event_attr *a;
	struct record_layout layout = { 0 };
	struct record rec;

	if (ev >= 0 && (size_t)ev < c->nr_evs)
		a = &c->evs[ev].attr;
	else
		a = c->nr_evs && hdr->type != PERF_RECORD_SAMPLE ? &c->evs[0].attr : NULL;
	if (a)
		layout = record_layout__of(a);
	record__decode(hdr, hdr->size, &layout, &rec);
	return consumer__record(c, &rec, ev);
}

int consumer__add_build_id(struct consumer *c, const char *path, const unsigned char *id,
			   size_t size)
{
	return resolver__add_build_id(c->res, path, id, size);
}

bool consumer__busy(const struct consumer *c)
{
	return resolver__loading(c->res);
}

int consumer__flush(struct consumer *c)
{
	int err = begin(c), ret;

	for (size_t i = 0; i < c->nr_views; i++) {
		if (!c->views[i]->ops->flush)
			continue;
		ret = c->views[i]->ops->flush(c->views[i]->priv);
		err = err ?: ret; /* every view hands its bytes on */
	}
	return err;
}

int consumer__end(struct consumer *c)
{
	int err = begin(c);

	for (size_t i = 0; i < c->nr_views && !err; i++)
		if (c->views[i]->ops->end)
			err = c->views[i]->ops->end(c->views[i]->priv);
	return err ?: consumer__flush(c);
}

/* Which events' typed records name stacks, of which object; a ring buffer's, its name. */
static void find_stack_fields(struct consumer *c)
{
	for (size_t i = 0; i < c->nr_evs; i++) {
		const struct event_desc *e = &c->evs[i];
		int obj = e->btf ? typeset__obj_of(c->types, e->btf) : -1;

		c->stack_obj[i] = -1;
		if (!e->btf || !typeset__is_ringbuf(c->types, e->name) ||
		    !rectask__find(e->btf, e->type_id, &c->rb_tasks[i]))
			memset(&c->rb_tasks[i], 0, sizeof(c->rb_tasks[i]));
		if (obj >= 0 && mapstacks__has(c->stacks, obj) &&
		    mapstacks__key(e->btf, e->type_id, &c->stack_keys[i]))
			c->stack_obj[i] = obj;
	}
}

int consumer__set_types(struct consumer *c, const void *buf, size_t len)
{
	int err;

	if (!c->types)
		c->types = typeset__new();
	if (!c->types)
		return -ENOMEM;
	err = typeset__add(c->types, buf, len);
	for (size_t i = 0; i < c->nr_evs; i++) {
		struct event_desc *e = &c->evs[i];

		if (event_desc__is_bpf_output(e) &&
		    !typeset__channel(c->types, e->name, &e->btf, &e->type_id))
			e->btf = NULL;
		c->needs[i] = NEEDS_STALE;
	}
	if (!c->stacks)
		c->stacks = mapstacks__new(buf, len); /* a file's: its last look at the maps */
	find_stack_fields(c);
	return err;
}

bool consumer__wants_stacks(const struct consumer *c)
{
	struct stackkey sk;

	for (size_t i = 0; i < c->nr_evs; i++) {
		const struct event_desc *e = &c->evs[i];

		if (e->btf && c->stack_obj[i] < 0 && typeset__obj_of(c->types, e->btf) >= 0 &&
		    mapstacks__key(e->btf, e->type_id, &sk))
			return true;
	}
	return false;
}

void consumer__set_stacks(struct consumer *c, struct mapstacks *ms)
{
	mapstacks__free(c->stacks);
	c->stacks = ms;
	find_stack_fields(c);
}

int consumer__print_maps(struct consumer *c, const void *buf, size_t len)
{
	return consumer__print_maps_at(c, buf, len, NULL);
}

int consumer__print_maps_at(struct consumer *c, const void *buf, size_t len,
			    const struct view_maps_time *time)
{
	struct view_maps m = { .buf = buf, .len = len, .res = c->res, .time = time };
	int err = consumer__flush(c);

	if (!c->types)
		c->types = typeset__new();
	if (!c->types)
		return -ENOMEM;
	m.types = c->types;
	for (size_t i = 0; i < c->nr_views && !err; i++)
		if (c->views[i]->ops->maps)
			err = c->views[i]->ops->maps(c->views[i]->priv, &m);
	return err;
}

const struct consumer_stats *consumer__stats(const struct consumer *c)
{
	return &c->st;
}
