// SPDX-License-Identifier: GPL-2.0
/*
 * A child calls getppid() N times and exits; then the parent calls it M times (defaults
 * 100 and 1000): the parent's calls come after an inherited event of the workload is gone.
 *	fork-exit [N [M]]
 */
#include <stdlib.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

static void calls(long n)
{
	for (long i = 0; i < n; i++)
		syscall(SYS_getppid);
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 100, m = argc > 2 ? atol(argv[2]) : 1000;
	pid_t pid = fork();

	if (pid < 0)
		return 1;
	if (pid == 0) {
		calls(n);
		_exit(0);
	}
	if (waitpid(pid, NULL, 0) != pid)
		return 1;
	calls(m);
	return 0;
}
