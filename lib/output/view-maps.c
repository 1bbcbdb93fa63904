// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdlib.h>

#include "output/typeset.h"
#include "output/view-maps.h"
#include "output/view.h"

struct maps_view {
	FILE *out;
	bool json;
};

static int maps_maps(void *priv, const struct view_maps *m)
{
	struct maps_view *v = priv;

	return typeset__print_maps(m->types, m->buf, m->len, m->res, v->out, v->json);
}

static int maps_flush(void *priv)
{
	struct maps_view *v = priv;

	fflush(v->out);
	return ferror(v->out) ? -EIO : 0;
}

static const struct view_ops maps_ops = {
	.name = "maps",
	.maps = maps_maps,
	.flush = maps_flush,
	.free = free,
};

struct view *view_maps__new(FILE *out, bool json)
{
	struct maps_view *v = malloc(sizeof(*v));

	if (!v)
		return NULL;
	*v = (struct maps_view){ .out = out, .json = json };
	return view__new(&maps_ops, v);
}
