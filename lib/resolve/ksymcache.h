/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A cache of this boot's kernel symbols, for readers of recorded files: reading
 * /proc/kallsyms makes the kernel format every symbol again (tens of milliseconds), while
 * the symbols of the kernel image and of its modules only change with a reboot or a
 * module load. One entry ("kallsyms" in the compile cache's directory) holds a table
 * keyed by the boot id and the content of /proc/modules; any other key is a miss. The
 * entry is mapped, not read: a reader touches only the pages its lookups need.
 *
 *	char key[HASH_HEX_SIZE];
 *	struct ksymcache_map m;
 *	if (!ksymcache__key(key) && !ksymcache__map(key, &m)) ...use m.blob, then
 *		ksymcache__unmap(&m);
 *	... else build the table, then ksymcache__put(key, parts, nr);
 */
#ifndef PERF_BPF_KSYMCACHE_H
#define PERF_BPF_KSYMCACHE_H

#include <stddef.h>
#include <sys/uio.h>

#include "util/hash.h"

struct ksymcache_map {
	const void *blob; /* the table's bytes, 8-byte aligned */
	size_t size;
	void *map; /* the whole entry */
	size_t map_len;
};

/* This boot's key into key; -errno when the boot id cannot be read. */
int ksymcache__key(char *key);
/* Map the table stored under key; -ENOENT on a miss. */
int ksymcache__map(const char *key, struct ksymcache_map *m);
void ksymcache__unmap(struct ksymcache_map *m);
/*
 * Store the table (its parts one after the other, written as they are: no copy of it is
 * made) under key, replacing the entry atomically; failures are only debug lines.
 */
void ksymcache__put(const char *key, const struct iovec *parts, int nr);

#endif
