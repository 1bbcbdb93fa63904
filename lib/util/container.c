// SPDX-License-Identifier: GPL-2.0
/* The container a cgroup's path names (container.h). */
#include <ctype.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "util/container.h"

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

static int found(struct container *ct, const char *runtime, const char *id, size_t n)
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
		     struct container *ct)
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

int container__of_cgroup(const char *path, struct container *ct)
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
