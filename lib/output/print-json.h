/* SPDX-License-Identifier: GPL-2.0 */
/* The JSON Lines half of the printer (keys documented in print.h); used by print.c only. */
#ifndef PERF_BPF_PRINT_JSON_H
#define PERF_BPF_PRINT_JSON_H

#include <stdint.h>

#include "output/print.h"

struct jsonw;

void print_json__sample(struct jsonw *w, const struct print_opts *o, const struct print_event *ev,
			const struct sample *s, const char *comm);
void print_json__lost(struct jsonw *w, const struct sample *s, uint64_t lost);

#endif
