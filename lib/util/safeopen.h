/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Opening a file that outside data names (a recording's mapping, a debug directory): only a
 * regular file of a sane size is opened, never a FIFO (its open would wait for a writer), a
 * device (its open may act: a tape rewinds, a terminal becomes the controlling one) or a
 * file of /proc or /sys (/proc/kcore), and never waiting.
 *
 *	int fd = safeopen__regular(path, SAFEOPEN_ELF_MAX);	(fd, or -errno)
 *
 * Under a directory that another user may own (a HOME that sudo -E kept), a path is walked
 * one name at a time: a symbolic link is followed only when root or this user owns it, so
 * a link that user made cannot send a root run's reads or writes where the user chose.
 *
 *	int dirfd = safeopen__dir(path, true);			(made when missing)
 *	int fd = safeopen__owned(path, SAFEOPEN_ELF_MAX);	(a file of root's or ours)
 */
#ifndef PERF_BPF_SAFEOPEN_H
#define PERF_BPF_SAFEOPEN_H

#include <stdbool.h>
#include <stdint.h>

/* The largest ELF file read for its symbols or build id. */
#define SAFEOPEN_ELF_MAX (16ULL << 30)

/*
 * path opened read-only (O_NONBLOCK, O_NOCTTY, close-on-exec) when it is a regular file
 * holding 1 to max_size bytes, on neither procfs nor sysfs: its fd, or -errno; -EINVAL when
 * it is not a regular file (it was not opened then), -EFBIG for its size.
 */
int safeopen__regular(const char *path, uint64_t max_size);
/*
 * The directory at path (absolute), walked from /: a link on the way is followed only when
 * root or the effective user owns it (-EPERM otherwise), the last name never (-ENOTDIR).
 * create: missing directories are made (0700). An O_DIRECTORY fd (close-on-exec) or -errno.
 */
int safeopen__dir(const char *path, bool create);
/*
 * As safeopen__regular, path walked as safeopen__dir walks it (its last name no link), and
 * the file owned by root or the effective user (-EPERM otherwise).
 */
int safeopen__owned(const char *path, uint64_t max_size);

#endif
