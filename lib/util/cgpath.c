// SPDX-License-Identifier: GPL-2.0
/* Cgroups (v2) by id, from one walk of the cgroup2 mount (cgpath.h). */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/cgpath.h"

#define DEPTH_MAX 32 /* cgroup trees are shallow; deeper ones are not named */
#define CGROUPS_MAX 1000000

struct cg {
	uint64_t id;
	char *path;
};

struct cgpath {
	struct cg *cgs; /* sorted by id */
	size_t n, cap;
};

static int add(struct cgpath *c, uint64_t id, const char *path)
{
	if (c->n == c->cap) {
		size_t cap = c->cap ? c->cap * 2 : 64;
		struct cg *cgs = cap <= CGROUPS_MAX ? realloc(c->cgs, cap * sizeof(*cgs)) : NULL;

		if (!cgs)
			return -ENOMEM;
		c->cgs = cgs;
		c->cap = cap;
	}
	c->cgs[c->n].path = strdup(path);
	if (!c->cgs[c->n].path)
		return -ENOMEM;
	c->cgs[c->n++].id = id;
	return 0;
}

/* The directories under dfd (path, from the mount), each a cgroup; dfd is closed. */
static int walk(struct cgpath *c, int dfd, char *path, size_t len, size_t size, int depth)
{
	DIR *d = fdopendir(dfd);
	struct dirent *de;
	struct stat st;
	int err = 0;

	if (!d) {
		close(dfd);
		return 0; /* gone meanwhile, or not readable: left unnamed */
	}
	while (!err && (de = readdir(d))) {
		size_t n = strlen(de->d_name);
		int fd;

		if (de->d_type != DT_DIR || de->d_name[0] == '.' || len + 1 + n >= size)
			continue;
		fd = openat(dirfd(d), de->d_name, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		if (fd < 0)
			continue;
		snprintf(path + len, size - len, "/%s", de->d_name);
		if (fstat(fd, &st)) {
			close(fd);
			continue;
		}
		err = add(c, st.st_ino, path);
		if (!err && depth < DEPTH_MAX)
			err = walk(c, fd, path, len + 1 + n, size, depth + 1);
		else
			close(fd);
		path[len] = '\0';
	}
	closedir(d);
	return err;
}

static int by_id(const void *a, const void *b)
{
	const struct cg *x = a, *y = b;

	return x->id < y->id ? -1 : x->id > y->id;
}

struct cgpath *cgpath__new_at(const char *root)
{
	struct cgpath *c = calloc(1, sizeof(*c));
	char path[4096] = "";
	struct stat st;
	int fd, err;

	if (!c)
		return NULL;
	fd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0 || fstat(fd, &st)) {
		err = -errno;
		if (fd >= 0)
			close(fd);
		free(c);
		errno = -err;
		return NULL;
	}
	err = add(c, st.st_ino, "/");
	if (!err)
		err = walk(c, fd, path, 0, sizeof(path), 0);
	else
		close(fd);
	if (err) {
		cgpath__free(c);
		errno = -err;
		return NULL;
	}
	qsort(c->cgs, c->n, sizeof(*c->cgs), by_id);
	return c;
}

/* A field of mountinfo, its octal escapes (\040 for a space) undone in place. */
static void unescape(char *s)
{
	char *out = s;

	for (; *s; s++) {
		if (s[0] == '\\' && s[1] >= '0' && s[1] <= '3' && s[2] >= '0' && s[2] <= '7' &&
		    s[3] >= '0' && s[3] <= '7') {
			*out++ = (char)((s[1] - '0') << 6 | (s[2] - '0') << 3 | (s[3] - '0'));
			s += 3;
		} else {
			*out++ = *s;
		}
	}
	*out = '\0';
}

/* The first cgroup2 mount point of /proc/self/mountinfo into buf; 0 or -ENOENT. */
static int cgroup2_mount(char *buf, size_t size)
{
	FILE *f = fopen("/proc/self/mountinfo", "re");
	char line[4096];
	int err = -ENOENT;

	if (!f)
		return -ENOENT;
	while (err && fgets(line, sizeof(line), f)) {
		char *sep = strstr(line, " - "), *mnt = line, *end;

		if (!sep || strncmp(sep + 3, "cgroup2 ", 8))
			continue;
		for (int i = 0; i < 4 && mnt; i++) /* id, parent, dev, root, then the mount */
			mnt = strchr(mnt, ' ') ? strchr(mnt, ' ') + 1 : NULL;
		end = mnt ? strchr(mnt, ' ') : NULL;
		if (!end)
			continue;
		*end = '\0';
		unescape(mnt);
		if (strlen(mnt) < size) {
			strcpy(buf, mnt);
			err = 0;
		}
	}
	fclose(f);
	return err;
}

struct cgpath *cgpath__new(void)
{
	char mnt[4096];

	if (cgroup2_mount(mnt, sizeof(mnt))) {
		errno = ENOENT;
		return NULL;
	}
	return cgpath__new_at(mnt);
}

void cgpath__free(struct cgpath *c)
{
	if (!c)
		return;
	for (size_t i = 0; i < c->n; i++)
		free(c->cgs[i].path);
	free(c->cgs);
	free(c);
}

const char *cgpath__name(const struct cgpath *c, uint64_t id)
{
	struct cg key = { .id = id }, *hit;

	if (!c || !c->n)
		return NULL;
	hit = bsearch(&key, c->cgs, c->n, sizeof(*c->cgs), by_id);
	return hit ? hit->path : NULL;
}

/* s[0..n) is a container id: hex digits, at least 12 (docker's short form) */
static bool is_id(const char *s, size_t n)
{
	if (n < 12)
		return false;
	for (size_t i = 0; i < n; i++)
		if (!isxdigit((unsigned char)s[i]))
			return false;
	return true;
}

static int found(struct cgpath_container *ct, const char *runtime, const char *id, size_t n)
{
	snprintf(ct->runtime, sizeof(ct->runtime), "%s", runtime);
	snprintf(ct->id, sizeof(ct->id), "%.*s", (int)(n < sizeof(ct->id) ? n : 0), id);
	return 0;
}

/* The runtimes' own scope names: PREFIX-ID.scope (systemd's cgroup driver) */
static const struct {
	const char *prefix, *runtime;
} scopes[] = {
	{ "docker-", "docker" }, { "cri-containerd-", "containerd" }, { "crio-", "cri-o" },
	{ "libpod-", "podman" }, { "containerd-", "containerd" },
};

/*
 * One path component, n bytes, under parent (pn bytes): the container it names, if any; a
 * systemd scope only as the last component (last).
 */
static int component(const char *s, size_t n, const char *parent, size_t pn, bool last,
		     struct cgpath_container *ct)
{
	bool scope = n > 6 && !memcmp(s + n - 6, ".scope", 6);
	size_t base = scope ? n - 6 : n;

	for (size_t i = 0; i < sizeof(scopes) / sizeof(scopes[0]); i++) {
		size_t p = strlen(scopes[i].prefix);

		if (base > p && !memcmp(s, scopes[i].prefix, p) && is_id(s + p, base - p))
			return found(ct, scopes[i].runtime, s + p, base - p);
	}
	/* the cgroupfs driver: /docker/ID, /kubepods/.../ID (crio-ID, or the bare ID) */
	if (is_id(s, base) && pn == 6 && !memcmp(parent, "docker", 6))
		return found(ct, "docker", s, base);
	if (is_id(s, base) && base >= 32)
		return found(ct, "container", s, base);
	if (scope && base > 0 && last)
		return found(ct, "systemd", s, base);
	return -ENOENT;
}

int cgpath__container(const char *path, struct cgpath_container *ct)
{
	size_t end = strlen(path), len = end;

	while (end > 0 && path[end - 1] == '/')
		len = --end;
	while (end > 0) {
		size_t start = end, pstart, pend;

		while (start > 0 && path[start - 1] != '/')
			start--;
		pend = start ? start - 1 : 0;
		pstart = pend;
		while (pstart > 0 && path[pstart - 1] != '/')
			pstart--;
		if (end > start && !component(path + start, end - start, path + pstart,
					      pend - pstart, end == len, ct))
			return 0;
		end = pend;
	}
	return -ENOENT;
}
