// SPDX-License-Identifier: GPL-2.0
/*
 * thread-exits: a process of three threads. The first thread made returns (exit(0)) while
 * the process goes on, joined by the main thread; the second blocks in read() until the
 * main thread's exit_group(3) ends it with the process. strace -f reports three ends: the
 * two threads' ("exited with 0", "exited with 3") and the process's ("exited with 3").
 */
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

static int ready[2], never[2];

static void *returns(void *unused)
{
	return NULL;
}

static void *blocks(void *unused)
{
	char c;

	if (write(ready[1], "r", 1) != 1)
		abort();
	/* nothing is ever written: only the group's exit ends it */
	if (read(never[0], &c, 1) >= 0)
		abort();
	return NULL;
}

int main(void)
{
	pthread_t a, b;
	char c;

	if (pipe(ready) || pipe(never))
		return 1;
	if (pthread_create(&a, NULL, returns, NULL) || pthread_join(a, NULL))
		return 1;
	if (pthread_create(&b, NULL, blocks, NULL) || read(ready[0], &c, 1) != 1)
		return 1;
	exit(3);
}
