/* SPDX-License-Identifier: GPL-2.0 */
/* The perf.data reader's internals, shared by reader.c and feature.c only. */
#ifndef PERF_BPF_PDREADER_INT_H
#define PERF_BPF_PDREADER_INT_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "perfdata/format.h"
#include "record/order.h"
#include "record/record.h"
#include "perfdata/reader.h"
#include "perfdata/tracing.h"

#define PD_MAX_ATTR 4096 /* the largest attr taken */
#define PD_NR_FEAT 32 /* features looked at: ids below it */

struct ev {
	struct pdreader_event pub;
	struct record_layout layout; /* from the attr, for the record decoder */
	char *name;
	uint64_t *ids;
};

struct idmap {
	uint64_t id;
	size_t ev;
};

struct pdreader {
	const uint8_t *buf;
	size_t len;
	void *map; /* munmap at free */
	uint8_t *copy; /* free at free */
	bool pipe;
	bool sorted;
	uint64_t data_off, data_end;

	struct ev *evs;
	size_t nr_evs;
	struct idmap *ids;
	size_t nr_ids;

	struct pdtracing tr;
	const char *fstr[PD_NR_FEAT];

	uint64_t pos;
	bool at_end;
	struct order order;

	struct pdreader_stats st;
	bool warned_type, warned_compressed;
	char err[256];
	uint64_t scratch[65536 / 8]; /* a misaligned record, copied */
};

static inline uint64_t get64(const struct pdreader *r, uint64_t off)
{
	uint64_t v;

	memcpy(&v, r->buf + off, 8);
	return v;
}

static inline uint32_t get32(const struct pdreader *r, uint64_t off)
{
	uint32_t v;

	memcpy(&v, r->buf + off, 4);
	return v;
}

/* Is [off, off+size) inside [lo, hi)? Written to be immune to overflow. */
static inline bool inside(uint64_t off, uint64_t size, uint64_t lo, uint64_t hi)
{
	return off >= lo && off <= hi && size <= hi - off;
}

#endif
