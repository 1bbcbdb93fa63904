/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The TRACING_DATA stream of a perf.data file (a feature section, or the bytes after a
 * HEADER_TRACING_DATA record): the header_page text and every tracepoint format, with
 * its system, ID and name. Parsed in place: the texts point into the caller's buffer;
 * built by the writer from tracefs.
 */
#ifndef PERF_BPF_PDTRACING_H
#define PERF_BPF_PDTRACING_H

#include <stddef.h>
#include <stdint.h>

#include "util/dbuf.h"

struct pdtracing_format {
	const char *sys; /* NUL-terminated, in the buffer */
	const char *text; /* the format file (not NUL-terminated) */
	size_t len;
	uint64_t id; /* its "ID:" line; 0 when it has none */
	char name[64]; /* its "name:" line; empty when it has none */
};

struct pdtracing {
	const char *header_page; /* NULL until a stream parsed */
	size_t header_page_len;
	struct pdtracing_format *fmts;
	size_t nr_fmts, cap_fmts;
	const char *printk; /* printk formats ("0xADDR : \"text\"" lines), NULL when absent */
	size_t printk_len;
};

/*
 * Parse the stream at buf (at most len bytes; it may end earlier) into t, which must be
 * zeroed or exited. *used gets the stream's length. -EINVAL on any defect (t is then
 * left empty), -ENOMEM.
 */
int pdtracing__parse(struct pdtracing *t, const uint8_t *buf, size_t len, size_t *used);
/* Free what parse allocated (not the buffer); t is left empty. Accepts NULL. */
void pdtracing__exit(struct pdtracing *t);

struct pdwriter_event;

/*
 * The stream for the tracepoints among evs (those with tp_sys and tp_name), appended to b:
 * tracefs's header_page and header_event, each tracepoint's format once, grouped by
 * system, and the printk formats. 0 or -errno (a format tracefs does not have).
 */
int pdtracing__build(struct dbuf *b, const struct pdwriter_event *evs, size_t nr);

#endif
