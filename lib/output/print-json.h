/* SPDX-License-Identifier: GPL-2.0 */
/* The JSON Lines printer (keys documented in print.h), driven by print.c. */
#ifndef PERF_BPF_PRINT_JSON_H
#define PERF_BPF_PRINT_JSON_H

#include <stdint.h>

#include "record/sample.h"
#include "resolve/resolver.h"

struct jsonw;

void print_json__sample(struct jsonw *w, const struct resolved_sample *rs);
/* The general path of print_json__sample(), member by member (its tests compare the two). */
void print_json__sample_members(struct jsonw *w, const struct resolved_sample *rs);
void print_json__lost(struct jsonw *w, const struct sample *s, uint64_t lost);

#endif
