/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Every output channel the run's programs write, read with no flags:
 *
 * - bpf_printk lines (programs that call bpf_trace_printk or bpf_trace_vprintk), from a
 *   tracefs instance of the run's own (run/printk.h), as samples of a tracepoint event
 *   "bpf_trace:bpf_trace_printk" made in user space;
 * - PERF_EVENT_ARRAY maps a program hands to bpf_perf_event_output (found in its code:
 *   load/progscan.h) that no map term configures: each gets a bpf-output event named after
 *   the map, opened and wired as __bpf_stdout__'s is, so their samples come through the perf
 *   rings;
 * - BPF_MAP_TYPE_RINGBUF maps (any name, __bpf_stdout__ included), read with libbpf's
 *   ring_buffer, as samples of a bpf-output event named after the map made in user space.
 *   A ring buffer record carries no time, task or CPU: it is stamped when read, with the
 *   clock of the run's samples (perf's clock, from the TSC and a perf ring's time_zero
 *   where the kernel offers them, else CLOCK_MONOTONIC), and its pid, tid and CPU are -1,
 *   unless its record type names them (record/rectask.h): its pid and tid are then the
 *   record's, and so is its time when the run's clock is CLOCK_MONOTONIC (-k monotonic,
 *   bpf_ktime_get_ns()'s clock) and the time lies between the start of the run and the
 *   read. The choice is said under -v.
 *
 * Samples made here go into the run's time-ordered queue with the perf rings' samples, and
 * into perf.data as they are: stock perf script prints them.
 *
 *	ch = channels__new(&opts);	after loader__load() and objconf__new(): adds the events
 *	channels__start(ch);		after evlist__open() and objconf__apply(), before attach
 *	channels__read(ch, fn, ctx);	with every pass over the perf rings, a bounded
 *					number of records a ring buffer (run/rbread.h)
 *	channels__report(ch);		at the end: losses, one warning line each
 *	channels__free(ch);		removes the tracefs instance
 */
#ifndef PERF_BPF_CHANNELS_H
#define PERF_BPF_CHANNELS_H

#include <linux/perf_event.h>
#include <stdbool.h>
#include <stdint.h>

#include "load/loader.h"
#include "run/evlist.h"
#include "run/objconf.h"
#include "run/typed.h"

struct channels_opts {
	struct loader *loader;
	struct evlist *evlist; /* gets the channels' events */
	struct objconf *objconf; /* gets the perf event arrays' wiring */
	const struct target *target; /* the CPUs a perf event array needs slots for */
	int clockid; /* -1: perf's default clock; CLOCK_MONOTONIC for -k monotonic */
	const struct typed *typed; /* the channels' record types */
};

struct channels;

/* A sample made by a channel, with its time (> 0) and the CPU it belongs to. */
typedef int (*channels_record_fn)(void *ctx, const struct perf_event_header *rec, uint64_t time,
				  int cpu);

/* NULL + errno, the ERROR line recorded (util/errmsg.h). */
struct channels *channels__new(const struct channels_opts *opts);
int channels__start(struct channels *ch);
/*
 * Samples read, or <0. last: the end of the run. A test build with PERF_BPF_TEST_CHANNELS_HOLD
 * set (util/testhook.h) reads ring buffers and bpf_printk's instance at the end only, to
 * fill them whatever the reader's speed.
 */
int channels__read(struct channels *ch, channels_record_fn fn, void *ctx, bool last);
/* The last read left records that were there when it began: read again without waiting. */
bool channels__more(const struct channels *ch);
void channels__report(struct channels *ch);
void channels__free(struct channels *ch);

#endif
