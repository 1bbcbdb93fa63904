/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The options `trace` and `record` share: events, target, buffers, compiler. The compiler's
 * rows are `compile`'s too (OPT_CLANG).
 */
#ifndef PERF_BPF_EVOPTS_H
#define PERF_BPF_EVOPTS_H

#include <stdbool.h>

#include "compile/compile.h"
#include "util/idlist.h"
#include "util/cgroups.h"
#include "util/opts.h"
#include "run/session.h"
#include "output/mapshow.h"
#include "output/views.h"
#include "lineopts.h"
#include "scopts.h"

/* The rows of the compile options, setting the fields of struct compile_opts *co. */
/* clang-format off */
#define OPT_CLANG(co) \
	OPT_STRING(0, "clang-path", &(co)->clang_path, "PATH", \
		   "clang to run (default: [llvm] clang-path, else clang)"), \
	OPT_STRING_OR_EMPTY(0, "clang-opt", &(co)->clang_opt, "OPTS", \
		   "more clang options (default: [llvm] clang-opt)"), \
	OPT_UINT(0, "clang-timeout", &(co)->clang_timeout, "SECONDS", 1, \
		 COMPILE_CLANG_TIMEOUT_MAX, \
		 "stop clang after SECONDS (default: [llvm] clang-timeout, else 120)"), \
	OPT_BOOL(0, "no-cache", &(co)->no_cache, \
		 "compile even when the cache has the object, store nothing")
/* clang-format on */

enum evopts_cmd { EVOPTS_TRACE, EVOPTS_RECORD };

/* --filter EXPR: the kernel's filter of the tracepoints of the -e argument before it. */
struct evopts_filter {
	const char *event_arg; /* that -e argument (an item of event_args) */
	const char *expr;
};

/* What the command line of trace or record asks for; the rows set these fields. */
struct evopts {
	struct session_opts session; /* -a -p -t -C -i -m, the compile options, the workload */
	enum evopts_cmd cmd;
	struct idlist pids, tids; /* -p, -t: what session.pids and .tids point to */
	struct opt_list event_args; /* -e, in order */
	struct evparse_list *events; /* event_args parsed, once all options are read */
	struct evopts_filter *filters; /* --filter, each after the -e it applies to */
	int nr_filters;
	bool json; /* trace: -j */
	unsigned fields; /* trace: -F, PF_* of output/view-text.h; 0: perf script's default */
	const char *output; /* record: -o (default perf.data); trace: -o (default stdout) */
	const char *clockid; /* -k, as given */
	struct mapshow_opts maps; /* --interval, --clear, --no-maps */
	struct scopts sc; /* the system calls: -e's names, trace's --ev, -s, ... */
	struct lineopts lines; /* trace: --status, -z, -Z, --timestamps, -tt, -ttt */
	struct views_formats fmt; /* trace: --folded, --flamegraph */
	struct cgroup_ref cgroup; /* -G, found (cgroup.id 0: none) */
	bool all_cgroups; /* record: --all-cgroups, every sample's cgroup in the file */
};

/* 0, or OPTS_HELP / OPTS_USAGE / OPTS_ERROR (reported): opts__exit_status() tells the status. */
int evopts__parse(struct evopts *eo, int argc, char **argv, const char *const *usage,
		  enum evopts_cmd cmd);
void evopts__exit(struct evopts *eo);
/* -F FIELDS (trace's and script's): a bad list is reported, ERROR and Hint. */
int evopts__set_fields(const struct opts *o, const struct opt *row, const char *arg);
/*
 * Before anything is compiled or created: when a scriptlet is to be loaded and the
 * capabilities it needs are missing, the ERROR and Hint are recorded and -EPERM returned.
 */
int evopts__check_privileges(const struct evopts *eo);

#endif
