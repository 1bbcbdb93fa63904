/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What both printers (text in print.c, JSON in print-json.c) are handed with the event of a
 * sample (record/evdesc.h): the sample with everything resolved once (thread name, symbol,
 * whether its payload reads as a string). The printers format; they look nothing up.
 */
#ifndef PERF_BPF_PRINT_SAMPLE_H
#define PERF_BPF_PRINT_SAMPLE_H

#include <linux/perf_event.h>
#include <stdbool.h>
#include <stdint.h>

#include "record/evdesc.h"
#include "record/sample.h"

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

#endif
