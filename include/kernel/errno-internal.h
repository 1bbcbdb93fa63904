/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel's own error codes, past the 133 of <asm-generic/errno.h>. No system header
 * has them: they are defined in the kernel's include/linux/errno.h, outside its uapi, as
 * codes that "never reach user space". A tracer sees them all the same, in the result of
 * sys_exit when a call is interrupted by a signal and restarted (ERESTARTSYS and its
 * kin) or when a driver's code leaks one (ENOIOCTLCMD, ENOTSUPP): they are ABI to tracers,
 * and strace names them. Values as in Linux 6.x include/linux/errno.h; scripts/
 * gen-sysconsts.sh reads this file as it reads the system's headers.
 */
#ifndef PERF_BPF_KERNEL_ERRNO_INTERNAL_H
#define PERF_BPF_KERNEL_ERRNO_INTERNAL_H

#ifndef ERESTARTSYS
#define ERESTARTSYS 512
#define ERESTARTNOINTR 513
#define ERESTARTNOHAND 514
#define ENOIOCTLCMD 515
#define ERESTART_RESTARTBLOCK 516
#define EPROBE_DEFER 517
#define EOPENSTALE 518
#define ENOPARAM 519
/* NFSv3's */
#define EBADHANDLE 521
#define ENOTSYNC 522
#define EBADCOOKIE 523
#define ENOTSUPP 524
#define ETOOSMALL 525
#define ESERVERFAULT 526
#define EBADTYPE 527
#define EJUKEBOX 528
#define EIOCBQUEUED 529
#define ERECALLCONFLICT 530
#define ENOGRACE 531
#endif

#endif
