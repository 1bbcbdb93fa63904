/* SPDX-License-Identifier: GPL-2.0 */
/* perf.data feature sections, read into a pdreader (internal to the reader). */
#ifndef PERF_BPF_PDFEATURE_H
#define PERF_BPF_PDFEATURE_H

#include <stddef.h>
#include <stdint.h>

struct pdheader;
struct pdreader;

/* The features the index after the data section lists (the file's header h). */
void pdfeature__read_index(struct pdreader *r, const struct pdheader *h);
/* One feature payload [off, off+size); a damaged one is warned about and ignored. */
void pdfeature__read(struct pdreader *r, int feat, uint64_t off, uint64_t size);
/* Name event idx (len bytes of name), unless it has a name already. */
void pdfeature__name_event(struct pdreader *r, size_t idx, const char *name, size_t len);
/* Tracepoint events get their TRACING_DATA format (by ID) and a "sys:name" default name. */
void pdfeature__link_formats(struct pdreader *r);

#endif
