/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What both printers (text in print.c, JSON in print-json.c) are handed: the event a
 * sample belongs to, and the sample with everything resolved once (thread name, symbol,
 * whether its payload reads as a string). The printers format; they look nothing up.
 */
#ifndef PERF_BPF_PRINT_SAMPLE_H
#define PERF_BPF_PRINT_SAMPLE_H

#include <linux/perf_event.h>
#include <stdbool.h>
#include <stdint.h>

#include "record/sample.h"

struct btf;
struct tep_event;

/* What the printers need to know of one event (one attr). */
struct print_event {
	const char *name; /* "__bpf_stdout__", "evt", "syscalls:sys_enter_openat" */
	uint32_t type; /* PERF_TYPE_* */
	uint64_t config;
	uint64_t sample_type;
	struct tep_event *tp; /* tracepoint format, NULL for other events */
	uint64_t period; /* attr.sample_period: printed when samples lack PERIOD */
	/* bpf-output: the type its records have (output/btfprint.h), NULL when untyped */
	const struct btf *btf;
	uint32_t type_id;
};

/* Where an address lies: name NULL when no symbol holds it. */
struct print_sym {
	const char *name;
	uint64_t off;
	const char *module; /* a kernel module's name (printed "[name]"), else NULL */
	const char *dso; /* else the dso perf prints ("[kernel.kallsyms]", a path), NULL: unknown */
};

/* One frame of a callchain: the address perf prints (an offset in its dso for user code). */
struct print_frame {
	uint64_t ip, addr;
	struct print_sym sym;
};

struct print_sample {
	const struct sample *s;
	const char *comm; /* NULL when unknown */
	struct print_sym sym; /* of s->ip, when the sample has one */
	bool is_string; /* the raw payload is a C string (perf's "BPF string" rule) */
	/* the callchain, PERF_CONTEXT_* markers left out; has_chain false: none to print */
	bool has_chain;
	const struct print_frame *frames;
	uint32_t nr_frames;
};

static inline bool print_event__is_bpf_output(const struct print_event *ev)
{
	return ev->type == PERF_TYPE_SOFTWARE && ev->config == PERF_COUNT_SW_BPF_OUTPUT;
}

#endif
