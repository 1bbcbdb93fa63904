// SPDX-License-Identifier: GPL-2.0
/* A user function to put uprobes on: perf_bpf_target(i) is called N times. */
#include <stdlib.h>

__attribute__((noinline, used)) int perf_bpf_target(int i)
{
	__asm__ volatile("" ::: "memory"); /* keep the calls */
	return i * 2;
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1;
	int sum = 0;

	for (long i = 0; i < n; i++)
		sum += perf_bpf_target((int)i);
	return sum == -1;
}
