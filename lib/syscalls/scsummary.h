/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The system-call summary of `trace -s` / `-S`: per thread (or per process, command name,
 * cgroup: --summary-mode) a table as perf trace prints it, calls, errors, total, min, avg,
 * max (msec) and stddev (perf's: the standard error of the mean, in % of it), and the p50
 * and p99 of the durations, which neither perf trace nor strace -c gives; with
 * --summary-mode=total one table for all of them as strace -c prints it, % time first,
 * times in usecs, and a total row; with --errno-summary, the errors of each call by errno
 * under its row. -U chooses the columns and --summary-sort-by the order of the rows
 * (sccolumns.h). Counts come whole from the kernel (bpf/syscalls.h's counting map) or are
 * added call by call from the records, folded into their group as they come.
 *
 *	struct scsummary *s = scsummary__new(&opts);
 *	scsummary__add(s, &key, &count, errnos);	(a kernel count)
 *	scsummary__call(s, &call);			(or one call)
 *	scsummary__set_comm(s, tid, pid, comm);		(thread mode)
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

enum scsummary_mode {
	SCSUMMARY_THREAD, /* a table per thread (perf trace's) */
	SCSUMMARY_PROCESS, /* per process, its threads merged */
	SCSUMMARY_COMM, /* per command name */
	SCSUMMARY_TOTAL, /* one table for every thread (strace -c's) */
	SCSUMMARY_CGROUP, /* per cgroup (v2): its path, and the container it names */
};

struct scsummary_opts {
	FILE *out;
	struct jsonw *json; /* one object per group and call instead of tables (borrowed) */
	enum scsummary_mode mode;
	struct sccolumns_spec columns; /* -U, --summary-sort-by; zero: the layout's own, by time */
	bool errnos; /* --errno-summary: the errors of each call by errno */
	/*
	 * thread mode: past this many rows (0: SCSUMMARY_THREAD_ROWS), the counts of threads
	 * that ended (SYSREC_COUNT_F_ENDED) fold into a table of their process's ended threads:
	 * a day of threads that churn keeps memory bounded.
	 */
	size_t max_thread_rows;
};

#define SCSUMMARY_THREAD_ROWS 65536

/* One call, from its records */
struct scsummary_call {
	uint32_t pid, tid;
	const char *comm; /* the thread's name; NULL: unknown */
	uint64_t cgroup; /* its cgroup's id; 0: unknown */
	uint32_t nr;
	uint64_t ns; /* how long it took */
	int64_t ret;
};

struct scsummary;

struct scsummary *scsummary__new(const struct scsummary_opts *o);
void scsummary__free(struct scsummary *s);
/*
 * A (thread, call) count from the kernel, and its errors by errno (NULL: none), merged
 * into its group. tid 0 of pid 0: calls counted by call only (the kernel's spill), shown
 * as 'other threads'. 0 or -ENOMEM.
 */
int scsummary__add(struct scsummary *s, const struct sysrec_count_key *key,
		   const struct sysrec_count *c, const struct sysrec_errnos *errnos);
/* One call. 0 or -ENOMEM. */
int scsummary__call(struct scsummary *s, const struct scsummary_call *call);
/* Thread mode: the thread's name and process, when the counts do not carry them. */
void scsummary__set_comm(struct scsummary *s, uint32_t tid, uint32_t pid, const char *comm);
/* Print the tables (or JSON objects); -EIO when the output failed. */
int scsummary__print(struct scsummary *s, struct sctable *table);

#endif
