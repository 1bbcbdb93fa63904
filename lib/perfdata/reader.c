// SPDX-License-Identifier: GPL-2.0
/*
 * perf.data reader. The file is mapped (or held in the caller's buffer) and never
 * copied: events, formats and records point into it. Every offset and size read from
 * the file is checked against the buffer before use; multi-byte fields are read with
 * memcpy, so a hostile file cannot cause an unaligned or out-of-bounds access.
 * The parts: reader-int.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/errmsg.h"
#include "util/log.h"
#include "perfdata/reader-int.h"
#include "perfdata/zstream.h"

#define DEFAULT_WINDOW (16ULL << 20)

int pdreader__fail(struct pdreader *r, int err, const char *fmt, ...)
{
	char why[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	pr_debug("perf.data: %s", why);
	if (r->path)
		return errmsg__set(err, "cannot read '%s': %s", r->path, why);
	return errmsg__set(err, "cannot read the perf.data in memory: %s", why);
}

bool pdreader__is_pipe(const struct pdreader *r)
{
	return r->pipe;
}

size_t pdreader__nr_events(const struct pdreader *r)
{
	return r->nr_evs;
}

const struct pdreader_event *pdreader__event(const struct pdreader *r, size_t idx)
{
	return idx < r->nr_evs ? &r->evs[idx].pub : NULL;
}

const char *pdreader__header_page(const struct pdreader *r, size_t *len)
{
	*len = r->tr.header_page_len;
	return r->tr.header_page;
}

const char *pdreader__printk_formats(const struct pdreader *r, size_t *len)
{
	*len = r->tr.printk_len;
	return r->tr.printk;
}

size_t pdreader__nr_formats(const struct pdreader *r)
{
	return r->tr.nr_fmts;
}

const struct pdtracing_format *pdreader__format(const struct pdreader *r, size_t idx)
{
	return idx < r->tr.nr_fmts ? &r->tr.fmts[idx] : NULL;
}

const char *pdreader__feature_string(const struct pdreader *r, int feature)
{
	return feature >= 0 && feature < PD_NR_FEAT ? r->fstr[feature] : NULL;
}

int pdreader__clock_data(const struct pdreader *r, struct clockfeat_data *d)
{
	if (!r->has_clock_data)
		return -ENOENT;
	*d = r->clock_data;
	return 0;
}

const struct pdreader_stats *pdreader__stats(const struct pdreader *r)
{
	return &r->st;
}

static struct pdreader *finish_new(struct pdreader *r)
{
	/* PERF_BPF_READ_WINDOW: the window in bytes, for tests of small windows */
	const char *w = secure_getenv("PERF_BPF_READ_WINDOW");
	int err;

	r->window = w && strtoull(w, NULL, 0) ? strtoull(w, NULL, 0) : DEFAULT_WINDOW;
	err = revents__setup(r);

	if (!err)
		return r;
	pdreader__free(r);
	errno = -err;
	return NULL;
}

struct pdreader *pdreader__new_mem(const void *buf, size_t len)
{
	struct pdreader *r = calloc(1, sizeof(*r));

	if (!r) {
		errno = -errmsg__set(-ENOMEM, "cannot read the perf.data in memory: %s",
				     strerror(ENOMEM));
		return NULL;
	}
	if ((uintptr_t)buf % 8) { /* records are read in place: keep them aligned */
		r->copy = malloc(len ?: 1);
		if (!r->copy) {
			free(r);
			errno = -errmsg__set(-ENOMEM, "cannot read the perf.data in memory: %s",
					     strerror(ENOMEM));
			return NULL;
		}
		memcpy(r->copy, buf, len);
		buf = r->copy;
	}
	r->buf = buf;
	r->len = len;
	r->fd = -1;
	return finish_new(r);
}

/* The whole file at fd mapped, its pages dropped behind the reader as it goes (rstream.c). */
static int map_whole(struct pdreader *r, int fd, uint64_t size)
{
	void *map = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);

	if (map == MAP_FAILED)
		return pdreader__fail(r, -errno, "%s", strerror(errno));
	madvise(map, size, MADV_SEQUENTIAL);
	r->map = map;
	r->buf = map;
	r->len = size;
	return 0;
}

static const char *spool_dir(void)
{
	const char *dir = secure_getenv("TMPDIR");

	return dir && dir[0] == '/' ? dir : "/tmp";
}

/* An unlinked file in dir: no name anyone could put something at. */
static int spool_file(const char *dir)
{
	char path[4096];
	int fd;

	fd = open(dir, O_TMPFILE | O_RDWR | O_EXCL | O_CLOEXEC, 0600);
	if (fd >= 0 || (errno != EOPNOTSUPP && errno != EISDIR))
		return fd < 0 ? -errno : fd;
	snprintf(path, sizeof(path), "%s/perf-bpf-spool.XXXXXX", dir); /* no O_TMPFILE there */
	fd = mkostemp(path, O_CLOEXEC);
	if (fd < 0)
		return -errno;
	unlink(path);
	return fd;
}

static int write_all(int fd, const uint8_t *p, size_t n)
{
	while (n) {
		ssize_t done = write(fd, p, n);

		if (done < 0 && errno == EINTR)
			continue;
		if (done < 0)
			return -errno;
		p += done;
		n -= done;
	}
	return 0;
}

/*
 * A file's layout through a pipe: it must be seeked in, so the pipe goes to an unlinked
 * temporary file (through the 1 MiB window, which holds its first bytes), read as a file is.
 */
static int spool(struct pdreader *r, int in)
{
	const char *dir = spool_dir();
	int fd = spool_file(dir), err = fd < 0 ? fd : 0;
	uint64_t total = 0;
	ssize_t got = r->len;

	while (!err && got > 0) {
		err = write_all(fd, r->copy, got);
		total += got;
		do
			got = read(in, r->copy, r->cap);
		while (got < 0 && errno == EINTR);
		if (got < 0)
			err = -errno;
	}
	free(r->copy);
	r->copy = NULL;
	r->buf = NULL;
	r->cap = 0;
	r->base = 0;
	r->len = 0;
	r->in_header = false;
	r->eof = true;
	if (err) {
		err = pdreader__fail(r, err,
				     "a file's layout read from a pipe is kept in a "
				     "temporary file in '%s': %s",
				     dir, strerror(-err));
		errmsg__hint("set TMPDIR to a directory with room for the file, or name the file "
			     "with -i");
	}
	if (!err && total)
		err = map_whole(r, fd, total);
	if (fd >= 0)
		close(fd);
	return err;
}

/*
 * Not a regular file: the pipe format is read as its records are needed; a file's layout
 * needs to be seeked in, so it is spooled to a temporary file first.
 */
static int open_stream(struct pdreader *r, int fd)
{
	r->cap = 1 << 20;
	r->copy = malloc(r->cap);
	if (!r->copy)
		return pdreader__fail(r, -ENOMEM, "%s", strerror(ENOMEM));
	r->buf = r->copy;
	r->fd = fd;
	r->in_header = true;
	rstream__fill(r, 0, PD_PIPE_HDR);
	if (r->read_err)
		return pdreader__fail(r, -r->read_err, "%s", strerror(r->read_err));
	if (r->len >= PD_PIPE_HDR && get64(r, 8) == PD_PIPE_HDR)
		return 0;
	if (r->len < PD_PIPE_HDR && r->eof)
		return 0; /* too short for any layout: held as it is, and refused */
	return spool(r, fd);
}

struct pdreader *pdreader__open(const char *path)
{
	struct pdreader *r;
	struct stat st;
	int fd, err;

	r = calloc(1, sizeof(*r));
	if (!r || !(r->path = strdup(path))) {
		free(r);
		errno = -errmsg__set(-ENOMEM, "cannot read '%s': %s", path, strerror(ENOMEM));
		return NULL;
	}
	r->fd = -1;
	fd = strcmp(path, "-") ? open(path, O_RDONLY | O_CLOEXEC) : dup(STDIN_FILENO);
	if (fd < 0 || fstat(fd, &st) < 0) {
		err = pdreader__fail(r, -errno, "%s", strerror(errno));
		goto fail;
	}
	if (S_ISREG(st.st_mode) && st.st_size > 0) {
		err = map_whole(r, fd, st.st_size);
		if (err)
			goto fail;
	} else if (!S_ISREG(st.st_mode)) {
		err = open_stream(r, fd); /* it says why it fails */
		if (err) {
			r->fd = -1;
			goto fail;
		}
		if (r->eof) { /* read whole */
			close(fd);
			r->fd = fd = -1;
		}
		return finish_new(r); /* r owns fd now */
	}
	close(fd);
	return finish_new(r);
fail:
	if (fd >= 0)
		close(fd);
	pdreader__free(r);
	errno = -err;
	return NULL;
}

void pdreader__set_wait(struct pdreader *r, void (*fn)(void *arg), void *arg)
{
	r->wait = fn;
	r->wait_arg = arg;
}

void pdreader__free(struct pdreader *r)
{
	if (!r)
		return;
	for (size_t i = 0; i < r->nr_evs; i++) {
		free(r->evs[i].name);
		free(r->evs[i].ids);
	}
	free(r->evs);
	free(r->ids);
	for (size_t i = 0; i < r->nr_xfeat; i++)
		free(r->xfeat[i].copy);
	free(r->xfeat);
	pdtracing__exit(&r->tr);
	order__exit(&r->order);
	pdzstream__free(r->z);
	if (r->map)
		munmap(r->map, r->len);
	free(r->copy);
	free(r->hdr);
	if (r->fd >= 0)
		close(r->fd);
	free(r->path);
	free(r);
}
