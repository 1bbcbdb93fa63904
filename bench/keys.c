// SPDX-License-Identifier: GPL-2.0
/*
 * The bench's distinct map keys: N close() calls on fds that are not open (each fails at
 * once with EBADF), fd 1000000 + i for the i-th, so that a map keyed by the fd gets N keys.
 *	keys N
 */
#include <stdlib.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1000;

	for (long i = 0; i < n; i++)
		close((int)(1000000 + i));
	return 0;
}
