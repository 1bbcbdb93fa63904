// SPDX-License-Identifier: GPL-2.0
/*
 * status-order N: a call that fails late, after calls of another thread that fail early,
 * for the test that --status keeps the lines in the order of their entries. A second thread
 * blocks in accept() on a listening socket; once the kernel shows it waiting there
 * (/proc/self/task/TID/syscall names accept), the main thread makes N closes of a descriptor
 * never opened (EBADF), then shuts the socket down: the accept fails then (EINVAL), last to
 * end and first to begin.
 */
#include <netinet/in.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

static int listener;
static volatile long waiter_tid;

static void *waiter(void *arg)
{
	(void)arg;
	waiter_tid = syscall(SYS_gettid);
	accept(listener, NULL, NULL);
	return NULL;
}

/* Is the thread tid blocked in accept? Its syscall file's first number says. */
static int in_accept(long tid)
{
	char path[64];
	long nr = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/self/task/%ld/syscall", tid);
	f = fopen(path, "r");
	if (!f)
		return 0;
	if (fscanf(f, "%ld", &nr) != 1)
		nr = -1;
	fclose(f);
	return nr == SYS_accept || nr == SYS_accept4;
}

int main(int argc, char **argv)
{
	struct sockaddr_in a = { .sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	long n = argc > 1 ? atol(argv[1]) : 3;
	pthread_t t;

	listener = socket(AF_INET, SOCK_STREAM, 0);
	if (listener < 0 || bind(listener, (struct sockaddr *)&a, sizeof(a)) || listen(listener, 1))
		return 1;
	if (pthread_create(&t, NULL, waiter, NULL))
		return 1;
	while (!waiter_tid || !in_accept(waiter_tid))
		sched_yield();
	for (long i = 0; i < n; i++)
		close(1000);
	shutdown(listener, SHUT_RDWR);
	pthread_join(t, NULL);
	return 0;
}
