/* SPDX-License-Identifier: GPL-2.0 */
/*
 * System calls captured or counted in the kernel by perf-bpf's own programs
 * (bpf/syscalls.bpf.c, embedded in the binary as a skeleton: no clang at run time).
 *
 *	sc = syscalls__open(&opts);		loaded: the calls, the tasks, the mode
 *	syscalls__add_pid(sc, pid);		one process more (a workload forked later)
 *	syscalls__attach(sc);
 *	capture: poll syscalls__fd(sc), then syscalls__consume(sc, fn, ctx) (at once again
 *		 while syscalls__more(sc)), and syscalls__consume_last(sc, fn, ctx) at the
 *		 end: each record as bpf/syscalls.h lays it out (syscalls/sysrec.h decodes)
 *	count:	 poll syscalls__fd(sc), then syscalls__drain(sc, fn, ctx): the counts of the
 *		 threads that ended, taken out of the kernel's map; syscalls__read_counts(sc,
 *		 fn, ctx) at the end: all that is left
 *	syscalls__lost(sc, per_cpu, n);		what the kernel could not keep
 *	syscalls__close(sc);
 *
 * Records and durations are stamped by CLOCK_MONOTONIC (CLOCK_BOOTTIME when asked for).
 * perf-bpf's own calls are never traced. A process is traced with all its threads; the
 * children a traced task makes from then on are traced too, those it made before are not.
 */
#ifndef PERF_BPF_SYSCALLS_H
#define PERF_BPF_SYSCALLS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bpf/syscalls.h"

enum syscalls_mode {
	SYSCALLS_CAPTURE, /* an ENTER and an EXIT record per call */
	SYSCALLS_COUNT, /* per (thread, call) statistics kept in the kernel, no record */
};

/* bits of syscalls_opts.select */
#define SYSCALLS_SELECT_WORDS (SYSREC_NR_MAX / 64)

struct syscalls_opts {
	enum syscalls_mode mode;
	/* The calls traced: bit nr of word nr / 64 for call nr. NULL: every call. */
	const uint64_t *select;
	/*
	 * What to read of each call's arguments: SYSREC_NR_MAX entries, nargs, kind[] and
	 * len_arg[] of each (flags are the module's). NULL: the six arguments' values only.
	 */
	const struct sysrec_spec *specs;
	bool all_tasks; /* every task (but perf-bpf's own); else pids and tids */
	const int *pids; /* thread groups */
	int nr_pids;
	const int *tids; /* single threads (the tasks they make included) */
	int nr_tids;
	unsigned int strsize; /* bytes of a string or buffer kept; 0: SYSREC_STRSIZE_DEFAULT,
				 more than SYSREC_STRSIZE_MAX: that */
	size_t ring_bytes; /* capture: the ring buffer, rounded up to a power of two; 0: 16 MiB */
	/*
	 * capture: bytes waiting in the ring buffer before the reader is woken; 0: a quarter of
	 * the ring. The last records of a quiet spell wait for the reader's next pass: poll
	 * syscalls__fd() with a timeout.
	 */
	size_t wakeup_bytes;
	/*
	 * count: (thread, call) pairs kept at once; 0: 131072. The calls of pairs past them
	 * are still counted, by call only (key tid 0).
	 */
	unsigned int max_counts;
	bool errnos; /* count: the failed calls by errno too */
	bool cgroups; /* count: by the cgroup the calls are made in too (not only the first's) */
	bool boottime; /* stamp with CLOCK_BOOTTIME, not CLOCK_MONOTONIC */
	bool signals; /* capture: the signals the tasks take (SYSREC_SIGNAL) */
	bool exits; /* capture: the ends of their processes (SYSREC_TASK_EXIT) */
	/*
	 * A process of pids forked to exec a command, waiting: traced from its exec. Before,
	 * only its execve calls are (captured whether they fail or not, counted once one
	 * succeeds: execvp's search of PATH is not the command's).
	 */
	int gate_pid;
	/*
	 * -G: > 0, a cgroup2 directory's fd (borrowed, needed until syscalls__open returns):
	 * only the tasks of that cgroup and of those below it, judged again when a task moves.
	 * cgroup_id is its id.
	 */
	int cgroup_fd;
	uint64_t cgroup_id;
	bool cgroup_ids; /* every record ends with its task's cgroup id (SYSREC_F_CGROUP) */
};

struct syscalls;

/* A record of the capture, size bytes, valid during the call. 0, or a negative errno: stop. */
typedef int (*syscalls_record_fn)(void *ctx, const void *rec, size_t size);
/*
 * One (thread, call) pair's statistics, and its errors by errno (NULL: none, or not asked
 * for), valid during the call. 0, or a negative errno: stop.
 */
typedef int (*syscalls_count_fn)(void *ctx, const struct sysrec_count_key *key,
				 const struct sysrec_count *count,
				 const struct sysrec_errnos *errnos);

/* Opened and loaded, not attached; NULL + errno, the ERROR line recorded (util/errmsg.h). */
struct syscalls *syscalls__open(const struct syscalls_opts *opts);
/* Trace process pid too (not with all_tasks). 0 or -errno, the ERROR line recorded. */
int syscalls__add_pid(struct syscalls *sc, int pid);
/* 0 or -errno, the ERROR line recorded. */
int syscalls__attach(struct syscalls *sc);
/*
 * The entry program alone, first: a tracepoint runs its probes in the order they were
 * attached, so a capture whose entries attach before other programs (and its exits after
 * them) stamps a call's entry before, and its exit after, what those programs emit for it.
 * syscalls__attach() attaches the rest later.
 */
int syscalls__attach_entries(struct syscalls *sc);
/* A descriptor that polls readable when records wait (counting: threads that ended). */
int syscalls__fd(const struct syscalls *sc);
/*
 * capture: the records written so far, in the order written, a bounded pass of them
 * (run/rbread.h: calls that keep the ring full cannot hold the reader); how many, or <0.
 */
int syscalls__consume(struct syscalls *sc, syscalls_record_fn fn, void *ctx);
/* The last pass left records written before it began: consume again without waiting. */
bool syscalls__more(const struct syscalls *sc);
/*
 * capture, at the end of the run: every record written so far, unless a stop signal comes
 * (util/stopsig.h): those left then are not read, and counted (syscalls__unread).
 */
int syscalls__consume_last(struct syscalls *sc, syscalls_record_fn fn, void *ctx);
uint64_t syscalls__unread(const struct syscalls *sc);
/*
 * count: the pairs of the threads that ended since the last time, each passed to fn, then
 * deleted from the kernel's map (a bounded pass, as syscalls__consume); how many records
 * were read, or <0.
 */
int syscalls__drain(struct syscalls *sc, syscalls_count_fn fn, void *ctx);
/*
 * count: every pair counted so far and not drained, in no order, then the spilled counts
 * by call (tid 0); returns how many, or <0.
 */
int syscalls__read_counts(struct syscalls *sc, syscalls_count_fn fn, void *ctx);
/*
 * What was lost on each CPU, into per_cpu[0..n); returns the number of possible CPUs (more
 * than n: the rest is left out), or -errno.
 */
int syscalls__lost(struct syscalls *sc, struct sysrec_lost *per_cpu, int n);
/* Detach and unload; NULL is fine. */
void syscalls__close(struct syscalls *sc);

#endif
