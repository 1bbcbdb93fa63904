/* SPDX-License-Identifier: GPL-2.0 */
/*
 * SHA-256 digests (OpenSSL EVP) for the compile cache keys. Strings are fed with their
 * length first, so ("ab", "c") and ("a", "bc") never hash alike.
 *
 *	struct hash *h = hash__new();
 *	hash__str(h, "flags");
 *	hash__file(h, path);
 *	hash__final(h, hex);	(hex: HASH_HEX_SIZE bytes, NUL-terminated)
 *	hash__free(h);
 */
#ifndef PERF_BPF_HASH_H
#define PERF_BPF_HASH_H

#include <stddef.h>
#include <stdint.h>

#define HASH_HEX_SIZE 65 /* 64 lowercase hex digits and a NUL */

struct hash;

struct hash *hash__new(void);
void hash__free(struct hash *h);

void hash__str(struct hash *h, const char *s); /* NULL hashes unlike "" */
void hash__u64(struct hash *h, uint64_t v);
void hash__bytes(struct hash *h, const void *data, size_t len); /* its length first too */
/* Feed the content of the file at path; -errno when it cannot be read. */
int hash__file(struct hash *h, const char *path);
/* Feed what is left to read from fd (the fd stays open). */
int hash__fd(struct hash *h, int fd);
/* Write the digest as hex; the hash can be fed again afterwards, starting afresh. */
int hash__final(struct hash *h, char *hex);

/* One-shot digest of a file's content. */
int hash__file_hex(const char *path, char *hex);

#endif
