/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Printing samples as `perf script` prints them (byte for byte, for bpf-output and
 * tracepoint samples), or as JSON Lines. Used by `trace` (live) and `script` (file):
 * decode once, emit either way.
 */
#ifndef PERF_BPF_PRINT_H
#define PERF_BPF_PRINT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "sample.h"

struct tep_handle;
struct tep_event;
struct ksyms;

/* What the printer needs to know of one event (one attr). */
struct print_event {
	const char *name;	/* "__bpf_stdout__", "evt", "syscalls:sys_enter_openat" */
	uint32_t type;		/* PERF_TYPE_* */
	uint64_t config;
	uint64_t sample_type;
	struct tep_event *tp;	/* tracepoint format, NULL for other events */
};

/* -F fields */
enum print_field {
	PF_COMM = 1 << 0,
	PF_TID = 1 << 1,
	PF_PID = 1 << 2,
	PF_CPU = 1 << 3,
	PF_TIME = 1 << 4,
	PF_PERIOD = 1 << 5,
	PF_EVENT = 1 << 6,
	PF_IP = 1 << 7,
	PF_SYM = 1 << 8,
	PF_DSO = 1 << 9,
	PF_TRACE = 1 << 10,	 /* tracepoint fields */
	PF_BPF_OUTPUT = 1 << 11, /* hexdump + BPF string */
	PF_DEFAULT = 1 << 30,	 /* perf script's default selection for each event type */
};

struct print_opts {
	FILE *out;
	bool json;
	unsigned fields;	/* PF_* mask; PF_DEFAULT for perf script's default */
	struct tep_handle *tep; /* borrowed; formats tracepoint samples */
	struct ksyms *ksyms;	/* borrowed; resolves kernel ips, NULL prints [unknown] */
};

struct printer;

struct printer *printer__new(const struct print_opts *opts);
void printer__free(struct printer *p);
/* Event names are right-aligned to the longest one, as perf script does. */
void printer__set_name_width(struct printer *p, int width);
/* comm: the thread's name, or NULL when unknown (printed as ":tid"). */
void printer__sample(struct printer *p, const struct print_event *ev, const struct sample *s,
		     const char *comm);
/* A lost-records notice (JSON mode only prints it on stdout: {"type":"lost",...}). */
void printer__lost(struct printer *p, const struct sample *s, uint64_t lost);
/* Parse "-F comm,tid,..." into a PF_* mask; -EINVAL with an error message on a bad name. */
int printer__parse_fields(const char *spec, unsigned *fields);

/* The pieces, exposed for unit tests. */
void print__bpf_output(FILE *f, const void *data, uint32_t size);
bool print__is_bpf_string(const void *data, uint32_t size);

#endif
