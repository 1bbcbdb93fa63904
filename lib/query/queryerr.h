/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Why a query failed, in the words the user reads: "cannot query 'WHAT': WHY", and a Hint
 * when there is a fix. What was asked names the capability it needs: a tracepoint (WHAT has
 * a ':') is opened as a perf event (CAP_PERFMON, or CAP_SYS_ADMIN), anything else (BPF
 * links, /proc, kernel.bpf_stats_enabled) takes CAP_SYS_ADMIN.
 *
 *	fd = open_tracepoint(sys, name);
 *	if (fd < 0)
 *		return queryerr__set("sched:sched_switch", fd);
 */
#ifndef PERF_BPF_QUERYERR_H
#define PERF_BPF_QUERYERR_H

/* Record the ERROR and Hint lines for asking what failing with err (util/errmsg.h). Returns err. */
int queryerr__set(const char *what, int err);

#endif
