/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Decoding of kernel perf records (struct perf_event_header + body) as laid out by
 * attr.sample_type: PERF_RECORD_SAMPLE bodies, and the sample_id trailer of the
 * other kernel records when sample_id_all is set. The rest of a record's body is
 * record.h's; never trusts the bytes (every length is checked).
 */
#ifndef PERF_BPF_SAMPLE_H
#define PERF_BPF_SAMPLE_H

#include <stddef.h>
#include <stdint.h>

/* Fields a record may carry; has_* tell which were present. */
struct sample {
	uint64_t id;
	uint64_t ip;
	uint64_t time;
	uint64_t period;
	uint32_t pid, tid;
	uint32_t cpu;
	uint32_t raw_size;
	const void *raw; /* points into the record: valid as long as the record is */
	/*
	 * CALLCHAIN: nr u64 entries (ips and PERF_CONTEXT_* markers) inside the record;
	 * read them with sample__callchain_entry() (the record may not be 8-byte aligned)
	 */
	const void *callchain;
	uint32_t callchain_nr;
	uint8_t cpumode; /* of ip: the header's PERF_RECORD_MISC_CPUMODE_MASK bits */
	uint64_t cgroup; /* CGROUP: the task's cgroup id (cgroup2) */
	unsigned has_id : 1, has_ip : 1, has_tid : 1, has_time : 1, has_cpu : 1, has_period : 1,
		has_raw : 1, has_callchain : 1, has_cgroup : 1;
};

static inline uint64_t sample__callchain_entry(const struct sample *s, uint32_t i)
{
	uint64_t v;

	__builtin_memcpy(&v, (const char *)s->callchain + 8 * (size_t)i, 8);
	return v;
}

/*
 * rec/size: a whole PERF_RECORD_SAMPLE (header included); size is trusted over the
 * header's own size field. Returns 0, or -EINVAL if the record is too short for
 * sample_type or uses PERF_SAMPLE_READ (its layout depends on read_format).
 * CALLCHAIN is pointed to (callchain, callchain_nr); the fields the kernel puts after RAW (BRANCH_STACK, REGS,
 * STACK, WEIGHT, ...) are left undecoded, but CGROUP when it comes right after RAW.
 */
int sample__parse(uint64_t sample_type, const void *rec, size_t size, struct sample *s);

/*
 * The sample_id trailer at the end of a non-sample kernel record (COMM, LOST, ...), read
 * backwards from rec + size. -EINVAL when the record cannot hold it.
 */
int sample__parse_id(uint64_t sample_type, const void *rec, size_t size, struct sample *s);

#endif
