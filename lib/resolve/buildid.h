/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The GNU build id of an ELF file (its NT_GNU_BUILD_ID note), read with libelf, and a
 * cache of them by file (device and inode), so that the libc every process maps is read once.
 */
#ifndef PERF_BPF_BUILDID_H
#define PERF_BPF_BUILDID_H

#include <libelf.h>
#include <stddef.h>
#include <stdint.h>

#define BUILDID_MAX 20 /* the most a MMAP2 record or a perf.data build id entry holds */

/*
 * The build id of the ELF file at path into id (up to size bytes): its length, or -errno
 * (-ENOENT: no build id note, -ENOEXEC: not an ELF file, -E2BIG: longer than size).
 */
int buildid__read(const char *path, uint8_t *id, size_t size);
/* The same for an ELF file libelf has open. */
int buildid__from_elf(Elf *elf, uint8_t *id, size_t size);
/* The same for the file open on fd (the fd stays open, its offset unused). */
int buildid__read_fd(int fd, uint8_t *id, size_t size);

struct buildid_cache;

struct buildid_cache *buildid_cache__new(void);
void buildid_cache__free(struct buildid_cache *c);
/*
 * buildid__read through the cache, for a file known by its device and inode (as a maps line
 * gives them): a file is opened once, its answer (negative ones too) remembered.
 */
int buildid_cache__get(struct buildid_cache *c, const char *path, uint32_t maj, uint32_t min,
		       uint64_t ino, uint8_t *id, size_t size);

#endif
