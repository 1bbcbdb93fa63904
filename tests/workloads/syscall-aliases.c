// SPDX-License-Identifier: GPL-2.0
/*
 * The system calls whose tracepoints are named otherwise than the calls (stat is
 * sys_enter_newstat, uname sys_enter_newuname, sendfile sys_enter_sendfile64, umount2
 * sys_enter_umount), made by number as strace's tests make them, and one the build's
 * headers may not number: cachestat (451 on x86-64, Linux 6.5), asked of a bad descriptor.
 */
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <unistd.h>

#define NR_CACHESTAT 451 /* the same on every architecture but alpha */

int main(void)
{
	struct stat st;
	struct utsname u;
	int fd = open("/etc/hostname", O_RDONLY);

	syscall(SYS_stat, "/etc/hostname", &st);
	syscall(SYS_lstat, "/etc/hostname", &st);
	syscall(SYS_fstat, fd, &st);
	syscall(SYS_uname, &u);
	syscall(SYS_sendfile, -1, fd, NULL, 1);
	syscall(SYS_umount2, "/nonexistent/perf-bpf-umount", 0);
	syscall(NR_CACHESTAT, -1, NULL, NULL, 0);
	return 0;
}
