/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One perf-style kprobe/uprobe program and everything behind it: its probe points (a glob gives
 * several), the arguments each point fetches, the prologues (one per distinct fetch list: points
 * whose fetches are identical share one loaded program), the extra programs loaded for the 2nd
 * and later prologues, and the perf events that attach them.
 *
 *	pp = probeprog__new(prog, &sec, "obj.o", "GPL");	after bpf_object__open
 *	probeprog__prepare(pp, prog, opts);			from libbpf's prog_prepare_load_fn
 *	probeprog__load(pp);					after bpf_object__load
 *	probeprog__open(pp);					the events, to sample them
 *	probeprog__attach(pp);
 *	probeprog__free(pp);					closes events, removes tracefs probes
 */
#ifndef PERF_BPF_PROBEPROG_H
#define PERF_BPF_PROBEPROG_H

#include <stdbool.h>

#include "event/section.h"

struct bpf_program;
struct bpf_prog_load_opts;
struct probeprog;

/*
 * Expand the points of @sec and resolve its arguments.  @object, @prog and what @sec points to
 * (not @sec itself: it is copied) must outlive the result.  NULL + errno; like every function
 * here that fails, it records the ERROR (and Hint) line for the command (util/errmsg.h).
 * @fentry: put kernel functions on fentry/fexit (the program's type becomes TRACING); where that
 * fails too, the error says the kernel lacks kprobes.
 */
struct probeprog *probeprog__new(struct bpf_program *prog, const struct section *sec,
				 const char *object, const char *license, bool fentry);
void probeprog__free(struct probeprog *pp);

/* Put the first prologue in front of the program libbpf is about to load. */
int probeprog__prepare(struct probeprog *pp, struct bpf_program *prog,
		       struct bpf_prog_load_opts *opts);
/* Load one more program per further prologue, from the loaded program's instructions. */
int probeprog__load(struct probeprog *pp);
/*
 * Create the probe event of every point (tracefs or PMU), its program not yet attached; once
 * only.  fentry/fexit points have no event.
 */
int probeprog__open(struct probeprog *pp);
/* Open the events (if not yet) and attach each point's program. */
int probeprog__attach(struct probeprog *pp);

/*
 * The events of the points, after probeprog__open(): each one's tracefs name in PROBE_GROUP
 * (NULL for a PMU event: it has no name, no format and cannot be sampled apart), the program
 * it runs and the function it probes.
 */
int probeprog__nr_events(const struct probeprog *pp);
const char *probeprog__event_name(const struct probeprog *pp, int i);
int probeprog__event_prog_fd(const struct probeprog *pp, int i);
const char *probeprog__event_func(const struct probeprog *pp, int i);

#endif
