// SPDX-License-Identifier: GPL-2.0
/*
 * A program with symbols and frame pointers to profile: main -> cc_outer -> cc_inner,
 * which spins N million iterations (argv[1], default 200). Its callchains go through main.
 * With a second argument "hold", it then reads its stdin to its end before it exits.
 */
#pragma GCC optimize("no-omit-frame-pointer")
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static volatile unsigned long sink;

__attribute__((noinline)) void cc_inner(long n)
{
	for (long i = 0; i < n; i++)
		sink += i;
}

__attribute__((noinline)) void cc_outer(long n)
{
	cc_inner(n);
	__asm__ volatile("" ::: "memory"); /* not a tail call */
}

int main(int argc, char **argv)
{
	long n = (argc > 1 ? atol(argv[1]) : 200) * 1000000L;

	cc_outer(n);
	if (argc > 2 && !strcmp(argv[2], "hold")) {
		char buf[64];

		while (read(0, buf, sizeof(buf)) > 0)
			;
	}
	return 0;
}
