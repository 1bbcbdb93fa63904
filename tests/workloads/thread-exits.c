// SPDX-License-Identifier: GPL-2.0
/*
 * thread-exits: a process of three threads. The first thread made returns (exit(0)) while
 * the process goes on, joined by the main thread; the second blocks in read() until the
 * main thread's exit_group(3) ends it with the process. strace -f reports three ends: the
 * two threads' ("exited with 0", "exited with 3") and the process's ("exited with 3").
 *
 * The main thread exits once the second sleeps in its read, as /proc says (not a tracer's
 * stop at the call's entry, which a tracer would show as a call the kernel never began).
 */
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

static int ready[2], never[2];

static void *returns(void *unused)
{
	return NULL;
}

static void *blocks(void *unused)
{
	pid_t tid = syscall(SYS_gettid);
	char c;

	if (write(ready[1], &tid, sizeof(tid)) != sizeof(tid))
		abort();
	/* nothing is ever written: only the group's exit ends it */
	if (read(never[0], &c, 1) >= 0)
		abort();
	return NULL;
}

/* The first line of /proc/self/task/TID/NAME into buf; false when it cannot be read. */
static int task_file(pid_t tid, const char *name, char *buf, size_t size)
{
	char path[64];
	FILE *f;
	int ok;

	snprintf(path, sizeof(path), "/proc/self/task/%d/%s", (int)tid, name);
	f = fopen(path, "re");
	if (!f)
		return 0;
	ok = fgets(buf, size, f) != NULL;
	fclose(f);
	return ok;
}

/* Is thread tid asleep in read()? */
static int asleep_in_read(pid_t tid)
{
	char stat[512], call[128], *end;

	if (!task_file(tid, "stat", stat, sizeof(stat)) ||
	    !task_file(tid, "syscall", call, sizeof(call)))
		return 0;
	end = strrchr(stat, ')');
	return end && end[1] == ' ' && end[2] == 'S' && strtol(call, NULL, 10) == SYS_read;
}

int main(void)
{
	pthread_t a, b;
	pid_t tid;

	if (pipe(ready) || pipe(never))
		return 1;
	if (pthread_create(&a, NULL, returns, NULL) || pthread_join(a, NULL))
		return 1;
	if (pthread_create(&b, NULL, blocks, NULL) ||
	    read(ready[0], &tid, sizeof(tid)) != sizeof(tid))
		return 1;
	while (!asleep_in_read(tid))
		sched_yield();
	exit(3);
}
