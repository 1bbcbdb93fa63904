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

/*
 * Not a regular file: the pipe format is read as its records are needed; anything else
 * needs to be seeked in, so it is read whole.
 */
static int open_stream(struct pdreader *r, int fd)
{
	r->cap = 1 << 20;
	r->copy = malloc(r->cap);
	if (!r->copy)
		return -ENOMEM;
	r->buf = r->copy;
	r->fd = fd;
	r->in_header = true;
	rstream__fill(r, 0, PD_PIPE_HDR);
	if (r->len < PD_PIPE_HDR || get64(r, 8) != PD_PIPE_HDR)
		while (rstream__fill(r, 0, r->len + 1))
			;
	return -r->read_err;
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
		r->map = mmap(NULL, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
		if (r->map == MAP_FAILED) {
			r->map = NULL;
			err = pdreader__fail(r, -errno, "%s", strerror(errno));
			goto fail;
		}
		madvise(r->map, st.st_size, MADV_SEQUENTIAL);
		r->buf = r->map;
		r->len = st.st_size;
	} else if (!S_ISREG(st.st_mode)) {
		err = open_stream(r, fd);
		if (err) {
			pdreader__fail(r, err, "%s", strerror(-err));
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
		free(r->xfeat[i].data);
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
