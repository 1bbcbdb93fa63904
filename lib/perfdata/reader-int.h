/* SPDX-License-Identifier: GPL-2.0 */
/* The perf.data reader's internals, shared by its parts only (below). */
#ifndef PERF_BPF_PDREADER_INT_H
#define PERF_BPF_PDREADER_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "util/bytes.h"
#include "perfdata/format.h"
#include "record/order.h"
#include "record/record.h"
#include "perfdata/reader.h"
#include "perfdata/tracing.h"

#include "perfdata/clockfeat.h"

#define PD_MAX_ATTR 4096 /* the largest attr taken */
#define PD_NR_FEAT 32 /* features looked at: ids below it */
#define PD_ZOFF (1ULL << 63) /* queue offsets of records decompressed from COMPRESSED ones */

struct ev {
	struct pdreader_event pub;
	struct record_layout layout; /* from the attr, for the record decoder */
	char *name;
	uint64_t *ids;
};

/*
 * A feature the reader does not interpret: its records' payloads, concatenated (in copy),
 * or its section of the index (in the file's bytes).
 */
struct pdxfeat {
	int feat;
	const uint8_t *data;
	uint8_t *copy; /* free at free */
	size_t len, cap; /* cap: bytes at copy */
};

struct idmap {
	uint64_t id;
	size_t ev;
};

/*
 * The bytes [base, len) of the input are at buf (absolute offsets everywhere). A file or a
 * memory buffer is held whole (base 0). A pipe is read as records are needed: its header
 * records (attrs, features, tracing data: the events and formats point into them) stay in
 * hdr; the records after them go through a window that drops what was delivered.
 */
struct pdreader {
	const uint8_t *buf;
	uint64_t base, len;
	void *map; /* munmap at free */
	uint8_t *copy; /* free at free: the window, or the whole input */
	uint8_t *hdr; /* free at free: a pipe's header records */
	uint64_t cap; /* bytes allocated at copy, when reading from fd */
	int fd; /* a pipe still being read, or -1 */
	bool eof, in_header; /* in_header: nothing may be dropped yet */
	int read_err; /* errno of a failed read or allocation */
	void (*wait)(void *arg); /* called before a read that would block */
	void *wait_arg;
	bool pipe;
	bool sorted;
	uint64_t data_off, data_end;

	struct ev *evs;
	size_t nr_evs, cap_evs;
	struct idmap *ids;
	size_t nr_ids;

	struct pdtracing tr;
	const char *fstr[PD_NR_FEAT];
	struct pdxfeat *xfeat; /* features of ids PD_NR_FEAT and up, kept for the caller */
	size_t nr_xfeat;
	size_t xfeat_copied; /* bytes copied for them, all together */
	bool warned_xfeat;
	bool has_clock_data; /* CLOCK_DATA (perfdata/clockfeat.h) */
	struct clockfeat_data clock_data;

	uint64_t pos;
	bool at_end;
	struct order order;

	/* the bounded window: see keep_window() in rstream.c */
	uint64_t window, next_check, dropped;
	struct pdzstream *z; /* records of COMPRESSED ones, from the first one on */
	uint64_t zpos; /* the next decompressed record */
	uint32_t comp_type; /* the COMPRESSED feature's type (1: zstd), 0 without one */

	struct pdreader_stats st;
	bool warned_type, warned_compressed, warned_attr, warned_early;
	uint64_t hdr_end; /* where the header records (a file: leading features) end */
	char *path; /* what pdreader__open read; NULL for memory */
	uint64_t scratch[65536 / 8]; /* a misaligned record, copied */
};

/*
 * The reader's parts:
 *
 *	reader.c	its life (a file, a pipe, memory) and what it tells of the file
 *	revents.c	the events: attrs and their ids, a pipe's header records
 *	feature.c	the feature sections
 *	rstream.c	the records: the input as it is read, the window, the order they are
 *			delivered in, COMPRESSED records (zstream.c decompresses)
 */

/* Record the failure's ERROR line ("cannot read 'FILE': why", util/errmsg.h); returns err. */
int pdreader__fail(struct pdreader *r, int err, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Read the file's header, attrs and header records into r: 0 or -errno (recorded). */
int revents__setup(struct pdreader *r);
/* The event of id, NULL when no event has it. */
const struct idmap *revents__find_id(const struct pdreader *r, uint64_t id);

/* The record at pos: its size (extra: the bytes after it it does not count), 0 at the end. */
uint64_t rstream__record_at(struct pdreader *r, uint64_t pos, uint64_t *extra);
/* A pipe's records from pos on go to a window of their own; the header records stay. */
int rstream__start_window(struct pdreader *r, uint64_t pos);
/* Read from the pipe until [off, off + n) is held, or the input ends: false then. */
bool rstream__fill(struct pdreader *r, uint64_t off, uint64_t n);

/* The byte at absolute offset off (held: base <= off < len). */
static inline const uint8_t *at(const struct pdreader *r, uint64_t off)
{
	return r->buf + (off - r->base);
}

/* The u64 and u32 at absolute offset off (held). */
static inline uint64_t get64(const struct pdreader *r, uint64_t off)
{
	return bytes__u64(at(r, off), 0);
}

static inline uint32_t get32(const struct pdreader *r, uint64_t off)
{
	return bytes__u32(at(r, off), 0);
}

#endif
