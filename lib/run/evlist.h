/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The events of one run, opened on one target, with one ring per CPU: every event of
 * a CPU writes into that CPU's ring (PERF_EVENT_IOC_SET_OUTPUT), so a reader drains
 * nr_cpus rings whatever the number of events.
 */
#ifndef PERF_BPF_EVLIST_H
#define PERF_BPF_EVLIST_H

#include <stdbool.h>

#include "run/evsel.h"
#include "run/ring.h"

struct evlist;

struct evlist *evlist__new(void);
void evlist__free(struct evlist *el);

/* Takes ownership of ev (freed with the list, or at once on failure). */
int evlist__add(struct evlist *el, struct evsel *ev);
int evlist__nr(const struct evlist *el);
struct evsel *evlist__at(const struct evlist *el, int i);
/* The event a record's id belongs to (0 or unknown: NULL). */
struct evsel *evlist__by_id(const struct evlist *el, uint64_t id);

/*
 * Open every event on target, then map one ring of `pages` data pages per CPU; -errno with the
 * ERROR line recorded (util/errmsg.h).
 */
int evlist__open(struct evlist *el, const struct target *target, unsigned int pages);
/* Wait up to timeout_ms for a ring to pass its watermark (or fd to be readable when >= 0). */
int evlist__poll(struct evlist *el, int timeout_ms);
/*
 * Every ring's task has exited (a per-task target: -p, -t): nothing more will come. A ring that
 * hangs up leaves the poll set, which would otherwise never wait again.
 */
bool evlist__hung_up(const struct evlist *el);
/* Add an fd (a signalfd, say) to the poll set; evlist__poll returns 1 when it is readable. */
int evlist__poll_add_fd(struct evlist *el, int fd);
/* Add an fd whose readiness only ends the wait (a ring buffer of records): poll returns 0. */
int evlist__poll_add_wake_fd(struct evlist *el, int fd);
/* Drain every ring once. Returns records read, or <0. */
int evlist__read(struct evlist *el, ring_record_fn fn, void *ctx);
/*
 * Drain every ring once, by spans (ring.h), up to the heads noted at the start. scan, when
 * given, sees first every record of scan_type (0: any) up to each ring's head at its own
 * look, none consumed:
 * what led to a record read by spans (the FORK that made the child a sample is of) was
 * written before it and is seen by scan before the span is read. Returns records read, or <0.
 */
int evlist__read_spans(struct evlist *el, const struct ring_span_ops *ops, uint32_t scan_type,
		       ring_record_fn scan, void *ctx);
/* Records the kernel reported lost (PERF_RECORD_LOST), all rings together. */
uint64_t evlist__lost(const struct evlist *el);
/*
 * Samples lost so far, exactly: the kernel writes a LOST record only when a later record
 * fits (losses at the very end are known only from the events' lost counts), and LOST
 * records also count tracking records. Kernels before 6.0: evlist__lost().
 */
uint64_t evlist__lost_samples(const struct evlist *el);
const struct target *evlist__target(const struct evlist *el);
/* The control page of the first ring (its time_zero/time_mult convert the TSC), or NULL. */
const struct perf_event_mmap_page *evlist__mmap_page(const struct evlist *el);

/* Possible CPUs of this machine (sysfs "possible"), or those of a -C list: "0-2,5". */
int target__init_cpus(struct target *t, const char *list);
void target__exit(struct target *t);

#endif
