/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The records and counts of perf-bpf's system call programs (bpf/syscalls.h), decoded: every
 * length checked against the bytes there are, whether they come from the ring buffer or
 * from a file.
 *
 *	struct sysrec r;
 *	if (sysrec__decode(&r, buf, size) == 0)
 *		... r.head.type, r.args[], r.ret, r.items[i].data ...
 *
 * The statistics of a (thread, call) pair (struct sysrec_count) give the mean, the
 * standard deviation and percentiles from its histogram; pairs merge into totals.
 */
#ifndef PERF_BPF_SYSREC_H
#define PERF_BPF_SYSREC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bpf/syscalls.h"

/* An argument's memory, as the capture read it: len bytes at data (in the decoded buffer). */
struct sysrec_data {
	const uint8_t *data;
	uint16_t len;
	uint8_t arg; /* the argument, from 0 */
	uint8_t kind; /* enum sysrec_kind */
	bool truncated; /* there was more */
	bool fault; /* it could not be read: len is 0 */
	bool part; /* some of it could not be read (an iovec's bytes) */
	bool out; /* read at exit as what the call filled, not an entry's read again */
};

#define SYSREC_FDS_MAX (SYSREC_ARGS + 2) /* an FDINFO item an argument, two for pipe2's */

/* A descriptor of an FDINFO item (bpf/syscalls.h: struct sysrec_fd), and its name. */
struct sysrec_fdinfo {
	uint64_t ino;
	int32_t fd;
	uint16_t mode;
	uint8_t arg; /* the argument it was of, SYSREC_ARG_RET the result */
	uint8_t name_len;
	char name[SYSREC_FD_NAME_MAX + 1];
};

struct sysrec {
	struct sysrec_head head;
	int nargs; /* ENTER: args[0..nargs) */
	uint64_t args[SYSREC_ARGS];
	int64_t ret; /* EXIT */
	uint64_t duration; /* EXIT: ns, 0 without an ENTER */
	bool no_entry; /* EXIT: the call began before the capture */
	bool items_cut; /* some items were left out: the record was full */
	int nitems;
	struct sysrec_data items[SYSREC_ARGS];
	/* -y: what the descriptors the call named (or made, at exit) referred to */
	int nfds;
	struct sysrec_fdinfo fds[SYSREC_FDS_MAX];
	struct sysrec_count count; /* COUNT: the pair's statistics (head.tid, head.nr its key) */
	bool has_errnos; /* COUNT: errnos was counted */
	struct sysrec_errnos errnos; /* COUNT: the failed calls by errno */
	struct sysrec_signal signal; /* SIGNAL */
	int32_t exit_status; /* TASK_EXIT: as wait() reports it */
	/* SYSREC_F_CGROUP: the task's cgroup id (head.size then leaves it out) */
	uint64_t cgroup;
	bool has_cgroup;
};

/*
 * Decode the record in buf[0..size) (size may be larger than the record: padding).
 * 0, or -EINVAL when it is not a whole record. r's items point into buf; items[] past
 * nitems, count but for a COUNT record and signal but for a SIGNAL one keep what they held.
 */
int sysrec__decode(struct sysrec *r, const void *buf, size_t size);
/*
 * A COUNT record of one (thread, call) pair, stamped time, into buf (8-byte aligned, at
 * least SYSREC_COUNT_ERRNOS_SIZE bytes): the head, the count, and the errnos when not NULL.
 * Returns its size. (Older recordings have a shorter count: SYSREC_COUNT_V1_SIZE.)
 */
#define SYSREC_COUNT_SIZE (sizeof(struct sysrec_head) + sizeof(struct sysrec_count))
#define SYSREC_COUNT_ERRNOS_SIZE (SYSREC_COUNT_SIZE + sizeof(struct sysrec_errnos))
size_t sysrec__encode_count(void *buf, uint64_t time, const struct sysrec_count_key *key,
			    const struct sysrec_count *c, const struct sysrec_errnos *errnos);
/* The item of argument arg, or NULL. */
const struct sysrec_data *sysrec__item(const struct sysrec *r, unsigned int arg);

/* The lowest duration (ns) in histogram bucket b, and the lowest past it. */
uint64_t sysrec__bucket_low(unsigned int b);
uint64_t sysrec__bucket_high(unsigned int b);
/*
 * The duration (ns) under which a fraction q (0 to 1) of the calls took, from the
 * histogram: interpolated within its bucket, never outside min_ns..max_ns. 0 without calls.
 */
uint64_t sysrec__percentile(const struct sysrec_count *c, double q);
double sysrec__mean_ns(const struct sysrec_count *c);
/* The sample standard deviation of the durations (ns); 0 below two calls. */
double sysrec__stddev_ns(const struct sysrec_count *c);
/* Add the calls of c to sum (another thread's of the same call, for totals). */
void sysrec__count_add(struct sysrec_count *sum, const struct sysrec_count *c);
/* Add the errors of n to sum. */
void sysrec__errnos_add(struct sysrec_errnos *sum, const struct sysrec_errnos *n);

#endif
