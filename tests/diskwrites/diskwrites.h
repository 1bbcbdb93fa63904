/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What reached the disk: every write(), pwrite() and ftruncate() a process makes on one file,
 * logged in the order they happened, with the bytes written. From the log a test rebuilds the
 * file as a kill -9 left it after any of them, or part way through one (a fatal signal can
 * end a large write early). The model of a killed file is then what the kernel was given,
 * not what the writer meant to do.
 *
 * diskwrites.c interposes the three calls: preloaded (LD_PRELOAD=diskwrites.so) into a run
 * of perf-bpf, or linked into a unit test. It acts when the environment names the file:
 *
 *	DISKWRITES_FILE=PATH	the file watched (its absolute path, as /proc/self/fd shows it)
 *	DISKWRITES_LOG=LOG	where the log is appended
 *
 * The log is a sequence of operations, each three little-endian u64: the kind ('w' a write,
 * 't' a truncation), the offset written at (the new size for 't'), the number of bytes
 * written (0 for 't'); a write's bytes follow it.
 *
 * A kill -9 stops a write to a file between pages only: the kernel copies a write a page of
 * the file at a time and looks for a fatal signal before each. So the files a kill can leave
 * are the state after each operation, and inside each write, at each page boundary it spans.
 */
#ifndef PERF_BPF_DISKWRITES_H
#define PERF_BPF_DISKWRITES_H

#include <stddef.h>
#include <stdint.h>

struct diskwrite {
	uint64_t kind, off, len;
	const void *data;
};

/* The log's nth operation (from 0): 1 when there is one, 0 past the end, -1 if malformed. */
int diskwrites__op(const void *log, size_t size, size_t nth, struct diskwrite *op);

/* Where a kill can stop op after part of its bytes: the next page boundary, or its end. */
uint64_t diskwrites__next_stop(const struct diskwrite *op, uint64_t part);

/*
 * The file after operations 0 to nth - 1 and the first part bytes of operation nth (a
 * truncation is all or nothing): a malloc'ed copy in *buf, its size in *len. 0 or -errno.
 */
int diskwrites__state(const void *log, size_t size, size_t nth, uint64_t part, char **buf,
		      size_t *len);

#endif
