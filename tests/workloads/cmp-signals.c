// SPDX-License-Identifier: GPL-2.0
/*
 * Signal calls for the comparison with strace (tests/strace-compare): handlers set and
 * read back, SIGUSR1 sent to itself while blocked and delivered when sigsuspend unblocks
 * it (the call fails with the kernel's ERESTARTNOHAND as user space's EINTR), SIGCHLD
 * of a child that exits 3, kept blocked until after wait4 so it arrives at one known
 * call, an ignored signal, and a kill that fails (ESRCH).
 *	cmp-signals
 */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile sig_atomic_t got;

static void handler(int sig)
{
	got += sig;
}

static void handle(int sig)
{
	struct sigaction sa, old;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sa.sa_flags = SA_RESTART;
	sigemptyset(&sa.sa_mask);
	sigaddset(&sa.sa_mask, SIGUSR2);
	if (sigaction(sig, &sa, &old))
		exit(1);
}

static void blocked(int sig, sigset_t *old)
{
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, sig);
	sigprocmask(SIG_BLOCK, &set, old);
}

int main(void)
{
	sigset_t old, pending;
	int status;
	pid_t pid;

	handle(SIGUSR1);
	handle(SIGCHLD);
	signal(SIGPIPE, SIG_IGN);
	blocked(SIGUSR1, &old);
	kill(getpid(), SIGUSR1);
	sigpending(&pending);
	sigsuspend(&old);
	sigprocmask(SIG_SETMASK, &old, NULL);

	blocked(SIGCHLD, &old);
	pid = fork();
	if (pid == 0)
		_exit(3);
	if (pid < 0 || waitpid(pid, &status, 0) != pid)
		exit(1);
	sigprocmask(SIG_SETMASK, &old, NULL);
	kill(999999999, SIGUSR1);
	return got == SIGUSR1 + SIGCHLD ? 0 : 1;
}
