// SPDX-License-Identifier: GPL-2.0
/*
 * The seekable layout, header and index (see seekable.h for why it stays readable).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/log.h"
#include "perfdata/format.h"
#include "perfdata/seekable.h"

#define PD_ATTR_SIZE 128
#define PD_ATTR_ENTRY (PD_ATTR_SIZE + 16)

struct pdseek {
	uint64_t attr_off, nr_attrs, data_off;
	uint64_t bits[PD_FEAT_BITS / 64]; /* early features, and bit 0 while recording */
	struct {
		uint64_t off, size;
	} sec[PD_FEAT_BITS]; /* where each feature's payload is */
	uint64_t committed;
};

int pdfeat_list__add(struct pdfeat_list *l, int feat, struct dbuf *data)
{
	struct pdfeat *v;

	if (data->err)
		return data->err;
	v = realloc(l->v, (l->n + 1) * sizeof(*v));
	if (!v)
		return -ENOMEM;
	l->v = v;
	v[l->n].feat = feat;
	v[l->n].data = *data;
	memset(data, 0, sizeof(*data));
	l->n++;
	return 0;
}

void pdfeat_list__free(struct pdfeat_list *l)
{
	for (size_t i = 0; i < l->n; i++)
		dbuf__free(&l->v[i].data);
	free(l->v);
	memset(l, 0, sizeof(*l));
}

struct pdseek *pdseek__new(void)
{
	return calloc(1, sizeof(struct pdseek));
}

void pdseek__free(struct pdseek *s)
{
	free(s);
}

static bool has(const uint64_t *bits, int f)
{
	return bits[f / 64] >> (f % 64) & 1;
}

static int place(struct pdseek *s, const struct pdfeat_list *l, uint64_t at, struct dbuf *b)
{
	for (size_t i = 0; i < l->n; i++) {
		int f = l->v[i].feat;

		if (f <= 0 || f >= PD_FEAT_BITS || has(s->bits, f))
			return -EINVAL;
		s->bits[f / 64] |= 1ULL << (f % 64);
		s->sec[f].off = at + b->len;
		s->sec[f].size = l->v[i].data.len;
		dbuf__put(b, l->v[i].data.p, l->v[i].data.len);
	}
	return b->err;
}

int pdseek__preamble(struct pdseek *s, const struct pdwriter_event *evs, size_t nr,
		     const struct pdfeat_list *early, struct dbuf *b)
{
	uint64_t ids_at = PD_FILE_HDR;
	int err;

	dbuf__zero(b, PD_FILE_HDR);
	for (size_t i = 0; i < nr; i++)
		dbuf__put(b, evs[i].ids, evs[i].nr_ids * sizeof(uint64_t));
	s->attr_off = b->len;
	s->nr_attrs = nr;
	for (size_t i = 0; i < nr; i++) {
		struct perf_event_attr a = {};
		const struct perf_event_attr *src = &evs[i].desc->attr;
		size_t n = src->size && src->size < PD_ATTR_SIZE ? src->size : PD_ATTR_SIZE;

		memcpy(&a, src, n < sizeof(a) ? n : sizeof(a));
		a.size = PD_ATTR_SIZE;
		dbuf__put(b, &a, sizeof(a) < PD_ATTR_SIZE ? sizeof(a) : PD_ATTR_SIZE);
		dbuf__zero(b, PD_ATTR_SIZE - (sizeof(a) < PD_ATTR_SIZE ? sizeof(a) : PD_ATTR_SIZE));
		dbuf__u64(b, ids_at);
		dbuf__u64(b, evs[i].nr_ids * sizeof(uint64_t));
		ids_at += evs[i].nr_ids * sizeof(uint64_t);
	}
	memset(s->bits, 0, sizeof(s->bits));
	err = place(s, early, 0, b);
	dbuf__pad8(b);
	s->data_off = b->len;
	s->bits[0] |= 1; /* the round index's record header */
	return err ?: b->err;
}

static void put_index(const struct pdseek *s, struct dbuf *b)
{
	for (int f = 1; f < PD_FEAT_BITS; f++) {
		if (!has(s->bits, f))
			continue;
		dbuf__u64(b, s->sec[f].off);
		dbuf__u64(b, s->sec[f].size);
	}
}

void pdseek__round_index(const struct pdseek *s, uint32_t type, struct dbuf *b)
{
	size_t n = 1;
	struct perf_event_header h = { .type = type };

	for (int f = 1; f < PD_FEAT_BITS; f++)
		n += has(s->bits, f);
	h.size = 16 * n;
	dbuf__put(b, &h, sizeof(h));
	dbuf__u64(b, 0);
	put_index(s, b);
}

static int write_header(struct pdseek *s, int fd, uint64_t data_end, uint64_t file_end)
{
	uint64_t h[PD_FILE_HDR / 8] = { PD_MAGIC,
					PD_FILE_HDR,
					PD_ATTR_ENTRY,
					s->attr_off,
					s->nr_attrs * PD_ATTR_ENTRY,
					s->data_off,
					data_end - s->data_off };
	ssize_t n;

	memcpy(h + PD_FEAT_BITMAP / 8, s->bits, sizeof(s->bits));
	n = pwrite(fd, h, sizeof(h), 0);
	if (n != sizeof(h))
		return n < 0 ? -errno : -EIO;
	s->committed = file_end;
	return 0;
}

int pdseek__commit(struct pdseek *s, int fd, uint64_t data_end, uint64_t file_end)
{
	return write_header(s, fd, data_end, file_end);
}

uint64_t pdseek__committed(const struct pdseek *s)
{
	return s->committed;
}

int pdseek__trailer(struct pdseek *s, uint64_t data_end, const struct pdfeat_list *late,
		    struct dbuf *b)
{
	uint64_t at;
	size_t n = 0;
	int err;

	s->bits[0] &= ~1ULL;
	/* the late features' bits first: the index size depends on them */
	for (size_t i = 0; i < late->n; i++) {
		int f = late->v[i].feat;

		if (f <= 0 || f >= PD_FEAT_BITS || has(s->bits, f))
			return -EINVAL;
		s->bits[f / 64] |= 1ULL << (f % 64);
	}
	for (int f = 1; f < PD_FEAT_BITS; f++)
		n += has(s->bits, f);
	at = data_end + 16 * n;
	for (size_t i = 0; i < late->n; i++) {
		s->sec[late->v[i].feat].off = at;
		s->sec[late->v[i].feat].size = late->v[i].data.len;
		at += late->v[i].data.len;
	}
	put_index(s, b);
	for (size_t i = 0; i < late->n; i++)
		dbuf__put(b, late->v[i].data.p, late->v[i].data.len);
	err = b->err;
	return err;
}

int pdseek__commit_final(struct pdseek *s, int fd, uint64_t data_end, uint64_t file_end)
{
	/* a power loss must not find this header on disk before the index it names */
	if (fdatasync(fd) < 0 && errno != EINVAL)
		return -errno;
	return write_header(s, fd, data_end, file_end);
}
