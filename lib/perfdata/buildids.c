// SPDX-License-Identifier: GPL-2.0
/*
 * HEADER_BUILD_ID: its entry of the feature index (perfdata/header.h) points at
 * records {perf_event_header, pid, 24 id bytes, NUL-terminated file name}; with
 * PERF_RECORD_MISC_BUILD_ID_SIZE the id's size is the byte after its first 20.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/perf_event.h>

#include "perfdata/buildids.h"
#include "perfdata/format.h"
#include "perfdata/header.h"

#define MISC_BUILD_ID_SIZE (1 << 15)
#define SECTION_MAX (64u << 20)

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
	return *size > SECTION_MAX ? -EINVAL : 0;
}

static int parse(const unsigned char *buf, size_t len, struct pdbuildid **ids, size_t *nr)
{
	size_t pos = 0, cap = 0;

	while (pos + sizeof(struct perf_event_header) + 28 <= len) {
		struct perf_event_header h;
		struct pdbuildid *b;
		const unsigned char *p = buf + pos;
		const char *name = (const char *)p + 36;
		size_t name_max;

		memcpy(&h, p, sizeof(h));
		if (h.size < 37 || h.size > len - pos)
			return -EINVAL;
		name_max = h.size - 36;
		if (!memchr(name, '\0', name_max))
			return -EINVAL;
		if (*nr == cap) {
			size_t c = cap ? cap * 2 : 32;
			struct pdbuildid *n = realloc(*ids, c * sizeof(*n));

			if (!n)
				return -ENOMEM;
			*ids = n;
			cap = c;
		}
		b = &(*ids)[*nr];
		memset(b, 0, sizeof(*b));
		memcpy(&b->pid, p + 8, 4);
		b->cpumode = h.misc & PERF_RECORD_MISC_CPUMODE_MASK;
		b->size = (h.misc & MISC_BUILD_ID_SIZE) ? p[12 + 20] : PDBUILDID_MAX;
		if (b->size > PDBUILDID_MAX)
			b->size = PDBUILDID_MAX;
		memcpy(b->id, p + 12, b->size);
		b->path = strdup(name);
		if (!b->path)
			return -ENOMEM;
		(*nr)++;
		pos += h.size;
	}
	return 0;
}

int pdbuildids__read(const char *file, struct pdbuildid **ids, size_t *nr)
{
	uint64_t off, size;
	unsigned char *buf;
	int fd, err;

	*ids = NULL;
	*nr = 0;
	fd = open(file, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	err = find_section(fd, PD_FEAT_BUILD_ID, &off, &size);
	if (err) {
		close(fd);
		return err == -ENOENT ? 0 : err;
	}
	buf = malloc(size ? size : 1);
	err = buf ? read_at(fd, buf, size, off) : -ENOMEM;
	close(fd);
	if (!err)
		err = parse(buf, size, ids, nr);
	free(buf);
	if (err) {
		pdbuildids__free(*ids, *nr);
		*ids = NULL;
		*nr = 0;
	}
	return err;
}

void pdbuildids__free(struct pdbuildid *ids, size_t nr)
{
	for (size_t i = 0; ids && i < nr; i++)
		free(ids[i].path);
	free(ids);
}
