/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Payloads of the perf.data features that describe the recording machine, in the layout
 * stock perf reads: VERSION, CPUDESC, CPUID, TOTAL_MEM, CPU_TOPOLOGY (writer side).
 */
#ifndef PERF_BPF_PDSYSFEAT_H
#define PERF_BPF_PDSYSFEAT_H

#include "util/dbuf.h"

/*
 * Appends feature feat's payload to b. -ENOENT when this machine does not say (no
 * "model name" in /proc/cpuinfo, for one), -EINVAL for a feature not built here.
 */
int sysfeat__build(int feat, struct dbuf *b);

#endif
