/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Kernel perf records (struct perf_event_header + body), decoded in one place: the live
 * reader, the perf.data reader and the consumer all read record bodies through this
 * module and nowhere else. Every length is checked against the record's size.
 *
 *	struct record r;
 *	if (record__decode(hdr, size, &layout, &r) == 0)
 *		switch (r.type) { case PERF_RECORD_COMM: use r.comm ... }
 *
 * The layout says what the record's event put in it: its sample_type and whether
 * the non-sample records carry the sample_id trailer (attr.sample_id_all).
 *
 * Before the record's event is known, record__id() finds its event id and record__time()
 * its time, by the positions that every event of one stream shares (perf's rule: ids sit
 * at the same place in every event's samples and trailers).
 *
 * Records perf-bpf makes itself (what existed before a run, samples of records that came
 * outside the rings) are written here too, from the same struct record:
 *
 *	struct record r = { .type = PERF_RECORD_FORK, .task = { pid, ppid, tid, ptid },
 *			    .s = { .id = id, .pid = pid, .tid = tid } };
 *	n = record__encode(buf, sizeof(buf), &layout, &r);
 *
 * No other module reads or writes a record's body by its offsets.
 */
#ifndef PERF_BPF_RECORD_H
#define PERF_BPF_RECORD_H

#include <linux/perf_event.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "record/sample.h"

/* What an event puts in its records. */
struct record_layout {
	uint64_t sample_type;
	bool sample_id_all;
};

/* The layout of the records of an event opened with attr: derived here and nowhere else. */
static inline struct record_layout record_layout__of(const struct perf_event_attr *attr)
{
	return (struct record_layout){ attr->sample_type, attr->sample_id_all };
}

/* Longest build id an MMAP2 record carries (SHA-1). */
#define RECORD_BUILD_ID_MAX 20

/* Longest file name a MMAP record may carry that we keep whole (PATH_MAX). */
#define RECORD_PATH_MAX 4096

/* A BPF program's tag (BPF_TAG_SIZE). */
#define RECORD_BPF_TAG_SIZE 8

/* The longest names the kernel writes, with their NUL (TASK_COMM_LEN, KSYM_NAME_LEN). */
#define RECORD_COMM_MAX 16
#define RECORD_KSYM_NAME_MAX 128

struct record {
	const struct perf_event_header *hdr; /* the whole record, size bytes */
	uint32_t size;
	uint32_t type; /* PERF_RECORD_* */
	uint16_t misc;
	bool decoded; /* record__decode succeeded: the fields below are valid */
	/*
	 * SAMPLE: the sample; other records: their sample_id trailer, when the layout has
	 * one (its has_* bits say which fields it carried).
	 */
	struct sample s;
	union {
		struct { /* COMM */
			uint32_t pid, tid;
			const char *comm; /* NUL-terminated inside the record */
			bool exec; /* PERF_RECORD_MISC_COMM_EXEC */
		} comm;
		struct { /* FORK, EXIT */
			uint32_t pid, ppid, tid, ptid;
			uint64_t time;
		} task;
		struct { /* MMAP, MMAP2 */
			uint32_t pid, tid;
			uint64_t start, len, pgoff;
			const char *filename; /* NUL-terminated inside the record */
			uint8_t cpumode; /* PERF_RECORD_MISC_KERNEL, _USER, ... */
			uint32_t prot, flags; /* MMAP2: PROT_*, MAP_*; 0 for MMAP */
			/* MMAP2 without PERF_RECORD_MISC_MMAP_BUILD_ID: the file's device and inode */
			uint32_t maj, min;
			uint64_t ino, ino_generation;
			/* MMAP2 with PERF_RECORD_MISC_MMAP_BUILD_ID; size 0 otherwise */
			uint8_t build_id_size;
			unsigned char build_id[RECORD_BUILD_ID_MAX];
		} mmap;
		struct { /* KSYMBOL */
			uint64_t addr;
			uint32_t len;
			uint16_t ksym_type, flags; /* PERF_RECORD_KSYMBOL_TYPE_*, _FLAGS_* */
			const char *name; /* NUL-terminated inside the record */
		} ksymbol;
		struct { /* BPF_EVENT */
			uint16_t bpf_type,
				flags; /* PERF_BPF_EVENT_PROG_LOAD, _UNLOAD; no flags yet */
			uint32_t id; /* the program's */
			uint8_t tag[RECORD_BPF_TAG_SIZE];
		} bpf_event;
		struct { /* LOST */
			uint64_t id, lost;
		} lost;
		struct { /* LOST_SAMPLES */
			uint64_t lost;
		} lost_samples;
		struct { /* CGROUP */
			uint64_t id;
			const char *
				path; /* from the cgroup2 mount, NUL-terminated inside the record */
		} cgroup;
	};
};

/*
 * Decode one kernel record of size bytes (size is trusted over hdr->size). 0 with *r
 * filled; -EINVAL when the record is too short for its type or layout, or a string in
 * it is not terminated; -ENOENT for a kernel record type it does not decode (r->type,
 * r->hdr and r->size are still set, and nothing else).
 */
int record__decode(const struct perf_event_header *hdr, size_t size,
		   const struct record_layout *layout, struct record *r);

/*
 * The event id of a record laid out as layout says: 0 with *id, -ENOENT when the record
 * carries none (the layout has no id, or a non-sample record has no trailer), -EINVAL
 * when the record is too short to hold it.
 */
int record__id(const struct perf_event_header *hdr, size_t size, const struct record_layout *layout,
	       uint64_t *id);

/* The record's time, 0 when it carries none (or is too short to hold it). */
uint64_t record__time(const struct perf_event_header *hdr, size_t size,
		      const struct record_layout *layout);

/*
 * A SAMPLE's pid and tid, read where layout puts them, nothing else decoded: -ENOENT for
 * another record or a layout without them, -EINVAL when the record is too short.
 */
int record__sample_tid(const struct perf_event_header *hdr, size_t size,
		       const struct record_layout *layout, uint32_t *pid, uint32_t *tid);

/*
 * Encode r as the kernel lays it out, into buf: the header (r->type, r->misc, the size), the
 * body from r's fields of its type, and for a non-sample record the sample_id trailer layout
 * asks for, from r->s (pid/tid, time, cpu, and r->s.id in every id field). A SAMPLE is
 * r->s as layout's sample_type says, ADDR 0 and STREAM_ID the id, RAW zero-padded to 8 bytes
 * with its size as the kernel pads it. Strings are cut to the kernel's limits (the longest
 * name of their kind above), then get their NUL and zeros up to 8 bytes. Returns the size; 0
 * when it does not fit in size bytes or a record (64 KiB), or r is of a type (COMM, FORK,
 * EXIT, MMAP, MMAP2, KSYMBOL, BPF_EVENT, LOST, LOST_SAMPLES, SAMPLE) or a SAMPLE's layout of
 * a field (READ, the fields after RAW) it does not write.
 */
size_t record__encode(void *buf, size_t size, const struct record_layout *layout,
		      const struct record *r);

/*
 * Can events of layouts a and b share one stream, their ids found at the same places?
 * (perf refuses a file where they cannot.)
 */
bool record__same_id_pos(const struct record_layout *a, const struct record_layout *b);

#endif
