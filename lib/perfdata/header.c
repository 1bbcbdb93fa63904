// SPDX-License-Identifier: GPL-2.0
/*
 * The perf.data file header: magic, size, then (seekable files) the attr, data and
 * event-types sections as {offset, size} and the feature bitmap. Fields are copied out with
 * memcpy: the buffer may be the caller's, at any alignment.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "util/bytes.h"
#include "perfdata/header.h"

static int fail(int err, char *why, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static int fail(int err, char *why, size_t size, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	if (size)
		vsnprintf(why, size, fmt, ap);
	va_end(ap);
	return err;
}

/* The magic, and the header's size: the streaming format's, or a seekable file's. */
static int parse_magic(const void *buf, size_t len, struct pdheader *h, char *why, size_t size)
{
	uint64_t magic;

	if (len == 0)
		return fail(-EINVAL, why, size, "zero-sized data, nothing to do");
	if (len < PD_PIPE_HDR)
		return fail(-EINVAL, why, size, "the file is too short for a header");
	magic = bytes__u64(buf, 0);
	if (magic == PD_MAGIC_SWAP)
		return fail(-ENOTSUP, why, size, "files of the other byte order are not supported");
	if (magic == PD_MAGIC_V1)
		return fail(-ENOTSUP, why, size, "version 1 files are not supported");
	if (magic != PD_MAGIC)
		return fail(-EINVAL, why, size, "not a perf.data file (bad magic)");
	h->size = bytes__u64(buf, 8);
	h->pipe = h->size == PD_PIPE_HDR;
	return 0;
}

int pdheader__parse(const void *buf, size_t len, struct pdheader *h, char *why, size_t size)
{
	int err;

	memset(h, 0, sizeof(*h));
	err = parse_magic(buf, len, h, why, size);
	if (err || h->pipe)
		return err;
	if (h->size != PD_FILE_HDR && h->size != PD_FILE_HDR_OLD)
		return fail(-EINVAL, why, size, "unknown header size %llu",
			    (unsigned long long)h->size);
	if (len < h->size)
		return fail(-EINVAL, why, size, "the file is shorter than its header");
	h->attr_size = bytes__u64(buf, 16);
	h->attrs_off = bytes__u64(buf, 24);
	h->attrs_size = bytes__u64(buf, 32);
	h->data_off = bytes__u64(buf, 40);
	h->data_size = bytes__u64(buf, 48);
	if (h->size >= PD_FEAT_BITMAP + PD_FEAT_BITS / 8)
		memcpy(h->feat, (const char *)buf + PD_FEAT_BITMAP, sizeof(h->feat));
	return 0;
}

bool pdheader__has_feature(const struct pdheader *h, int feat)
{
	return feat >= 0 && feat < PD_FEAT_BITS && (h->feat[feat / 64] >> (feat % 64) & 1);
}

int pdheader__feature_entry(const struct pdheader *h, int feat, uint64_t *entry)
{
	uint64_t end = h->data_off + h->data_size;
	int before = 0;

	if (!pdheader__has_feature(h, feat))
		return -ENOENT;
	if (end < h->data_off)
		return -EOVERFLOW;
	for (int w = 0; w < feat / 64; w++)
		before += __builtin_popcountll(h->feat[w]);
	if (feat % 64)
		before += __builtin_popcountll(h->feat[feat / 64] << (64 - feat % 64));
	*entry = end + 16ULL * before;
	return *entry < end ? -EOVERFLOW : 0;
}
