/* SPDX-License-Identifier: GPL-2.0 */
/*
 * -y: the descriptor tables (syscalls/scfds.h) kept from the calls of the capture: an
 * entry keeps what its exit needs (the descriptor, the flags, the address), the exit
 * changes the tables when the call succeeded (open, dup, close, close_range, fcntl,
 * pipe, socket, accept, exec, ...); a process's table starts from /proc at the start of
 * the run, or as its parent's at its fork, and is forgotten at its exit. What the capture
 * read of the descriptors in the kernel's table (sc_event.fds: pipes, sockets, anonymous
 * inodes) names them where the tables know nothing, or only '?'.
 *
 *	struct scfdtrack *t = scfdtrack__new(level);	1: -y, 2: -yy
 *	scfdtrack__start(t, pid, at_exec);	(before the run: what pid has)
 *	scfdtrack__enter(t, &ev);  scfdtrack__exit(t, &ev);
 *	scfdtrack__fork(t, ppid, pid, ptid);  scfdtrack__task_exit(t, pid, tid);
 *	scfdtrack__name(t, pid, fd, buf, size);	"/dev/null", "TCP:[127.0.0.1:80]"
 *	scfdtrack__free(t);
 */
#ifndef PERF_BPF_SCFDTRACK_H
#define PERF_BPF_SCFDTRACK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "syscalls/sclines.h"

struct scfdtrack;

/* NULL + errno. */
struct scfdtrack *scfdtrack__new(int level);
void scfdtrack__free(struct scfdtrack *t);
/*
 * pid's descriptors from /proc now; at_exec: pid waits to exec (the workload at its gate),
 * its close-on-exec ones are left out. pid 0: every process (-a). 0 or -errno.
 */
int scfdtrack__start(struct scfdtrack *t, uint32_t pid, bool at_exec);
/* The tables, for what no call says (the workload's stdout made its stderr at its exec). */
struct scfds *scfdtrack__fds(struct scfdtrack *t);
/*
 * A call's entry and its exit, as the lines take them. An exit is applied once: again, it
 * changes nothing (the lines apply it as they name a descriptor the call made).
 */
void scfdtrack__enter(struct scfdtrack *t, const struct sc_event *ev);
void scfdtrack__exit(struct scfdtrack *t, const struct sc_event *ev);
/* A FORK record: a new process starts with its parent's table. */
void scfdtrack__fork(struct scfdtrack *t, uint32_t ppid, uint32_t pid, uint32_t ptid);
/* An EXIT record: a process's table is forgotten when its leader ends. */
void scfdtrack__task_exit(struct scfdtrack *t, uint32_t pid, uint32_t tid);
/* The i-th call -y reads for what it says of descriptors, from 0; NULL past the last. */
const char *scfdtrack__call(size_t i);
/* fd as -y shows it (scfds__name), else from /proc while pid lives: false when unknown. */
bool scfdtrack__name(struct scfdtrack *t, uint32_t pid, int fd, char *buf, size_t size);

#endif
