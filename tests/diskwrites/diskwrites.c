// SPDX-License-Identifier: GPL-2.0
/*
 * What reached the disk (diskwrites.h): write(), writev(), pwrite() and ftruncate() interposed,
 * and the log they leave read back. The calls go to the kernel by syscall(), so the interposed
 * names never call themselves; a lock keeps the log in the order the calls reached the kernel.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

#include "diskwrites.h"

#define OP_HDR 24
#define PAGE 4096

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

/* Is fd the file DISKWRITES_FILE names (and a log named)? */
static int watched(int fd)
{
	const char *file = getenv("DISKWRITES_FILE");
	char self[64], at[PATH_MAX];
	ssize_t n;

	if (!file || !getenv("DISKWRITES_LOG") || fd < 0)
		return 0;
	snprintf(self, sizeof(self), "/proc/self/fd/%d", fd);
	n = readlink(self, at, sizeof(at) - 1);
	if (n <= 0)
		return 0;
	at[n] = '\0';
	return !strcmp(at, file);
}

static void log_all(int fd, const void *p, size_t len)
{
	while (len) {
		long n = syscall(SYS_write, fd, p, len);

		if (n <= 0)
			return;
		p = (const char *)p + n;
		len -= n;
	}
}

static void log_op(uint64_t kind, uint64_t off, const void *data, uint64_t len)
{
	uint64_t hdr[3] = { kind, off, len };
	int fd = open(getenv("DISKWRITES_LOG"), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);

	if (fd < 0)
		return;
	log_all(fd, hdr, sizeof(hdr));
	log_all(fd, data, len);
	close(fd);
}

/* Where a write() on fd lands: its offset, or the end with O_APPEND. */
static off_t write_offset(int fd)
{
	struct stat st;
	int fl = fcntl(fd, F_GETFL);

	if (fl >= 0 && fl & O_APPEND && fstat(fd, &st) == 0)
		return st.st_size;
	return lseek(fd, 0, SEEK_CUR);
}

static ssize_t logged_write(int fd, const void *buf, size_t count, off_t at, int positioned)
{
	int on = watched(fd);
	ssize_t n;
	int err;

	if (on)
		pthread_mutex_lock(&lock);
	if (on && !positioned)
		at = write_offset(fd);
	n = positioned ? syscall(SYS_pwrite64, fd, buf, count, at) :
			 syscall(SYS_write, fd, buf, count);
	err = errno;
	if (on && n > 0)
		log_op('w', at, buf, n);
	if (on)
		pthread_mutex_unlock(&lock);
	errno = err;
	return n;
}

ssize_t write(int fd, const void *buf, size_t count)
{
	return logged_write(fd, buf, count, 0, 0);
}

/* A writev is logged as one write of the bytes that went out, joined. */
ssize_t writev(int fd, const struct iovec *iov, int iovcnt)
{
	int on = watched(fd), err;
	off_t at = 0;
	ssize_t n;

	if (on) {
		pthread_mutex_lock(&lock);
		at = write_offset(fd);
	}
	n = syscall(SYS_writev, fd, iov, iovcnt);
	err = errno;
	if (on && n > 0) {
		char *joined = malloc(n);
		size_t len = 0;

		for (int i = 0; joined && i < iovcnt && len < (size_t)n; i++) {
			size_t k = iov[i].iov_len < n - len ? iov[i].iov_len : n - len;

			memcpy(joined + len, iov[i].iov_base, k);
			len += k;
		}
		if (joined)
			log_op('w', at, joined, n);
		free(joined);
	}
	if (on)
		pthread_mutex_unlock(&lock);
	errno = err;
	return n;
}

ssize_t pwrite(int fd, const void *buf, size_t count, off_t at)
{
	return logged_write(fd, buf, count, at, 1);
}

ssize_t pwrite64(int fd, const void *buf, size_t count, off64_t at)
{
	return logged_write(fd, buf, count, at, 1);
}

static int logged_truncate(int fd, off_t len)
{
	int on = watched(fd), ret, err;

	if (on)
		pthread_mutex_lock(&lock);
	ret = syscall(SYS_ftruncate, fd, len);
	err = errno;
	if (on && !ret)
		log_op('t', len, NULL, 0);
	if (on)
		pthread_mutex_unlock(&lock);
	errno = err;
	return ret;
}

int ftruncate(int fd, off_t len)
{
	return logged_truncate(fd, len);
}

int ftruncate64(int fd, off64_t len)
{
	return logged_truncate(fd, len);
}

int diskwrites__op(const void *log, size_t size, size_t nth, struct diskwrite *op)
{
	size_t at = 0;

	for (;;) {
		uint64_t hdr[3];

		if (at == size)
			return 0;
		if (size - at < OP_HDR)
			return -1;
		memcpy(hdr, (const char *)log + at, OP_HDR);
		if ((hdr[0] != 'w' && hdr[0] != 't') || hdr[2] > size - at - OP_HDR)
			return -1;
		if (!nth--) {
			*op = (struct diskwrite){ hdr[0], hdr[1], hdr[2],
						  (const char *)log + at + OP_HDR };
			return 1;
		}
		at += OP_HDR + hdr[2];
	}
}

uint64_t diskwrites__next_stop(const struct diskwrite *op, uint64_t part)
{
	uint64_t page = (op->off + part) / PAGE + 1;

	return page * PAGE - op->off < op->len ? page * PAGE - op->off : op->len;
}

/* Apply one operation, or its first part bytes, to the file in *buf. */
static int apply(const struct diskwrite *op, uint64_t part, char **buf, size_t *len)
{
	uint64_t end = op->kind == 't' ? op->off : op->off + part;
	char *p;

	if (end > (1ULL << 32))
		return -EFBIG;
	if (end > *len || op->kind == 't') {
		p = realloc(*buf, end ? end : 1);
		if (!p)
			return -ENOMEM;
		if (end > *len)
			memset(p + *len, 0, end - *len);
		*buf = p;
		*len = end;
	}
	if (op->kind == 'w')
		memcpy(*buf + op->off, op->data, part);
	return 0;
}

int diskwrites__state(const void *log, size_t size, size_t nth, uint64_t part, char **buf,
		      size_t *len)
{
	struct diskwrite op;
	int err = 0, got;

	*buf = NULL;
	*len = 0;
	for (size_t i = 0; !err && i <= nth; i++) {
		got = diskwrites__op(log, size, i, &op);
		if (got <= 0) {
			err = got < 0 || i < nth ? -EINVAL : 0;
			break;
		}
		err = apply(&op, i < nth ? op.len : (part < op.len ? part : op.len), buf, len);
	}
	if (err) {
		free(*buf);
		*buf = NULL;
	}
	return err;
}
