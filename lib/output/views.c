// SPDX-License-Identifier: GPL-2.0
#include "output/consumer.h"
#include "output/view-json.h"
#include "output/view-text.h"
#include "output/view-maps.h"
#include "output/view-syscalls.h"
#include "output/views.h"

static struct view *sample_view(const struct views_opts *o)
{
	struct print_opts po = { .out = o->out, .fields = o->fields ?: PF_DEFAULT };

	return o->json ? view_json__new(o->out) : view_text__new(&po);
}

/*
 * The views the options ask for, in the order they show: the system calls first (a call
 * in flight prints its entry before another view's line), the samples, then the maps.
 */
int views__add(struct consumer *c, const struct views_opts *o)
{
	int err = 0;

	if (o->syscalls)
		err = consumer__add_view(c, view_syscalls__new(o->syscalls));
	if (!err && o->out)
		err = consumer__add_view(c, sample_view(o));
	if (!err && o->maps_out)
		err = consumer__add_view(c, view_maps__new(o->maps_out, o->json));
	return err;
}
