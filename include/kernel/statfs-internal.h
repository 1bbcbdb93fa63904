/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The statfs f_flags bits the kernel reports that no system header names: <sys/statvfs.h>
 * has the mount flags statvfs() passes on, not ST_VALID (the kernel filled f_flags at all)
 * nor ST_NOSYMFOLLOW, which the kernel's include/linux/statfs.h defines outside its uapi.
 * strace names them. scripts/gen-sysconsts.sh reads this file as it reads the system's
 * headers.
 */
#ifndef PERF_BPF_KERNEL_STATFS_INTERNAL_H
#define PERF_BPF_KERNEL_STATFS_INTERNAL_H

#ifndef ST_VALID
#define ST_VALID 0x0020
#endif
#ifndef ST_NOSYMFOLLOW
#define ST_NOSYMFOLLOW 0x2000
#endif

#endif
