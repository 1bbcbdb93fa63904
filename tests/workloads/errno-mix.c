// SPDX-License-Identifier: GPL-2.0
/*
 * errno-mix [N]: calls that fail with known errnos, N times over (default 1): 1000 openat
 * of a path that does not exist (ENOENT), 500 close of a descriptor that is not open
 * (EBADF), 200 lseek with a whence that does not exist (EINVAL).
 */
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1;
	int fd = open("/", O_RDONLY | O_DIRECTORY);

	if (fd < 0)
		return 1;
	for (long r = 0; r < n; r++) {
		for (int i = 0; i < 1000; i++)
			open("/nonexistent-perf-bpf/errno-mix", O_RDONLY);
		for (int i = 0; i < 500; i++)
			close(1000 + i);
		for (int i = 0; i < 200; i++)
			lseek(fd, 0, 99);
	}
	return 0;
}
