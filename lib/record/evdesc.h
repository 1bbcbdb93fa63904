/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One event, described once from the run or the file's header to the views: its
 * name, its attr, and what prints its records (a tracepoint's format, an output
 * channel's record type). Records name their event by its index in the run's or file's
 * list of them. A run's event (run/evsel.h) and a file's (perfdata/reader.h) hold one,
 * the perf.data writer writes from them (perfdata/writer.h), and the consumer keeps a
 * copy of each, completed with the formats and types it learns, for its views.
 *
 *	struct event_desc ev = { .name = "evt", .attr = attr };
 *	if (event_desc__is_bpf_output(&ev)) ...
 *
 * Strings and formats are borrowed: whoever fills a description keeps them alive.
 */
#ifndef PERF_BPF_EVDESC_H
#define PERF_BPF_EVDESC_H

#include <linux/perf_event.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

struct btf;
struct tep_event;

struct event_desc {
	/* "__bpf_stdout__", "evt", "syscalls:sys_enter_openat"; NULL: none given */
	const char *name;
	struct perf_event_attr attr;
	/* tracepoints: the system and name tracefs knows the format by, else NULL */
	const char *tp_sys, *tp_name;
	struct tep_event *tp; /* a tracepoint's format, once parsed; NULL: not known */
	/* a bpf-output channel's record type (output/btfprint.h); btf NULL: untyped */
	const struct btf *btf;
	uint32_t type_id;
};

static inline bool event_desc__is_bpf_output(const struct event_desc *ev)
{
	return ev->attr.type == PERF_TYPE_SOFTWARE && ev->attr.config == PERF_COUNT_SW_BPF_OUTPUT;
}

/*
 * The bpf-output event perf-bpf's system-call capture writes into (bpf/syscalls.h records
 * as its samples' raw data): named with a ':' so that no map of a program can take its name.
 */
#define EVENT_SYSREC_NAME "perf-bpf:syscalls"

static inline bool event_desc__is_sysrec(const struct event_desc *ev)
{
	return event_desc__is_bpf_output(ev) && ev->name && !strcmp(ev->name, EVENT_SYSREC_NAME);
}

/* The last event asked about, for views that ask of every sample (a strcmp less each). */
struct sysrec_memo {
	const struct event_desc *ev;
	bool is;
};

static inline bool event_desc__is_sysrec_memo(struct sysrec_memo *m, const struct event_desc *ev)
{
	if (m->ev != ev) {
		m->ev = ev;
		m->is = event_desc__is_sysrec(ev);
	}
	return m->is;
}

/* The period of every sample, for samples that carry none: 0 for a frequency. */
static inline uint64_t event_desc__period(const struct event_desc *ev)
{
	return ev->attr.freq ? 0 : ev->attr.sample_period;
}

#endif
