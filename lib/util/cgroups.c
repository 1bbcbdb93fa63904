// SPDX-License-Identifier: GPL-2.0
/*
 * cgroup2 paths and ids. An id is the inode number of the cgroup's directory, so a path is
 * found by walking the mount and matching readdir's d_ino: a walk notes every cgroup it
 * passes, and a later id is looked up again only when it was not seen.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "util/cgroups.h"
#include "util/errmsg.h"

#define MOUNTINFO "/proc/self/mountinfo"
#define NAME_MATCHES_SHOWN 3

/* Undo mountinfo's octal escapes (\040 for a space) of the field at s, up to a blank. */
static bool unescape_field(const char *s, char *out, size_t size)
{
	size_t n = 0;

	while (*s && *s != ' ') {
		char c = *s++;

		if (c == '\\' && s[0] >= '0' && s[0] <= '3' && s[1] >= '0' && s[1] <= '7' &&
		    s[2] >= '0' && s[2] <= '7') {
			c = (char)((s[0] - '0') << 6 | (s[1] - '0') << 3 | (s[2] - '0'));
			s += 3;
		}
		if (n + 1 >= size)
			return false;
		out[n++] = c;
	}
	out[n] = '\0';
	return n > 0;
}

/* The start of field i (from 0) of a line of blank-separated fields, or NULL. */
static const char *field(const char *line, int i)
{
	while (i-- > 0) {
		line = strchr(line, ' ');
		if (!line)
			return NULL;
		line++;
	}
	return line;
}

bool cgroups__mountinfo_line(const char *line, char *dir, size_t size)
{
	/* ID PARENT MAJ:MIN ROOT MOUNT_POINT OPTIONS [OPTIONAL...] - FSTYPE SOURCE SUPER */
	const char *sep = strstr(line, " - "), *mnt = field(line, 4);

	if (!sep || !mnt || mnt > sep || strncmp(sep + 3, "cgroup2 ", 8))
		return false;
	return unescape_field(mnt, dir, size);
}

int cgroups__mount(char *dir, size_t size)
{
	FILE *f = fopen(MOUNTINFO, "re");
	char line[4096];
	bool found = false;

	if (!f)
		return -errno;
	while (!found && fgets(line, sizeof(line), f))
		found = cgroups__mountinfo_line(line, dir, size);
	fclose(f);
	return found ? 0 : -ENOENT;
}

bool cgroups__relative(const char *mnt, const char *path, char *out, size_t size)
{
	size_t n = strlen(mnt);

	while (n > 1 && mnt[n - 1] == '/')
		n--;
	if (strncmp(path, mnt, n) || (path[n] && path[n] != '/' && n > 1))
		return false;
	path += n > 1 ? n : 0;
	while (path[0] == '/' && path[1] == '/')
		path++;
	if (!*path || !strcmp(path, "/"))
		path = "/";
	if ((size_t)snprintf(out, size, "%s%s", *path == '/' ? "" : "/", path) >= size)
		return false;
	/* no trailing slash but the root's */
	for (size_t len = strlen(out); len > 1 && out[len - 1] == '/'; len--)
		out[len - 1] = '\0';
	return true;
}

/* ---- ids to paths ---- */

struct slot {
	uint64_t id; /* 0: empty (no cgroup has id 0) */
	char *path;
};

struct cgroups {
	char mnt[PATH_MAX];
	struct slot *slots;
	size_t nr_slots, used; /* nr_slots a power of two */
	bool recorded; /* the paths are a recording's: none is looked up here */
};

static size_t slot_of(const struct cgroups *cg, uint64_t id)
{
	size_t i = (size_t)(id * 0x9e3779b97f4a7c15ULL) & (cg->nr_slots - 1);

	while (cg->slots[i].id && cg->slots[i].id != id)
		i = (i + 1) & (cg->nr_slots - 1);
	return i;
}

static int grow(struct cgroups *cg)
{
	size_t n = cg->nr_slots ? cg->nr_slots * 2 : 256;
	struct slot *old = cg->slots, *s = calloc(n, sizeof(*s));
	size_t old_n = cg->nr_slots;

	if (!s)
		return -ENOMEM;
	cg->slots = s;
	cg->nr_slots = n;
	for (size_t i = 0; i < old_n; i++)
		if (old[i].id)
			cg->slots[slot_of(cg, old[i].id)] = old[i];
	free(old);
	return 0;
}

/* Note id's path (the latest wins: an id is never reused while its cgroup lives). */
static int note(struct cgroups *cg, uint64_t id, const char *path)
{
	struct slot *s;
	char *dup;

	if ((cg->used + 1) * 2 > cg->nr_slots && grow(cg))
		return -ENOMEM;
	s = &cg->slots[slot_of(cg, id)];
	if (s->id && !strcmp(s->path, path))
		return 0;
	dup = strdup(path);
	if (!dup)
		return -ENOMEM;
	if (!s->id)
		cg->used++;
	free(s->path);
	s->id = id;
	s->path = dup;
	return 0;
}

struct walk {
	struct cgroups *cg;
	int (*fn)(void *ctx, uint64_t id, const char *path);
	void *ctx;
	char dir[PATH_MAX]; /* the directory being read, the mount's path first */
};

/* The cgroup at w->dir (its id ino), then those below it; fn's error stops the walk. */
static int walk_dir(struct walk *w, uint64_t ino)
{
	size_t len = strlen(w->dir), mlen = strlen(w->cg->mnt);
	const char *path = len > mlen ? w->dir + mlen : "/";
	struct dirent *de;
	DIR *d;
	int err;

	err = note(w->cg, ino, path);
	if (!err && w->fn)
		err = w->fn(w->ctx, ino, path);
	d = err ? NULL : opendir(w->dir);
	if (!d)
		return err; /* removed meanwhile: nothing below it */
	while (!err && (de = readdir(d))) {
		if (de->d_type != DT_DIR || de->d_name[0] == '.')
			continue;
		if ((size_t)snprintf(w->dir + len, sizeof(w->dir) - len, "/%s", de->d_name) >=
		    sizeof(w->dir) - len)
			continue;
		err = walk_dir(w, de->d_ino);
		w->dir[len] = '\0';
	}
	closedir(d);
	return err;
}

static int walk(struct cgroups *cg, int (*fn)(void *ctx, uint64_t id, const char *path), void *ctx)
{
	struct walk *w = malloc(sizeof(*w));
	struct stat st;
	int err;

	if (!w)
		return -ENOMEM;
	*w = (struct walk){ .cg = cg, .fn = fn, .ctx = ctx };
	snprintf(w->dir, sizeof(w->dir), "%s", cg->mnt);
	err = stat(cg->mnt, &st) ? -errno : walk_dir(w, st.st_ino);
	free(w);
	return err;
}

struct cgroups *cgroups__new(void)
{
	struct cgroups *cg = calloc(1, sizeof(*cg));
	int err;

	if (!cg)
		return NULL;
	err = cgroups__mount(cg->mnt, sizeof(cg->mnt));
	if (!err)
		err = grow(cg);
	if (err) {
		cgroups__free(cg);
		errno = -err;
		return NULL;
	}
	/* the mount's own path, no trailing slash: the paths below it start with one */
	for (size_t n = strlen(cg->mnt); n > 1 && cg->mnt[n - 1] == '/'; n--)
		cg->mnt[n - 1] = '\0';
	if (!strcmp(cg->mnt, "/"))
		cg->mnt[0] = '\0';
	return cg;
}

void cgroups__free(struct cgroups *cg)
{
	if (!cg)
		return;
	for (size_t i = 0; i < cg->nr_slots; i++)
		free(cg->slots[i].path);
	free(cg->slots);
	free(cg);
}

const char *cgroups__path(struct cgroups *cg, uint64_t id)
{
	struct slot *s;

	if (!id)
		return NULL;
	s = &cg->slots[slot_of(cg, id)];
	if (s->id || cg->recorded)
		return s->id && s->path[0] ? s->path : NULL;
	if (walk(cg, NULL, NULL))
		return NULL;
	s = &cg->slots[slot_of(cg, id)];
	/* not there: kept as unknown, so that a gone cgroup costs one walk, not one a call */
	if (!s->id && note(cg, id, ""))
		return NULL;
	s = &cg->slots[slot_of(cg, id)];
	return s->path[0] ? s->path : NULL;
}

int cgroups__note(struct cgroups *cg, uint64_t id, const char *path)
{
	cg->recorded = true;
	return id ? note(cg, id, path) : 0;
}

int cgroups__for_each(struct cgroups *cg, int (*fn)(void *ctx, uint64_t id, const char *path),
		      void *ctx)
{
	return walk(cg, fn, ctx);
}

/* ---- -G ---- */

struct name_search {
	const char *name;
	int found;
	char first[PATH_MAX];
	char shown[NAME_MATCHES_SHOWN * 128];
};

static int match_name(void *ctx, uint64_t id, const char *path)
{
	struct name_search *ns = ctx;
	const char *base = strrchr(path, '/');
	size_t n = strlen(ns->shown);

	(void)id;
	if (!base || strcmp(base + 1, ns->name))
		return 0;
	if (!ns->found++)
		snprintf(ns->first, sizeof(ns->first), "%s", path);
	if (ns->found <= NAME_MATCHES_SHOWN)
		snprintf(ns->shown + n, sizeof(ns->shown) - n, "%s'%s'", n ? ", " : "", path);
	return 0;
}

/* The one cgroup named arg under the mount, into ref->path. */
static int find_by_name(struct cgroups *cg, const char *arg, struct cgroup_ref *ref)
{
	struct name_search *ns = calloc(1, sizeof(*ns));
	int err;

	if (!ns)
		return errmsg__set(-ENOMEM, "cannot look for cgroup '%s': %s", arg,
				   strerror(ENOMEM));
	ns->name = arg;
	err = cgroups__for_each(cg, match_name, ns);
	if (!err && !ns->found) {
		err = errmsg__set(-ESRCH, "no cgroup '%s' under %s", arg,
				  cg->mnt[0] ? cg->mnt : "/");
		errmsg__hint("give a cgroup's path under %s (ls %s), or the name of one there",
			     cg->mnt[0] ? cg->mnt : "/", cg->mnt[0] ? cg->mnt : "/");
	} else if (!err && ns->found > 1) {
		err = errmsg__set(-EEXIST, "%d cgroups are named '%s': %s%s", ns->found, arg,
				  ns->shown, ns->found > NAME_MATCHES_SHOWN ? ", ..." : "");
		errmsg__hint("give the path of the one to trace, as -G %s", ns->first);
	} else if (!err) {
		snprintf(ref->path, sizeof(ref->path), "%s", ns->first);
	} else {
		errmsg__set(err, "cannot read the cgroups under %s: %s", cg->mnt, strerror(-err));
	}
	free(ns);
	return err;
}

/* arg as a path: under the mount if it begins with it, else from the mount. */
static bool as_path(const struct cgroups *cg, const char *arg, struct cgroup_ref *ref)
{
	const char *mnt = cg->mnt[0] ? cg->mnt : "/";
	char rel[PATH_MAX];
	struct stat st;

	if (!cgroups__relative(mnt, arg, rel, sizeof(rel)) || !cg->mnt[0]) {
		if ((size_t)snprintf(rel, sizeof(rel), "%s%s", *arg == '/' ? "" : "/", arg) >=
		    sizeof(rel))
			return false;
	}
	if ((size_t)snprintf(ref->dir, sizeof(ref->dir), "%s%s", cg->mnt,
			     strcmp(rel, "/") ? rel : "") >= sizeof(ref->dir))
		return false;
	if (stat(ref->dir[0] ? ref->dir : "/", &st) || !S_ISDIR(st.st_mode))
		return false;
	return cgroups__relative(mnt, ref->dir[0] ? ref->dir : "/", ref->path, sizeof(ref->path));
}

int cgroups__find(const char *arg, struct cgroup_ref *ref)
{
	struct cgroups *cg = cgroups__new();
	struct stat st;
	int err = 0;

	if (!cg && errno == ENOENT) {
		errmsg__set(-ENOENT, "cannot trace cgroup '%s': no cgroup2 file system is mounted",
			    arg);
		errmsg__hint("mount it: mount -t cgroup2 none /sys/fs/cgroup (cgroup v1 "
			     "hierarchies are not filtered by)");
		return -ENOENT;
	}
	if (!cg)
		return errmsg__set(-errno, "cannot read %s: %s", MOUNTINFO, strerror(errno));
	memset(ref, 0, sizeof(*ref));
	if (!*arg) {
		err = errmsg__set(-ESRCH, "-G wants a cgroup, not ''");
		errmsg__hint("give a cgroup's path under %s, or the name of one there",
			     cg->mnt[0] ? cg->mnt : "/");
	} else if (!as_path(cg, arg, ref) && !strchr(arg, '/')) {
		err = find_by_name(cg, arg, ref);
		if (!err && (size_t)snprintf(ref->dir, sizeof(ref->dir), "%s%s", cg->mnt,
					     ref->path) >= sizeof(ref->dir))
			err = errmsg__set(-ENAMETOOLONG, "cgroup '%s': its path is too long", arg);
	} else if (!ref->path[0]) {
		err = errmsg__set(-ESRCH, "no cgroup '%s' under %s", arg,
				  cg->mnt[0] ? cg->mnt : "/");
		errmsg__hint("give a cgroup's path under %s (ls %s), or the name of one there",
			     cg->mnt[0] ? cg->mnt : "/", cg->mnt[0] ? cg->mnt : "/");
	}
	if (!err && stat(ref->dir[0] ? ref->dir : "/", &st))
		err = errmsg__set(-ESRCH, "cgroup '%s' is gone: %s", ref->dir, strerror(errno));
	if (!err)
		ref->id = st.st_ino;
	cgroups__free(cg);
	return err;
}
