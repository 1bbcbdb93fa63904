// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "run/procmaps.h"

/* "start-end perms offset maj:min inode   path": the path is the rest of the line. */
int procmaps__parse_line(const char *line, struct procmap *m)
{
	char perms[5];
	int pos = 0;
	size_t len;

	memset(m, 0, sizeof(*m));
	if (sscanf(line, "%" SCNx64 "-%" SCNx64 " %4s %" SCNx64 " %x:%x %" SCNu64 "%n", &m->start,
		   &m->end, perms, &m->pgoff, &m->maj, &m->min, &m->ino, &pos) != 7 ||
	    strlen(perms) != 4 || m->end < m->start)
		return -EINVAL;
	m->prot = (perms[0] == 'r' ? PROT_READ : 0) | (perms[1] == 'w' ? PROT_WRITE : 0) |
		  (perms[2] == 'x' ? PROT_EXEC : 0);
	m->flags = perms[3] == 's' ? MAP_SHARED : MAP_PRIVATE;
	line += pos;
	line += strspn(line, " \t");
	len = strcspn(line, "\n");
	if (!len) {
		strcpy(m->path, "//anon");
		return 0;
	}
	if (len >= sizeof(m->path))
		len = sizeof(m->path) - 1;
	memcpy(m->path, line, len);
	m->path[len] = '\0';
	return 0;
}

int procmaps__for_each_exec(int pid, procmaps_fn fn, void *ctx)
{
	struct procmap *m = malloc(sizeof(*m));
	char path[64], *line = NULL;
	size_t cap = 0;
	int err = 0;
	FILE *f;

	if (!m)
		return -ENOMEM;
	snprintf(path, sizeof(path), "/proc/%d/task/%d/maps", pid, pid);
	f = fopen(path, "re");
	if (!f) {
		free(m);
		return 0; /* gone already */
	}
	while (!err && getline(&line, &cap, f) > 0)
		if (!procmaps__parse_line(line, m) && (m->prot & PROT_EXEC))
			err = fn(ctx, m);
	free(line);
	fclose(f);
	free(m);
	return err;
}
