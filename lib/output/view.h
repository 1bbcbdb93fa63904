/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A view: one way of showing the stream of records the consumer takes in, live (trace)
 * or from a file (script): perf script's text, JSON Lines, the maps at the end. A view is
 * a table of callbacks and a private pointer, as perf's perf_tool is; the consumer calls
 * every view it has, in the order they were added, with the records in time order.
 *
 * Writing a view: one file, lib/output/view-NAME.c (and its view-NAME.h), whose one
 * constructor view_NAME__new(opts) returns view__new(&ops, priv), and one line in the
 * place that picks views from the command's options (output/views.c). Fill in the
 * callbacks the view needs; NULL ones are skipped:
 *
 *	needs	what the samples of an event must have resolved (RESOLVE_* of
 *		resolve/resolver.h): ask only for what is shown, lookups cost. Asked again
 *		when the event's description changes (a format or a record type found).
 *	begin	once, before anything else: the events (names, attrs, formats).
 *	sample	one sample, resolved. Its strings and frames live until the call returns:
 *		a view that keeps them (a summary, folded stacks) copies what it keeps.
 *	lost	the kernel lost that many samples (s: the LOST record's sample_id trailer).
 *	task	a COMM, FORK, EXIT or CGROUP record, after the resolver took it in.
 *	maps	a look at the run's maps (at its end, or every --interval).
 *	flush	end of a round: hand what is buffered to the output, so that a live run
 *		shows it now; -EIO when the output failed.
 *	end	end of the stream: an aggregating view prints what it gathered here.
 *	free	release priv (after flushing what is still buffered).
 *
 * Callbacks return 0 or -errno; an error stops the stream.
 */
#ifndef PERF_BPF_VIEW_H
#define PERF_BPF_VIEW_H

#include <stddef.h>
#include <stdint.h>

#include "record/evdesc.h"
#include "record/record.h"
#include "record/sample.h"
#include "resolve/resolver.h"

struct typeset;

/* What a view is told before the first record. */
struct view_stream {
	const struct event_desc *events; /* records name their event by index in it */
	size_t nr_events;
};

/* When a periodic look (--interval) at the maps was taken. */
struct view_maps_time {
	uint64_t wall_ns; /* CLOCK_REALTIME */
	uint64_t elapsed_ns; /* since the run began */
};

/* A look at the maps: the MAP entries of a tfeat DUMP (util/tfeat.h), decoded with types. */
struct view_maps {
	const struct typeset *types;
	const void *buf;
	size_t len;
	struct resolver *res; /* names the frames of stacks the maps keep (output/mapstacks.h) */
	const struct view_maps_time *time; /* NULL: not periodic, no header */
};

struct view_ops {
	const char *name;
	unsigned (*needs)(void *priv, const struct event_desc *ev);
	int (*begin)(void *priv, const struct view_stream *st);
	int (*sample)(void *priv, const struct resolved_sample *rs);
	int (*lost)(void *priv, const struct sample *s, uint64_t lost);
	int (*task)(void *priv, const struct record *rec);
	int (*maps)(void *priv, const struct view_maps *m);
	int (*flush)(void *priv);
	int (*end)(void *priv);
	void (*free)(void *priv);
};

struct view {
	const struct view_ops *ops;
	void *priv;
};

/*
 * A view of ops over priv. NULL + errno: priv NULL (errno as its constructor left it), or
 * ENOMEM (priv released through ops->free).
 */
struct view *view__new(const struct view_ops *ops, void *priv);
/* ops->free, then the view. Accepts NULL. */
void view__free(struct view *v);

#endif
