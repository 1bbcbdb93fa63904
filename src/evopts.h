/* SPDX-License-Identifier: GPL-2.0 */
/* The options `trace` and `record` share: events, target, buffers, compiler. */
#ifndef PERF_BPF_EVOPTS_H
#define PERF_BPF_EVOPTS_H

#include <stdbool.h>

#include "util/opts.h"
#include "run/session.h"

enum evopts_cmd { EVOPTS_TRACE, EVOPTS_RECORD };

struct evopts {
	struct session_opts session;
	struct evparse_list *events;
	int nr_events;
	bool json; /* trace */
	const char *output; /* record: -o */
};

/* 0, or OPTS_HELP / OPTS_USAGE (reported), or -errno. */
int evopts__parse(struct evopts *eo, int argc, char **argv, const char *const *usage,
		  enum evopts_cmd cmd);
void evopts__exit(struct evopts *eo);

#endif
