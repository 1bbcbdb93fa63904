/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Folded stacks (output/fold.h) as a pprof profile: profile.proto's messages, gzipped, the
 * file go tool pprof, Grafana Pyroscope and Parca read. Each stack is one sample: its
 * frames as locations (the leaf first), one function per frame name (kernel frames keep
 * their names, BPF programs theirs), its weight as the one value, the thread's name as the
 * label "comm". The sample type is type/unit ("samples"/"count" for samples, "off_cpu"/
 * "nanoseconds" for a map of times).
 */
#ifndef PERF_BPF_PPROF_H
#define PERF_BPF_PPROF_H

#include <stdint.h>
#include <stdio.h>

#include "output/fold.h"

struct pprof_opts {
	const char *type, *unit; /* NULL: "samples", "count" */
	int64_t time_ns; /* when the profile was taken (CLOCK_REALTIME), 0: unknown */
};

/* The profile of f's stacks to out. 0, -ENOMEM, or -EIO when out fails. */
int pprof__write(const struct fold *f, FILE *out, const struct pprof_opts *o);

#endif
