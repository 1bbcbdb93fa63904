/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The task and time a typed record names in its own fields: a ring buffer record carries
 * none in its sample (the kernel hands over the bytes only), but programs written as
 * libbpf-tools and libbpf-bootstrap write theirs put them in the struct they reserve. The
 * fields are taken by name, from the members at the top of the record's struct (typedefs
 * and qualifiers followed; bitfields and members inside nested structs are not looked at):
 *
 *	process	an integer of 4 or 8 bytes named "tgid"; else "pid" (libbpf-tools' and
 *		libbpf-bootstrap's pid is bpf_get_current_pid_tgid() >> 32, the process)
 *	thread	an integer named "tid"; else "pid" when "tgid" is there (the kernel's naming,
 *		where a task's pid is its thread); else the process
 *	both	an 8-byte integer named "pid_tgid" (bpf_get_current_pid_tgid() as it is: the
 *		process in its upper half, the thread in its lower), when none of the above is
 *	name	an array of 1-byte integers named "comm", else "task"
 *	time	an 8-byte integer named "ts", "ts_ns", "timestamp", "timestamp_ns", "time_ns"
 *		(nanoseconds), else "ts_us", "timestamp_us", "time_us" (microseconds): the first
 *		of these names the struct has, in this order
 *
 * "ppid" is never the task, and other names ("duration_ns", "delta", "start_time") are not
 * the record's time. A value past the kernel's largest pid (PID_MAX_LIMIT) is no task.
 *
 *	struct rectask rt;
 *	if (rectask__find(btf, type_id, &rt)) ...
 *	rectask__task(&rt, data, size, &pid, &tid);
 *	rectask__time(&rt, data, size, &ns);
 *	rectask__comm(&rt, data, size, buf, sizeof(buf));
 */
#ifndef PERF_BPF_RECTASK_H
#define PERF_BPF_RECTASK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct btf;

/* The kernel's PID_MAX_LIMIT: no pid is larger */
#define RECTASK_PID_MAX (4 * 1024 * 1024)

struct rectask_field {
	const char *name; /* the member's (borrowed from the BTF); NULL: none */
	uint32_t off, size;
};

struct rectask {
	struct rectask_field process, thread, pid_tgid, comm, time;
	uint32_t time_scale; /* ns a unit of the time field: 1, or 1000 for microseconds */
};

/* The fields struct type id of btf names (all empty when it is no struct): has it any? */
bool rectask__find(const struct btf *btf, uint32_t id, struct rectask *rt);
/* Does rt name a task (a process or both ids)? */
bool rectask__has_task(const struct rectask *rt);
/*
 * The process and thread a record of size bytes names: false when it names none (its
 * fields past size, or values no pid can be).
 */
bool rectask__task(const struct rectask *rt, const void *data, size_t size, uint32_t *pid,
		   uint32_t *tid);
/* The record's time in ns: false when rt has no time field or it lies past size. */
bool rectask__time(const struct rectask *rt, const void *data, size_t size, uint64_t *ns);
/*
 * The time, when it lies in [lo, hi] (a record's time outside the run it was read in is
 * no time of its, as a program may write anything there); else fallback.
 */
uint64_t rectask__time_in(const struct rectask *rt, const void *data, size_t size, uint64_t lo,
			  uint64_t hi, uint64_t fallback);
/* The record's name into buf (cut at the NUL): false when rt has none or it is empty. */
bool rectask__comm(const struct rectask *rt, const void *data, size_t size, char *buf,
		   size_t bufsize);
/* What rt takes, for -v: "task from 'pid' (process), name from 'comm', time from 'ts'". */
void rectask__describe(const struct rectask *rt, char *buf, size_t size);

#endif
