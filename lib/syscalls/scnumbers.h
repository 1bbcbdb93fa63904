/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The running kernel's system calls whose tracepoints the system headers do not name: stat
 * is traced as syscalls:sys_enter_newstat, uname as sys_enter_newuname, and calls newer
 * than the headers (cachestat, mseal, ...) have no number there at all. The kernel's own
 * numbers for them are read once per kernel build through bpf/scnumbers.bpf.c and kept in
 * the compile cache; every later run reads one small file.
 *
 *	const struct scnumbers *k = scnumbers__get();	(never NULL; empty when unknown)
 *	for (size_t i = 0; i < k->nr; i++)  k->rows[i].nr, k->rows[i].event ("newstat")
 */
#ifndef PERF_BPF_SCNUMBERS_H
#define PERF_BPF_SCNUMBERS_H

#include <stddef.h>

#define SCNUMBERS_EVENT_MAX 48

struct scnumber {
	int nr;
	char event[SCNUMBERS_EVENT_MAX]; /* its tracepoint: sys_enter_<event> */
};

struct scnumbers {
	size_t nr;
	struct scnumber *rows;
};

/*
 * The calls of this kernel whose sys_enter tracepoints the headers do not name, numbered:
 * from the cache, else from the kernel (needs CAP_BPF and CAP_PERFMON: without them, none,
 * and -v says why). Read once a process.
 */
const struct scnumbers *scnumbers__get(void);

/* The pieces, for unit tests: the cached text ("NR EVENT\n" lines) to rows, and back. */
int scnumbers__parse(struct scnumbers *k, const char *text, size_t len);
size_t scnumbers__format(const struct scnumbers *k, char *buf, size_t size);

#endif
