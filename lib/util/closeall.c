// SPDX-License-Identifier: GPL-2.0
/*
 * A thread per fd, up to CLOSEALL_THREADS, each closing every CLOSEALL_THREADS-th fd;
 * without threads (none can be made) the calling thread closes the rest itself.
 */
#include <pthread.h>
#include <unistd.h>

#include "util/closeall.h"

#define CLOSEALL_THREADS 64

struct closer {
	int *fds;
	size_t n, first, step;
};

static void *close_slice(void *arg)
{
	struct closer *c = arg;

	for (size_t i = c->first; i < c->n; i += c->step) {
		if (c->fds[i] >= 0)
			close(c->fds[i]);
		c->fds[i] = -1;
	}
	return NULL;
}

void closeall(int *fds, size_t n)
{
	size_t nr = n < CLOSEALL_THREADS ? n : CLOSEALL_THREADS, started = 0;
	struct closer c[CLOSEALL_THREADS];
	pthread_t t[CLOSEALL_THREADS];

	if (!n)
		return;
	for (size_t i = 0; i < nr; i++)
		c[i] = (struct closer){ .fds = fds, .n = n, .first = i, .step = nr };
	/* slice 0 is the caller's own; the others each get a thread while threads come */
	for (size_t i = 1; i < nr && !pthread_create(&t[i], NULL, close_slice, &c[i]); i++)
		started = i;
	for (size_t i = started + 1; i < nr; i++)
		close_slice(&c[i]);
	close_slice(&c[0]);
	for (size_t i = 1; i <= started; i++)
		pthread_join(t[i], NULL);
}
