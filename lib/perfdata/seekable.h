/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The seekable perf.data layout of a regular file, kept readable at every moment:
 *
 *   header | attr ids | attrs | feature payloads known at the start | data ... | index
 *
 * perf finds the feature index at data.offset + data.size, right after the records, so
 * new records would overwrite the index the header names. Instead, every round of
 * records ends with a FINISHED_ROUND record whose body is the feature index (a write of
 * a full buffer in the middle of a round, with a HEADER_EVENT_TYPE record), and the
 * header (one pwrite of 104 bytes, after the round is in the file) names the data up to
 * that record. The index's first slot belongs to feature bit 0, which perf never parses:
 * its 16 bytes are the record's header and a zero. The next rounds go after the record,
 * so the index a header names is never overwritten: a file cut at any moment (kill -9,
 * a full disk) has a header naming whole records followed by a whole index. At a clean
 * close the last index has no bit 0, and the features known only then (build ids, BPF
 * programs, pdwriter__add_feature's) follow it.
 */
#ifndef PERF_BPF_PDSEEKABLE_H
#define PERF_BPF_PDSEEKABLE_H

#include <stddef.h>
#include <stdint.h>

#include "util/dbuf.h"
#include "perfdata/writer.h"

/* Feature payloads in the order they were added. */
struct pdfeat_list {
	struct pdfeat {
		int feat;
		struct dbuf data;
	} * v;
	size_t n;
};

/* Adds feature feat with the payload in *data (taken: *data is left empty). */
int pdfeat_list__add(struct pdfeat_list *l, int feat, struct dbuf *data);
void pdfeat_list__free(struct pdfeat_list *l);

struct pdseek;

struct pdseek *pdseek__new(void);
void pdseek__free(struct pdseek *s);
/*
 * The bytes before the data: a zeroed header (written by the first commit), the ids and
 * attrs of evs, the payloads of early. -EINVAL for a feature id outside 1..255 or given twice.
 */
int pdseek__preamble(struct pdseek *s, const struct pdwriter_event *evs, size_t nr,
		     const struct pdfeat_list *early, struct dbuf *b);
/*
 * The record (FINISHED_ROUND at a round's end, HEADER_EVENT_TYPE, which perf skips, when
 * a full buffer is written in the middle of a round) holding the early features' index.
 */
void pdseek__round_index(const struct pdseek *s, uint32_t type, struct dbuf *b);
/*
 * The header naming the records up to data_end (where the round's index record starts),
 * pwritten at 0; file_end is the file's size after the index record. 0 or -errno.
 */
int pdseek__commit(struct pdseek *s, int fd, uint64_t data_end, uint64_t file_end);
/* The file size the current header describes: a file cut back to it reads. */
uint64_t pdseek__committed(const struct pdseek *s);
/* The last index (without bit 0) and late's payloads, to be written at data_end. */
int pdseek__trailer(struct pdseek *s, uint64_t data_end, const struct pdfeat_list *late,
		    struct dbuf *b);
/* After the trailer is in the file: the final header (its data synced first). 0 or -errno. */
int pdseek__commit_final(struct pdseek *s, int fd, uint64_t data_end, uint64_t file_end);

#endif
