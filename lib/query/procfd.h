/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One pass over /proc/PID/fd of every process: which processes hold which BPF program
 * (through a program fd, a link fd, or a perf event the program is attached to), and
 * which hooks those perf events sit on (BPF_TASK_FD_QUERY).
 */
#ifndef PERF_BPF_PROCFD_H
#define PERF_BPF_PROCFD_H

#include <stddef.h>
#include <stdint.h>

#include "query/bpfinfo.h"

struct procfd;

struct procfd_holder {
	uint32_t prog_id;
	uint32_t pid;
	char comm[16];
};

/*
 * NULL + errno on failure (ENOMEM; /proc unreadable), with the ERROR recorded (util/errmsg.h).
 * Processes that vanish are skipped.
 */
struct procfd *procfd__scan(void);
void procfd__free(struct procfd *s);

/* The processes holding prog_id, sorted by pid; *nr = 0 when none. Valid until free. */
const struct procfd_holder *procfd__holders(const struct procfd *s, uint32_t prog_id, size_t *nr);

/*
 * The perf events found with a program attached, one entry per distinct (program, hook),
 * with id = 0 (they are not links). Valid until free.
 */
const struct bpfinfo_link *procfd__perf_events(const struct procfd *s, size_t *nr);

#endif
