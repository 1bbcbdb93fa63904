// SPDX-License-Identifier: GPL-2.0
#include "record/chanrec.h"
#include "record/record.h"

size_t chanrec__size(uint32_t raw_size)
{
	/* the header, one u64 per field before RAW, RAW's u32 size and its bytes padded to 8 */
	return sizeof(struct perf_event_header) +
	       8 * __builtin_popcountll(CHANREC_SAMPLE_TYPE & ~(uint64_t)PERF_SAMPLE_RAW) +
	       (((size_t)raw_size + 4 + 7) & ~(size_t)7);
}

size_t chanrec__encode(void *buf, size_t size, const struct chanrec_sample *s)
{
	static const struct record_layout layout = { CHANREC_SAMPLE_TYPE, true };
	static const struct record_layout with_cgroup = { CHANREC_SAMPLE_TYPE | PERF_SAMPLE_CGROUP,
							  true };
	struct record r;

	/*
	 * Only what a SAMPLE of this layout is encoded from, field by field: zeroing the
	 * whole struct record for every sample costs more than the encoding.
	 */
	r.type = PERF_RECORD_SAMPLE;
	r.misc = PERF_RECORD_MISC_USER;
	r.s.id = s->id;
	r.s.ip = 0;
	r.s.pid = s->pid;
	r.s.tid = s->tid;
	r.s.time = s->time;
	r.s.cpu = s->cpu;
	r.s.period = s->period;
	r.s.raw = s->raw;
	r.s.raw_size = s->raw_size;
	r.s.callchain = NULL;
	r.s.callchain_nr = 0;
	r.s.cgroup = s->cgroup;
	return record__encode(buf, size, s->has_cgroup ? &with_cgroup : &layout, &r);
}
