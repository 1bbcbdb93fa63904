/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The records inside PERF_RECORD_COMPRESSED (perf record -z): one zstd stream across all
 * of them, decompressed chunk by chunk into a buffer addressed by offsets that only grow
 * (the bytes of offset off are at pdzstream__at(z, off) while held). A record may start in
 * one chunk and end in the next one. What is no longer needed is dropped when the buffer
 * has to make room, so memory stays within the bytes the caller still needs, plus a chunk.
 */
#ifndef PERF_BPF_PDZSTREAM_H
#define PERF_BPF_PDZSTREAM_H

#include <stddef.h>
#include <stdint.h>

struct pdzstream;

/* NULL when out of memory. */
struct pdzstream *pdzstream__new(void);
void pdzstream__free(struct pdzstream *z);
/*
 * Decompress one chunk (the payload of a COMPRESSED record) after the bytes held.
 * keep: the lowest offset still needed (bytes below it may be dropped); limit: the most
 * bytes held at once. 0, -EINVAL for damaged data, -E2BIG past limit, -ENOMEM.
 */
int pdzstream__add(struct pdzstream *z, const void *src, size_t n, uint64_t keep, uint64_t limit);
/* After damaged data: the bytes from end on are forgotten, the next chunk starts a stream. */
void pdzstream__reset(struct pdzstream *z, uint64_t end);
/* Offsets [start, end) held: start is the lowest one kept, end the next one to be written. */
uint64_t pdzstream__start(const struct pdzstream *z);
uint64_t pdzstream__end(const struct pdzstream *z);
/* The byte at off, held (start <= off < end). */
const uint8_t *pdzstream__at(const struct pdzstream *z, uint64_t off);

#endif
