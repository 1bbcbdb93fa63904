// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel symbol cache entry: a 128-byte head ("perf-bpf kallsyms 2\n", the key,
 * '\n', zeros), then the table's bytes. The cache directory's trust rules apply
 * (compile/cache.h): an entry someone else could have written is never used.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/stat.h>

#include "compile/cache.h"
#include "resolve/ksymcache.h"
#include "util/log.h"

#define ENTRY_NAME "kallsyms"
#define ENTRY_MAGIC "perf-bpf kallsyms 2\n"
#define ENTRY_HEAD 128 /* keeps the table 8-byte aligned in the mapping */
#define KSYMCACHE_MAX_PARTS 4 /* parts of a table ksymcache__put() takes */

_Static_assert(sizeof(ENTRY_MAGIC) - 1 + HASH_HEX_SIZE <= ENTRY_HEAD, "head too small");

int ksymcache__key(char *key)
{
	struct hash *h = hash__new();
	int err;

	if (!h)
		return -ENOMEM;
	hash__str(h, ENTRY_MAGIC);
	err = hash__file(h, "/proc/sys/kernel/random/boot_id");
	if (!err) { /* a kernel built without modules has no list */
		err = hash__file(h, "/proc/modules");
		if (err == -ENOENT) {
			hash__str(h, "no modules");
			err = 0;
		}
	}
	if (!err)
		err = hash__final(h, key);
	hash__free(h);
	return err;
}

/* The head an entry for key starts with. */
static void entry_head(const char *key, char *head)
{
	memset(head, 0, ENTRY_HEAD);
	memcpy(head, ENTRY_MAGIC, strlen(ENTRY_MAGIC));
	memcpy(head + strlen(ENTRY_MAGIC), key, HASH_HEX_SIZE - 1);
	head[strlen(ENTRY_MAGIC) + HASH_HEX_SIZE - 1] = '\n';
}

static int map_fd(int fd, const char *key, struct ksymcache_map *m)
{
	char head[ENTRY_HEAD];
	struct stat st;
	void *map;

	if (fstat(fd, &st) || st.st_size <= ENTRY_HEAD)
		return -ENOENT;
	map = mmap(NULL, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	if (map == MAP_FAILED)
		return -ENOENT;
	entry_head(key, head);
	if (memcmp(map, head, ENTRY_HEAD)) {
		munmap(map, st.st_size);
		return -ENOENT;
	}
	m->map = map;
	m->map_len = st.st_size;
	m->blob = (char *)map + ENTRY_HEAD;
	m->size = st.st_size - ENTRY_HEAD;
	return 0;
}

int ksymcache__map(const char *key, struct ksymcache_map *m)
{
	struct cache *c = cache__open(NULL);
	int fd, err;

	if (!c)
		return -ENOENT;
	fd = cache__openat(c, ENTRY_NAME, O_RDONLY);
	cache__close(c);
	if (fd < 0)
		return -ENOENT;
	err = map_fd(fd, key, m);
	close(fd);
	return err;
}

void ksymcache__unmap(struct ksymcache_map *m)
{
	if (m->map)
		munmap(m->map, m->map_len);
	m->map = NULL;
}

void ksymcache__put(const char *key, const struct iovec *parts, int nr)
{
	struct cache *c = cache__open(NULL);
	struct iovec all[1 + KSYMCACHE_MAX_PARTS];
	char head[ENTRY_HEAD];
	int err = -EINVAL;

	if (c && nr <= KSYMCACHE_MAX_PARTS) {
		entry_head(key, head);
		all[0] = (struct iovec){ head, sizeof(head) };
		memcpy(all + 1, parts, nr * sizeof(*parts));
		err = cache__writev(c, ENTRY_NAME, all, 1 + nr);
	}
	if (err)
		pr_debug("kernel symbols not cached: %s", strerror(-err));
	cache__close(c);
}
