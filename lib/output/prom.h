/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The maps of a look as Prometheus exposition text, what node_exporter's textfile collector
 * and Prometheus read. One metric per map, perf_bpf_NAME (NAME with what a metric name cannot
 * hold as '_'), with a HELP and a TYPE line:
 *
 *	gauge		integer values: a sample per key, the key's members as labels (an
 *			integer key is the label "key"; strings escaped); a struct value
 *			gives a metric per integer member, perf_bpf_NAME_MEMBER
 *	histogram	maps output/hist.h shows as bars: NAME_bucket{le="..."} cumulative
 *			(le: the largest integer a bucket holds), +Inf, NAME_sum (the
 *			buckets' lower bounds times their counts: the map keeps no sum) and
 *			NAME_count; a map of many (output/histgroup.h) such samples per group,
 *			its key's members as labels, slot aside
 *
 * Maps of other values and STACK_TRACE maps are left out. With host, every sample gets the
 * label host="HOST".
 */
#ifndef PERF_BPF_PROM_H
#define PERF_BPF_PROM_H

#include <stddef.h>
#include <stdio.h>

struct typeset;

/* The maps of buf (a tfeat DUMP) to out. 0, -ENOMEM, or -EIO when out fails. */
int prom__write(const struct typeset *ts, const void *buf, size_t len, const char *host, FILE *out);
/* The same, rewritten whole at path: a temporary file renamed over it. 0 or -errno. */
int prom__write_file(const struct typeset *ts, const void *buf, size_t len, const char *host,
		     const char *path);

#endif
