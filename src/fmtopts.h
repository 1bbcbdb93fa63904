/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The rows of the options that show samples as pictures and formats for other tools, which
 * trace and script share; they set the fields of struct views_formats (output/views.h).
 */
#ifndef PERF_BPF_FMTOPTS_H
#define PERF_BPF_FMTOPTS_H

#include "util/opts.h"
#include "output/views.h"

/* clang-format off */
#define OPT_FOLDED(fmt) \
	OPT_BOOL(0, "folded", &(fmt)->folded, \
		 "print the samples' callchains as folded stacks (comm;frame;...;leaf COUNT)")
#define OPT_FLAMEGRAPH(fmt) \
	OPT_STRING(0, "flamegraph", &(fmt)->flamegraph, "FILE.svg", \
		   "write a flame graph of the samples' callchains to FILE.svg")
#define OPT_PPROF(fmt) \
	OPT_STRING(0, "pprof", &(fmt)->pprof, "FILE.pb.gz", \
		   "write the samples' callchains as a pprof profile to FILE.pb.gz")
#define OPT_TRACE_EVENT(fmt) \
	OPT_STRING(0, "trace-event", &(fmt)->trace_event, "FILE.json", \
		   "write a timeline of the records for Perfetto or chrome://tracing to FILE.json")
#define OPT_PROM(fmt) \
	OPT_STRING(0, "prom", &(fmt)->prom, "FILE", \
		   "write the maps as Prometheus text to FILE at each print"), \
	OPT_BOOL(0, "prom-host", &(fmt)->prom_host, "label the Prometheus samples with the host name")
/* clang-format on */

#endif
