/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Opening a file that outside data names (a recording's mapping, a debug directory): only a
 * regular file of a sane size is opened, never a FIFO (its open would wait for a writer), a
 * device (its open may act: a tape rewinds, a terminal becomes the controlling one) or a
 * file of /proc or /sys (/proc/kcore), and never waiting.
 *
 *	int fd = safeopen__regular(path, SAFEOPEN_ELF_MAX);	(fd, or -errno)
 */
#ifndef PERF_BPF_SAFEOPEN_H
#define PERF_BPF_SAFEOPEN_H

#include <stdint.h>

/* The largest ELF file read for its symbols or build id. */
#define SAFEOPEN_ELF_MAX (16ULL << 30)

/*
 * path opened read-only (O_NONBLOCK, O_NOCTTY, close-on-exec) when it is a regular file
 * holding 1 to max_size bytes, on neither procfs nor sysfs: its fd, or -errno; -EINVAL when
 * it is not a regular file (it was not opened then), -EFBIG for its size.
 */
int safeopen__regular(const char *path, uint64_t max_size);

#endif
