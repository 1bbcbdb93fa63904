// SPDX-License-Identifier: GPL-2.0
/*
 * A program that spends its time off the CPU in one function: main -> perf_bpf_sleeper,
 * which sleeps N times (argv[1], default 20) for 10 ms, entering the kernel itself (no libc
 * frame in between), so that its user stack, walked by frame pointers, starts in it.
 */
#pragma GCC optimize("no-omit-frame-pointer")
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>

__attribute__((noinline, used)) long perf_bpf_sleeper(long ms)
{
	struct timespec ts = { .tv_sec = 0, .tv_nsec = ms * 1000000 };
	long ret;

	__asm__ volatile("syscall"
			 : "=a"(ret)
			 : "0"((long)SYS_nanosleep), "D"(&ts), "S"(0L)
			 : "rcx", "r11", "memory");
	return ret;
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 20;

	for (long i = 0; i < n; i++)
		perf_bpf_sleeper(10);
	return 0;
}
