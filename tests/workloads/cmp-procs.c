// SPDX-License-Identifier: GPL-2.0
/*
 * Process calls for the comparison with strace (tests/strace-compare): a child that runs
 * /bin/echo with its own argv, a child that exits 3, a child killed by SIGTERM, each
 * waited for by wait4 with its status and rusage; then the parent's ids and limits.
 *	cmp-procs
 */
#include <signal.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

static void waited(pid_t pid)
{
	struct rusage ru;
	int status;

	if (pid < 0 || wait4(pid, &status, 0, &ru) != pid)
		exit(1);
}

static void echo_child(void)
{
	pid_t pid = fork();

	if (pid == 0) {
		char *argv[] = { "echo", "child-hello", "second arg", NULL };
		char *envp[] = { "PERF_BPF_COMPARE=1", NULL };

		execve("/bin/echo", argv, envp);
		_exit(127);
	}
	waited(pid);
}

/*
 * The child is born with SIGTERM blocked and unblocks it only inside sigsuspend, so the
 * parent's SIGTERM ends it in that call whichever of the two runs first.
 */
static void killed_child(void)
{
	sigset_t term, old, none;
	pid_t pid;

	sigemptyset(&term);
	sigaddset(&term, SIGTERM);
	sigemptyset(&none);
	sigprocmask(SIG_BLOCK, &term, &old);
	pid = fork();
	if (pid == 0) {
		for (;;)
			sigsuspend(&none);
	}
	sigprocmask(SIG_SETMASK, &old, NULL);
	kill(pid, SIGTERM);
	waited(pid);
}

int main(void)
{
	struct rlimit rl;
	pid_t pid;

	echo_child();
	pid = fork();
	if (pid == 0)
		_exit(3);
	waited(pid);
	killed_child();
	getrlimit(RLIMIT_NOFILE, &rl);
	getpid();
	getppid();
	getuid();
	wait4(-1, NULL, WNOHANG, NULL); /* no child left: ECHILD */
	return 0;
}
