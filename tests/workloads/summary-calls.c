// SPDX-License-Identifier: GPL-2.0
/*
 * Calls of known counts for the summary's tables: N getppid (a call well under a
 * microsecond), N/10 failing openat (ENOENT), N/20 failing close (EBADF), and calls with
 * long names, N/50 each: sched_getaffinity, io_uring_register and process_madvise (these two
 * fail: no ring, no pidfd), clock_nanosleep of 0 ns.
 *	summary-calls [N]	(default 1000)
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <sched.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1000;
	struct timespec zero = { 0, 0 };
	cpu_set_t set;

	for (long i = 0; i < n; i++)
		syscall(SYS_getppid);
	for (long i = 0; i < n / 10; i++)
		syscall(SYS_openat, AT_FDCWD, "/nonexistent/perf-bpf-summary", O_RDONLY);
	for (long i = 0; i < n / 20; i++)
		syscall(SYS_close, -1);
	for (long i = 0; i < n / 50; i++) {
		syscall(SYS_sched_getaffinity, 0, sizeof(set), &set);
		syscall(SYS_io_uring_register, -1, 0, NULL, 0);
		syscall(SYS_process_madvise, -1, NULL, 0, 0, 0);
		syscall(SYS_clock_nanosleep, CLOCK_MONOTONIC, 0, &zero, NULL);
	}
	return 0;
}
