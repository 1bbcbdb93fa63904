// SPDX-License-Identifier: GPL-2.0
#include "output/consumer.h"
#include "output/view-json.h"
#include "output/view-text.h"
#include "output/view-maps.h"
#include "output/view-prom.h"
#include "output/view-stacks.h"
#include "output/view-syscalls.h"
#include "output/view-timeline.h"
#include "output/views.h"

static struct view *sample_view(const struct views_opts *o)
{
	struct print_opts po = { .out = o->out,
				 .fields = o->fields ?: PF_DEFAULT,
				 .tod_offset_ns = o->tod_offset_ns,
				 .batch = o->batch && !o->syscalls };

	if (o->fmt.folded)
		return view_folded__new(o->out);
	return o->json ? view_json__new(o->out) : view_text__new(&po);
}

/* A picture in a file stands in for the sample lines, unless --folded puts stacks there. */
static bool shows_lines(const struct views_opts *o)
{
	return o->out &&
	       (o->fmt.folded || (!o->fmt.flamegraph && !o->fmt.pprof && !o->fmt.trace_event));
}

bool views__json_lines(const struct views_opts *o)
{
	return o->json && shows_lines(o) && !o->fmt.folded;
}

/*
 * The views the options ask for, in the order they show: the system calls first (a call
 * in flight prints its entry before another view's line), the samples, then the maps.
 */
int views__add(struct consumer *c, const struct views_opts *o)
{
	int err = 0;

	if (o->syscalls) {
		struct view_syscalls_opts so = *o->syscalls;

		so.time.wall_offset_ns = o->tod_offset_ns;
		err = consumer__add_view(c, view_syscalls__new(&so));
	}
	if (!err && shows_lines(o))
		err = consumer__add_view(c, sample_view(o));
	if (!err && o->fmt.flamegraph)
		err = consumer__add_view(c, view_flamegraph__new(o->fmt.flamegraph));
	if (!err && o->fmt.pprof)
		err = consumer__add_view(c, view_pprof__new(o->fmt.pprof));
	if (!err && o->fmt.trace_event)
		err = consumer__add_view(c, view_timeline__new(o->fmt.trace_event));
	if (!err && o->fmt.prom)
		err = consumer__add_view(c, view_prom__new(o->fmt.prom, o->fmt.prom_host));
	/* folded lines are the whole stream: maps keyed by stacks are folded among them */
	if (!err && o->maps_out && !o->fmt.folded)
		err = consumer__add_view(c, view_maps__new(o->maps_out, o->json));
	return err;
}
