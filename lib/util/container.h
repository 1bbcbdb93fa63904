/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The container a cgroup (v2) path names, as container runtimes lay out their cgroups: a
 * systemd scope of the runtime's (docker-ID.scope, cri-containerd-ID.scope, crio-ID.scope,
 * libpod-ID.scope), the cgroupfs driver's /docker/ID or /kubepods/.../ID, or a systemd scope.
 *
 *	struct container ct;
 *	container__of_cgroup("/system.slice/docker-0123....scope", &ct);	{ "docker", "0123..." }
 */
#ifndef PERF_BPF_CONTAINER_H
#define PERF_BPF_CONTAINER_H

struct container {
	char runtime[16]; /* docker, containerd, cri-o, podman, container, systemd */
	char id[128]; /* the container's id (hex), or the systemd scope's name */
};

/* The container path names, from its last component up; 0, or -ENOENT: none. */
int container__of_cgroup(const char *path, struct container *ct);

#endif
