// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <string.h>
#include <time.h>

#include "run/typed.h"
#include "output/consumer.h"
#include "output/mapshow.h"
#include "output/typeset.h"

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
	if (o->interval)
		ms->next_ns = now_ns() + o->interval * 1000000000ULL;
	return 0;
}

void mapshow__exit(struct mapshow *ms)
{
	typeset__free(ms->types);
	ms->types = NULL;
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

/* A look at the maps, printed by c (which has the BTF: consumer__set_types). */
static int show(struct mapshow *ms, struct consumer *c, bool clear)
{
	struct dbuf b = { 0 };
	int err;

	err = typed__snapshot(ms->typed, &b, clear);
	err = err ?: consumer__print_maps(c, b.p, b.len);
	consumer__flush(c);
	dbuf__free(&b);
	ms->dumps++;
	return err;
}

int mapshow__round(struct mapshow *ms, struct consumer *c)
{
	return due(ms) ? show(ms, c, ms->o.clear) : 0;
}

int mapshow__end(struct mapshow *ms, struct consumer *c)
{
	return active(ms) ? show(ms, c, false) : 0;
}

static int show_to(struct mapshow *ms, FILE *out, bool clear, struct dbuf *keep)
{
	struct dbuf b = { 0 };
	int err = 0;

	if (!ms->types) {
		ms->types = typeset__new();
		if (!ms->types)
			return -ENOMEM;
		typed__describe(ms->typed, &b);
		err = typeset__add(ms->types, b.p, b.len);
		b.len = 0;
	}
	err = err ?: typed__snapshot(ms->typed, &b, clear);
	if (!err && out)
		err = typeset__print_maps(ms->types, b.p, b.len, out, false);
	if (!err && keep)
		dbuf__put(keep, b.p, b.len);
	dbuf__free(&b);
	ms->dumps++;
	return err;
}

int mapshow__round_to(struct mapshow *ms, FILE *out)
{
	return due(ms) ? show_to(ms, out, ms->o.clear, NULL) : 0;
}

int mapshow__end_to(struct mapshow *ms, FILE *out, struct dbuf *keep)
{
	return active(ms) ? show_to(ms, out, false, keep) : 0;
}
