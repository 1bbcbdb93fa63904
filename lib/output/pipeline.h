/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What a command shows of its records, assembled from its options: the consumer, the
 * views the options pick (output/views.h), and what feeds them beside the records. For a
 * live run (trace, record): its events, its channels' record types, and looks at its maps
 * every --interval and at its end (output/mapshow.h). For a file (script): its events,
 * its tracepoint formats, its build ids, its record types and the last look at its maps.
 * Commands ask for a pipeline and feed it records; they build none of it by hand.
 *
 *	struct pipeline *p = pipeline__live(&opts, session);
 *	session__set_round_fn(session, pipeline__round, p);
 *	session__set_hold_fn(session, pipeline__busy, p);
 *	session__run(session, pipeline__session_record, p);
 *	pipeline__end(p, NULL);
 *	pipeline__free(p);
 *
 *	struct pipeline *p = pipeline__file(&opts, reader, path);
 *	while (pdreader__next(reader, &rec) > 0)
 *		pipeline__bytes(p, rec.hdr, rec.event);
 *	pipeline__file_end(p, whole);
 *	pipeline__free(p);
 */
#ifndef PERF_BPF_PIPELINE_H
#define PERF_BPF_PIPELINE_H

#include <linux/perf_event.h>
#include <stdbool.h>

#include "output/consumer.h"
#include "output/mapshow.h"
#include "output/views.h"

struct evsel;
struct pdreader;
struct record;
struct session;

struct pipeline_opts {
	struct views_opts views;
	struct mapshow_opts maps; /* live: when the maps are looked at */
	int clockid; /* live: the records' clock, for the JSON header (util/clockid.h) */
};

struct pipeline;

/*
 * The records of session s (its events, the record types of its channels, its maps).
 * The JSON header goes out first when the views are JSON. NULL + errno.
 */
struct pipeline *pipeline__live(const struct pipeline_opts *o, struct session *s);
/* A live record, as the session hands it (run/session.h's session_record_fn). */
int pipeline__session_record(void *p, const struct record *rec, int cpu, struct evsel *ev);
/*
 * The end of a live round (run/session.h's round function): a look at the maps when one
 * is due and a view shows it, then the views hand on what they buffer. 0 or -errno.
 */
int pipeline__round(void *p);
/* session__set_hold_fn's: the views would wait for something being read ahead. */
bool pipeline__busy(void *p);
/*
 * The end of a live run: the last look at the maps (its bytes appended to keep, unless
 * NULL: record stores them in its file), then the views' ends. 0 or -errno.
 */
struct dbuf;
int pipeline__end(struct pipeline *p, struct dbuf *keep);

/*
 * The records of the perf.data file reader r reads (path names it in warnings and finds
 * its build-id table). The JSON header goes out first when the views are JSON. NULL +
 * errno.
 */
struct pipeline *pipeline__file(const struct pipeline_opts *o, struct pdreader *r,
				const char *path);
void pipeline__free(struct pipeline *p);

/* A record's bytes, of event ev (-1: none named). 0 or -errno. */
int pipeline__bytes(struct pipeline *p, const struct perf_event_header *hdr, int ev);
/* The end of a round: the views hand on what they buffer. -errno when an output failed. */
int pipeline__flush(struct pipeline *p);
/*
 * The end of the file, read whole or not: for a whole file, the last look at the maps it
 * keeps, then the views' ends (as a live run ends). 0 or -errno.
 */
int pipeline__file_end(struct pipeline *p, bool whole);
const struct consumer_stats *pipeline__stats(const struct pipeline *p);

#endif
