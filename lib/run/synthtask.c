// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "resolve/buildid.h"
#include "run/synthtask.h"

/* One record at a time: a record is at most 64 KiB */
#define RECBUF_SIZE (1U << 16)

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

size_t synthtask__encode_mmap2(void *buf, size_t size, const struct record_layout *layout,
			       uint64_t id, uint32_t pid, uint32_t tid, const struct procmap *m,
			       const uint8_t *bid, size_t bid_len)
{
	struct record r = { .type = PERF_RECORD_MMAP2,
			    .misc = PERF_RECORD_MISC_USER,
			    .mmap = { .pid = pid,
				      .tid = tid,
				      .start = m->start,
				      .len = m->end - m->start,
				      .pgoff = m->pgoff,
				      .prot = m->prot,
				      .flags = m->flags,
				      .filename = m->path },
			    .s = { .id = id, .pid = pid, .tid = tid } };

	if (bid_len > sizeof(r.mmap.build_id))
		return 0;
	if (bid_len) {
		r.misc |= PERF_RECORD_MISC_MMAP_BUILD_ID;
		r.mmap.build_id_size = bid_len;
		memcpy(r.mmap.build_id, bid, bid_len);
	} else {
		/* ino_generation stays 0: /proc does not tell */
		r.mmap.maj = m->maj;
		r.mmap.min = m->min;
		r.mmap.ino = m->ino;
	}
	return record__encode(buf, size, layout, &r);
}

size_t synthtask__encode_fork(void *buf, size_t size, const struct record_layout *layout,
			      uint64_t id, uint32_t pid, uint32_t ppid, uint32_t tid, uint32_t ptid)
{
	struct record r = { .type = PERF_RECORD_FORK,
			    .task = { .pid = pid, .ppid = ppid, .tid = tid, .ptid = ptid },
			    .s = { .id = id, .pid = pid, .tid = tid } };

	return record__encode(buf, size, layout, &r);
}

/* COMM: the kernel's name of the task. */
static size_t encode_comm(struct synthtask *st, uint32_t pid, uint32_t tid, const char *comm)
{
	struct record r = { .type = PERF_RECORD_COMM,
			    .comm = { .pid = pid, .tid = tid, .comm = comm },
			    .s = { .id = st->id, .pid = pid, .tid = tid } };

	return record__encode(st->buf, RECBUF_SIZE, &st->layout, &r);
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

int synthtask__comm(struct synthtask *st, uint32_t pid, uint32_t tid, const char *comm)
{
	size_t n = encode_comm(st, pid, tid, comm);

	return n ? st->emit(st->ctx, (const void *)st->buf) : 0;
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
	n = err ? 0 : encode_comm(st, pid, tid, comm);
	if (n)
		err = st->emit(st->ctx, (const void *)st->buf);
	if (err || pid != tid)
		return err;
	return synthtask__mmaps(st, pid);
}
