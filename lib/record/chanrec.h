/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Samples made in user space for records that reach perf-bpf outside the perf rings (a
 * bpf_printk line of a tracefs instance, a ring buffer record), laid out as the kernel lays
 * out a sample of the run's events (CHANREC_SAMPLE_TYPE), so that the queue, the consumer,
 * the perf.data writer and stock perf treat them as any other sample.
 */
#ifndef PERF_BPF_CHANREC_H
#define PERF_BPF_CHANREC_H

#include <linux/perf_event.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The layout of every live event (EVSEL_SAMPLE_TYPE of run/evsel.h) */
#define CHANREC_SAMPLE_TYPE                                                             \
	(PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME | \
	 PERF_SAMPLE_CPU | PERF_SAMPLE_PERIOD | PERF_SAMPLE_RAW)

struct chanrec_sample {
	uint64_t id;
	uint32_t pid, tid;
	uint64_t time;
	uint32_t cpu;
	uint64_t period; /* 1 for a tracepoint's, 0 for a bpf-output's, as the kernel's */
	const void *raw; /* the RAW payload: a tracepoint's entry, or a bpf-output's bytes */
	uint32_t raw_size;
	/* PERF_SAMPLE_CGROUP after RAW (record --all-cgroups), 8 bytes more than chanrec__size */
	bool has_cgroup;
	uint64_t cgroup;
};

/*
 * Encode a PERF_RECORD_SAMPLE (ip 0), the raw bytes zero-padded to 8 bytes as the
 * kernel pads them. buf must be 8-byte aligned. Returns its size, 0 when it does not fit
 * in size bytes or in a record (64 KiB).
 */
size_t chanrec__encode(void *buf, size_t size, const struct chanrec_sample *s);
/* The size chanrec__encode() gives a sample of raw_size bytes of raw data. */
size_t chanrec__size(uint32_t raw_size);

#endif
