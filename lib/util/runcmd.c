// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <stdint.h>
#include <time.h>
#include <sys/signalfd.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#include "util/runcmd.h"
#include "util/stopsig.h"

extern char **environ;

struct sink {
	int fd;
	char *buf;
	size_t len, cap;
};

static int sink_read(struct sink *s)
{
	ssize_t n;

	if (s->cap - s->len < 4096) {
		size_t cap = s->cap ? s->cap * 2 : 8192;
		char *b = realloc(s->buf, cap);

		if (!b)
			return -ENOMEM;
		s->buf = b;
		s->cap = cap;
	}
	n = read(s->fd, s->buf + s->len, s->cap - s->len - 1);
	if (n < 0)
		return errno == EINTR || errno == EAGAIN ? 0 : -errno;
	if (n == 0) {
		close(s->fd);
		s->fd = -1;
		return 0;
	}
	s->len += (size_t)n;
	return 0;
}

#define NO_PIDFD_POLL_MS 20

static uint64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

/* What ends the wait for a child: its pipes and exit, a stop signal, the time limit. */
struct child {
	pid_t pid;
	int pidfd; /* -1: no pidfd_open (valgrind), the exit is checked every NO_PIDFD_POLL_MS */
	int sigfd;
	bool exited;
	int stop_signal;
	uint64_t deadline; /* 0: none */
};

/* Drain both pipes until they close and the child exits; -EINTR or -ETIMEDOUT first. */
static int collect(struct child *c, struct sink *s)
{
	int err = 0;

	while (!err && (s[0].fd >= 0 || s[1].fd >= 0 || !c->exited)) {
		struct pollfd p[4] = { { .fd = s[0].fd, .events = POLLIN },
				       { .fd = s[1].fd, .events = POLLIN },
				       { .fd = c->sigfd, .events = POLLIN },
				       { .fd = c->exited ? -1 : c->pidfd, .events = POLLIN } };
		int timeout = -1;

		if (c->deadline) {
			uint64_t now = now_ms();

			if (now >= c->deadline)
				return -ETIMEDOUT;
			timeout = (int)(c->deadline - now);
		}
		if (c->pidfd < 0 && !c->exited && (timeout < 0 || timeout > NO_PIDFD_POLL_MS))
			timeout = NO_PIDFD_POLL_MS;
		if (poll(p, 4, timeout) < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		if (p[2].revents) {
			struct signalfd_siginfo si;

			if (stopsig__read(c->sigfd, &si)) {
				c->stop_signal = (int)si.ssi_signo;
				return -EINTR;
			}
		}
		if (c->pidfd < 0 && !c->exited) {
			siginfo_t si = { 0 };

			/* exited? (WNOWAIT: still a zombie, so its group id stays its own) */
			if (!waitid(P_PID, c->pid, &si, WEXITED | WNOHANG | WNOWAIT) &&
			    si.si_pid == c->pid)
				p[3].revents = POLLIN;
		}
		if (p[3].revents) {
			/* It is gone: whatever it left in its group goes too (the pipes end). */
			c->exited = true;
			kill(-c->pid, SIGKILL);
		}
		for (int i = 0; i < 2 && !err; i++)
			if (p[i].revents)
				err = sink_read(&s[i]);
	}
	return err;
}

/* The child's fd 3 + i is fds[i]: first copied above any number dup2 will write. */
static int pass_fds(posix_spawn_file_actions_t *fa, const struct runcmd_opts *o, int *high)
{
	int err = 0;

	for (int i = 0; i < o->nr_fds && !err; i++) {
		high[i] = fcntl(o->fds[i], F_DUPFD_CLOEXEC, 3 + RUNCMD_MAX_FDS);
		if (high[i] < 0)
			return -errno;
		err = posix_spawn_file_actions_adddup2(fa, high[i], 3 + i);
	}
	return -err;
}

static int start(char *const argv[], const struct runcmd_opts *o, int out[2], int errp[2],
		 pid_t *pid)
{
	int high[RUNCMD_MAX_FDS] = { -1, -1, -1, -1 };
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t attr;
	sigset_t none, stop;
	int err;

	if (o->nr_fds < 0 || o->nr_fds > RUNCMD_MAX_FDS)
		return -EINVAL;
	if (posix_spawn_file_actions_init(&fa))
		return -ENOMEM;
	if (posix_spawnattr_init(&attr)) {
		posix_spawn_file_actions_destroy(&fa);
		return -ENOMEM;
	}
	sigemptyset(&none);
	stopsig__fill(&stop);
	/* A group of its own (to kill all of it), no signal blocked, the stop signals default. */
	err = posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK |
						      POSIX_SPAWN_SETSIGDEF);
	if (!err)
		err = posix_spawnattr_setpgroup(&attr, 0);
	if (!err)
		err = posix_spawnattr_setsigmask(&attr, &none);
	if (!err)
		err = posix_spawnattr_setsigdefault(&attr, &stop);
	if (!err)
		err = posix_spawn_file_actions_adddup2(&fa, out[1], STDOUT_FILENO);
	if (!err)
		err = posix_spawn_file_actions_adddup2(&fa, errp[1], STDERR_FILENO);
	if (!err)
		err = posix_spawn_file_actions_addopen(&fa, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
	err = err ? -err : pass_fds(&fa, o, high);
	if (!err)
		err = -posix_spawnp(pid, argv[0], &fa, &attr, argv, environ);
	for (int i = 0; i < RUNCMD_MAX_FDS; i++)
		if (high[i] >= 0)
			close(high[i]);
	posix_spawnattr_destroy(&attr);
	posix_spawn_file_actions_destroy(&fa);
	return err;
}

/* Block the stop signals for the run and read them from a signalfd instead. */
static int watch_stop_signals(sigset_t *old)
{
	int fd, err = stopsig__block(0, old);

	if (err)
		return err;
	fd = stopsig__fd(0);
	if (fd < 0)
		stopsig__unblock(old);
	return fd;
}

int runcmd__run_opts(char *const argv[], const struct runcmd_opts *o, struct runcmd_result *r)
{
	struct sink s[2] = { { .fd = -1 }, { .fd = -1 } };
	int out[2] = { -1, -1 }, errp[2] = { -1, -1 }, err, status;
	struct child c = { .pidfd = -1, .sigfd = -1 };
	bool started = false;
	sigset_t old;

	memset(r, 0, sizeof(*r));
	/* POSIX lets posix_spawn report a failed exec as exit status 127 (it does under valgrind) */
	if (strchr(argv[0], '/') && access(argv[0], X_OK))
		return -errno;
	c.sigfd = watch_stop_signals(&old);
	if (c.sigfd < 0)
		return c.sigfd;
	if (pipe2(out, O_CLOEXEC) || pipe2(errp, O_CLOEXEC)) {
		err = -errno;
		goto out;
	}
	err = start(argv, o, out, errp, &c.pid);
	close(out[1]);
	close(errp[1]);
	if (err)
		goto out;
	started = true;
	c.pidfd = (int)syscall(SYS_pidfd_open, c.pid, 0);
	if (o->timeout_ms)
		c.deadline = now_ms() + o->timeout_ms;
	s[0].fd = out[0];
	s[1].fd = errp[0];
	out[0] = errp[0] = -1;
	err = collect(&c, s);
out:
	if (started) {
		/* its group (the child is not reaped yet, so it is still its group's id) */
		kill(-c.pid, SIGKILL);
		while (waitpid(c.pid, &status, 0) < 0) {
			if (errno != EINTR) {
				err = err ? err : -errno;
				break;
			}
		}
		if (!err)
			r->status = WIFEXITED(status) ? WEXITSTATUS(status) :
							128 + WTERMSIG(status);
	}
	if (c.pidfd >= 0)
		close(c.pidfd);
	close(c.sigfd);
	stopsig__unblock(&old);
	r->stop_signal = c.stop_signal;
	for (int i = 0; i < 2; i++) {
		if (s[i].fd >= 0)
			close(s[i].fd);
		if (!s[i].buf && !err)
			s[i].buf = calloc(1, 1);
		if (s[i].buf)
			s[i].buf[s[i].len] = '\0';
	}
	if (out[0] >= 0)
		close(out[0]);
	if (errp[0] >= 0)
		close(errp[0]);
	r->out = s[0].buf;
	r->out_len = s[0].len;
	r->err = s[1].buf;
	r->err_len = s[1].len;
	if (!err && (!r->out || !r->err))
		err = -ENOMEM;
	if (err) {
		runcmd__result_exit(r);
		r->stop_signal = c.stop_signal;
	}
	return err;
}

int runcmd__run(char *const argv[], struct runcmd_result *r)
{
	const struct runcmd_opts o = { 0 };

	return runcmd__run_opts(argv, &o, r);
}

void runcmd__result_exit(struct runcmd_result *r)
{
	if (!r)
		return;
	free(r->out);
	free(r->err);
	r->out = r->err = NULL;
	r->out_len = r->err_len = 0;
}

static bool needs_quotes(const char *s)
{
	return !*s || strpbrk(s, " \t\n'\"\\$`&|;<>()*?[]#~!{}") != NULL;
}

char *runcmd__quote(char *const argv[])
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	if (!f)
		return NULL;
	for (int i = 0; argv[i]; i++) {
		const char *a = argv[i];

		if (i)
			fputc(' ', f);
		if (!needs_quotes(a)) {
			fputs(a, f);
			continue;
		}
		fputc('\'', f);
		for (; *a; a++) {
			if (*a == '\'')
				fputs("'\\''", f);
			else
				fputc(*a, f);
		}
		fputc('\'', f);
	}
	if (fclose(f)) {
		free(text);
		return NULL;
	}
	return text;
}

int runcmd__find_program(const char *name, char *out, size_t size)
{
	const char *path = getenv("PATH");
	struct stat st;

	if (strchr(name, '/')) {
		snprintf(out, size, "%s", name);
		return access(name, X_OK) ? -errno : 0;
	}
	for (const char *p = path ? path : "/usr/bin:/bin"; *p;) {
		size_t len = strcspn(p, ":");

		snprintf(out, size, "%.*s%s%s", (int)len, p, len ? "/" : "", name);
		if (!access(out, X_OK) && !stat(out, &st) && !S_ISDIR(st.st_mode))
			return 0;
		p += len + (p[len] == ':');
	}
	return -ENOENT;
}
