/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The records perf synthesizes for a task that existed before the run, built as the kernel
 * would have written them: FORK (the main thread's parent from /proc, a thread's
 * parent its main thread), COMM, and for a process's main thread an MMAP2 per executable mapping
 * of /proc/PID/maps, with the file's build id (else its device and inode). Time 0: they
 * describe the tasks from the start.
 */
#ifndef PERF_BPF_SYNTHTASK_H
#define PERF_BPF_SYNTHTASK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "record/record.h"
#include "run/procmaps.h"
#include "run/synth.h"

struct synthtask;

/*
 * Records laid out as layout says, their trailers carrying id; each handed to emit. With
 * fork, a FORK follows each COMM (perf does so system-wide, not for -p's threads).
 */
struct synthtask *synthtask__new(const struct record_layout *layout, uint64_t id, bool fork,
				 synth_emit_fn emit, void *ctx);
void synthtask__free(struct synthtask *st);
/* FORK (if asked), COMM, and the main thread's MMAP2s; a task gone meanwhile is skipped. */
int synthtask__thread(struct synthtask *st, uint32_t pid, uint32_t tid, const char *comm);
/* Only a COMM record. */
int synthtask__comm(struct synthtask *st, uint32_t pid, uint32_t tid, const char *comm);
/* Only the MMAP2 records of process pid. */
int synthtask__mmaps(struct synthtask *st, uint32_t pid);

/*
 * An MMAP2 record for mapping m of pid/tid, into buf (8-byte aligned): with the build id
 * (PERF_RECORD_MISC_MMAP_BUILD_ID) when bid_len > 0, m's device and inode otherwise.
 * Returns its size, 0 when it does not fit in size bytes.
 */
size_t synthtask__encode_mmap2(void *buf, size_t size, const struct record_layout *layout,
			       uint64_t id, uint32_t pid, uint32_t tid, const struct procmap *m,
			       const uint8_t *bid, size_t bid_len);
/* A FORK record: pid/tid the task, ppid/ptid its parent. Size, or 0 when it does not fit. */
size_t synthtask__encode_fork(void *buf, size_t size, const struct record_layout *layout,
			      uint64_t id, uint32_t pid, uint32_t ppid, uint32_t tid,
			      uint32_t ptid);

#endif
