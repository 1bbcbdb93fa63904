/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The consumer: where every decoded kernel record ends, whether it comes live from the
 * rings (`trace`) or from a perf.data file (`script`). It keeps what later records need
 * (through the resolver: thread names, address spaces, the kernel's symbols once a
 * kernel map is known; tracepoint formats, the channels' record types), resolves each
 * sample once, as much as its views ask, and hands it to every view (output/view.h):
 * perf script's text, JSON Lines, ... A feature added here shows in both commands and
 * every view.
 *
 *	struct consumer *c = consumer__new(&opts, events, nr_events);
 *	consumer__add_view(c, view_x__new(...));	(before the first record)
 *	for each record: consumer__record(c, &rec, event_index);
 *	at the end of each round: consumer__flush(c);
 *	consumer__end(c);
 *	consumer__free(c);
 */
#ifndef PERF_BPF_CONSUMER_H
#define PERF_BPF_CONSUMER_H

#include <linux/perf_event.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "record/evdesc.h"
#include "record/record.h"

struct tep_handle;
struct view;

struct consumer_opts {
	/* formats tracepoint samples (borrowed); NULL: one of its own when needed */
	struct tep_handle *tep;
	/*
	 * The records come from this machine's running kernel: kernel symbols from
	 * /proc/kallsyms from the start, and a tracepoint's format (an event with tp_sys,
	 * tp_name and no tp) from tracefs at its first sample. Otherwise kernel symbols are
	 * read once a record maps the kernel ([kernel.kallsyms]), as perf script does for a
	 * file.
	 */
	bool live;
	/* live: the views name kernel ips (JSON's sym): kallsyms read from the start, meanwhile */
	bool ksyms_ahead;
};

struct consumer_stats {
	uint64_t samples; /* handed to the views */
	uint64_t bad_samples; /* too short for their event's layout */
};

struct consumer;

/*
 * The events records name by index; the array is copied, its strings and formats are
 * borrowed. NULL + errno.
 */
struct consumer *consumer__new(const struct consumer_opts *opts, const struct event_desc *events,
			       size_t nr_events);
/* Frees the consumer and its views (each hands on what it still buffers). */
void consumer__free(struct consumer *c);
/*
 * One more view of the records (owned from now on; NULL: -errno, for a constructor's
 * failure). Before the first record; -EBUSY after.
 */
int consumer__add_view(struct consumer *c, struct view *v);

/*
 * One record, decoded (rec->decoded false: only its bytes are known), of event ev
 * (-1: none known). 0, or -errno when the output fails.
 */
int consumer__record(struct consumer *c, const struct record *rec, int ev);
/* The same for a record's bytes, decoded with the layout of event ev (or of event 0). */
int consumer__bytes(struct consumer *c, const struct perf_event_header *hdr, int ev);
/* A build id the file lists for path, for its MMAP records without one. 0, -ENOMEM. */
int consumer__add_build_id(struct consumer *c, const char *path, const unsigned char *id,
			   size_t size);
/* Hand what is buffered to the output (end of a round, or of the run). -errno on failure. */
int consumer__flush(struct consumer *c);
/* A record given now could make the consumer wait (for the kernel's symbols read ahead). */
bool consumer__busy(const struct consumer *c);
/* The end of the stream: aggregating views print what they gathered, then all flush. */
int consumer__end(struct consumer *c);
/*
 * The objects' BTF and the record types of the output channels (util/tfeat.h bytes, from
 * run/typed.h live or from the file's perf-bpf feature): the records of a bpf-output event
 * a CHANNEL entry names print as fields (output/btfprint.h). -EINVAL: a BTF is damaged.
 */
int consumer__set_types(struct consumer *c, const void *buf, size_t len);
/*
 * Where the stacks the fields of typed records name are read (output/mapstacks.h; owned
 * from now on): a live run's maps. Without it, those of the maps the types came with (a
 * file's last look).
 */
struct mapstacks;
void consumer__set_stacks(struct consumer *c, struct mapstacks *ms);
/* Do records of some event name stacks that the stacks set so far do not hold? */
bool consumer__wants_stacks(const struct consumer *c);
/*
 * A look at the maps: the MAP entries of buf (a tfeat DUMP), to the views that show maps,
 * after what the views buffered is handed on.
 */
int consumer__print_maps(struct consumer *c, const void *buf, size_t len);
/* The same for a periodic look, taken at time (output/view.h), which the views show. */
struct view_maps_time;
int consumer__print_maps_at(struct consumer *c, const void *buf, size_t len,
			    const struct view_maps_time *time);
const struct consumer_stats *consumer__stats(const struct consumer *c);

#endif
