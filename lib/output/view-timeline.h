/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The timeline view: the records as the Chrome trace-event format, what Perfetto UI and
 * chrome://tracing open (--trace-event FILE.json). One JSON object {"displayTimeUnit":"ns",
 * "traceEvents":[...]} with an event a line: a track per thread (pid, tid), times in
 * microseconds of the records' clock,
 *
 *	samples		instant events ("ph":"i", "s":"t") named after their event; args:
 *			a typed record's fields, else the raw bytes ("raw", hex) and, for a
 *			string (bpf_printk, a BPF string), "string"; a sample's symbol
 *			("sym") and callchain ("callchain": names, the leaf first)
 *	names		metadata ("ph":"M") thread_name and process_name, at the end, for
 *			every thread seen, from COMM records and the samples' comm
 *
 * The system-call capture's records (EVENT_SYSREC_NAME) are left to the system-call view.
 */
#ifndef PERF_BPF_VIEW_TIMELINE_H
#define PERF_BPF_VIEW_TIMELINE_H

struct view;

/* The timeline in the file at path (created now, completed at the end). NULL + errno. */
struct view *view_timeline__new(const char *path);

#endif
