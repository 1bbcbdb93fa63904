// SPDX-License-Identifier: GPL-2.0
/*
 * System calls for kprobe tests: each round opens a file with known flags and mode
 * (O_CREAT|O_WRONLY|O_TRUNC, 0640), dup()s, dup2()s and dup3()s it, and sleeps 1 us.
 * Usage: probe-kernel [ROUNDS] [SECONDS]  -- then sleep SECONDS (for tests that kill).
 */
#define _GNU_SOURCE /* dup3 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1;
	struct timespec ts = { 0, 1000 };
	char path[64];

	snprintf(path, sizeof(path), "/tmp/probe-kernel.%d", (int)getpid());
	for (long i = 0; i < n; i++) {
		int fd = openat(AT_FDCWD, path, O_CREAT | O_WRONLY | O_TRUNC, 0640);
		int a;

		if (fd < 0)
			return 1;
		a = dup(fd);
		dup2(fd, 100);
		dup3(fd, 101, 0);
		close(a);
		close(100);
		close(101);
		close(fd);
		nanosleep(&ts, NULL);
	}
	unlink(path);
	if (argc > 2)
		sleep(atoi(argv[2]));
	return 0;
}
