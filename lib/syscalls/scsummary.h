/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The system-call summary of `trace -s` / `-S`: per thread a table as perf trace prints it,
 * calls, errors, total, min, avg, max (msec) and stddev (perf's: the standard error of the
 * mean, in % of it), and the p50 and p99 of the durations, which neither perf trace nor
 * strace -c gives; with --summary-mode=total one table for all of them as strace -c prints
 * it, % time first, times in usecs, and a total row. -U chooses the columns and
 * --summary-sort-by the order of the rows (sccolumns.h). Counts come whole from the
 * kernel (bpf/syscalls.h's counting map) or are added call by call from the records.
 *
 *	struct scsummary *s = scsummary__new(&opts);
 *	scsummary__add(s, &key, &count);		(a kernel count)
 *	scsummary__call(s, pid, tid, comm, nr, ns, ret);	(or one call)
 *	scsummary__set_comm(s, tid, pid, comm);
 *	scsummary__print(s, table);
 *	scsummary__free(s);
 */
#ifndef PERF_BPF_SCSUMMARY_H
#define PERF_BPF_SCSUMMARY_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "bpf/syscalls.h"
#include "syscalls/sccolumns.h"

struct jsonw;
struct sctable;

struct scsummary_opts {
	FILE *out;
	struct jsonw *json; /* one object per thread and call instead of tables (borrowed) */
	bool total; /* one table for every thread */
	struct sccolumns_spec columns; /* -U, --summary-sort-by; zero: the layout's own, by time */
};

struct scsummary;

struct scsummary *scsummary__new(const struct scsummary_opts *o);
void scsummary__free(struct scsummary *s);
/* A (thread, call) count from the kernel, merged with what the thread has. 0 or -ENOMEM. */
int scsummary__add(struct scsummary *s, const struct sysrec_count_key *key,
		   const struct sysrec_count *c);
/* One call of ns nanoseconds that returned ret, by thread tid named comm (NULL: unknown). */
int scsummary__call(struct scsummary *s, uint32_t pid, uint32_t tid, const char *comm, uint32_t nr,
		    uint64_t ns, int64_t ret);
/* The thread's name and process, when the counts do not carry them. */
void scsummary__set_comm(struct scsummary *s, uint32_t tid, uint32_t pid, const char *comm);
/* Print the tables (or JSON objects); -EIO when the output failed. */
int scsummary__print(struct scsummary *s, struct sctable *table);

#endif
