// SPDX-License-Identifier: GPL-2.0
/*
 * What a compile read: the source, read once and hashed for the key, and the headers clang
 * reported; an object is stored with their hashes only when none of them changed since
 * before clang ran.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>

#include "compile/compile-int.h"
#include "util/errmsg.h"
#include "util/log.h"

/* A file for the compile: regular (a FIFO would block), opened without waiting. */
static int open_input(const char *path, struct stat *st)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);

	if (fd < 0)
		return -errno;
	if (fstat(fd, st) || !S_ISREG(st->st_mode)) {
		int err = S_ISREG(st->st_mode) ? -errno : -EINVAL;

		close(fd);
		return err;
	}
	return fd;
}

/* The source read once: its first bytes decide on the precompiled header, all is hashed. */
int inputs__read_source(struct compile_job *j)
{
	char text[4097] = "";
	struct hash *h;
	struct stat st;
	ssize_t len;
	int fd, err;

	if (!realpath(j->given, j->src))
		return -errno;
	fd = open_input(j->src, &st);
	if (fd == -EINVAL)
		return errmsg__set(fd, "unable to compile %s: not a regular file", j->given);
	if (fd < 0)
		return fd;
	h = hash__new();
	err = h ? 0 : -ENOMEM;
	len = err ? -1 : pread(fd, text, sizeof(text) - 1, 0);
	if (len < 0 && !err)
		err = -errno;
	if (!err)
		err = hash__fd(h, fd);
	if (!err)
		err = hash__final(h, j->src_hash);
	hash__free(h);
	close(fd);
	if (err)
		return err;
	text[len] = '\0';
	j->want_pch = len && j->env.vmlinux_dir && pch__wanted(j, text);
	/* generating vmlinux.h takes longer than most compiles: not for a source without it */
	j->vmlinux_later = j->env.vmlinux_dir && (size_t)len < sizeof(text) - 1 &&
			   !strstr(text, "vmlinux.h");
	return 0;
}

/*
 * Start a clang run at a new tick of the coarse clock (at most one tick away): a file
 * changed before this run then has a ctime before j->start, one changed from now on not.
 */
void inputs__mark_start(struct compile_job *j)
{
	struct timespec t0, t;

	clock_gettime(CLOCK_REALTIME_COARSE, &t0);
	for (int i = 0; i < 1000; i++) {
		const struct timespec pause = { .tv_nsec = 100 * 1000 };

		clock_gettime(CLOCK_REALTIME_COARSE, &t);
		if (t.tv_sec != t0.tv_sec || t.tv_nsec != t0.tv_nsec) {
			j->start = t;
			return;
		}
		nanosleep(&pause, NULL);
	}
	j->start = t0; /* the clock did not move: files of this tick count as changed */
}

/*
 * Not changed since j->start: a write, a truncation, a rename or a link onto the file all
 * set its ctime to the time they happened. Timestamps in whole seconds (a file system
 * that keeps no more) count from the start of the second before.
 */
static bool settled(const struct compile_job *j, const struct stat *st)
{
	if (!st->st_ctim.tv_nsec)
		return st->st_ctim.tv_sec + 1 < j->start.tv_sec;
	return st->st_ctim.tv_sec < j->start.tv_sec ||
	       (st->st_ctim.tv_sec == j->start.tv_sec && st->st_ctim.tv_nsec < j->start.tv_nsec);
}

/*
 * The SHA-256 of the file at path, provided it has had that content since before clang
 * ran: -ESTALE when it changed meanwhile (or while it was read).
 */
static int hash_settled(const struct compile_job *j, const char *path, char *hex)
{
	struct stat before, after;
	struct hash *h;
	int fd, err;

	fd = open_input(path, &before);
	if (fd < 0)
		return fd;
	h = hash__new();
	err = h ? hash__fd(h, fd) : -ENOMEM;
	if (!err)
		err = hash__final(h, hex);
	if (!err && fstat(fd, &after))
		err = -errno;
	if (!err &&
	    (!settled(j, &before) || before.st_ino != after.st_ino ||
	     before.st_dev != after.st_dev || before.st_ctim.tv_sec != after.st_ctim.tv_sec ||
	     before.st_ctim.tv_nsec != after.st_ctim.tv_nsec))
		err = -ESTALE;
	hash__free(h);
	close(fd);
	if (err == -ESTALE)
		pr_debug("compile cache: '%s' changed during the compile", path);
	return err;
}

/* Hash what clang read, except the source (in the key) and the generated vmlinux.h. */
static int collect_deps(struct compile_job *j, const char *text, struct cache_dep **out, size_t *nr)
{
	size_t vlen = strlen(j->vmlinux_dir), n = 0, k = 0;
	struct cache_dep *deps = NULL;
	char **paths = NULL, real[PATH_MAX];
	int err = clangcmd__parse_deps(text, &paths);

	for (size_t i = 0; !err && paths[i]; i++)
		n++;
	if (!err && !(deps = calloc(n + 1, sizeof(*deps))))
		err = -ENOMEM;
	for (size_t i = 0; !err && i < n; i++) {
		if (!strncmp(paths[i], HELD_DIR "/", strlen(HELD_DIR "/")))
			continue; /* vmlinux.h, held: it goes with the BTF id in the key */
		if (!realpath(paths[i], real)) {
			err = -errno;
			break;
		}
		if (!strcmp(real, j->src) ||
		    (vlen && !strncmp(real, j->vmlinux_dir, vlen) && real[vlen] == '/'))
			continue;
		deps[k].path = strdup(real);
		err = deps[k].path ? hash_settled(j, real, deps[k].hash) : -ENOMEM;
		k++;
	}
	clangcmd__free_words(paths);
	if (err) {
		for (size_t i = 0; deps && deps[i].path; i++)
			free((char *)deps[i].path);
		free(deps);
		return err;
	}
	*out = deps;
	*nr = k;
	return 0;
}

void inputs__store(struct compile_job *j, struct cache *work, const void *obj, size_t size)
{
	struct cache_dep *deps = NULL;
	char now[HASH_HEX_SIZE];
	size_t nr = 0, len;
	void *text;
	int err;

	/* Only the compile of the very bytes the key covers is stored. */
	err = hash_settled(j, j->src, now);
	if (!err && strcmp(now, j->src_hash)) {
		pr_debug("compile cache: '%s' changed during the compile", j->src);
		err = -ESTALE;
	}
	if (!err)
		err = cache__read(work, "out.d", &text, &len);
	if (!err) {
		err = collect_deps(j, text, &deps, &nr);
		free(text);
	}
	if (!err)
		err = cache__store(j->cache, j->key, deps, nr, obj, size);
	if (err)
		pr_debug("compile cache: not stored: %s", strerror(-err));
	for (size_t i = 0; i < nr; i++)
		free((char *)deps[i].path);
	free(deps);
}
