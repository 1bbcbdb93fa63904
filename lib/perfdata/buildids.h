/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The build ids a seekable perf.data file lists in its HEADER_BUILD_ID feature section:
 * perf record's table of the files its samples hit, which the file's MMAP records do
 * not carry (perf's MMAP2 has no build id unless asked). Read on its own, with pread
 * (the header through perfdata/header.h, as the record reader reads it), so the record
 * reader is not involved; a file without the section has none.
 *
 *	struct pdbuildid *ids; size_t n;
 *	if (pdbuildids__read("perf.data", &ids, &n) == 0) ... pdbuildids__free(ids, n);
 */
#ifndef PERF_BPF_PDBUILDIDS_H
#define PERF_BPF_PDBUILDIDS_H

#include <stddef.h>
#include <stdint.h>

#define PDBUILDID_MAX 20

struct pdbuildid {
	char *path;
	uint32_t pid;
	uint16_t cpumode; /* PERF_RECORD_MISC_KERNEL, _USER, ... */
	uint8_t size;
	unsigned char id[PDBUILDID_MAX];
};

/*
 * 0 with the list (possibly empty: a pipe, a streaming file, no section); -errno when
 * the file cannot be read or the section is damaged (*ids then NULL).
 */
int pdbuildids__read(const char *file, struct pdbuildid **ids, size_t *nr);
void pdbuildids__free(struct pdbuildid *ids, size_t nr);

#endif
