// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: the address spaces mapping records build (resolve/symbols.h, its
 * maps in resolve/umaps.h, the files in resolve/dso.h), from arbitrary steps of 32 bytes:
 *
 *	u8 op, u8 pid, u8 file, u8 0, u32 len, u64 start, u64 pgoff, u64 ip
 *
 * op % 5: an MMAP2 of [start, +len) of one of 4 files, a FORK of pid from pid + 1, an
 * exec's COMM, a build id for a file, a lookup of ip. Any outcome but a crash, a leak or
 * a symbol without its file is fine.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <linux/perf_event.h>

#include "record/record.h"
#include "resolve/symbols.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

struct step {
	uint8_t op, pid, file, pad;
	uint32_t len;
	uint64_t start, pgoff, ip;
};

static const char *const files[] = { "/nonexistent/a.so", "/nonexistent/b.so", "//anon", "[heap]" };

static void apply(struct symbols *sy, const struct step *s)
{
	struct record r = { .decoded = true };
	struct sym_info info;

	switch (s->op % 5) {
	case 0:
		r.type = PERF_RECORD_MMAP2;
		r.mmap.pid = r.mmap.tid = s->pid;
		r.mmap.start = s->start;
		r.mmap.len = s->len;
		r.mmap.pgoff = s->pgoff;
		r.mmap.filename = files[s->file % 4];
		r.mmap.cpumode = PERF_RECORD_MISC_USER;
		break;
	case 1:
		r.type = PERF_RECORD_FORK;
		r.task.pid = r.task.tid = s->pid;
		r.task.ppid = r.task.ptid = s->pid + 1U;
		break;
	case 2:
		r.type = PERF_RECORD_COMM;
		r.comm.pid = r.comm.tid = s->pid;
		r.comm.exec = true;
		r.comm.comm = "fuzz";
		break;
	case 3:
		symbols__add_build_id(sy, files[s->file % 4], (const unsigned char *)&s->start,
				      1 + s->len % 8);
		return;
	default:
		symbols__resolve(sy, s->pid, PERF_RECORD_MISC_USER, s->ip, &info);
		if (info.name && !info.dso)
			abort(); /* a symbol outside any file */
		return;
	}
	symbols__record(sy, &r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct symbols *sy = symbols__new();
	struct step s;

	if (!sy)
		abort();
	for (size_t off = 0; off + sizeof(s) <= size; off += sizeof(s)) {
		memcpy(&s, data + off, sizeof(s));
		apply(sy, &s);
	}
	symbols__free(sy);
	return 0;
}
