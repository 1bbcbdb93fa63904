// SPDX-License-Identifier: GPL-2.0
#include "record/chanrec.h"
#include "record/record.h"

size_t chanrec__encode(void *buf, size_t size, const struct chanrec_sample *s)
{
	static const struct record_layout layout = { CHANREC_SAMPLE_TYPE, true };
	struct record r = { .type = PERF_RECORD_SAMPLE,
			    .misc = PERF_RECORD_MISC_USER,
			    .s = { .id = s->id,
				   .pid = s->pid,
				   .tid = s->tid,
				   .time = s->time,
				   .cpu = s->cpu,
				   .period = s->period,
				   .raw = s->raw,
				   .raw_size = s->raw_size } };

	return record__encode(buf, size, &layout, &r);
}
