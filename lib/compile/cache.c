// SPDX-License-Identifier: GPL-2.0
/*
 * Cache directory handling: trust checks on every file before it is used, atomic writes,
 * and the object entries (header lines naming the dependencies, then the object bytes).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/uio.h>

#include "compile/cache.h"
#include "util/log.h"
#include "util/safeopen.h"

#define ENTRY_MAGIC "perf-bpf-cache 1\n"
#define ENTRY_PREFIX "obj-"

struct cache {
	int dirfd;
	bool temporary; /* remove the directory on close */
	char dir[PATH_MAX];
};

/* The default directory into buf; -ENOENT when neither XDG_CACHE_HOME nor HOME is usable. */
static int cache__default_dir(char *buf, size_t size)
{
	const char *xdg = getenv("XDG_CACHE_HOME");
	const char *home = getenv("HOME");
	int n;

	/* The XDG spec ignores a relative XDG_CACHE_HOME. */
	if (xdg && xdg[0] == '/')
		n = snprintf(buf, size, "%s/perf-bpf", xdg);
	else if (home && home[0] == '/')
		n = snprintf(buf, size, "%s/.cache/perf-bpf", home);
	else
		return -ENOENT;
	return n < 0 || (size_t)n >= size ? -ENAMETOOLONG : 0;
}

/* 0 when st may be loaded: owned by the effective uid, not group- or world-writable. */
static int cache__trusted(const struct stat *st, const char **why)
{
	static char buf[64];

	if (st->st_uid != geteuid()) {
		snprintf(buf, sizeof(buf), "owned by uid %u, not %u", (unsigned int)st->st_uid,
			 (unsigned int)geteuid());
		*why = buf;
		return -EPERM;
	}
	if (st->st_mode & S_IWOTH) {
		*why = "world-writable";
		return -EPERM;
	}
	if (st->st_mode & S_IWGRP) {
		*why = "group-writable";
		return -EPERM;
	}
	if (!S_ISREG(st->st_mode) && !S_ISDIR(st->st_mode)) {
		*why = "not a regular file or directory";
		return -EPERM;
	}
	return 0;
}

static struct cache *open_dir(const char *dir, bool create)
{
	struct cache *c;
	struct stat st;
	const char *why;
	int err;

	c = calloc(1, sizeof(*c));
	if (!c)
		return NULL;
	c->dirfd = -1;
	if (snprintf(c->dir, sizeof(c->dir), "%s", dir) >= (int)sizeof(c->dir)) {
		err = -ENAMETOOLONG;
		goto fail;
	}
	/* made as XDG wants it (0700), past no link another user owns (a HOME sudo -E kept) */
	c->dirfd = safeopen__dir(c->dir, create);
	if (c->dirfd < 0 || fstat(c->dirfd, &st)) {
		err = c->dirfd < 0 ? c->dirfd : -errno;
		if (err == -EPERM)
			pr_warn("not using the compile cache '%s': a link on its path is another "
				"user's",
				c->dir);
		goto fail;
	}
	if (cache__trusted(&st, &why)) {
		pr_warn("not using the compile cache '%s': %s", c->dir, why);
		err = -EPERM;
		goto fail;
	}
	return c;
fail:
	pr_debug("compile cache '%s': %s", dir, strerror(-err));
	cache__close(c);
	errno = -err;
	return NULL;
}

struct cache *cache__open(const char *dir)
{
	char buf[PATH_MAX];
	int err;

	if (!dir) {
		err = cache__default_dir(buf, sizeof(buf));
		if (err) {
			errno = -err;
			return NULL;
		}
		dir = buf;
	}
	return open_dir(dir, true);
}

struct cache *cache__open_temp(void)
{
	const char *tmp = getenv("TMPDIR");
	char buf[PATH_MAX];
	struct cache *c;

	snprintf(buf, sizeof(buf), "%s/perf-bpf.XXXXXX", tmp && *tmp == '/' ? tmp : "/tmp");
	if (!mkdtemp(buf))
		return NULL;
	c = open_dir(buf, false);
	if (!c) {
		rmdir(buf);
		return NULL;
	}
	c->temporary = true;
	return c;
}

/* Remove the temporary directory: files and one level of subdirectories, all ours. */
static void remove_tree(int dirfd, int depth)
{
	DIR *d = fdopendir(dirfd);
	struct dirent *e;

	if (!d) {
		close(dirfd);
		return;
	}
	while ((e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (e->d_type == DT_DIR && depth < 2) {
			int fd = openat(dirfd, e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW);

			if (fd >= 0)
				remove_tree(fd, depth + 1);
			unlinkat(dirfd, e->d_name, AT_REMOVEDIR);
		} else {
			unlinkat(dirfd, e->d_name, 0);
		}
	}
	closedir(d);
}

void cache__close(struct cache *c)
{
	if (!c)
		return;
	if (c->temporary && c->dirfd >= 0) {
		remove_tree(c->dirfd, 0);
		rmdir(c->dir);
	} else if (c->dirfd >= 0) {
		close(c->dirfd);
	}
	free(c);
}

const char *cache__dir(const struct cache *c)
{
	return c->dir;
}

int cache__path(const struct cache *c, const char *name, char *buf, size_t size)
{
	int n = snprintf(buf, size, "%s/%s", c->dir, name);

	return n < 0 || (size_t)n >= size ? -ENAMETOOLONG : 0;
}

int cache__check(struct cache *c, const char *name)
{
	char part[PATH_MAX];
	const char *why;
	struct stat st;

	if (strlen(name) >= sizeof(part) || name[0] == '/' || strstr(name, ".."))
		return -EINVAL;
	for (size_t len = 0, total = strlen(name); len < total;) {
		const char *slash = strchr(name + len + 1, '/');

		len = slash ? (size_t)(slash - name) : total;
		memcpy(part, name, len);
		part[len] = '\0';
		if (fstatat(c->dirfd, part, &st, AT_SYMLINK_NOFOLLOW))
			return -errno;
		if (cache__trusted(&st, &why)) {
			pr_warn("ignoring cache entry '%s/%s': %s", c->dir, part, why);
			return -EPERM;
		}
	}
	return 0;
}

int cache__openat(struct cache *c, const char *name, int flags)
{
	const char *why;
	struct stat st;
	int fd, err = cache__check(c, name);

	if (err)
		return err;
	fd = openat(c->dirfd, name, flags | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	err = fstat(fd, &st) ? -errno : cache__trusted(&st, &why);
	if (err) {
		close(fd);
		return err;
	}
	return fd;
}

int cache__mkdir(struct cache *c, const char *name)
{
	if (mkdirat(c->dirfd, name, 0700) && errno != EEXIST)
		return -errno;
	return cache__check(c, name);
}

static int read_fd(int fd, size_t size, void **data)
{
	char *buf = malloc(size + 1);
	size_t done = 0;

	if (!buf)
		return -ENOMEM;
	while (done < size) {
		ssize_t n = read(fd, buf + done, size - done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			free(buf);
			return n < 0 ? -errno : -EIO;
		}
		done += (size_t)n;
	}
	buf[size] = '\0';
	*data = buf;
	return 0;
}

int cache__read(struct cache *c, const char *name, void **data, size_t *size)
{
	const char *why;
	struct stat st;
	int fd, err;

	if (strchr(name, '/')) {
		err = cache__check(c, name);
		if (err)
			return err;
	}
	fd = openat(c->dirfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (fstat(fd, &st)) {
		err = -errno;
		goto out;
	}
	err = cache__trusted(&st, &why);
	if (!err && !S_ISREG(st.st_mode)) {
		why = "not a regular file";
		err = -EPERM;
	}
	if (err) {
		pr_warn("ignoring cache entry '%s/%s': %s", c->dir, name, why);
		goto out;
	}
	err = read_fd(fd, (size_t)st.st_size, data);
	if (!err)
		*size = (size_t)st.st_size;
out:
	close(fd);
	return err;
}

int cache__tmpfile(struct cache *c, const char *name, char *tmp, size_t size)
{
	char full[PATH_MAX];
	int fd, n;

	n = snprintf(tmp, size, "%s.tmp.XXXXXX", name);
	if (n < 0 || (size_t)n >= size)
		return -ENAMETOOLONG;
	/* mkstemp wants a path: go through the directory's own path. */
	if (cache__path(c, tmp, full, sizeof(full)))
		return -ENAMETOOLONG;
	fd = mkostemp(full, O_CLOEXEC);
	if (fd < 0)
		return -errno;
	memcpy(tmp + strlen(tmp) - 6, full + strlen(full) - 6, 6);
	if (fchmod(fd, 0600)) {
		int err = -errno;

		close(fd);
		unlinkat(c->dirfd, tmp, 0);
		return err;
	}
	return fd;
}

int cache__commit(struct cache *c, const char *tmp, const char *name)
{
	if (renameat(c->dirfd, tmp, c->dirfd, name)) {
		int err = -errno;

		unlinkat(c->dirfd, tmp, 0);
		return err;
	}
	return 0;
}

void cache__discard(struct cache *c, const char *tmp)
{
	unlinkat(c->dirfd, tmp, 0);
}

static int write_all(int fd, const void *data, size_t size)
{
	const char *p = data;

	while (size) {
		ssize_t n = write(fd, p, size);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -errno;
		p += n;
		size -= (size_t)n;
	}
	return 0;
}

int cache__writev(struct cache *c, const char *name, const struct iovec *parts, int nr)
{
	char tmp[PATH_MAX];
	int fd, err = 0;

	fd = cache__tmpfile(c, name, tmp, sizeof(tmp));
	if (fd < 0)
		return fd;
	for (int i = 0; !err && i < nr; i++)
		err = write_all(fd, parts[i].iov_base, parts[i].iov_len);
	if (close(fd) && !err)
		err = -errno;
	if (err) {
		cache__discard(c, tmp);
		return err;
	}
	return cache__commit(c, tmp, name);
}

int cache__write(struct cache *c, const char *name, const void *data, size_t size)
{
	struct iovec part = { (void *)data, size };

	return cache__writev(c, name, &part, 1);
}

static int entry_name(const char *key, char *buf, size_t size)
{
	int n = snprintf(buf, size, ENTRY_PREFIX "%s", key);

	if (n < 0 || (size_t)n >= size || strchr(key, '/') || !*key)
		return -EINVAL;
	return 0;
}

/* Does the file at path still hash to hex? */
static bool dep_unchanged(struct hash *h, const char *path, const char *hex)
{
	char now[HASH_HEX_SIZE];
	struct stat st;
	int fd, err;

	/* O_NONBLOCK: a FIFO put there must not hold the lookup up (it is no header) */
	fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0)
		err = -errno;
	else if (fstat(fd, &st) || !S_ISREG(st.st_mode))
		err = -EINVAL;
	else
		err = hash__fd(h, fd);
	if (fd >= 0)
		close(fd);
	if (err || hash__final(h, now)) {
		hash__final(h, now); /* reset */
		pr_debug("compile cache: '%s' is gone", path);
		return false;
	}
	if (strcmp(now, hex)) {
		pr_debug("compile cache: '%s' changed", path);
		return false;
	}
	return true;
}

/* Walk the "dep HASH PATH" lines; on success *body points at the "obj SIZE" line. */
static int check_deps(char *text, char **body)
{
	struct hash *h = hash__new();
	char *line = text + strlen(ENTRY_MAGIC);
	int err = 0;

	if (!h)
		return -ENOMEM;
	while (!err && !strncmp(line, "dep ", 4)) {
		char *end = strchr(line, '\n');

		if (!end || end - line < 4 + HASH_HEX_SIZE || line[4 + HASH_HEX_SIZE - 1] != ' ') {
			err = -EINVAL;
			break;
		}
		*end = '\0';
		line[4 + HASH_HEX_SIZE - 1] = '\0';
		if (!dep_unchanged(h, line + 4 + HASH_HEX_SIZE, line + 4))
			err = -ENOENT;
		line = end + 1;
	}
	hash__free(h);
	*body = line;
	return err;
}

int cache__lookup(struct cache *c, const char *key, void **obj, size_t *size)
{
	char name[256], *text, *body, *end;
	unsigned long long osize;
	void *data;
	size_t len;
	int err;

	err = entry_name(key, name, sizeof(name));
	if (!err)
		err = cache__read(c, name, &data, &len);
	if (err)
		return err == -ENOENT || err == -EPERM || err == -EINVAL ? -ENOENT : err;
	text = data;
	err = -EINVAL;
	if (len < strlen(ENTRY_MAGIC) || memcmp(text, ENTRY_MAGIC, strlen(ENTRY_MAGIC)))
		goto out;
	err = check_deps(text, &body);
	if (err)
		goto out;
	err = -EINVAL;
	if (strncmp(body, "obj ", 4))
		goto out;
	errno = 0;
	osize = strtoull(body + 4, &end, 10);
	if (errno || *end != '\n' || osize != len - (size_t)(end + 1 - text))
		goto out;
	*obj = malloc(osize ? osize : 1);
	if (!*obj) {
		err = -ENOMEM;
		goto out;
	}
	memcpy(*obj, end + 1, osize);
	*size = osize;
	err = 0;
out:
	if (err == -EINVAL)
		pr_debug("compile cache: entry '%s' is damaged", name);
	free(data);
	return err == -EINVAL ? -ENOENT : err;
}

int cache__store(struct cache *c, const char *key, const struct cache_dep *deps, size_t nr,
		 const void *obj, size_t size)
{
	char name[256], *text = NULL;
	size_t len = 0;
	FILE *f;
	int err;

	err = entry_name(key, name, sizeof(name));
	if (err)
		return err;
	for (size_t i = 0; i < nr; i++)
		if (strchr(deps[i].path, '\n') || strlen(deps[i].hash) != HASH_HEX_SIZE - 1)
			return -EINVAL;
	f = open_memstream(&text, &len);
	if (!f)
		return -errno;
	fputs(ENTRY_MAGIC, f);
	for (size_t i = 0; i < nr; i++)
		fprintf(f, "dep %s %s\n", deps[i].hash, deps[i].path);
	fprintf(f, "obj %zu\n", size);
	fwrite(obj, 1, size, f);
	if (fclose(f)) {
		free(text);
		return -ENOMEM;
	}
	err = cache__write(c, name, text, len);
	free(text);
	return err;
}
