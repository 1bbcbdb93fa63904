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
#include <sys/wait.h>

#include "util/runcmd.h"

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

/* Drain both pipes until the child closes them. */
static int collect(struct sink *s)
{
	int err = 0;

	while (!err && (s[0].fd >= 0 || s[1].fd >= 0)) {
		struct pollfd p[2] = { { .fd = s[0].fd, .events = POLLIN },
				       { .fd = s[1].fd, .events = POLLIN } };

		if (poll(p, 2, -1) < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		for (int i = 0; i < 2 && !err; i++)
			if (p[i].revents)
				err = sink_read(&s[i]);
	}
	return err;
}

static int start(char *const argv[], int out[2], int errp[2], pid_t *pid)
{
	posix_spawn_file_actions_t fa;
	int err;

	if (posix_spawn_file_actions_init(&fa))
		return -ENOMEM;
	err = posix_spawn_file_actions_adddup2(&fa, out[1], STDOUT_FILENO);
	if (!err)
		err = posix_spawn_file_actions_adddup2(&fa, errp[1], STDERR_FILENO);
	if (!err)
		err = posix_spawn_file_actions_addopen(&fa, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
	if (!err)
		err = posix_spawnp(pid, argv[0], &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	return -err;
}

int runcmd__run(char *const argv[], struct runcmd_result *r)
{
	struct sink s[2] = { { .fd = -1 }, { .fd = -1 } };
	int out[2] = { -1, -1 }, errp[2] = { -1, -1 }, err, status;
	pid_t pid;

	memset(r, 0, sizeof(*r));
	/* POSIX lets posix_spawn report a failed exec as exit status 127 (it does under valgrind) */
	if (strchr(argv[0], '/') && access(argv[0], X_OK))
		return -errno;
	if (pipe2(out, O_CLOEXEC) || pipe2(errp, O_CLOEXEC)) {
		err = -errno;
		goto out;
	}
	err = start(argv, out, errp, &pid);
	close(out[1]);
	close(errp[1]);
	if (err)
		goto out;
	s[0].fd = out[0];
	s[1].fd = errp[0];
	out[0] = errp[0] = -1;
	err = collect(s);
	while (waitpid(pid, &status, 0) < 0) {
		if (errno != EINTR) {
			err = err ? err : -errno;
			goto out;
		}
	}
	r->status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
out:
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
	if (err)
		runcmd__result_exit(r);
	return err;
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
