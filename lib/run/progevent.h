/* SPDX-License-Identifier: GPL-2.0 */
/*
 * SEC("perf_event") programs (profilers as libbpf-bootstrap's profile.bpf.c): each is put on
 * the hardware, software and raw events given with -e before its object, once per CPU (or
 * task) the event is opened on, and runs at each of their samples; the samples themselves
 * are kept as usual when it returns non-zero, dropped when it returns 0 (the kernel's rule).
 *
 *	-e cpu-clock -e profile.bpf.c			cpu-clock's samples run profile
 *	-e cycles -e a.c -e page-faults -e b.c		cycles runs a, page-faults runs b
 *
 * An object takes every such event given before it that no earlier object with a
 * perf_event program took.
 */
#ifndef PERF_BPF_PROGEVENT_H
#define PERF_BPF_PROGEVENT_H

#include <stdbool.h>

#include "event/evparse.h"
#include "load/loader.h"
#include "run/objconf.h"

/*
 * The pure part: kinds[i] of the i-th -e event, wants[i] true for a BPF file with a
 * perf_event program; owner[i] gets the index of the file that takes event i, else -1.
 */
void progevent__assign(const enum evparse_kind *kinds, const bool *wants, int nr, int *owner);

/*
 * Give each perf_event program of the loader its events (prog_fd set, opened disabled until
 * evsel__attach_bpf() attaches it). 0, or -errno with the ERROR and Hint recorded: no event
 * before the object, or two programs of one object (an event takes one program).
 */
int progevent__bind(struct loader *l, const struct objconf_bind *binds, int nr);

#endif
