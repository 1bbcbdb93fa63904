/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The structs of processes, signals and time (syscalls/scstruct.h says how they print),
 * each from aligned bytes of its size: scstruct__print() calls them by argument kind.
 */
#ifndef PERF_BPF_SCPROC_H
#define PERF_BPF_SCPROC_H

#include <stdbool.h>

struct scout;

void scproc__sigaction(struct scout *o, const void *p, bool verbose);
void scproc__rlimit(struct scout *o, const void *p, bool verbose);
void scproc__rlimit64(struct scout *o, const void *p, bool verbose);
void scproc__timespec(struct scout *o, const void *p, bool verbose);
void scproc__wait_status(struct scout *o, const void *p, bool verbose);
void scproc__rusage(struct scout *o, const void *p, bool verbose);
void scproc__tms(struct scout *o, const void *p, bool verbose);

#endif
