// SPDX-License-Identifier: GPL-2.0
/* Calls getppid() N times (default 1): a syscall no other test workload makes in bulk. */
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1;

	for (long i = 0; i < n; i++)
		syscall(SYS_getppid);
	return argc > 2 ? atoi(argv[2]) : 0;
}
