// SPDX-License-Identifier: GPL-2.0
/*
 * thread-many THREADS CALLS [GENERATIONS]: THREADS threads at once (default 4000), each
 * calling gettid() and waiting for all the others, then making CALLS getppid() calls
 * (default 5), all alive until every one has made them: every thread's counts are in the
 * kernel at once, none can have been taken out as its thread ended. Joined, GENERATIONS
 * times over (default 1), a new set each time: threads that churn, a deterministic number
 * of them. The main thread makes no getppid. Prints "getppid N" on stderr, the calls its
 * threads made.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

static long calls;
static pthread_barrier_t all_there, all_called;

static void *thread(void *arg)
{
	syscall(SYS_gettid);
	pthread_barrier_wait(&all_there);
	for (long i = 0; i < calls; i++)
		syscall(SYS_getppid);
	pthread_barrier_wait(&all_called);
	return NULL;
}

static int generation(long n, pthread_t *t, pthread_attr_t *attr)
{
	long made = 0;

	if (pthread_barrier_init(&all_there, NULL, n) || pthread_barrier_init(&all_called, NULL, n))
		return 1;
	for (; made < n; made++)
		if (pthread_create(&t[made], attr, thread, NULL))
			break;
	if (made < n) {
		fprintf(stderr, "thread-many: only %ld of %ld threads\n", made, n);
		exit(1); /* the ones made wait at the barrier for the others */
	}
	for (long i = 0; i < n; i++)
		pthread_join(t[i], NULL);
	pthread_barrier_destroy(&all_there);
	pthread_barrier_destroy(&all_called);
	return 0;
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 4000, gens = argc > 3 ? atol(argv[3]) : 1;
	pthread_t *t = calloc(n > 0 ? n : 1, sizeof(*t));
	pthread_attr_t attr;

	calls = argc > 2 ? atol(argv[2]) : 5;
	if (!t || n < 1 || pthread_attr_init(&attr) || pthread_attr_setstacksize(&attr, 64 << 10))
		return 1;
	for (long g = 0; g < gens; g++)
		if (generation(n, t, &attr))
			return 1;
	fprintf(stderr, "getppid %ld\n", n * calls * gens);
	return 0;
}
