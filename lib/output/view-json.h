/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The JSON Lines view: one object per sample, keys present only when the sample carries
 * the value:
 *	type	"sample"
 *	event	event name
 *	comm	thread name (absent when unknown)
 *	pid, tid, cpu	numbers
 *	time	nanoseconds (number)
 *	period	number
 *	ip	"0x..." string
 *	sym	"sym+0xoff" for resolved ips
 *	dso	where the ip lies: "[kernel.kallsyms]", "[module]", a path, a BPF program
 *	callchain	array of frames {"ip": "0x...", "sym", "dso"} (markers left out)
 *	raw	the bpf-output payload as a lowercase hex string
 *	string	the payload as text, only when it is a C string (the "BPF string" rule)
 *	fields	object of the tracepoint's own fields by name: integers as numbers,
 *		char arrays and __data_loc strings as strings, other arrays as arrays; for a
 *		typed bpf-output record (event_desc.btf) its fields as output/btfprint.h
 *		writes them, in place of raw and string
 * and for lost records: {"type":"lost","lost":N} plus cpu, time, id when known.
 */
#ifndef PERF_BPF_VIEW_JSON_H
#define PERF_BPF_VIEW_JSON_H

#include <stdint.h>
#include <stdio.h>

#include "record/sample.h"
#include "resolve/resolver.h"

struct jsonw;
struct view;

/* The view writing JSON Lines on out (output/view.h). NULL + errno. */
struct view *view_json__new(FILE *out);

/* The pieces, for unit tests. */
void print_json__sample(struct jsonw *w, const struct resolved_sample *rs);
/* The general path of print_json__sample(), member by member (its tests compare the two). */
void print_json__sample_members(struct jsonw *w, const struct resolved_sample *rs);
void print_json__lost(struct jsonw *w, const struct sample *s, uint64_t lost);

#endif
