/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What existed before the run began: tasks the kernel will never report a COMM or FORK
 * for. Read from /proc, handed out one thread at a time, so that a live run names them
 * and a recording holds their names, as perf synthesizes them.
 */
#ifndef PERF_BPF_SYNTH_H
#define PERF_BPF_SYNTH_H

#include <linux/perf_event.h>
#include <stdint.h>

/* Where the synthesized records go, one whole record (header and body) at a time. */
typedef int (*synth_emit_fn)(void *ctx, const struct perf_event_header *hdr);

/* One thread and its name; non-zero stops the walk. */
typedef int (*synth_thread_fn)(void *ctx, uint32_t pid, uint32_t tid, const char *comm);

/*
 * Every thread of the process pid is (or belongs to, when pid is one of its threads), or of
 * every process when pid <= 0. Tasks that exit meanwhile are skipped. Returns fn's first
 * non-zero value, or 0.
 */
int synth__threads(int pid, synth_thread_fn fn, void *ctx);

#endif
