/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The text view: samples as `perf script` prints them (byte for byte, for bpf-output and
 * tracepoint samples), for `trace` (live) and `script` (a file).
 *
 * Plain lines (PF_DEFAULT), one field after the other as perf script 6.1 spaces them:
 *	comm (%16s, ":TID" when unknown) tid (%5d; "pid/tid" with -F pid,tid) [cpu] time:
 *	period (not for tracepoints) event: (right-aligned to the name width)
 *	tracepoint fields (print fmt) | " %16lx sym+0xoff (dso)" for other events,
 *	or, for events with callchains, a line per frame "\t%16lx sym+0xoff (dso)" (user
 *	frames at their offset in their dso; the comm then unpadded, as perf does),
 *	then for bpf-output events the "BPF output:" hexdump, the "BPF string:" line when
 *	the payload is a C string, and an empty line; or, for a typed record (event_desc.btf),
 *	" field=value ..." on the same line (output/btfprint.h).
 * A typed record's line is compact: no period, address or symbol (the program's handler,
 * the same on every line), and a task it does not know is "-" (a ring buffer's record).
 * "-F +FIELD,-FIELD" adds to and takes from the default of each event.
 */
#ifndef PERF_BPF_VIEW_TEXT_H
#define PERF_BPF_VIEW_TEXT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "record/evdesc.h"
#include "resolve/resolver.h"

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
	PF_TRACE = 1 << 10, /* tracepoint fields */
	PF_BPF_OUTPUT = 1 << 11, /* hexdump + BPF string */
	PF_SYMOFF = 1 << 12, /* "+0xoff" after sym */
	PF_TOD = 1 << 13, /* the wall-clock time, before the time (print_opts.tod_offset_ns) */
	PF_DEFAULT = 1 << 30, /* perf script's default selection for each event type */
};

/* With PF_DEFAULT: the fields -F -FIELD takes from the default, in the bits above this. */
#define PF_OFF_SHIFT 15

struct print_opts {
	FILE *out;
	unsigned fields; /* PF_* mask; PF_DEFAULT for perf script's default (+ and - PF_OFF_SHIFT) */
	int64_t tod_offset_ns; /* PF_TOD: a record's time plus this is the wall-clock time */
	/*
	 * Whole samples may wait in the printer's buffer until it fills or the view is flushed
	 * or ended (a file's text that no other view writes among the samples on out); else
	 * every sample goes to stdio at its end.
	 */
	bool batch;
};

struct view;

/* The text view of the consumer's records (output/view.h). NULL + errno. */
struct view *view_text__new(const struct print_opts *opts);
/*
 * Parse "-F comm,tid,..." into a PF_* mask, or "-F +FIELD,-FIELD,..." into PF_DEFAULT with
 * the fields added and taken; -EINVAL, the ERROR line recorded, on a bad name.
 */
int printer__parse_fields(const char *spec, unsigned *fields);

/* The printer inside the view, exposed for unit tests. */
struct printer;

struct printer *printer__new(const struct print_opts *opts);
void printer__free(struct printer *p);
/* Event names are right-aligned to the longest one, as perf script does. */
void printer__set_name_width(struct printer *p, int width);
/* What the samples of ev must have resolved to be printed (RESOLVE_* of resolve/resolver.h). */
unsigned printer__needs(const struct printer *p, const struct event_desc *ev);
/* A sample, resolved as printer__needs() asked (comm NULL: printed as ":tid"). */
void printer__sample(struct printer *p, const struct resolved_sample *rs);
/* fflush the output (the printer hands every sample to stdio whole, unless batch). */
void printer__flush(struct printer *p);
/* The "BPF output:" hexdump of a payload, and its "BPF string:" line when it is one. */
void print__bpf_output(FILE *f, const void *data, uint32_t size);
/* Does fields (-F's) ask for the wall-clock time? */
bool printer__wants_tod(unsigned fields);
/* "%5lu.%06lu": seconds and microseconds of a nanosecond time, cut (not rounded). */
int print__time(char *buf, size_t size, uint64_t ns);

#endif
