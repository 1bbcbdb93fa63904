/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Output maps nothing reads: a program that writes into a perf event array or a ring buffer
 * perf-bpf does not read would run and show nothing. One warning line per such map.
 * Written is a map a loaded program passes to bpf_perf_event_output() or bpf_ringbuf_*
 * (found in its instructions); read are __bpf_stdout__ and the event maps a map:NAME.event=
 * term configures. A module that reads other channels makes mapread__unread() say so.
 */
#ifndef PERF_BPF_MAPREAD_H
#define PERF_BPF_MAPREAD_H

#include <stdbool.h>
#include <stdint.h>

#include "run/objconf.h"

/* The pure part: a map of this type and name, with these map:NAME.event= names, is unread. */
bool mapread__unread(uint32_t type, const char *name, const char *const *configured, int nr);

struct bpf_insn;

/*
 * The pure part: does a program of these (loaded) instructions pass the map whose fd is
 * map_fd to an output helper? Registers are followed through moves, in instruction order.
 */
bool mapread__written(const struct bpf_insn *insns, size_t n, int map_fd);

/* Warn once per unread output map of every object of the run. */
void mapread__warn(const struct objconf_bind *binds, int nr);

#endif
