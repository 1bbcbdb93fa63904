// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util/fdlimit.h"
#include "util/log.h"
#include "run/workload.h"

static void __attribute__((noreturn)) child(int gate, char **argv, bool stdout_to_stderr)
{
	char go;

	/* the parent blocks these to read them through a signalfd: the command gets defaults */
	sigset_t all;

	sigfillset(&all);
	sigprocmask(SIG_UNBLOCK, &all, NULL);
	/* named as the command from the start: what the programs see before the exec */
	prctl(PR_SET_NAME, workload__comm(argv[0]), 0, 0, 0);
	if (read(gate, &go, 1) != 1)
		_exit(127); /* the parent gave up before starting us */
	close(gate);
	if (stdout_to_stderr && dup2(STDERR_FILENO, STDOUT_FILENO) < 0)
		_exit(126);
	fdlimit__restore();
	execvp(argv[0], argv);
	/* the child's own words: no caller to return to; the command sees its exit status */
	pr_err("cannot run '%s': %s", argv[0], strerror(errno));
	_exit(errno == ENOENT ? 127 : 126);
}

const char *workload__comm(const char *argv0)
{
	const char *slash = strrchr(argv0, '/');

	return slash ? slash + 1 : argv0;
}

/* The child's name set from here too: read back from /proc at once, whatever ran first. */
static void name_child(pid_t pid, const char *comm)
{
	char path[32];
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/comm", (int)pid);
	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return;
	if (write(fd, comm, strnlen(comm, 15)) < 0)
		pr_debug("cannot name the workload '%s': %s", comm, strerror(errno));
	close(fd);
}

int workload__prepare(struct workload *w, char **argv)
{
	int p[2];

	if (pipe2(p, O_CLOEXEC) < 0)
		return -errno;
	w->pid = fork();
	if (w->pid < 0) {
		int err = -errno;

		close(p[0]);
		close(p[1]);
		return err;
	}
	if (w->pid == 0) {
		close(p[1]);
		child(p[0], argv, w->stdout_to_stderr);
	}
	close(p[0]);
	w->gate_fd = p[1];
	name_child(w->pid, workload__comm(argv[0]));
	return 0;
}

int workload__start(struct workload *w)
{
	int err = write(w->gate_fd, "g", 1) == 1 ? 0 : -errno;

	close(w->gate_fd);
	w->gate_fd = -1;
	return err;
}

void workload__abort(struct workload *w)
{
	if (w->gate_fd >= 0)
		close(w->gate_fd);
	w->gate_fd = -1;
	if (w->pid > 0)
		waitpid(w->pid, NULL, 0);
	w->pid = 0;
}

int workload__exit_code(int wstatus)
{
	if (WIFEXITED(wstatus))
		return WEXITSTATUS(wstatus);
	if (WIFSIGNALED(wstatus))
		return 128 + WTERMSIG(wstatus);
	return 1;
}
