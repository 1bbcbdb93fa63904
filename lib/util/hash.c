// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>

#include "util/hash.h"

struct hash {
	EVP_MD_CTX *ctx;
	int err; /* first failure, reported by hash__final() */
};

/*
 * SHA-256 from the default provider, fetched once. OpenSSL's implicit start reads its
 * configuration file and registers every cipher and digest: about 1.3 ms of each run that
 * hashes anything (a script reading the kernel symbol cache, a compile cache lookup).
 */
static const EVP_MD *sha256(void)
{
	static EVP_MD *md;

	if (!md) {
		OPENSSL_init_crypto(OPENSSL_INIT_NO_LOAD_CONFIG | OPENSSL_INIT_NO_ADD_ALL_CIPHERS |
					    OPENSSL_INIT_NO_ADD_ALL_DIGESTS,
				    NULL);
		md = EVP_MD_fetch(NULL, "SHA2-256", NULL);
	}
	return md;
}

static int hash_restart(struct hash *h)
{
	h->err = 0;
	if (!sha256() || EVP_DigestInit_ex(h->ctx, sha256(), NULL) != 1)
		h->err = -EINVAL;
	return h->err;
}

struct hash *hash__new(void)
{
	struct hash *h = calloc(1, sizeof(*h));

	if (!h)
		return NULL;
	h->ctx = EVP_MD_CTX_new();
	if (!h->ctx || hash_restart(h)) {
		hash__free(h);
		errno = ENOMEM;
		return NULL;
	}
	return h;
}

void hash__free(struct hash *h)
{
	if (!h)
		return;
	EVP_MD_CTX_free(h->ctx);
	free(h);
}

static void hash__update(struct hash *h, const void *data, size_t len)
{
	if (!h->err && len && EVP_DigestUpdate(h->ctx, data, len) != 1)
		h->err = -EINVAL;
}

void hash__u64(struct hash *h, uint64_t v)
{
	hash__update(h, &v, sizeof(v));
}

void hash__str(struct hash *h, const char *s)
{
	if (!s) {
		hash__u64(h, UINT64_MAX);
		return;
	}
	hash__u64(h, strlen(s));
	hash__update(h, s, strlen(s));
}

void hash__bytes(struct hash *h, const void *data, size_t len)
{
	hash__u64(h, len);
	hash__update(h, data, len);
}

int hash__fd(struct hash *h, int fd)
{
	char buf[64 * 1024];
	ssize_t n;

	while ((n = read(fd, buf, sizeof(buf))) != 0) {
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		hash__update(h, buf, (size_t)n);
	}
	return 0;
}

int hash__file(struct hash *h, const char *path)
{
	int fd, err;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	err = hash__fd(h, fd);
	close(fd);
	return err;
}

int hash__final(struct hash *h, char *hex)
{
	static const char digits[] = "0123456789abcdef";
	unsigned char md[EVP_MAX_MD_SIZE];
	unsigned int len = 0;
	int err = h->err;

	if (!err && EVP_DigestFinal_ex(h->ctx, md, &len) != 1)
		err = -EINVAL;
	if (!err && len != (HASH_HEX_SIZE - 1) / 2)
		err = -EINVAL;
	if (!err) {
		for (unsigned int i = 0; i < len; i++) {
			hex[2 * i] = digits[md[i] >> 4];
			hex[2 * i + 1] = digits[md[i] & 15];
		}
		hex[2 * len] = '\0';
	}
	hash_restart(h);
	return err;
}

int hash__file_hex(const char *path, char *hex)
{
	struct hash *h = hash__new();
	int err;

	if (!h)
		return -errno;
	err = hash__file(h, path);
	if (!err)
		err = hash__final(h, hex);
	hash__free(h);
	return err;
}
