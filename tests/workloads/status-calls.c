// SPDX-License-Identifier: GPL-2.0
/*
 * status-calls N: system calls whose results are known, for the tests of --status, -z and
 * -Z: N opens of a missing file (ENOENT), N/2 closes of a descriptor never opened (EBADF),
 * N/5 lseeks of its own program file to a negative offset (EINVAL), and N getppid calls
 * (which never fail), in one thread.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 10;
	int fd = open("/proc/self/exe", O_RDONLY);

	if (fd < 0)
		return 1;
	for (long i = 0; i < n; i++) {
		if (open("/nonexistent/status-calls", O_RDONLY) >= 0)
			return 1;
		if (i % 2 == 0 && !close(1000))
			return 1;
		if (i % 5 == 0 && lseek(fd, -1, SEEK_SET) >= 0)
			return 1;
		syscall(SYS_getppid);
	}
	close(fd);
	return 0;
}
