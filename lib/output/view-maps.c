// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdlib.h>
#include <time.h>

#include "util/jsonw.h"
#include "output/typeset.h"
#include "output/view-maps.h"
#include "output/view.h"

struct maps_view {
	FILE *out;
	bool json;
};

/* wall_ns's seconds formatted by fmt (strftime's), local or UTC: "" when they do not format. */
static void fmt_seconds(char *buf, size_t size, uint64_t wall_ns, bool utc, const char *fmt)
{
	time_t sec = (time_t)(wall_ns / 1000000000ULL);
	struct tm tm;

	if (!(utc ? gmtime_r(&sec, &tm) : localtime_r(&sec, &tm)) || !strftime(buf, size, fmt, &tm))
		buf[0] = '\0';
}

int view_maps__time_text(char *buf, size_t size, uint64_t wall_ns, uint64_t elapsed_ns)
{
	char hms[16];

	fmt_seconds(hms, sizeof(hms), wall_ns, false, "%H:%M:%S");
	return snprintf(buf, size, "%s (+%llu.%03llu s)", hms,
			(unsigned long long)(elapsed_ns / 1000000000ULL),
			(unsigned long long)(elapsed_ns % 1000000000ULL / 1000000ULL));
}

int view_maps__time_iso(char *buf, size_t size, uint64_t wall_ns)
{
	char ymdhms[32];

	fmt_seconds(ymdhms, sizeof(ymdhms), wall_ns, true, "%Y-%m-%dT%H:%M:%S");
	return snprintf(buf, size, "%s.%09lluZ", ymdhms,
			(unsigned long long)(wall_ns % 1000000000ULL));
}

/* A periodic look's header: a line of text, or an object of type "interval". */
static void print_time(const struct maps_view *v, const struct view_maps_time *t)
{
	struct jsonw *w;
	char buf[64];

	if (!v->json) {
		view_maps__time_text(buf, sizeof(buf), t->wall_ns, t->elapsed_ns);
		fprintf(v->out, "%s\n", buf);
		return;
	}
	w = jsonw__new(v->out, false);
	if (!w)
		return;
	view_maps__time_iso(buf, sizeof(buf), t->wall_ns);
	jsonw__start_object(w);
	jsonw__kv_str(w, "type", "interval");
	jsonw__kv_str(w, "time", buf);
	jsonw__kv_u64(w, "time_ns", t->wall_ns);
	jsonw__kv_u64(w, "elapsed_ns", t->elapsed_ns);
	jsonw__end_object(w);
	jsonw__free(w);
}

static int maps_maps(void *priv, const struct view_maps *m)
{
	struct maps_view *v = priv;

	if (m->time)
		print_time(v, m->time);
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
