/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the writer notes of the records passing through it, for the features written at
 * the close: the build ids of MMAP2 records that carry one (BUILD_ID), the programs of
 * BPF_EVENT records (BPF_PROG_INFO and BPF_BTF, fetched by id with libbpf at the close).
 */
#ifndef PERF_BPF_PDWTRACK_H
#define PERF_BPF_PDWTRACK_H

#include <linux/perf_event.h>
#include <stddef.h>

#include "perfdata/seekable.h"

struct wtrack;

struct wtrack *wtrack__new(void);
void wtrack__free(struct wtrack *t);
/* One whole kernel record (header.size bytes); anything else is ignored. */
void wtrack__record(struct wtrack *t, const struct perf_event_header *h);
/*
 * Adds BUILD_ID, BPF_PROG_INFO and BPF_BTF, for what was noted, to l. Programs already
 * unloaded are left out. 0 or -ENOMEM.
 */
int wtrack__features(struct wtrack *t, struct pdfeat_list *l);

#endif
