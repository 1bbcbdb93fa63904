/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The perf.data writer's internals, shared by its files only:
 *
 *	writer.c	the output (a new file, a FIFO, stdout), its life, the records it
 *			synthesizes
 *	wbuf.c		the buffered output: records into the buffer, the buffer into the file
 *			(and what a full disk leaves)
 *	wlayout.c	what comes before and after the records in each layout: attrs,
 *			features, tracing data
 */
#ifndef PERF_BPF_PDWRITER_INT_H
#define PERF_BPF_PDWRITER_INT_H

#include <linux/perf_event.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "util/dbuf.h"
#include "perfdata/format.h"
#include "perfdata/seekable.h"
#include "perfdata/writer.h"

#define PD_ATTR_SIZE 128
#define PD_BUF_SIZE (1U << 20)
/* A span this long goes to the file from where it lies, not through the buffer. */
#define PD_SPAN_DIRECT (32U << 10)
#define PD_MAX_RECORD 65535
#define PD_INDEX_MAX (16 * (PD_FEAT_BITS + 1)) /* an index record at most */

struct pdwriter {
	int fd;
	bool own_fd;
	bool created; /* this writer made the file at path (dev, ino) */
	bool rotated; /* and moved the previous one to old */
	char *path, *old;
	dev_t dev;
	ino_t ino;
	bool pipe; /* fd is a pipe or FIFO of its own, non-blocking */
	int stop_fd; /* stopsig__fd: a full pipe waits for it too */
	int err; /* first I/O error, sticky */
	uint64_t flushed; /* bytes in the file after the last complete flush */
	uint64_t bytes; /* flushed + buffered */
	char *buf;
	size_t len;
	struct perf_event_attr attr0; /* first event's attr: layout of synthesized trailers */
	uint64_t id0;
	/* the seekable layout (a regular file of the writer's own): seekable.c */
	bool seekable;
	struct pdseek *seek;
	struct wtrack *track; /* build ids and BPF programs of the records written */
	struct pdfeat_list late; /* features stored at the close (pdwriter__add_feature) */
	bool started;
	struct pending_feature {
		int feat;
		void *data;
		size_t len;
	} * pending; /* pdwriter__add_feature() before pdwriter__start() */
	size_t nr_pending;
};

/*
 * Hand len bytes (whole records) to the file, past the buffer: on a write error, the file
 * is cut back to the last whole record that made it. 0 or -errno (sticky in w->err).
 */
int wbuf__emit(struct pdwriter *w, const void *data, size_t len);
/* The buffered records to the file. */
int wbuf__flush(struct pdwriter *w);
/* A record header (the body follows with pdwriter__write); -E2BIG past 64 KiB or not 8-aligned. */
int wbuf__put_header(struct pdwriter *w, uint32_t type, uint16_t misc, size_t size);
/* A record of type whose body (header excluded) was built in b; b is freed. */
int wbuf__put_record(struct pdwriter *w, uint32_t type, uint16_t misc, struct dbuf *b);

/* What follows the records, as the layout has it, and the last flush. 0 or -errno. */
int wlayout__finish(struct pdwriter *w);

#endif
