// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/pipeout.h"
#include "util/stopsig.h"

static int wait_writable(int fd, int stop_fd)
{
	struct pollfd p[2] = { { .fd = fd, .events = POLLOUT },
			       { .fd = stop_fd, .events = POLLIN } };

	for (;;) {
		if (stopsig__asked())
			return -EINTR;
		if (poll(p, stop_fd >= 0 ? 2 : 1, -1) < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		if (p[1].revents & POLLIN)
			return -EINTR;
		if (p[0].revents)
			return 0;
	}
}

/* Past n bytes written: the pieces still to go start at *v. */
static void advance(struct iovec **v, int *nr, size_t n)
{
	while (*nr && n >= (*v)->iov_len) {
		n -= (*v)->iov_len;
		(*v)++;
		(*nr)--;
	}
	if (*nr) {
		(*v)->iov_base = (char *)(*v)->iov_base + n;
		(*v)->iov_len -= n;
	}
}

int pipeout__writev_all(int fd, int stop_fd, const struct iovec *iov, int n, size_t *done)
{
	struct iovec pieces[PIPEOUT_IOV_MAX], *v = pieces;

	*done = 0;
	if (n < 0 || n > PIPEOUT_IOV_MAX)
		return -EINVAL;
	memcpy(pieces, iov, n * sizeof(*iov));
	advance(&v, &n, 0); /* empty pieces first */
	while (n) {
		ssize_t w = n == 1 ? write(fd, v->iov_base, v->iov_len) : writev(fd, v, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0 && errno == EAGAIN) {
			int err = wait_writable(fd, stop_fd);

			if (err)
				return err;
			continue;
		}
		if (w < 0)
			return -errno;
		if (w == 0)
			return -EIO;
		*done += w;
		advance(&v, &n, w);
	}
	return 0;
}

int pipeout__write_all(int fd, int stop_fd, const void *p, size_t len, size_t *done)
{
	return pipeout__writev_all(fd, stop_fd, &(struct iovec){ (void *)p, len }, 1, done);
}

struct stream {
	int fd, stop_fd;
};

static ssize_t stream_write(void *cookie, const char *buf, size_t size)
{
	struct stream *s = cookie;
	size_t done;
	int err = pipeout__write_all(s->fd, s->stop_fd, buf, size, &done);

	if (err && !done) {
		errno = -err;
		return -1;
	}
	return (ssize_t)done;
}

static int stream_close(void *cookie)
{
	struct stream *s = cookie;

	close(s->fd);
	if (s->stop_fd >= 0)
		close(s->stop_fd);
	free(s);
	return 0;
}

FILE *pipeout__stream(int fd)
{
	cookie_io_functions_t io = { .write = stream_write, .close = stream_close };
	struct stream *s;
	struct stat st;
	char self[64];
	FILE *f;

	errno = 0;
	if (fstat(fd, &st) < 0 || !S_ISFIFO(st.st_mode))
		return NULL;
	s = malloc(sizeof(*s));
	if (!s)
		return NULL;
	snprintf(self, sizeof(self), "/proc/self/fd/%d", fd);
	s->fd = open(self, O_WRONLY | O_NONBLOCK | O_CLOEXEC);
	s->stop_fd = s->fd < 0 ? -1 : stopsig__fd(0);
	if (s->fd < 0 || s->stop_fd < 0) {
		int err = s->fd < 0 ? errno : -s->stop_fd;

		if (s->fd >= 0)
			close(s->fd);
		free(s);
		errno = err;
		return NULL;
	}
	f = fopencookie(s, "w", io);
	if (!f)
		stream_close(s);
	return f;
}
