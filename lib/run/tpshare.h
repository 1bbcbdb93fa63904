/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A tracepoint that a program filters and a plain -e event samples too. The kernel runs a
 * tracepoint's BPF programs once per hit, before any perf event on it takes its sample, and
 * a program that returns 0 drops that hit's samples on every event of the tracepoint, the
 * user's plain one included: said in one warning line and a Hint, before the run starts.
 * raw_tp/ and tp_btf/ programs filter nothing.
 */
#ifndef PERF_BPF_TPSHARE_H
#define PERF_BPF_TPSHARE_H

#include <stdbool.h>
#include <stddef.h>

#include "load/loader.h"
#include "run/evlist.h"

/* Does program p filter the samples of tracepoint sys:name? */
bool tpshare__filters(const struct loader_prog *p, const char *sys, const char *name);
/* The raw tracepoint of sys:name, that runs a program without filtering: "sys_enter" for syscalls. */
void tpshare__raw_tp(const char *sys, const char *name, char *buf, size_t size);
/*
 * A warning and a Hint for each program that filters a plain tracepoint event of el, but
 * those that return a constant other than 0 on every path (load/progscan.h).
 */
void tpshare__warn(const struct loader *l, const struct evlist *el);

#endif
