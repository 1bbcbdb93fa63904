// SPDX-License-Identifier: GPL-2.0
/* Calls umask() N times (default 1): a syscall the script tests trace, and nothing else does. */
#include <stdlib.h>
#include <sys/stat.h>

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1;

	for (long i = 0; i < n; i++)
		umask(022);
	return 0;
}
