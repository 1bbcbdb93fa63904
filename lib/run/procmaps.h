/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The mappings of a running process, as /proc/PID/maps lists them: what a recording needs
 * to place the user addresses of tasks that were mapped before the run began.
 *
 *	struct procmap m;
 *	if (procmaps__parse_line("00400000-00452000 r-xp 00000000 08:02 173521 /bin/x", &m) == 0)
 *		m.start, m.end, m.pgoff, m.maj, m.min, m.ino, m.prot (PROT_*), m.flags (MAP_*),
 *		m.path ("//anon" for a mapping without a name)
 */
#ifndef PERF_BPF_PROCMAPS_H
#define PERF_BPF_PROCMAPS_H

#include <stdint.h>

#define PROCMAP_PATH_MAX 4096

struct procmap {
	uint64_t start, end, pgoff, ino;
	uint32_t maj, min;
	uint32_t prot; /* PROT_READ | PROT_WRITE | PROT_EXEC */
	uint32_t flags; /* MAP_PRIVATE or MAP_SHARED */
	char path[PROCMAP_PATH_MAX];
};

/* One line of a maps file (its newline optional). 0, or -EINVAL when it is not one. */
int procmaps__parse_line(const char *line, struct procmap *m);

/* One executable mapping; non-zero stops the walk. */
typedef int (*procmaps_fn)(void *ctx, const struct procmap *m);

/*
 * Every executable mapping of process pid, in address order. 0 when the process is gone
 * (or its maps cannot be read): it has nothing left to map. Returns fn's first non-zero value.
 */
int procmaps__for_each_exec(int pid, procmaps_fn fn, void *ctx);

#endif
