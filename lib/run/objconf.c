// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "run/evlist.h"
#include "event/evparse.h"
#include "event/loaderr.h"
#include "util/errmsg.h"
#include "util/log.h"
#include "util/similar.h"
#include "run/objconf.h"

/* One write planned into one map: a term of the command line, a clone of one, or the wiring. */
struct objconf_op {
	struct bpf_map *map;
	const char *object; /* the file the map is in */
	const struct evparse_map_term *term; /* NULL: the __bpf_stdout__ event, every CPU */
	const struct evparse_event *evt; /* EVENT terms: the event named */
	struct evsel *evsel; /* its perf event, NULL when it made none */
	bool inherit; /* what the user asked of evt */
};

struct objconf {
	struct objconf_opts opts;
	struct objconf_op *ops;
	int nr_ops;
};

/* ---- the parts that need no kernel ---- */

static int range_cmp(const void *a, const void *b)
{
	const struct evparse_range *x = a, *y = b;

	return x->first < y->first ? -1 : x->first > y->first;
}

static int check_indices(const struct evparse_map_term *t, uint32_t max_entries)
{
	if (t->all)
		return 0;
	for (size_t i = 0; i < t->nr_ranges; i++)
		if (t->ranges[i].first > t->ranges[i].last || t->ranges[i].last >= max_entries)
			return -LOADERR__OBJCONF_MAP_IDX2BIG;
	return 0;
}

int objconf__check_term(const struct evparse_map_term *t, const struct objconf_map_desc *m,
			int *col)
{
	uint32_t want = t->opt == EVPARSE_MAP_VALUE ? BPF_MAP_TYPE_ARRAY :
						      BPF_MAP_TYPE_PERF_EVENT_ARRAY;
	uint32_t vs = m->value_size;

	*col = t->col_index >= 0 ? t->col_index : t->col_opt;
	if (check_indices(t, m->max_entries))
		return -LOADERR__OBJCONF_MAP_IDX2BIG;
	*col = t->col_opt;
	if (m->type != want)
		return -LOADERR__OBJCONF_MAP_TYPE;
	if (m->key_size < 4)
		return -LOADERR__OBJCONF_MAP_KEYSIZE;
	if (t->opt == EVPARSE_MAP_VALUE && vs != 1 && vs != 2 && vs != 4 && vs != 8)
		return -LOADERR__OBJCONF_MAP_VALUESIZE;
	return 0;
}

int objconf__keys(const struct evparse_map_term *t, uint32_t max_entries, uint32_t **keys,
		  size_t *nr)
{
	struct evparse_range all = { 0, max_entries ? max_entries - 1 : 0 }, *r;
	size_t nr_r = t->all ? 1 : t->nr_ranges, n = 0, count = 0;
	uint32_t *k;

	*keys = NULL;
	*nr = 0;
	if (check_indices(t, max_entries))
		return -LOADERR__OBJCONF_MAP_IDX2BIG;
	if (!max_entries || !nr_r)
		return 0;
	r = malloc(sizeof(*r) * nr_r);
	if (!r)
		return -ENOMEM;
	memcpy(r, t->all ? &all : t->ranges, sizeof(*r) * nr_r);
	qsort(r, nr_r, sizeof(*r), range_cmp);
	/* merge overlapping and touching ranges: no slot twice */
	for (size_t i = 1; i < nr_r; i++) {
		if (r[i].first <= r[n].last + 1) {
			if (r[i].last > r[n].last)
				r[n].last = r[i].last;
		} else {
			r[++n] = r[i];
		}
	}
	nr_r = n + 1;
	for (size_t i = 0; i < nr_r; i++)
		count += r[i].last - r[i].first + 1;
	k = malloc(sizeof(*k) * count);
	if (!k) {
		free(r);
		return -ENOMEM;
	}
	n = 0;
	for (size_t i = 0; i < nr_r; i++)
		for (uint64_t v = r[i].first; v <= r[i].last; v++)
			k[n++] = (uint32_t)v;
	free(r);
	*keys = k;
	*nr = n;
	return 0;
}

int objconf__encode_value(uint64_t v, uint32_t value_size, void *buf)
{
	uint8_t u8 = v;
	uint16_t u16 = v;
	uint32_t u32 = v;

	switch (value_size) {
	case 1:
		memcpy(buf, &u8, 1);
		return 0;
	case 2:
		memcpy(buf, &u16, 2);
		return 0;
	case 4:
		memcpy(buf, &u32, 4);
		return 0;
	case 8:
		memcpy(buf, &v, 8);
		return 0;
	}
	return -LOADERR__OBJCONF_MAP_VALUESIZE;
}

int objconf__encode_key(uint32_t k, uint32_t key_size, void *buf)
{
	if (key_size < 4)
		return -LOADERR__OBJCONF_MAP_KEYSIZE;
	memset(buf, 0, key_size);
	memcpy(buf, &k, sizeof(k));
	return 0;
}

int objconf__check_event(const struct evparse_event *ev, bool inherit, int nr_threads)
{
	if (nr_threads > 1)
		return -LOADERR__OBJCONF_MAP_EVTDIM;
	if (inherit)
		return -LOADERR__OBJCONF_MAP_EVTINH;
	switch (ev->kind) {
	case EVPARSE_HARDWARE:
	case EVPARSE_RAW:
	case EVPARSE_BPF_OUTPUT:
	case EVPARSE_SOFTWARE: /* beyond perf: cpu-clock, task-clock, ... read as counters */
		return 0;
	default:
		return -LOADERR__OBJCONF_MAP_EVTTYPE;
	}
}

enum objconf_stdout_plan objconf__stdout_plan(const bool *configured, int n, int *from)
{
	int nr_conf = 0;

	*from = -1;
	for (int i = 0; i < n; i++) {
		if (!configured[i])
			continue;
		if (*from < 0)
			*from = i;
		nr_conf++;
	}
	if (!n || nr_conf == n)
		return OBJCONF_STDOUT_NONE;
	return nr_conf ? OBJCONF_STDOUT_CLONE : OBJCONF_STDOUT_CREATE;
}

/* ---- checking the terms against the objects ---- */

static void describe(const struct bpf_map *map, struct objconf_map_desc *d)
{
	d->type = bpf_map__type(map);
	d->key_size = bpf_map__key_size(map);
	d->value_size = bpf_map__value_size(map);
	d->max_entries = bpf_map__max_entries(map);
}

static int config_error_help(const struct evparse_event *pe, int col, int err, const char *help)
{
	char buf[LOADERR_BUFSIZE];

	evparse__error_at(pe, col, loaderr__strerror(err, LOADERR_STAGE_CONFIG, buf, sizeof(buf)),
			  help);
	return errmsg__shown(-EINVAL);
}

static int config_error(const struct evparse_event *pe, int col, int err)
{
	return config_error_help(pe, col, err, EVPARSE_HELP_OBJCONF);
}

#define NR_GUESSES 3

/* No map of that name: the object's own map names, the closest first. */
static int no_such_map(const struct objconf_bind *b, const struct evparse_map_term *t)
{
	const char **names = NULL, *best[NR_GUESSES];
	size_t nr = 0, nr_best;
	struct bpf_map *map;
	char *help = NULL, *all = NULL;
	int err;

	bpf_object__for_each_map(map, b->obj) {
		const char **n;

		if (bpf_map__is_internal(map))
			continue; /* .rodata, .bss: not maps a term can set */
		n = reallocarray(names, nr + 1, sizeof(*n));
		if (!n)
			break;
		names = n;
		names[nr++] = bpf_map__name(map);
	}
	nr_best = similar__closest(t->map, names, nr, best, NR_GUESSES);
	for (size_t i = 0; i < nr; i++) {
		char *more;

		if (asprintf(&more, "%s%s'%s'", all ? all : "", all ? ", " : "", names[i]) < 0)
			break;
		free(all);
		all = more;
	}
	if (nr_best && asprintf(&help, "Hint:\tdid you mean '%s'? The maps of '%s': %s\n%s",
				best[0], b->pe->path, all, EVPARSE_HELP_OBJCONF) < 0)
		help = NULL;
	else if (!nr_best && asprintf(&help, "Hint:\tthe maps of '%s': %s\n%s", b->pe->path,
				      all ? all : "none", EVPARSE_HELP_OBJCONF) < 0)
		help = NULL;
	err = config_error_help(b->pe, t->col_map, -LOADERR__OBJCONF_MAP_NOTEXIST,
				help ? help : EVPARSE_HELP_OBJCONF);
	free(help);
	free(all);
	free(names);
	return err;
}

/* A term's error, with the map's size when an index passes it. */
static int term_error(const struct objconf_bind *b, const struct evparse_map_term *t, int col,
		      int err, uint32_t max_entries)
{
	char *help;
	int ret;

	if (err != -LOADERR__OBJCONF_MAP_IDX2BIG ||
	    asprintf(&help, "Hint:\tmap '%s' has max_entries %u: indices 0...%u\n%s", t->map,
		     max_entries, max_entries ? max_entries - 1 : 0, EVPARSE_HELP_OBJCONF) < 0)
		return config_error(b->pe, col, err);
	ret = config_error_help(b->pe, col, err, help);
	free(help);
	return ret;
}

static int push_op(struct objconf *oc, const struct objconf_op *op)
{
	struct objconf_op *n = reallocarray(oc->ops, oc->nr_ops + 1, sizeof(*n));

	if (!n)
		return -ENOMEM;
	oc->ops = n;
	oc->ops[oc->nr_ops++] = *op;
	return 0;
}

static const struct objconf_bind *bind_of(const struct objconf *oc, const struct evparse_event *pe)
{
	for (int i = 0; i < oc->opts.nr_binds; i++)
		if (oc->opts.binds[i].pe == pe)
			return &oc->opts.binds[i];
	return NULL;
}

/* map:NAME.event=EVT: EVT must come earlier; an event a map takes is opened per CPU. */
static int plan_event(struct objconf *oc, const struct objconf_bind *b, struct objconf_op *op)
{
	const struct evparse_map_term *t = op->term;
	const struct objconf_bind *eb;
	const struct evparse_event *evt;

	evt = evparse__find(oc->opts.events, t->event, b->pe);
	if (!evt)
		return config_error(b->pe, t->col_opt, -LOADERR__OBJCONF_MAP_NOEVT);
	eb = bind_of(oc, evt);
	op->evt = evt;
	op->evsel = eb ? eb->evsel : NULL;
	op->inherit = evt->inherit >= 0 ? evt->inherit : !oc->opts.no_inherit;
	if (op->evsel && !objconf__check_event(evt, op->inherit, oc->opts.nr_threads)) {
		/* system-wide, one fd per CPU: the slot of CPU c reads or writes on CPU c */
		op->evsel->per_task = false;
		op->evsel->desc.attr.inherit = 0;
	}
	return 0;
}

static int plan_term(struct objconf *oc, const struct objconf_bind *b,
		     const struct evparse_map_term *t)
{
	struct objconf_op op = { .object = b->pe->path, .term = t };
	struct objconf_map_desc d;
	int col, err;

	op.map = bpf_object__find_map_by_name(b->obj, t->map);
	if (!op.map) {
		pr_debug("no map '%s' in '%s'", t->map, b->pe->path);
		return no_such_map(b, t);
	}
	describe(op.map, &d);
	err = objconf__check_term(t, &d, &col);
	if (err) {
		pr_debug("map '%s' of '%s': type %u, key size %u, value size %u, %u entries",
			 t->map, b->pe->path, d.type, d.key_size, d.value_size, d.max_entries);
		return term_error(b, t, col, err, d.max_entries);
	}
	if (t->opt == EVPARSE_MAP_EVENT) {
		err = plan_event(oc, b, &op);
		if (err)
			return err;
	}
	return push_op(oc, &op);
}

static int plan_terms(struct objconf *oc)
{
	for (int i = 0; i < oc->opts.nr_binds; i++) {
		const struct objconf_bind *b = &oc->opts.binds[i];

		if (!b->obj)
			continue;
		for (size_t j = 0; j < b->pe->nr_maps; j++) {
			int err = plan_term(oc, b, &b->pe->maps[j]);

			if (err)
				return err;
		}
	}
	return 0;
}

/* ---- __bpf_stdout__ ---- */

struct stdout_map {
	struct bpf_map *map;
	const char *object;
};

static bool has_ops(const struct objconf *oc, const struct bpf_map *map)
{
	for (int i = 0; i < oc->nr_ops; i++)
		if (oc->ops[i].map == map)
			return true;
	return false;
}

static int stdout_create(struct objconf *oc, const struct stdout_map *sm, int n)
{
	struct evsel *ev = evsel__new_bpf_output(OBJCONF_STDOUT_MAP);
	int err;

	err = !ev ? -ENOMEM : evlist__add(oc->opts.evlist, ev);
	for (int i = 0; i < n && !err; i++) {
		struct objconf_op op = { .map = sm[i].map, .object = sm[i].object, .evsel = ev };

		err = push_op(oc, &op);
	}
	if (err)
		errmsg__set(err, "Setup BPF stdout failed: %s", strerror(-err));
	return err;
}

/* Every unconfigured map takes a copy of the terms of the first configured one. */
static int stdout_clone(struct objconf *oc, const struct stdout_map *sm, const bool *conf, int n,
			int from)
{
	int nr = oc->nr_ops;

	for (int i = 0; i < n; i++) {
		if (conf[i])
			continue;
		for (int k = 0; k < nr; k++) {
			struct objconf_op op = oc->ops[k];
			int err;

			if (op.map != sm[from].map)
				continue;
			op.map = sm[i].map;
			op.object = sm[i].object;
			err = push_op(oc, &op);
			if (err)
				return err;
			pr_debug("'%s' of '%s' shares the terms of '%s'", OBJCONF_STDOUT_MAP,
				 sm[i].object, sm[from].object);
		}
	}
	return 0;
}

static int plan_stdout(struct objconf *oc)
{
	struct stdout_map *sm = calloc(oc->opts.nr_binds + 1, sizeof(*sm));
	bool *conf = calloc(oc->opts.nr_binds + 1, sizeof(*conf));
	int n = 0, from, err = 0;

	if (!sm || !conf) {
		err = -ENOMEM;
		goto out;
	}
	for (int i = 0; i < oc->opts.nr_binds; i++) {
		const struct objconf_bind *b = &oc->opts.binds[i];
		struct bpf_map *map;

		map = b->obj ? bpf_object__find_map_by_name(b->obj, OBJCONF_STDOUT_MAP) : NULL;
		if (!map || bpf_map__type(map) == BPF_MAP_TYPE_RINGBUF)
			continue; /* a ring buffer is read as it is (run/channels.h) */
		sm[n].map = map;
		sm[n].object = b->pe->path;
		conf[n++] = has_ops(oc, map);
	}
	switch (objconf__stdout_plan(conf, n, &from)) {
	case OBJCONF_STDOUT_CREATE:
		err = stdout_create(oc, sm, n);
		break;
	case OBJCONF_STDOUT_CLONE:
		err = stdout_clone(oc, sm, conf, n, from);
		break;
	case OBJCONF_STDOUT_NONE:
		break;
	}
out:
	free(sm);
	free(conf);
	return err;
}

struct objconf *objconf__new(const struct objconf_opts *opts)
{
	struct objconf *oc = calloc(1, sizeof(*oc));
	int err;

	if (!oc)
		return NULL;
	oc->opts = *opts;
	err = plan_terms(oc);
	if (!err)
		err = plan_stdout(oc);
	if (err) {
		objconf__free(oc);
		errno = -err;
		return NULL;
	}
	return oc;
}

void objconf__free(struct objconf *oc)
{
	if (!oc)
		return;
	free(oc->ops);
	free(oc);
}

bool objconf__configured(const struct objconf *oc, const struct bpf_map *map)
{
	return has_ops(oc, map);
}

int objconf__add_channel(struct objconf *oc, struct bpf_map *map, const char *object,
			 struct evsel *evsel)
{
	struct objconf_op op = { .map = map, .object = object, .evsel = evsel };

	return push_op(oc, &op);
}

/* ---- writing the maps ---- */

static int apply_error(const struct objconf_op *op, int err)
{
	char buf[LOADERR_BUFSIZE];

	pr_debug("map '%s' of '%s'", bpf_map__name(op->map), op->object);
	errmsg__set(err, "Apply config to BPF failed: %s",
		    loaderr__strerror(err, LOADERR_STAGE_APPLY, buf, sizeof(buf)));
	if (err == -LOADERR__OBJCONF_MAP_MAPSIZE)
		errmsg__hint(
			"slots of map '%s' are CPU numbers: size it with max_entries = __NR_CPUS__, and name only CPUs the run uses (-C)",
			bpf_map__name(op->map));
	else if (err == -LOADERR__OBJCONF_MAP_EVTDIM)
		errmsg__hint("follow one thread with -t TID, or trace system-wide with -a");
	return err > -LOADERR__START ? err : -EINVAL;
}

static int update(const struct objconf_op *op, uint32_t key, const void *value)
{
	uint32_t key_size = bpf_map__key_size(op->map);
	uint8_t *kbuf = malloc(key_size);
	int err = kbuf ? objconf__encode_key(key, key_size, kbuf) : -ENOMEM;

	if (!err && bpf_map_update_elem(bpf_map__fd(op->map), kbuf, value, BPF_ANY))
		err = -errno;
	if (err)
		pr_debug("slot %u of map '%s' of '%s': error %d", key, bpf_map__name(op->map),
			 op->object, err);
	free(kbuf);
	return err;
}

static int apply_value(const struct objconf_op *op)
{
	uint32_t *keys;
	uint8_t value[8];
	size_t nr;
	int err;

	err = objconf__encode_value(op->term->value, bpf_map__value_size(op->map), value);
	if (!err)
		err = objconf__keys(op->term, bpf_map__max_entries(op->map), &keys, &nr);
	if (err)
		return err;
	for (size_t i = 0; i < nr && !err; i++)
		err = update(op, keys[i], value);
	free(keys);
	return err;
}

static int cpu_index(const struct target *target, uint32_t cpu)
{
	for (int i = 0; i < target->nr_cpus; i++)
		if ((uint32_t)target->cpus[i] == cpu)
			return i;
	return -1;
}

/* Slot c gets the event's fd of CPU c: every CPU of the run, or the slots named. */
static int apply_event(const struct objconf *oc, const struct objconf_op *op)
{
	const struct target *target = evlist__target(oc->opts.evlist);
	uint32_t max = bpf_map__max_entries(op->map), *keys = NULL;
	const struct evsel *ev = op->evsel;
	size_t nr = 0;
	int err = 0;

	if (op->term && !op->term->all) {
		err = objconf__keys(op->term, max, &keys, &nr);
		if (err)
			return err;
	}
	for (int i = 0; i < (keys ? (int)nr : ev->nr_fds) && !err; i++) {
		uint32_t cpu = keys ? keys[i] : (uint32_t)target->cpus[i];
		int idx = keys ? cpu_index(target, cpu) : i;

		if (cpu >= max || idx < 0 || idx >= ev->nr_fds) {
			pr_debug("no event of cpu %u for slot %u of '%s' (%u slots)", cpu, cpu,
				 bpf_map__name(op->map), max);
			err = -LOADERR__OBJCONF_MAP_MAPSIZE;
			break;
		}
		err = update(op, cpu, &ev->fds[idx]);
	}
	free(keys);
	return err;
}

static int apply_op(const struct objconf *oc, const struct objconf_op *op)
{
	struct objconf_map_desc d;
	int col, err;

	/* again: a clone of __bpf_stdout__'s terms lands on a map nobody checked */
	describe(op->map, &d);
	if (op->term) {
		err = objconf__check_term(op->term, &d, &col);
		if (err)
			return err;
		if (op->term->opt == EVPARSE_MAP_VALUE)
			return apply_value(op);
		err = objconf__check_event(op->evt, op->inherit, oc->opts.nr_threads);
		if (err)
			return err;
		if (!op->evsel)
			return -LOADERR__OBJCONF_MAP_EVTTYPE;
	} else if (d.type != BPF_MAP_TYPE_PERF_EVENT_ARRAY) {
		return -LOADERR__OBJCONF_MAP_TYPE;
	}
	return apply_event(oc, op);
}

int objconf__apply(struct objconf *oc)
{
	for (int i = 0; i < oc->nr_ops; i++) {
		int err = apply_op(oc, &oc->ops[i]);

		if (err)
			return apply_error(&oc->ops[i], err);
	}
	return 0;
}

struct evsel *objconf__map_event(const struct objconf *oc, const struct bpf_map *map)
{
	for (int i = 0; oc && i < oc->nr_ops; i++)
		if (oc->ops[i].map == map && oc->ops[i].evsel)
			return oc->ops[i].evsel;
	return NULL;
}

bool objconf__configures(const struct objconf *oc, const struct bpf_map *map)
{
	return oc && has_ops(oc, map);
}
