// SPDX-License-Identifier: GPL-2.0
/*
 * objconf-threads [SECONDS [THREADS]]: THREADS threads (default 2, 1 = the main thread
 * alone) call getppid() every 10 ms for SECONDS (default 10). The id of the last thread is
 * printed first, so that tests can follow it with -t and the process with -p.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static long rounds;

static void *loop(void *last)
{
	struct timespec ts = { 0, 10 * 1000 * 1000 };

	if (last) {
		printf("%ld\n", (long)syscall(SYS_gettid));
		fflush(stdout);
	}
	for (long i = 0; i < rounds; i++) {
		syscall(SYS_getppid);
		nanosleep(&ts, NULL);
	}
	return NULL;
}

int main(int argc, char **argv)
{
	int nr = argc > 2 ? atoi(argv[2]) : 2;
	pthread_t t[16];

	rounds = (argc > 1 ? atol(argv[1]) : 10) * 100;
	if (nr < 1 || nr > 16)
		return 2;
	for (int i = 1; i < nr; i++)
		if (pthread_create(&t[i], NULL, loop, i == nr - 1 ? &rounds : NULL))
			return 1;
	loop(nr == 1 ? &rounds : NULL);
	for (int i = 1; i < nr; i++)
		pthread_join(t[i], NULL);
	return 0;
}
