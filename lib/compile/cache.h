/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The compile cache: a directory ($XDG_CACHE_HOME/perf-bpf, else ~/.cache/perf-bpf, made
 * 0700) of files written atomically (temporary file + rename). Nothing in it is used
 * unless it belongs to the user and is neither group- nor world-writable, so nobody else
 * can plant an object there; an untrusted file is reported with a warning and replaced.
 *
 * Object entries are keyed by the caller's key over the inputs known before compiling;
 * each entry also lists the files the compiler read (its headers) with their SHA-256,
 * and is only a hit while every one of them still has that content.
 */
#ifndef PERF_BPF_CACHE_H
#define PERF_BPF_CACHE_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/uio.h>

#include "util/hash.h"

struct cache;

/*
 * Open (and create) the cache directory dir, or the default one when dir is NULL.
 * NULL + errno on failure; EPERM: the directory is not trusted (a warning said why).
 */
struct cache *cache__open(const char *dir);
/* A private temporary directory with the same interface, removed by cache__close(). */
struct cache *cache__open_temp(void);
void cache__close(struct cache *c);
const char *cache__dir(const struct cache *c);

/*
 * 0 when name (relative, possibly with '/') exists and it and every directory on its way
 * are trusted; -ENOENT when missing; -EPERM when not trusted, after a warning.
 */
int cache__check(struct cache *c, const char *name);
/* Full path of name into buf. */
int cache__path(const struct cache *c, const char *name, char *buf, size_t size);
/*
 * Open name (as cache__check() allows it) through the cache directory's own fd, never
 * following a link at its end: what a path string would resolve again, an fd holds.
 * The fd (O_CLOEXEC added to flags), or -errno.
 */
int cache__openat(struct cache *c, const char *name, int flags);
/* Make the subdirectory name (one level), 0700; fine if it exists and is trusted. */
int cache__mkdir(struct cache *c, const char *name);

/* Whole file name into *data (malloc'ed, NUL-terminated); -ENOENT, -EPERM (warned). */
int cache__read(struct cache *c, const char *name, void **data, size_t *size);
/* Replace name atomically with size bytes of data. */
int cache__write(struct cache *c, const char *name, const void *data, size_t size);
/* The same with the bytes of nr parts, one after the other. */
int cache__writev(struct cache *c, const char *name, const struct iovec *parts, int nr);
/*
 * For writers that are not a buffer: a new 0600 file next to name (its name into tmp),
 * then cache__commit() renames it over name, or cache__discard() removes it.
 */
int cache__tmpfile(struct cache *c, const char *name, char *tmp, size_t size);
int cache__commit(struct cache *c, const char *tmp, const char *name);
void cache__discard(struct cache *c, const char *tmp);

/* An object entry: the object and the files it was built from. */
struct cache_dep {
	const char *path; /* absolute */
	char hash[HASH_HEX_SIZE];
};

/* 0 and the object (malloc'ed) on a hit; -ENOENT on a miss, a stale or a refused entry. */
int cache__lookup(struct cache *c, const char *key, void **obj, size_t *size);
int cache__store(struct cache *c, const char *key, const struct cache_dep *deps, size_t nr,
		 const void *obj, size_t size);

#endif
