// SPDX-License-Identifier: GPL-2.0
/*
 * A program with symbols and frame pointers, for profiles and callchains:
 * main -> perf_bpf_outer -> perf_bpf_inner, which burns N rounds of CPU (default 200M).
 * With "wait" first, it prints "ready" and waits for a byte on its stdin (or its end) before
 * it starts, so that a test can record what existed before (e.g. -a's synthesized maps).
 */
#pragma GCC optimize("-fno-omit-frame-pointer")
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

__attribute__((noinline, used)) unsigned long perf_bpf_mix(unsigned long x)
{
	return x ^ (x >> 7);
}

/* not a leaf (it calls perf_bpf_mix): its frame is set up, its caller is on the chain */
__attribute__((noinline, used)) unsigned long perf_bpf_inner(unsigned long n)
{
	unsigned long x = 1;

	for (unsigned long i = 0; i < n; i++) {
		x = x * 6364136223846793005UL + i;
		__asm__ volatile("" : "+r"(x));
	}
	return perf_bpf_mix(x);
}

__attribute__((noinline, used)) unsigned long perf_bpf_outer(unsigned long n)
{
	unsigned long x = perf_bpf_inner(n);

	__asm__ volatile("" : "+r"(x)); /* not a tail call: outer stays on the stack */
	return x + 1;
}

int main(int argc, char **argv)
{
	unsigned long n = 200000000;
	char c;

	if (argc > 1 && !strcmp(argv[1], "wait")) {
		printf("ready\n");
		fflush(stdout);
		if (read(0, &c, 1) < 0)
			return 1;
		argc--;
		argv++;
	}
	if (argc > 1)
		n = strtoul(argv[1], NULL, 0);
	return perf_bpf_outer(n) == 42;
}
