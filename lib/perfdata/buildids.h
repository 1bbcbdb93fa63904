/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The build ids a seekable perf.data file lists in its HEADER_BUILD_ID feature section:
 * perf record's table of the files its samples hit, which the file's MMAP records do
 * not carry (perf's MMAP2 has no build id unless asked). Read on its own, with pread
 * (the header through perfdata/header.h, as the record reader reads it), so the record
 * reader is not involved; a file without the section has none. The section is read
 * through a window of bounded size, each entry handed over as it is parsed: a table of
 * any size costs no more memory than what the caller keeps of it.
 *
 *	static int keep(const struct pdbuildid *b, void *ctx) { ... return 0; }
 *	pdbuildids__each("perf.data", keep, ctx);
 */
#ifndef PERF_BPF_PDBUILDIDS_H
#define PERF_BPF_PDBUILDIDS_H

#include <stddef.h>
#include <stdint.h>

#define PDBUILDID_MAX 20

struct pdbuildid {
	const char *path; /* valid during the call only */
	uint32_t pid;
	uint16_t cpumode; /* PERF_RECORD_MISC_KERNEL, _USER, ... */
	uint8_t size;
	unsigned char id[PDBUILDID_MAX];
};

/*
 * Calls fn for each entry of file's table, in its order, until fn returns non-zero (then
 * that value). 0 when done (no table: a pipe, a streaming file, no section); -errno when
 * the file cannot be read or an entry is damaged (the entries before it were handed over).
 */
int pdbuildids__each(const char *file, int (*fn)(const struct pdbuildid *b, void *ctx), void *ctx);

#endif
