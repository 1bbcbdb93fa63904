// SPDX-License-Identifier: GPL-2.0
/*
 * HEADER_BUILD_ID: its entry of the feature index (perfdata/header.h) points at
 * records {perf_event_header, pid, 24 id bytes, NUL-terminated file name}; with
 * PERF_RECORD_MISC_BUILD_ID_SIZE the id's size is the byte after its first 20.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/perf_event.h>

#include "perfdata/buildids.h"
#include "perfdata/format.h"
#include "perfdata/header.h"

#define MISC_BUILD_ID_SIZE (1 << 15)
#define WINDOW (128u << 10)

static int read_at(int fd, void *buf, size_t len, uint64_t off)
{
	ssize_t n = pread(fd, buf, len, (off_t)off);

	return n == (ssize_t)len ? 0 : -EINVAL;
}

/* Where the section of feature feat is: 0, -ENOENT when the file has none. */
static int find_section(int fd, int feat, uint64_t *off, uint64_t *size)
{
	unsigned char hdr[PD_FILE_HDR];
	ssize_t n = pread(fd, hdr, sizeof(hdr), 0);
	struct pdheader h;
	uint64_t idx[2], entry;
	int err;

	/* a pipe's header, another byte order, no feature bitmap: no section */
	if (n < 0 || pdheader__parse(hdr, n, &h, NULL, 0) || h.pipe)
		return -ENOENT;
	err = pdheader__feature_entry(&h, feat, &entry);
	if (err)
		return err == -ENOENT ? err : -EINVAL;
	if (read_at(fd, idx, sizeof(idx), entry))
		return -EINVAL;
	*off = idx[0];
	*size = idx[1];
	return 0;
}

/* One entry at p (len bytes left): its size, 0 when there is no whole one, -EINVAL. */
static int parse_one(const unsigned char *p, size_t len, struct pdbuildid *b)
{
	struct perf_event_header h;
	const char *name = (const char *)p + 36;

	if (len < sizeof(h))
		return 0;
	memcpy(&h, p, sizeof(h));
	if (h.size < 37)
		return -EINVAL;
	if (h.size > len)
		return 0;
	if (!memchr(name, '\0', h.size - 36))
		return -EINVAL;
	memset(b, 0, sizeof(*b));
	memcpy(&b->pid, p + 8, 4);
	b->cpumode = h.misc & PERF_RECORD_MISC_CPUMODE_MASK;
	b->size = (h.misc & MISC_BUILD_ID_SIZE) ? p[12 + 20] : PDBUILDID_MAX;
	if (b->size > PDBUILDID_MAX)
		b->size = PDBUILDID_MAX;
	memcpy(b->id, p + 12, b->size);
	b->path = name;
	return h.size;
}

/*
 * The section through a window as large as the largest entry (its size is 16 bits): what
 * is left of one read moves to the front, the next read fills the rest.
 */
static int walk(int fd, uint64_t off, uint64_t size,
		int (*fn)(const struct pdbuildid *b, void *ctx), void *ctx)
{
	unsigned char *win = malloc(WINDOW);
	size_t have = 0;
	bool cut = false; /* the file ends inside the section */
	int err = win ? 0 : -ENOMEM;

	while (!err && (size || have)) {
		size_t want = WINDOW - have < size ? WINDOW - have : size, pos = 0;
		ssize_t got = want ? pread(fd, win + have, want, (off_t)off) : 0;
		struct pdbuildid b;
		int n;

		if (got < (ssize_t)want) {
			cut = true;
			size = want = got > 0 ? (size_t)got : 0;
		}
		off += want;
		size -= want;
		have += want;
		while (!err && (n = parse_one(win + pos, have - pos, &b)) > 0) {
			pos += n;
			err = fn(&b, ctx);
		}
		if (!err && n < 0)
			err = n;
		else if (!err && !pos && !size)
			err = -EINVAL; /* a part of an entry at the end */
		memmove(win, win + pos, have - pos);
		have -= pos;
	}
	free(win);
	return err ?: cut ? -EINVAL : 0;
}

int pdbuildids__each(const char *file, int (*fn)(const struct pdbuildid *b, void *ctx), void *ctx)
{
	uint64_t off, size;
	int fd, err;

	fd = open(file, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	err = find_section(fd, PD_FEAT_BUILD_ID, &off, &size);
	if (err == -ENOENT)
		err = 0;
	else if (!err)
		err = walk(fd, off, size, fn, ctx);
	close(fd);
	return err;
}
