/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Cgroups (v2) by id: the kernel's cgroup id (bpf_get_current_cgroup_id()) is the inode
 * number of the cgroup's directory under the cgroup2 mount, so one walk of the mount names
 * every cgroup there is. A path that names a container (docker-ID.scope, cri-containerd-,
 * crio-, libpod-, a systemd scope) gives its runtime and id.
 *
 *	struct cgpath *c = cgpath__new();		the mount walked once
 *	cgpath__name(c, id);				"/system.slice/docker-0123....scope"
 *	cgpath__container(path, &ct);			{ "docker", "0123..." }
 *	cgpath__free(c);
 */
#ifndef PERF_BPF_CGPATH_H
#define PERF_BPF_CGPATH_H

#include <stddef.h>
#include <stdint.h>

struct cgpath;

struct cgpath_container {
	char runtime[16]; /* docker, containerd, cri-o, podman, systemd */
	char id[128]; /* the container's id (hex), or the systemd scope's name */
};

/* The cgroups under the cgroup2 mount now; NULL + errno (ENOENT: no cgroup2 mount). */
struct cgpath *cgpath__new(void);
/* As cgpath__new, under the directory root (tests). */
struct cgpath *cgpath__new_at(const char *root);
void cgpath__free(struct cgpath *c);
/* The path of cgroup id from the mount ("/" for its root), or NULL: not there (any more). */
const char *cgpath__name(const struct cgpath *c, uint64_t id);
/* The container a cgroup path names, from its last component up; 0, or -ENOENT: none. */
int cgpath__container(const char *path, struct cgpath_container *ct);

#endif
