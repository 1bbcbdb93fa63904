/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The header at the start of a perf.data file, parsed in one place for every reader of
 * it (the record reader, the build-id table): which layout the file has (the streaming
 * format's 16 bytes, or a seekable file's), and for a seekable file where its sections are
 * and which features it has; the index after the data lists those features' sections, one
 * {offset, size} entry per feature bit, in the bits' order.
 *
 *	struct pdheader h;
 *	uint64_t entry;
 *	if (!pdheader__parse(buf, len, &h, why, sizeof(why)) &&
 *	    !pdheader__feature_entry(&h, PD_FEAT_BUILD_ID, &entry))
 *		... pread 16 bytes at entry: the section's offset and size ...
 */
#ifndef PERF_BPF_PDHEADER_H
#define PERF_BPF_PDHEADER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "perfdata/format.h"

struct pdheader {
	bool pipe; /* the streaming format: nothing below is set */
	uint64_t size; /* PD_FILE_HDR, or PD_FILE_HDR_OLD (no feature bitmap) */
	uint64_t attr_size; /* of one entry of the attr section: an attr and its ids' section */
	uint64_t attrs_off, attrs_size;
	uint64_t data_off, data_size;
	uint64_t feat[PD_FEAT_BITS / 64]; /* the feature bitmap; 0 in an old header */
};

/*
 * The header at buf, of which len bytes are at hand (the whole file, or its first
 * PD_FILE_HDR bytes or more). 0 with *h; else -EINVAL (not a perf.data file, or a header
 * cut short) or -ENOTSUP (another byte order, version 1), with the reason in why (size
 * bytes, may be 0), worded for the line "cannot read 'FILE': WHY". Nothing beyond the
 * header's own bytes is checked: the sections may point anywhere.
 */
int pdheader__parse(const void *buf, size_t len, struct pdheader *h, char *why, size_t size);

/* Does the header's bitmap have feature feat? */
bool pdheader__has_feature(const struct pdheader *h, int feat);

/*
 * The file offset of feature feat's entry in the index: 0 with *entry, -ENOENT when the file
 * has no such feature, -EOVERFLOW when the data section's end is past 2^64.
 */
int pdheader__feature_entry(const struct pdheader *h, int feat, uint64_t *entry);

#endif
