// SPDX-License-Identifier: GPL-2.0
#include <string.h>

#include "record/chanrec.h"

size_t chanrec__encode(void *buf, size_t size, const struct chanrec_sample *s)
{
	/* id, ip, pid+tid, time, cpu+res, period: 6 u64, then the u32 raw size and the raw */
	size_t raw_total = ((size_t)s->raw_size + sizeof(uint32_t) + 7) & ~(size_t)7;
	size_t total = sizeof(struct perf_event_header) + 6 * sizeof(uint64_t) + raw_total;
	struct perf_event_header *h = buf;
	uint64_t *u = (uint64_t *)(h + 1);
	uint32_t raw_size = (uint32_t)(raw_total - sizeof(uint32_t));

	if (total > size || total > UINT16_MAX)
		return 0;
	h->type = PERF_RECORD_SAMPLE;
	h->misc = PERF_RECORD_MISC_USER;
	h->size = (uint16_t)total;
	u[0] = s->id;
	u[1] = 0; /* ip */
	u[2] = (uint64_t)s->tid << 32 | s->pid;
	u[3] = s->time;
	u[4] = s->cpu;
	u[5] = s->period;
	memcpy(&u[6], &raw_size, sizeof(raw_size));
	memset((char *)&u[6] + sizeof(raw_size), 0, raw_size);
	if (s->raw_size)
		memcpy((char *)&u[6] + sizeof(raw_size), s->raw, s->raw_size);
	return total;
}
