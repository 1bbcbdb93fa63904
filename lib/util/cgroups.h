/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The cgroup2 hierarchy as perf names its cgroups: by a path from the hierarchy's mount
 * ("/" is the root, "/system.slice/cron.service" one below it), and by an id, the inode
 * number of the cgroup's directory there, which is what bpf_get_current_cgroup_id() and
 * PERF_SAMPLE_CGROUP give.
 *
 *	struct cgroup_ref ref;
 *	cgroups__find("system.slice", &ref);	-G's argument: ref.dir, ref.path, ref.id
 *
 *	struct cgroups *cg = cgroups__new();	the paths of ids, looked up as they come
 *	cgroups__path(cg, id);			"/system.slice", NULL when it is gone
 *	cgroups__for_each(cg, fn, ctx);		every cgroup there is now
 *	cgroups__free(cg);
 */
#ifndef PERF_BPF_CGROUPS_H
#define PERF_BPF_CGROUPS_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* One cgroup: its directory, its path from the mount (as perf shows it) and its id. */
struct cgroup_ref {
	char dir[PATH_MAX];
	char path[PATH_MAX];
	uint64_t id;
};

/*
 * The mount point of a cgroup2 mount from one line of /proc/self/mountinfo (octal escapes
 * undone) into dir; false when the line is of another file system or cut.
 */
bool cgroups__mountinfo_line(const char *line, char *dir, size_t size);
/* Where cgroup2 is mounted (the first mount of it). 0, or -ENOENT when it is not mounted. */
int cgroups__mount(char *dir, size_t size);
/*
 * The cgroup -G names: a path under the mount, absolute or relative to it ("/a/b", "a/b",
 * "/sys/fs/cgroup/a/b"), else the name of the one cgroup so named under the mount. 0, or
 * -ENOENT (no cgroup2 mount), -ESRCH (no such cgroup), -EEXIST (several of that name),
 * each with the ERROR line and its Hint recorded (util/errmsg.h).
 */
int cgroups__find(const char *arg, struct cgroup_ref *ref);
/*
 * path relative to the mount mnt, as perf shows it: "/" for mnt itself, "/a/b" for
 * "mnt/a/b"; false when path is not under mnt. Pure: no file is looked at.
 */
bool cgroups__relative(const char *mnt, const char *path, char *out, size_t size);

struct cgroups;

/* The hierarchy at its mount; NULL + errno (ENOENT: cgroup2 is not mounted). */
struct cgroups *cgroups__new(void);
void cgroups__free(struct cgroups *cg);
/*
 * The path of cgroup id, "/" for the root: from the cgroups seen so far, else from a new
 * walk of the hierarchy (a cgroup made since); NULL when no cgroup has that id now.
 */
const char *cgroups__path(struct cgroups *cg, uint64_t id);
/*
 * The path of cgroup id as a recording names it (a CGROUP record): from then on paths are
 * the recording's, never looked up on this machine. 0 or -ENOMEM.
 */
int cgroups__note(struct cgroups *cg, uint64_t id, const char *path);
/* Walk the hierarchy now, calling fn for every cgroup, the root first; fn's error stops it. */
int cgroups__for_each(struct cgroups *cg, int (*fn)(void *ctx, uint64_t id, const char *path),
		      void *ctx);

#endif
