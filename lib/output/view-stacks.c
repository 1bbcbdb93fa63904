// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "util/errmsg.h"
#include "util/dbuf.h"
#include "util/log.h"
#include "output/flamegraph.h"
#include "output/fold.h"
#include "output/pprof.h"
#include "output/typeset.h"
#include "output/view-stacks.h"
#include "output/view.h"

enum stacks_form {
	STACKS_FOLDED,
	STACKS_FLAMEGRAPH,
	STACKS_PPROF,
};

struct stacks_view {
	struct fold *fold;
	enum stacks_form form;
	FILE *out;
	const char *path; /* the file written; NULL: folded lines on out */
	int64_t start_ns; /* CLOCK_REALTIME at the start, for pprof */
	struct dbuf look; /* the last look at the maps, folded at the end */
	const struct typeset *types; /* the consumer's, it outlives the view's end */
	struct resolver *res;
	uint64_t samples; /* folded */
};

static unsigned stacks_needs(void *priv, const struct event_desc *ev)
{
	return ev->attr.sample_type & PERF_SAMPLE_CALLCHAIN ? RESOLVE_CHAIN : 0;
}

static int stacks_sample(void *priv, const struct resolved_sample *rs)
{
	struct stacks_view *v = priv;

	if (!rs->has_chain)
		return 0;
	v->samples++;
	return fold__add_sample(v->fold, rs, 1);
}

/* Maps keyed by stacks: the last look is folded at the end (a look holds all so far). */
static int stacks_maps(void *priv, const struct view_maps *m)
{
	struct stacks_view *v = priv;

	v->look.len = 0;
	dbuf__put(&v->look, m->buf, m->len);
	v->types = m->types;
	v->res = m->res;
	return v->look.err;
}

/* The stacks in the view's form. */
static int write_stacks(struct stacks_view *v, const char *map)
{
	bool times = map && !v->samples && (strstr(map, "off") || strstr(map, "ns"));
	struct flamegraph_opts fo = { .count_name = map && !v->samples ? map : NULL };
	struct pprof_opts po = { .type = times		    ? "off_cpu" :
					 map && !v->samples ? map :
							      NULL,
				 .unit = times ? "nanoseconds" : NULL,
				 .time_ns = v->start_ns };

	switch (v->form) {
	case STACKS_FLAMEGRAPH:
		return flamegraph__write(v->fold, v->out, &fo);
	case STACKS_PPROF:
		return pprof__write(v->fold, v->out, &po);
	default:
		return fold__write(v->fold, v->out);
	}
}

static int stacks_end(void *priv)
{
	struct stacks_view *v = priv;
	const char *map = NULL;
	int err = 0;

	if (v->look.len)
		err = typeset__fold_stacks(v->types, v->look.p, v->look.len, v->res, v->fold, &map);
	if (err)
		return err;
	if (fold__overflow(v->fold))
		pr_warn("%llu samples past the memory bound of the stacks are counted as "
			"[more stacks]",
			(unsigned long long)fold__overflow(v->fold));
	/* a map's values weigh its stacks: the pictures count what the map does */
	err = write_stacks(v, map);
	if (err == -EIO && v->path)
		pr_err("cannot write '%s'", v->path);
	return err;
}

static int stacks_flush(void *priv)
{
	struct stacks_view *v = priv;

	fflush(v->out);
	return ferror(v->out) ? -EIO : 0;
}

static void stacks_free(void *priv)
{
	struct stacks_view *v = priv;

	if (v->path && v->out)
		fclose(v->out);
	fold__free(v->fold);
	dbuf__free(&v->look);
	free(v);
}

static const struct view_ops stacks_ops = {
	.name = "stacks",
	.needs = stacks_needs,
	.sample = stacks_sample,
	.maps = stacks_maps,
	.flush = stacks_flush,
	.end = stacks_end,
	.free = stacks_free,
};

static struct view *stacks_new(FILE *out, const char *path, enum stacks_form form)
{
	struct stacks_view *v = calloc(1, sizeof(*v));
	struct timespec ts;

	if (!v)
		return NULL;
	clock_gettime(CLOCK_REALTIME, &ts);
	v->start_ns = (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
	v->form = form;
	v->out = out;
	v->path = path;
	v->fold = fold__new(0);
	if (!v->fold || (path && !v->out)) {
		int err = errno;

		stacks_free(v);
		errno = err;
		return NULL;
	}
	return view__new(&stacks_ops, v);
}

struct view *view_folded__new(FILE *out)
{
	return stacks_new(out, NULL, STACKS_FOLDED);
}

/* The file at path, created now: a failure is said before anything runs. */
static struct view *file_view(const char *path, enum stacks_form form)
{
	FILE *f = fopen(path, "we");

	if (!f) {
		errno = -errmsg__set(-errno, "cannot create '%s': %s", path, strerror(errno));
		return NULL;
	}
	return stacks_new(f, path, form);
}

struct view *view_flamegraph__new(const char *path)
{
	return file_view(path, STACKS_FLAMEGRAPH);
}

struct view *view_pprof__new(const char *path)
{
	return file_view(path, STACKS_PPROF);
}
