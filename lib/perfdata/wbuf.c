// SPDX-License-Identifier: GPL-2.0
/*
 * The perf.data writer's buffered output. Records are buffered and written in large chunks;
 * the buffer goes to the file at each round (and when full), so a crash loses at most the
 * records not yet written. On a write error (ENOSPC) a streaming file is cut back to the
 * last whole record written, a seekable one gets an index and a header naming the whole
 * records that made it.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/log.h"
#include "util/pipeout.h"
#include "perfdata/wtrack.h"
#include "perfdata/writer-int.h"

/* The end of the last whole record within the first n bytes of the records at p. */
static size_t whole_records(const char *p, size_t n)
{
	size_t at = 0;

	while (at + sizeof(struct perf_event_header) <= n) {
		struct perf_event_header h;
		size_t size;

		memcpy(&h, p + at, sizeof(h));
		size = h.size;
		if (h.type == PD_HEADER_TRACING_DATA && at + 16 <= n) {
			uint32_t extra;

			memcpy(&extra, p + at + 8, 4);
			size += extra;
		}
		if (size < sizeof(h) || at + size > n)
			break;
		at += size;
	}
	return at;
}

/*
 * Seekable layout, a write of whole records stopped after done bytes (a full disk): the
 * records that made it, but for the room of an index record written over the last of
 * them, are named by a new header; the file is cut after that index. If that fails, the
 * file is cut back to what the header named already.
 */
static void keep_seekable(struct pdwriter *w, const void *data, size_t done)
{
	uint64_t base = w->flushed, committed = w->seek ? pdseek__committed(w->seek) : 0;
	struct dbuf b = {};
	size_t keep = 0;

	if (w->seek) {
		pdseek__round_index(w->seek, PD_HEADER_EVENT_TYPE, &b);
		if (!b.err && done >= b.len)
			keep = whole_records(data, done - b.len);
	}
	/* the index goes over bytes the file has already: no new space needed */
	if (keep && pwrite(w->fd, b.p, b.len, base + keep) == (ssize_t)b.len &&
	    ftruncate(w->fd, base + keep + b.len) == 0 &&
	    !pdseek__commit(w->seek, w->fd, base + keep, base + keep + b.len)) {
		w->flushed = base + keep + b.len;
	} else {
		if (ftruncate(w->fd, committed) < 0)
			pr_debug("perf.data truncate: %s", strerror(errno));
		w->flushed = committed;
	}
	dbuf__free(&b);
}

/*
 * A write of len bytes at data (whole records) failed with err after done bytes (a full
 * disk): the file is cut back to the last whole record that made it, so it still reads.
 */
static int emit_failed(struct pdwriter *w, const void *data, size_t len, size_t done, int err)
{
	size_t keep = whole_records(data, done);

	w->err = err;
	pr_debug("perf.data write: %s; keeping %zu of %zu bytes", strerror(-err), keep, len);
	if (w->seekable) {
		keep_seekable(w, data, done);
		return err;
	}
	if (w->own_fd && !w->pipe && ftruncate(w->fd, w->flushed + keep) < 0)
		pr_debug("perf.data truncate: %s", strerror(errno));
	w->flushed += keep;
	return err;
}

/* Hand len bytes (whole records) to the file. */
int wbuf__emit(struct pdwriter *w, const void *data, size_t len)
{
	size_t done;
	int err;

	if (w->err)
		return w->err;
	err = pipeout__write_all(w->fd, w->stop_fd, data, len, &done);
	if (err)
		return emit_failed(w, data, len, done, err);
	w->flushed += len;
	return 0;
}

int wbuf__flush(struct pdwriter *w)
{
	int err;

	if (!w->len)
		return w->err;
	err = wbuf__emit(w, w->buf, w->len);
	w->len = 0;
	return err;
}

/*
 * Seekable layout: the buffered records, then a record of type holding the feature
 * index, go to the file; then the header names them (seekable.h). The buffer has room
 * for the index record past PD_BUF_SIZE.
 */
static int commit_flush(struct pdwriter *w, uint32_t type)
{
	uint64_t at = w->flushed + w->len;
	struct dbuf b = {};
	int err;

	pdseek__round_index(w->seek, type, &b);
	if (b.err || b.len > PD_INDEX_MAX) {
		dbuf__free(&b);
		return w->err = b.err ?: -E2BIG;
	}
	memcpy(w->buf + w->len, b.p, b.len);
	w->len += b.len;
	w->bytes += b.len;
	dbuf__free(&b);
	err = wbuf__flush(w);
	if (!err)
		err = w->err = pdseek__commit(w->seek, w->fd, at, w->flushed);
	return err;
}

/* The buffer is full (within a round): out it goes, the seekable layout's index after it. */
static int flush_full(struct pdwriter *w)
{
	return w->seek ? commit_flush(w, PD_HEADER_EVENT_TYPE) : wbuf__flush(w);
}

int pdwriter__write(struct pdwriter *w, const void *data, size_t len)
{
	int err;

	if (w->err)
		return w->err;
	if (w->track && len >= sizeof(struct perf_event_header) &&
	    ((const struct perf_event_header *)data)->size == len)
		wtrack__record(w->track, data);
	w->bytes += len;
	if (w->len + len <= PD_BUF_SIZE) {
		memcpy(w->buf + w->len, data, len);
		w->len += len;
		return 0;
	}
	err = flush_full(w);
	if (err)
		return err;
	if (len >= PD_BUF_SIZE)
		return wbuf__emit(w, data, len);
	memcpy(w->buf, data, len);
	w->len = len;
	return 0;
}

/* The span joins the buffer. */
static void buffer_span(struct pdwriter *w, const struct iovec *iov, int n, size_t len)
{
	for (int i = 0; i < n; i++) {
		memcpy(w->buf + w->len, iov[i].iov_base, iov[i].iov_len);
		w->len += iov[i].iov_len;
	}
	w->bytes += len;
}

/*
 * The buffer, then the span from where it lies (a ring's pages), in one writev: a large
 * span is not copied twice. A failed write is judged on the bytes joined in the buffer
 * (there is room: the caller made it), as if they had been written from there.
 */
static int emit_span(struct pdwriter *w, const struct iovec *iov, int n, size_t len)
{
	struct iovec v[PIPEOUT_IOV_MAX];
	size_t done;
	int err;

	v[0] = (struct iovec){ w->buf, w->len };
	memcpy(v + 1, iov, n * sizeof(*iov));
	err = pipeout__writev_all(w->fd, w->stop_fd, v, n + 1, &done);
	if (err) {
		buffer_span(w, iov, n, len);
		err = emit_failed(w, w->buf, w->len, done, err);
		w->len = 0;
		return err;
	}
	w->flushed += w->len + len;
	w->bytes += len;
	w->len = 0;
	return 0;
}

int pdwriter__write_span(struct pdwriter *w, const struct iovec *iov, int n)
{
	size_t len = 0;
	int err;

	for (int i = 0; i < n; i++)
		len += iov[i].iov_len;
	if (w->err)
		return w->err;
	if (len > PDWRITER_SPAN_MAX || n >= PIPEOUT_IOV_MAX)
		return -E2BIG;
	/* the buffer ends on a record's end: the index a flush appends never splits one */
	err = w->len + len > PD_BUF_SIZE ? flush_full(w) : 0;
	if (err)
		return err;
	if (len >= PD_SPAN_DIRECT)
		return emit_span(w, iov, n, len);
	buffer_span(w, iov, n, len);
	return 0;
}

/* A record's header: -E2BIG past 64 KiB or not 8-aligned. */
static int make_header(struct perf_event_header *h, uint32_t type, uint16_t misc, size_t size)
{
	if (size > PD_MAX_RECORD || size % 8)
		return -E2BIG;
	*h = (struct perf_event_header){ .type = type, .misc = misc, .size = size };
	return 0;
}

int wbuf__put_header(struct pdwriter *w, uint32_t type, uint16_t misc, size_t size)
{
	struct perf_event_header h;
	int err = make_header(&h, type, misc, size);

	return err ?: pdwriter__write(w, &h, sizeof(h));
}

int pdwriter__finish_round(struct pdwriter *w)
{
	int err;

	if (w->err)
		return w->err;
	if (w->seek) /* the round's end carries the index (seekable.h) */
		return commit_flush(w, PD_FINISHED_ROUND);
	err = wbuf__put_header(w, PD_FINISHED_ROUND, 0, sizeof(struct perf_event_header));
	return err ? err : wbuf__flush(w);
}

uint64_t pdwriter__bytes(const struct pdwriter *w)
{
	return w ? w->bytes : 0;
}

/*
 * Write a record whose body (header excluded) was built in b: whole, as one span, so that
 * a flush of the buffer (and the seekable layout's index after it) never comes between
 * its header and its body.
 */
int wbuf__put_record(struct pdwriter *w, uint32_t type, uint16_t misc, struct dbuf *b)
{
	struct perf_event_header h;
	int err = b->err ?: make_header(&h, type, misc, sizeof(h) + b->len);

	if (!err)
		err = pdwriter__write_span(
			w, (const struct iovec[]){ { &h, sizeof(h) }, { b->p, b->len } }, 2);
	free(b->p);
	memset(b, 0, sizeof(*b));
	return err;
}
