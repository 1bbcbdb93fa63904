// SPDX-License-Identifier: GPL-2.0
/*
 * System calls handed struct pointers a tracer must not trust: at an unmapped address, or
 * straddling the end of a mapping into an unmapped page, and socket addresses longer or
 * shorter than their family's. Every call fails or is refused; what matters is that the
 * tracer prints each one, with the pointer where it could not read the struct.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <fcntl.h>
#include <time.h>
#include <unistd.h>

int main(void)
{
	long page = sysconf(_SC_PAGESIZE);
	char *map =
		mmap(NULL, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	struct sockaddr_storage big = { .ss_family = AF_INET };
	struct sockaddr_in *in = (struct sockaddr_in *)&big;
	int fd = socket(AF_INET, SOCK_DGRAM, 0);

	if (map == MAP_FAILED || fd < 0)
		return 1;
	munmap(map + page, page); /* the second page: gone */
	/* 4 bytes mapped, 4 not: read at entry, the struct half there */
	syscall(SYS_rt_sigprocmask, SIG_BLOCK, map + page - 4, NULL, 8);
	syscall(SYS_clock_nanosleep, CLOCK_MONOTONIC, 0, map + page - 8, NULL);
	/* filled at exit: the call fails, nothing is read */
	syscall(SYS_newfstatat, AT_FDCWD, "/etc/hostname", map + page - 16, 0);
	syscall(SYS_rt_sigprocmask, SIG_BLOCK, NULL, (void *)8, 8);
	/* an address longer than its family's, and one too short for it */
	in->sin_port = htons(1);
	in->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	connect(fd, (struct sockaddr *)&big, sizeof(big));
	connect(fd, (struct sockaddr *)&big, 3);
	/* a path that runs into the unmapped page: no NUL before it */
	memset(map, 'a', page);
	syscall(SYS_openat, AT_FDCWD, map, 0);
	return 0;
}
