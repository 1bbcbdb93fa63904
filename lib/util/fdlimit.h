/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The open-file limit: an event per probe point and CPU takes an fd each, so a run of a
 * thousand points passes the usual soft limit of 1024. The soft limit is raised to the hard
 * one at the start; a workload gets the limit perf-bpf was given back before its exec.
 *
 *	fdlimit__raise();	(main)
 *	fdlimit__restore();	(a child, before it runs another program)
 */
#ifndef PERF_BPF_FDLIMIT_H
#define PERF_BPF_FDLIMIT_H

void fdlimit__raise(void);
void fdlimit__restore(void);

#endif
