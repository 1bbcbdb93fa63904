// SPDX-License-Identifier: GPL-2.0
/*
 * Signals delivered and processes ended, each once and in a known order; no sleeps, every
 * step waits for the one before it:
 *	- SIGUSR1 sent to itself by kill() and caught (SI_USER), SIGUSR2 by sigqueue() (SI_QUEUE,
 *	  value 42), SIGUSR1 by raise() (SI_TKILL);
 *	- a child that exits 3, reaped by the parent, whose SIGCHLD handler runs (CLD_EXITED);
 *	- a child that kills itself with SIGUSR1 left at its default action (CLD_KILLED);
 *	- a child that writes through a NULL pointer (SIGSEGV, SEGV_MAPERR; with "core" it may
 *	  dump core in the current directory: CLD_DUMPED).
 *	signals [core]
 */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile sig_atomic_t caught;

static void on_signal(int sig)
{
	(void)sig;
	caught++;
}

static int handle(int sig)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	return sigaction(sig, &sa, NULL);
}

/* Fork a child that runs fn, then reap it: its status, or -1. */
static int child(void (*fn)(void))
{
	int status;
	pid_t pid = fork();

	if (pid < 0)
		return -1;
	if (pid == 0) {
		fn();
		_exit(99);
	}
	while (waitpid(pid, &status, 0) < 0)
		; /* EINTR: the SIGCHLD handler ran first */
	return status;
}

static void exit_3(void)
{
	_exit(3);
}

static void killed(void)
{
	signal(SIGUSR1, SIG_DFL);
	kill(getpid(), SIGUSR1);
}

static int core_wanted;

static void segfault(void)
{
	struct rlimit rl = { 0, 0 };

	if (core_wanted) {
		getrlimit(RLIMIT_CORE, &rl);
		rl.rlim_cur = rl.rlim_max;
	}
	setrlimit(RLIMIT_CORE, &rl);
	*(volatile int *)NULL = 1;
}

int main(int argc, char **argv)
{
	union sigval v = { .sival_int = 42 };

	core_wanted = argc > 1 && !strcmp(argv[1], "core");
	if (handle(SIGUSR1) || handle(SIGUSR2) || handle(SIGCHLD))
		return 1;
	kill(getpid(), SIGUSR1);
	sigqueue(getpid(), SIGUSR2, v);
	raise(SIGUSR1);
	if (caught != 3)
		return 1;
	if (child(exit_3) != 3 << 8)
		return 1;
	if (!WIFSIGNALED(child(killed)))
		return 1;
	if (!WIFSIGNALED(child(segfault)))
		return 1;
	return 0;
}
