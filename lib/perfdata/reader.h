/* SPDX-License-Identifier: GPL-2.0 */
/*
 * perf.data reader: seekable files and the streaming (pipe) format, as written by
 * pdwriter and by perf record. Never trusts the bytes: a defect gives an error (the
 * constructor fails, or pdreader__next returns -errno) or a warning and a skip.
 *
 * Records come out in the order perf script delivers them: sorted by time, flushed at
 * FINISHED_ROUND records, when every attr has sample_id_all (or in the streaming
 * format); in file order otherwise. Records without a time are delivered when read.
 * The records of perf record -z (PERF_RECORD_COMPRESSED, zstd) are decompressed as read.
 *
 * Memory is bounded whatever the input's size: a file is mapped, but the pages of the
 * records delivered are dropped as reading goes on, and the records waiting for their
 * round (or for the end, in files without rounds) are held within a window (16 MiB;
 * PERF_BPF_READ_WINDOW=BYTES sets another). A round that outgrows it is delivered early,
 * sorted as far as it was read, with a warning, and counted (nr_early_flushes).
 */
#ifndef PERF_BPF_PDREADER_H
#define PERF_BPF_PDREADER_H

#include <linux/perf_event.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "record/evdesc.h"
#include "perfdata/tracing.h"

struct pdreader_event {
	/*
	 * name: EVENT_DESC's, else "sys:name" for tracepoints, else NULL; attr: the file's
	 * (bytes past its size are zero); tp_sys: for tracepoints whose format is in
	 * TRACING_DATA, else NULL
	 */
	struct event_desc desc;
	const uint64_t *ids;
	size_t nr_ids;
	const char *tp_format; /* the format text (not NUL-terminated) */
	size_t tp_format_len;
};

/* One record; hdr is valid until the next pdreader__next call. */
struct pdreader_record {
	const struct perf_event_header *hdr; /* the whole record, hdr->size bytes */
	int event; /* index into the events, -1 when it names none */
	uint64_t time; /* 0 when it carries none */
	uint64_t offset; /* file offset of the record */
};

struct pdreader_stats {
	uint64_t nr_records; /* every record processed, perf's "events" */
	uint64_t nr_samples; /* PERF_RECORD_SAMPLE */
	uint64_t nr_lost; /* PERF_RECORD_LOST records ("chunks") */
	uint64_t lost_events; /* sum of their counts */
	uint64_t lost_samples; /* sum of PERF_RECORD_LOST_SAMPLES counts */
	uint64_t nr_unordered; /* records older than what a round already flushed */
	uint64_t nr_skipped; /* records of unknown types, or unusable, skipped */
	uint64_t nr_early_flushes; /* rounds delivered early: their records outgrew the window */
	uint64_t nr_compressed; /* COMPRESSED records decompressed */
	bool truncated; /* the data ends inside a record */
};

struct pdreader;

/*
 * Read from a file (mmap; "-" reads stdin). NULL + errno when it cannot be read, the ERROR
 * line recorded ("cannot read 'PATH': why", util/errmsg.h), as for every failure below.
 */
struct pdreader *pdreader__open(const char *path);
/* Read from memory; buf must outlive the reader. */
struct pdreader *pdreader__new_mem(const void *buf, size_t len);
void pdreader__free(struct pdreader *r);
/*
 * A pipe is read as records are needed, with memory bounded by the rounds not yet
 * delivered; fn(arg) is called before each read that would block (to flush output).
 */
void pdreader__set_wait(struct pdreader *r, void (*fn)(void *arg), void *arg);

bool pdreader__is_pipe(const struct pdreader *r);
size_t pdreader__nr_events(const struct pdreader *r);
const struct pdreader_event *pdreader__event(const struct pdreader *r, size_t idx);

/* TRACING_DATA pieces for libtraceevent; header_page is NULL (len 0) when absent. */
const char *pdreader__header_page(const struct pdreader *r, size_t *len);
/* The printk formats of the file's tracing data, or NULL (*len 0) when it has none. */
const char *pdreader__printk_formats(const struct pdreader *r, size_t *len);
size_t pdreader__nr_formats(const struct pdreader *r);
/* A format of TRACING_DATA (system, text, ID, name); valid until the reader is freed. */
const struct pdtracing_format *pdreader__format(const struct pdreader *r, size_t idx);
/* A header string feature (HOSTNAME 3, OSRELEASE 4, ARCH 6, ...), or NULL. */
const char *pdreader__feature_string(const struct pdreader *r, int feature);
/* The CLOCK_DATA feature of a recording made with -k: 0, or -ENOENT when it has none. */
struct clockfeat_data;
int pdreader__clock_data(const struct pdreader *r, struct clockfeat_data *d);

/*
 * A feature of id 32 or more (the ids stock perf skips; perfdata/format.h), its sections or
 * records concatenated, or NULL (*len 0). Records found after the first kernel record add
 * to it as pdreader__next() meets them.
 */
const void *pdreader__feature(const struct pdreader *r, int feat, size_t *len);

/*
 * Next kernel record (types below 64) in delivery order. Returns 1 with *rec filled,
 * 0 at the end, -errno on a fatal defect (a record naming an id of no event, ...).
 */
int pdreader__next(struct pdreader *r, struct pdreader_record *rec);
const struct pdreader_stats *pdreader__stats(const struct pdreader *r);

#endif
