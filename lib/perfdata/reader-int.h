/* SPDX-License-Identifier: GPL-2.0 */
/* The perf.data reader's internals, shared by reader.c and feature.c only. */
#ifndef PERF_BPF_PDREADER_INT_H
#define PERF_BPF_PDREADER_INT_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "record/order.h"
#include "record/record.h"
#include "perfdata/reader.h"
#include "perfdata/tracing.h"

#define PD_MAGIC 0x32454c4946524550ULL /* "PERFILE2" */
#define PD_MAGIC_SWAP 0x50455246494c4532ULL /* the same, written on the other endianness */
#define PD_MAGIC_V1 0x454c494646524550ULL /* "PERFFILE" */
#define PD_FILE_HDR 104
#define PD_FILE_HDR_OLD 72
#define PD_PIPE_HDR 16
#define PD_MAX_ATTR 4096

enum {
	PD_HEADER_ATTR = 64,
	PD_HEADER_TRACING_DATA = 66,
	PD_FINISHED_ROUND = 68,
	PD_AUXTRACE = 71,
	PD_EVENT_UPDATE = 78,
	PD_HEADER_FEATURE = 80,
	PD_COMPRESSED = 81,
	PD_USER_MAX = 83, /* first user type perf 6.1 does not know */
	PD_KERNEL_MAX = 22, /* first kernel type perf 6.1 does not know */
};

enum { PD_FEAT_TRACING_DATA = 1, PD_FEAT_EVENT_DESC = 12, PD_NR_FEAT = 32 };

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
