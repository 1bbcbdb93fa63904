// SPDX-License-Identifier: GPL-2.0
/*
 * The bench's event source: N getppid calls, at RATE calls a second (0: as fast as it
 * can; paced by sleeping, not spinning), split over NPROC processes, process i pinned to
 * CPU i. On stderr: its own CPU
 * time (its processes' user+sys, to subtract from a recorder's figures that include its
 * workload), the rate reached, the mean cost per call, and the pids of the processes that
 * made the calls (to tell their records from other tasks' in a system-wide recording).
 *	rate N [RATE [NPROC]]
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

/*
 * n calls at rate a second: in batches of 64, each sleeping until its time, so the CPU is
 * left to others (the recorder) between batches.
 */
static void calls(long n, double rate)
{
	double start = now(), due;

	for (long i = 0; i < n; i++) {
		if (rate > 0 && i % 64 == 0 && (due = start + i / rate) > now()) {
			struct timespec t = { (time_t)due, (long)((due - (time_t)due) * 1e9) };

			clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &t, NULL);
		}
		syscall(SYS_getppid);
	}
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1000000;
	double rate = argc > 2 ? atof(argv[2]) : 0, start = now(), t;
	int nproc = argc > 3 ? atoi(argv[3]) : 1;
	struct rusage self, kids;
	pid_t *pids;

	if (nproc < 1)
		nproc = 1;
	pids = calloc(nproc, sizeof(*pids));
	if (!pids)
		return 1;
	for (int i = 0; i < nproc; i++) {
		pid_t pid = nproc > 1 ? fork() : 0;
		cpu_set_t set;

		if (pid < 0)
			return 1;
		pids[i] = pid ? pid : getpid();
		if (pid > 0)
			continue;
		CPU_ZERO(&set);
		CPU_SET(i, &set);
		sched_setaffinity(0, sizeof(set), &set);
		calls(n / nproc, rate / nproc);
		if (nproc > 1)
			_exit(0);
	}
	while (nproc > 1 && wait(NULL) > 0)
		;
	t = now() - start;
	getrusage(RUSAGE_SELF, &self);
	getrusage(RUSAGE_CHILDREN, &kids);
	fprintf(stderr, "self_cpu_s %.4f\n",
		self.ru_utime.tv_sec + self.ru_utime.tv_usec / 1e6 + self.ru_stime.tv_sec +
			self.ru_stime.tv_usec / 1e6 + kids.ru_utime.tv_sec +
			kids.ru_utime.tv_usec / 1e6 + kids.ru_stime.tv_sec +
			kids.ru_stime.tv_usec / 1e6);
	fprintf(stderr, "rate %.0f\n", n / t);
	fprintf(stderr, "ns_per_call %.1f\n", t * 1e9 / (n ? n : 1));
	fprintf(stderr, "pids");
	for (int i = 0; i < nproc; i++)
		fprintf(stderr, " %d", (int)pids[i]);
	fprintf(stderr, "\n");
	return 0;
}
