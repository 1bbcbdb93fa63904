// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <string.h>
#include <time.h>

#include "util/log.h"
#include "run/typed.h"
#include "output/consumer.h"
#include "output/mapshow.h"
#include "output/view.h"

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

int mapshow__init(struct mapshow *ms, struct typed *t, const struct mapshow_opts *o)
{
	memset(ms, 0, sizeof(*ms));
	ms->typed = t;
	ms->o = *o;
	ms->start_ns = now_ns();
	if (o->interval)
		ms->next_ns = ms->start_ns + o->interval * 1000000000ULL;
	return 0;
}

static bool active(const struct mapshow *ms)
{
	return !ms->o.off && typed__has_maps(ms->typed);
}

static bool due(struct mapshow *ms)
{
	uint64_t now;

	if (!active(ms) || !ms->o.interval)
		return false;
	now = now_ns();
	if (now < ms->next_ns)
		return false;
	ms->next_ns = now + ms->o.interval * 1000000000ULL;
	return true;
}

/* Now, for a look's header: with --interval only (the maps at the end alone have none). */
static const struct view_maps_time *look_time(const struct mapshow *ms, struct view_maps_time *t)
{
	struct timespec wall;

	if (!ms->o.interval || clock_gettime(CLOCK_REALTIME, &wall))
		return NULL;
	t->wall_ns = (uint64_t)wall.tv_sec * 1000000000ULL + (uint64_t)wall.tv_nsec;
	t->elapsed_ns = now_ns() - ms->start_ns;
	return t;
}

/* A look at the maps, to c's views (c has the BTF: consumer__set_types); kept when asked. */
static int show(struct mapshow *ms, struct consumer *c, bool clear, struct dbuf *keep)
{
	struct view_maps_time t;
	const struct view_maps_time *at = look_time(ms, &t);
	struct dbuf b = { 0 };
	int err;

	err = typed__snapshot(ms->typed, &b, clear);
	err = err ?: consumer__print_maps_at(c, b.p, b.len, at);
	consumer__flush(c);
	if (!err && keep)
		dbuf__put(keep, b.p, b.len);
	dbuf__free(&b);
	ms->dumps++;
	return err;
}

int mapshow__round(struct mapshow *ms, struct consumer *c)
{
	return due(ms) ? show(ms, c, ms->o.clear, NULL) : 0;
}

int mapshow__end(struct mapshow *ms, struct consumer *c, struct dbuf *keep)
{
	struct stopsig_catch cut;
	int err;

	if (!active(ms))
		return 0;
	/* a million entries take seconds: a stop signal cuts the look short */
	stopsig__cut_begin(&cut);
	err = show(ms, c, false, keep);
	mapshow__cut_end(&cut);
	return err;
}

void mapshow__cut_end(struct stopsig_catch *cut)
{
	if (stopsig__cut_end(cut))
		pr_warn("the maps were not all printed: stopped by a signal");
}
