// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "util/errmsg.h"
#include "util/log.h"
#include "output/flamegraph.h"
#include "output/fold.h"
#include "output/view-stacks.h"
#include "output/view.h"

struct stacks_view {
	struct fold *fold;
	FILE *out;
	const char *path; /* the flame graph's file; NULL: folded lines on out */
};

static unsigned stacks_needs(void *priv, const struct event_desc *ev)
{
	return ev->attr.sample_type & PERF_SAMPLE_CALLCHAIN ? RESOLVE_CHAIN : 0;
}

static int stacks_sample(void *priv, const struct resolved_sample *rs)
{
	struct stacks_view *v = priv;

	return rs->has_chain ? fold__add_sample(v->fold, rs, 1) : 0;
}

static int stacks_end(void *priv)
{
	struct stacks_view *v = priv;
	struct flamegraph_opts fo = { 0 };
	int err;

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
	free(v);
}

static const struct view_ops stacks_ops = {
	.name = "stacks",
	.needs = stacks_needs,
	.sample = stacks_sample,
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
