// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run/buildid.h"
#include "run/synthtask.h"

#define HDR sizeof(struct perf_event_header)
#define TRAILER_MAX (6 * 8)
/* pid tid start len pgoff, 24 bytes of device/inode or build id, prot flags, then the name */
#define MMAP2_FIXED (8 + 3 * 8 + 24 + 8)
#define RECBUF_SIZE (HDR + MMAP2_FIXED + PROCMAP_PATH_MAX + 8 + TRAILER_MAX)

struct synthtask {
	struct record_layout layout;
	uint64_t id;
	bool fork;
	synth_emit_fn emit;
	void *ctx;
	struct buildid_cache *bids;
	uint64_t *buf; /* RECBUF_SIZE bytes, one record at a time */
};

struct synthtask *synthtask__new(const struct record_layout *layout, uint64_t id, bool fork,
				 synth_emit_fn emit, void *ctx)
{
	struct synthtask *st = calloc(1, sizeof(*st));

	if (!st)
		return NULL;
	st->layout = *layout;
	st->id = id;
	st->fork = fork;
	st->emit = emit;
	st->ctx = ctx;
	st->bids = buildid_cache__new();
	st->buf = malloc(RECBUF_SIZE);
	if (!st->bids || !st->buf) {
		synthtask__free(st);
		errno = ENOMEM;
		return NULL;
	}
	return st;
}

void synthtask__free(struct synthtask *st)
{
	if (!st)
		return;
	buildid_cache__free(st->bids);
	free(st->buf);
	free(st);
}

static size_t trailer_room(const struct record_layout *l)
{
	uint64_t tmp[6];

	return record__encode_trailer(tmp, l, 0, 0, 0);
}

size_t synthtask__encode_mmap2(void *buf, size_t size, const struct record_layout *layout,
			       uint64_t id, uint32_t pid, uint32_t tid, const struct procmap *m,
			       const uint8_t *bid, size_t bid_len)
{
	size_t name = strnlen(m->path, PROCMAP_PATH_MAX - 1);
	size_t body = MMAP2_FIXED + ((name + 8) & ~(size_t)7);
	size_t total = HDR + body + trailer_room(layout);
	struct perf_event_header *h = buf;
	uint64_t len = m->end - m->start;
	unsigned char *p = buf, *q;

	if (total > size || total > UINT16_MAX || bid_len > BUILDID_MAX)
		return 0;
	memset(buf, 0, HDR + body);
	h->type = PERF_RECORD_MMAP2;
	h->misc = PERF_RECORD_MISC_USER;
	h->size = (uint16_t)total;
	q = p + HDR;
	memcpy(q, &pid, 4);
	memcpy(q + 4, &tid, 4);
	memcpy(q + 8, &m->start, 8);
	memcpy(q + 16, &len, 8);
	memcpy(q + 24, &m->pgoff, 8);
	q += 32;
	if (bid_len) {
		h->misc |= PERF_RECORD_MISC_MMAP_BUILD_ID;
		q[0] = (uint8_t)bid_len;
		memcpy(q + 4, bid, bid_len);
	} else {
		uint64_t zero = 0;

		memcpy(q, &m->maj, 4);
		memcpy(q + 4, &m->min, 4);
		memcpy(q + 8, &m->ino, 8);
		memcpy(q + 16, &zero, 8); /* ino_generation: /proc does not tell */
	}
	q += 24;
	memcpy(q, &m->prot, 4);
	memcpy(q + 4, &m->flags, 4);
	memcpy(q + 8, m->path, name);
	record__encode_trailer((uint64_t *)(p + HDR + body), layout, id, pid, tid);
	return total;
}

size_t synthtask__encode_fork(void *buf, size_t size, const struct record_layout *layout,
			      uint64_t id, uint32_t pid, uint32_t ppid, uint32_t tid, uint32_t ptid)
{
	size_t total = HDR + 24 + trailer_room(layout);
	struct perf_event_header *h = buf;
	uint32_t *w = (uint32_t *)((unsigned char *)buf + HDR);
	uint64_t zero = 0;

	if (total > size)
		return 0;
	h->type = PERF_RECORD_FORK;
	h->misc = 0;
	h->size = (uint16_t)total;
	w[0] = pid;
	w[1] = ppid;
	w[2] = tid;
	w[3] = ptid;
	memcpy(w + 4, &zero, 8); /* time */
	record__encode_trailer((uint64_t *)(w + 6), layout, id, pid, tid);
	return total;
}

struct mmap_walk {
	struct synthtask *st;
	uint32_t pid;
};

static int one_mmap(void *ctx, const struct procmap *m)
{
	struct mmap_walk *mw = ctx;
	struct synthtask *st = mw->st;
	uint8_t bid[BUILDID_MAX];
	int bid_len = 0;
	size_t n;

	if (m->path[0] == '/' && m->ino) {
		char path[PROCMAP_PATH_MAX + 32];

		/* through the task's root: the path is as the task sees it */
		snprintf(path, sizeof(path), "/proc/%u/root%s", mw->pid, m->path);
		bid_len = buildid_cache__get(st->bids, path, m->maj, m->min, m->ino, bid,
					     sizeof(bid));
	}
	n = synthtask__encode_mmap2(st->buf, RECBUF_SIZE, &st->layout, st->id, mw->pid, mw->pid, m,
				    bid, bid_len > 0 ? (size_t)bid_len : 0);
	return n ? st->emit(st->ctx, (const void *)st->buf) : 0;
}

int synthtask__mmaps(struct synthtask *st, uint32_t pid)
{
	struct mmap_walk mw = { st, pid };

	return procmaps__for_each_exec((int)pid, one_mmap, &mw);
}

/* PPid: of /proc/PID/status, 0 when the task is gone. */
static uint32_t parent_of(uint32_t pid)
{
	char path[64], line[256];
	unsigned int ppid = 0;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%u/status", pid);
	f = fopen(path, "re");
	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "PPid: %u", &ppid) == 1)
			break;
	fclose(f);
	return ppid;
}

int synthtask__thread(struct synthtask *st, uint32_t pid, uint32_t tid, const char *comm)
{
	/* the main thread's parent is its parent process; a thread's, its main thread */
	uint32_t ppid = pid == tid ? parent_of(pid) : pid;
	size_t n = 0;
	int err = 0;

	/* FORK first: a reader gives a forked task its parent's name until its COMM comes */
	if (st->fork)
		n = synthtask__encode_fork(st->buf, RECBUF_SIZE, &st->layout, st->id, pid, ppid,
					   tid, ppid);
	if (n)
		err = st->emit(st->ctx, (const void *)st->buf);
	n = err ? 0 :
		  record__encode_comm(st->buf, RECBUF_SIZE, &st->layout, st->id, pid, tid, comm);
	if (n)
		err = st->emit(st->ctx, (const void *)st->buf);
	if (err || pid != tid)
		return err;
	return synthtask__mmaps(st, pid);
}
