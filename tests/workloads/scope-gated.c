// SPDX-License-Identifier: GPL-2.0
/*
 * scope-gated N: a process of two threads that calls sched_get_priority_max() (a syscall no
 * other test makes) only when told, for tests of -p and -t that must see no other task's
 * calls. It prints "PID TID" (TID: its second thread) and then, for each line read on
 * stdin, its main thread makes N calls, then its second thread 2N, and "done" is printed.
 * It exits at the end of stdin.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

static long n, second_tid;
static int go[2], done[2];

static void calls(long count)
{
	for (long i = 0; i < count; i++)
		syscall(SYS_sched_get_priority_max, 0);
}

static void *second(void *arg)
{
	char c = 0;

	(void)arg;
	second_tid = (long)syscall(SYS_gettid);
	if (write(done[1], &c, 1) != 1)
		return NULL;
	while (read(go[0], &c, 1) == 1) {
		calls(2 * n);
		if (write(done[1], &c, 1) != 1)
			break;
	}
	return NULL;
}

int main(int argc, char **argv)
{
	char line[64], c = 0;
	pthread_t t;

	n = argc > 1 ? atol(argv[1]) : 1;
	if (pipe(go) || pipe(done) || pthread_create(&t, NULL, second, NULL))
		return 1;
	if (read(done[0], &c, 1) != 1)
		return 1;
	printf("%ld %ld\n", (long)getpid(), second_tid);
	fflush(stdout);
	while (fgets(line, sizeof(line), stdin)) {
		calls(n);
		if (write(go[1], &c, 1) != 1 || read(done[0], &c, 1) != 1)
			return 1;
		printf("done\n");
		fflush(stdout);
	}
	return 0;
}
