// SPDX-License-Identifier: GPL-2.0
/*
 * System calls for the probe filtering tests of the kernel lane, as perf's BPF tests made them:
 *	filter-calls epoll N	epoll_pwait(-1, NULL, 0, 0, NULL) N times (do_epoll_wait, failing)
 *	filter-calls lseek N ro|rw	lseek on /dev/null (null_lseek) with offset i, SEEK_CUR when
 *				i is a multiple of 3 and SEEK_SET otherwise, i = 0..N-1, the file
 *				opened read-only or read-write
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/epoll.h>

int main(int argc, char **argv)
{
	long n = argc > 2 ? atol(argv[2]) : 1;

	if (argc > 1 && !strcmp(argv[1], "epoll")) {
		for (long i = 0; i < n; i++)
			epoll_pwait(-1, NULL, 0, 0, NULL);
		return 0;
	}
	if (argc > 3 && !strcmp(argv[1], "lseek")) {
		int fd = open("/dev/null", strcmp(argv[3], "rw") ? O_RDONLY : O_RDWR);

		if (fd < 0)
			return 1;
		for (long i = 0; i < n; i++)
			lseek(fd, i, i % 3 ? SEEK_SET : SEEK_CUR);
		close(fd);
		return 0;
	}
	return 2;
}
