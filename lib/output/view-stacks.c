// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "util/errmsg.h"
#include "util/dbuf.h"
#include "util/log.h"
#include "output/flamegraph.h"
#include "output/fold.h"
#include "output/typeset.h"
#include "output/view-stacks.h"
#include "output/view.h"

struct stacks_view {
	struct fold *fold;
	FILE *out;
	const char *path; /* the flame graph's file; NULL: folded lines on out */
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

static int stacks_end(void *priv)
{
	struct stacks_view *v = priv;
	struct flamegraph_opts fo = { 0 };
	const char *map = NULL;
	int err = 0;

	if (v->look.len)
		err = typeset__fold_stacks(v->types, v->look.p, v->look.len, v->res, v->fold, &map);
	if (err)
		return err;
	/* a map's values weigh its stacks: the flame graph counts what the map does */
	if (map && !v->samples)
		fo.count_name = map;

	if (fold__overflow(v->fold))
		pr_warn("%llu samples past the memory bound of the stacks are counted as "
			"[more stacks]",
			(unsigned long long)fold__overflow(v->fold));
	err = v->path ? flamegraph__write(v->fold, v->out, &fo) : fold__write(v->fold, v->out);
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

static struct view *stacks_new(FILE *out, const char *path)
{
	struct stacks_view *v = calloc(1, sizeof(*v));

	if (!v)
		return NULL;
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
	return stacks_new(out, NULL);
}

struct view *view_flamegraph__new(const char *path)
{
	FILE *f = fopen(path, "we");

	if (!f) {
		errno = -errmsg__set(-errno, "cannot create '%s': %s", path, strerror(errno));
		return NULL;
	}
	return stacks_new(f, path);
}
