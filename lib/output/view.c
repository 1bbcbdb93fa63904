// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdlib.h>

#include "output/view.h"

struct view *view__new(const struct view_ops *ops, void *priv)
{
	struct view *v;

	if (!priv)
		return NULL;
	v = malloc(sizeof(*v));
	if (!v) {
		if (ops->free)
			ops->free(priv);
		errno = ENOMEM;
		return NULL;
	}
	v->ops = ops;
	v->priv = priv;
	return v;
}

void view__free(struct view *v)
{
	if (!v)
		return;
	if (v->ops->free)
		v->ops->free(v->priv);
	free(v);
}
