// SPDX-License-Identifier: GPL-2.0
/*
 * Decoding of PERF_RECORD_SAMPLE bodies and sample_id trailers. Every read goes through
 * a cursor that knows where the record ends, so no input can make us read past it.
 */
#include <errno.h>
#include <string.h>
#include <linux/perf_event.h>

#include "record/sample.h"

/* Bits whose fields come after RAW: present or not, they never move what we read. */
#define SAMPLE_AFTER_RAW                                                                        \
	(PERF_SAMPLE_BRANCH_STACK | PERF_SAMPLE_REGS_USER | PERF_SAMPLE_STACK_USER |            \
	 PERF_SAMPLE_WEIGHT | PERF_SAMPLE_DATA_SRC | PERF_SAMPLE_TRANSACTION |                  \
	 PERF_SAMPLE_REGS_INTR | PERF_SAMPLE_PHYS_ADDR | PERF_SAMPLE_AUX | PERF_SAMPLE_CGROUP | \
	 PERF_SAMPLE_DATA_PAGE_SIZE | PERF_SAMPLE_CODE_PAGE_SIZE | PERF_SAMPLE_WEIGHT_STRUCT)

#define SAMPLE_HANDLED                                                                  \
	(PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME | \
	 PERF_SAMPLE_ADDR | PERF_SAMPLE_ID | PERF_SAMPLE_STREAM_ID | PERF_SAMPLE_CPU |  \
	 PERF_SAMPLE_PERIOD | PERF_SAMPLE_CALLCHAIN | PERF_SAMPLE_RAW | SAMPLE_AFTER_RAW)

#define TRAILER_BITS                                                                   \
	(PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_ID | PERF_SAMPLE_STREAM_ID | \
	 PERF_SAMPLE_CPU | PERF_SAMPLE_IDENTIFIER)

struct cursor {
	const unsigned char *p;
	size_t left;
};

static int take_u64(struct cursor *c, uint64_t *v)
{
	if (c->left < 8)
		return -EINVAL;
	memcpy(v, c->p, 8);
	c->p += 8;
	c->left -= 8;
	return 0;
}

/* Two u32 in one u64 slot (pid/tid, cpu/reserved). */
static int take_u32_pair(struct cursor *c, uint32_t *a, uint32_t *b)
{
	uint32_t v[2];

	if (c->left < 8)
		return -EINVAL;
	memcpy(v, c->p, 8);
	*a = v[0];
	*b = v[1];
	c->p += 8;
	c->left -= 8;
	return 0;
}

static int take_callchain(struct cursor *c, struct sample *s)
{
	uint64_t nr;

	if (take_u64(c, &nr))
		return -EINVAL;
	if (nr > c->left / 8)
		return -EINVAL;
	s->callchain = c->p;
	s->callchain_nr = (uint32_t)nr; /* < 2^32: a record is at most 64 KiB */
	s->has_callchain = 1;
	c->p += nr * 8;
	c->left -= nr * 8;
	return 0;
}

static int take_raw(struct cursor *c, struct sample *s)
{
	uint32_t size;

	if (c->left < 4)
		return -EINVAL;
	memcpy(&size, c->p, 4);
	if (size > c->left - 4)
		return -EINVAL;
	s->raw_size = size;
	s->raw = c->p + 4;
	s->has_raw = 1;
	c->p += 4 + (size_t)size;
	c->left -= 4 + (size_t)size;
	return 0;
}

/* The fields in front of READ, in the kernel's order. */
static int parse_head(uint64_t st, struct cursor *c, struct sample *s)
{
	uint64_t skip;
	uint32_t reserved;

	if ((st & PERF_SAMPLE_IDENTIFIER) && take_u64(c, &s->id))
		return -EINVAL;
	s->has_id = !!(st & PERF_SAMPLE_IDENTIFIER);
	if ((st & PERF_SAMPLE_IP) && take_u64(c, &s->ip))
		return -EINVAL;
	if ((st & PERF_SAMPLE_TID) && take_u32_pair(c, &s->pid, &s->tid))
		return -EINVAL;
	if ((st & PERF_SAMPLE_TIME) && take_u64(c, &s->time))
		return -EINVAL;
	if ((st & PERF_SAMPLE_ADDR) && take_u64(c, &skip))
		return -EINVAL;
	if ((st & PERF_SAMPLE_ID) && take_u64(c, &s->id))
		return -EINVAL;
	if ((st & PERF_SAMPLE_STREAM_ID) && take_u64(c, &skip))
		return -EINVAL;
	if ((st & PERF_SAMPLE_CPU) && take_u32_pair(c, &s->cpu, &reserved))
		return -EINVAL;
	if ((st & PERF_SAMPLE_PERIOD) && take_u64(c, &s->period))
		return -EINVAL;
	s->has_id |= !!(st & PERF_SAMPLE_ID);
	s->has_ip = !!(st & PERF_SAMPLE_IP);
	s->has_tid = !!(st & PERF_SAMPLE_TID);
	s->has_time = !!(st & PERF_SAMPLE_TIME);
	s->has_cpu = !!(st & PERF_SAMPLE_CPU);
	s->has_period = !!(st & PERF_SAMPLE_PERIOD);
	return 0;
}

int sample__parse(uint64_t sample_type, const void *rec, size_t size, struct sample *s)
{
	struct cursor c;

	memset(s, 0, sizeof(*s));
	if (!rec || size < sizeof(struct perf_event_header))
		return -EINVAL;
	if (sample_type & ~(uint64_t)SAMPLE_HANDLED)
		return -EINVAL;
	c.p = (const unsigned char *)rec + sizeof(struct perf_event_header);
	c.left = size - sizeof(struct perf_event_header);
	if (parse_head(sample_type, &c, s))
		return -EINVAL;
	s->cpumode = ((const struct perf_event_header *)rec)->misc & PERF_RECORD_MISC_CPUMODE_MASK;
	if ((sample_type & PERF_SAMPLE_CALLCHAIN) && take_callchain(&c, s))
		return -EINVAL;
	if ((sample_type & PERF_SAMPLE_RAW) && take_raw(&c, s))
		return -EINVAL;
	/* CGROUP, when none of the fields between RAW and it is there */
	if ((sample_type & SAMPLE_AFTER_RAW) == PERF_SAMPLE_CGROUP) {
		if (take_u64(&c, &s->cgroup))
			return -EINVAL;
		s->has_cgroup = 1;
	}
	return 0;
}

/* One trailer slot, read from the end towards the front. */
static int back_u64(const unsigned char *start, const unsigned char **end, uint64_t *v)
{
	if (*end - start < 8)
		return -EINVAL;
	*end -= 8;
	memcpy(v, *end, 8);
	return 0;
}

int sample__parse_id(uint64_t sample_type, const void *rec, size_t size, struct sample *s)
{
	const unsigned char *start, *end;
	uint64_t v;

	memset(s, 0, sizeof(*s));
	if (!rec || size < sizeof(struct perf_event_header))
		return -EINVAL;
	start = (const unsigned char *)rec + sizeof(struct perf_event_header);
	end = (const unsigned char *)rec + size;
	if ((size_t)(end - start) < 8u * __builtin_popcountll(sample_type & TRAILER_BITS))
		return -EINVAL;
	if ((sample_type & PERF_SAMPLE_IDENTIFIER) && !back_u64(start, &end, &v)) {
		s->id = v;
		s->has_id = 1;
	}
	if ((sample_type & PERF_SAMPLE_CPU) && !back_u64(start, &end, &v)) {
		s->cpu = (uint32_t)v;
		s->has_cpu = 1;
	}
	if (sample_type & PERF_SAMPLE_STREAM_ID)
		back_u64(start, &end, &v);
	if ((sample_type & PERF_SAMPLE_ID) && !back_u64(start, &end, &v)) {
		s->id = v;
		s->has_id = 1;
	}
	if ((sample_type & PERF_SAMPLE_TIME) && !back_u64(start, &end, &v)) {
		s->time = v;
		s->has_time = 1;
	}
	if ((sample_type & PERF_SAMPLE_TID) && !back_u64(start, &end, &v)) {
		s->pid = (uint32_t)v;
		s->tid = (uint32_t)(v >> 32);
		s->has_tid = 1;
	}
	return 0;
}
