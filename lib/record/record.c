// SPDX-License-Identifier: GPL-2.0
/*
 * Kernel record bodies, decoded once. Fixed fields are copied out with memcpy (records in
 * a file may sit at any alignment); strings are checked for their NUL before the
 * sample_id trailer starts.
 */
#include <errno.h>
#include <string.h>

#include "record/record.h"

/* Fields of the sample_id trailer, each one u64. */
#define TRAILER_BITS                                                                   \
	(PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_ID | PERF_SAMPLE_STREAM_ID | \
	 PERF_SAMPLE_CPU | PERF_SAMPLE_IDENTIFIER)

#define HDR sizeof(struct perf_event_header)

static size_t trailer_size(const struct record_layout *l)
{
	return l->sample_id_all ? 8u * __builtin_popcountll(l->sample_type & TRAILER_BITS) : 0;
}

/* u64 index of the id in a SAMPLE body, -1 when samples carry none. */
static int sample_id_index(uint64_t st)
{
	if (st & PERF_SAMPLE_IDENTIFIER)
		return 0;
	if (!(st & PERF_SAMPLE_ID))
		return -1;
	return __builtin_popcountll(
		st & (PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_ADDR));
}

/* u64 index of the id counted back from a trailer's end (1: the last u64), -1: none. */
static int trailer_id_index(uint64_t st)
{
	if (st & PERF_SAMPLE_IDENTIFIER)
		return 1;
	if (!(st & PERF_SAMPLE_ID))
		return -1;
	return 1 + __builtin_popcountll(st & (PERF_SAMPLE_CPU | PERF_SAMPLE_STREAM_ID));
}

bool record__same_id_pos(const struct record_layout *a, const struct record_layout *b)
{
	return sample_id_index(a->sample_type) >= 0 &&
	       sample_id_index(a->sample_type) == sample_id_index(b->sample_type) &&
	       trailer_id_index(a->sample_type) == trailer_id_index(b->sample_type);
}

static uint64_t get64(const void *rec, size_t off)
{
	uint64_t v;

	memcpy(&v, (const char *)rec + off, 8);
	return v;
}

static uint32_t get32(const void *rec, size_t off)
{
	uint32_t v;

	memcpy(&v, (const char *)rec + off, 4);
	return v;
}

int record__id(const struct perf_event_header *hdr, size_t size, const struct record_layout *layout,
	       uint64_t *id)
{
	uint64_t st = layout->sample_type;
	int n;

	if (size < HDR)
		return -EINVAL;
	if (hdr->type == PERF_RECORD_SAMPLE) {
		n = sample_id_index(st);
		if (n < 0)
			return -ENOENT;
		if (HDR + 8ULL * (n + 1) > size)
			return -EINVAL;
		*id = get64(hdr, HDR + 8 * n);
		return 0;
	}
	n = trailer_id_index(st);
	if (!layout->sample_id_all || n < 0)
		return -ENOENT;
	if (HDR + 8ULL * n > size)
		return -EINVAL;
	*id = get64(hdr, size - 8 * n);
	return 0;
}

uint64_t record__time(const struct perf_event_header *hdr, size_t size,
		      const struct record_layout *layout)
{
	uint64_t st = layout->sample_type, n;

	if (!(st & PERF_SAMPLE_TIME) || size < HDR)
		return 0;
	if (hdr->type == PERF_RECORD_SAMPLE) {
		n = __builtin_popcountll(
			st & (PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_IP | PERF_SAMPLE_TID));
		return HDR + 8 * (n + 1) <= size ? get64(hdr, HDR + 8 * n) : 0;
	}
	if (!layout->sample_id_all)
		return 0;
	/* from the end: IDENTIFIER, CPU, STREAM_ID, ID, then TIME */
	n = 1 + __builtin_popcountll(st & (PERF_SAMPLE_ID | PERF_SAMPLE_STREAM_ID |
					   PERF_SAMPLE_CPU | PERF_SAMPLE_IDENTIFIER));
	return HDR + 8 * (n + __builtin_popcountll(st & PERF_SAMPLE_TID)) <= size ?
		       get64(hdr, size - 8 * n) :
		       0;
}

/* A string at off, terminated before end; NULL when it runs into end. */
static const char *string_at(const struct perf_event_header *hdr, size_t off, size_t end)
{
	const char *p = (const char *)hdr + off;

	if (off >= end || !memchr(p, '\0', end - off))
		return NULL;
	return p;
}

static int decode_comm(struct record *r, size_t end)
{
	if (end < HDR + 9)
		return -EINVAL;
	r->comm.pid = get32(r->hdr, HDR);
	r->comm.tid = get32(r->hdr, HDR + 4);
	r->comm.exec = r->misc & PERF_RECORD_MISC_COMM_EXEC;
	r->comm.comm = string_at(r->hdr, HDR + 8, end);
	return r->comm.comm ? 0 : -EINVAL;
}

static int decode_task(struct record *r, size_t end)
{
	if (end < HDR + 24)
		return -EINVAL;
	r->task.pid = get32(r->hdr, HDR);
	r->task.ppid = get32(r->hdr, HDR + 4);
	r->task.tid = get32(r->hdr, HDR + 8);
	r->task.ptid = get32(r->hdr, HDR + 12);
	r->task.time = get64(r->hdr, HDR + 16);
	return 0;
}

/* MMAP: pid tid start len pgoff filename; MMAP2 puts 32 bytes before the filename. */
static int decode_mmap(struct record *r, size_t end)
{
	size_t name_off = HDR + 32 + (r->type == PERF_RECORD_MMAP2 ? 32 : 0);

	if (end < name_off + 1)
		return -EINVAL;
	r->mmap.pid = get32(r->hdr, HDR);
	r->mmap.tid = get32(r->hdr, HDR + 4);
	r->mmap.start = get64(r->hdr, HDR + 8);
	r->mmap.len = get64(r->hdr, HDR + 16);
	r->mmap.pgoff = get64(r->hdr, HDR + 24);
	r->mmap.cpumode = r->misc & PERF_RECORD_MISC_CPUMODE_MASK;
	if (r->type == PERF_RECORD_MMAP2) {
		const unsigned char *b = (const unsigned char *)r->hdr + HDR + 32;

		r->mmap.prot = get32(r->hdr, HDR + 56);
		r->mmap.flags = get32(r->hdr, HDR + 60);
		/* build id form: size u8, 3 reserved bytes, up to 20 bytes of id */
		if (!(r->misc & PERF_RECORD_MISC_MMAP_BUILD_ID)) {
			r->mmap.maj = get32(r->hdr, HDR + 32);
			r->mmap.min = get32(r->hdr, HDR + 36);
			r->mmap.ino = get64(r->hdr, HDR + 40);
			r->mmap.ino_generation = get64(r->hdr, HDR + 48);
		} else if (b[0] <= RECORD_BUILD_ID_MAX) {
			r->mmap.build_id_size = b[0];
			memcpy(r->mmap.build_id, b + 4, b[0]);
		}
	}
	r->mmap.filename = string_at(r->hdr, name_off, end);
	return r->mmap.filename ? 0 : -EINVAL;
}

/* KSYMBOL: addr u64, len u32, ksym_type u16, flags u16, name */
static int decode_ksymbol(struct record *r, size_t end)
{
	uint32_t tf;

	if (end < HDR + 17)
		return -EINVAL;
	r->ksymbol.addr = get64(r->hdr, HDR);
	r->ksymbol.len = get32(r->hdr, HDR + 8);
	tf = get32(r->hdr, HDR + 12);
	r->ksymbol.ksym_type = tf & 0xffff;
	r->ksymbol.flags = tf >> 16;
	r->ksymbol.name = string_at(r->hdr, HDR + 16, end);
	return r->ksymbol.name ? 0 : -EINVAL;
}

/* BPF_EVENT: type u16, flags u16, id u32, tag */
static int decode_bpf_event(struct record *r, size_t end)
{
	uint32_t tf;

	if (end < HDR + 8 + RECORD_BPF_TAG_SIZE)
		return -EINVAL;
	tf = get32(r->hdr, HDR);
	r->bpf_event.bpf_type = tf & 0xffff;
	r->bpf_event.flags = tf >> 16;
	r->bpf_event.id = get32(r->hdr, HDR + 4);
	memcpy(r->bpf_event.tag, (const char *)r->hdr + HDR + 8, RECORD_BPF_TAG_SIZE);
	return 0;
}

static int decode_body(struct record *r, size_t end)
{
	switch (r->type) {
	case PERF_RECORD_COMM:
		return decode_comm(r, end);
	case PERF_RECORD_FORK:
	case PERF_RECORD_EXIT:
		return decode_task(r, end);
	case PERF_RECORD_MMAP:
	case PERF_RECORD_MMAP2:
		return decode_mmap(r, end);
	case PERF_RECORD_KSYMBOL:
		return decode_ksymbol(r, end);
	case PERF_RECORD_BPF_EVENT:
		return decode_bpf_event(r, end);
	case PERF_RECORD_LOST:
		if (end < HDR + 16)
			return -EINVAL;
		r->lost.id = get64(r->hdr, HDR);
		r->lost.lost = get64(r->hdr, HDR + 8);
		return 0;
	case PERF_RECORD_LOST_SAMPLES:
		if (end < HDR + 8)
			return -EINVAL;
		r->lost_samples.lost = get64(r->hdr, HDR);
		return 0;
	default:
		return -ENOENT;
	}
}

int record__decode(const struct perf_event_header *hdr, size_t size,
		   const struct record_layout *layout, struct record *r)
{
	size_t end;
	int err;

	memset(r, 0, sizeof(*r));
	if (!hdr || size < HDR || size > UINT32_MAX)
		return -EINVAL;
	r->hdr = hdr;
	r->size = (uint32_t)size;
	r->type = hdr->type;
	r->misc = hdr->misc;
	if (r->type == PERF_RECORD_SAMPLE) {
		err = sample__parse(layout->sample_type, hdr, size, &r->s);
	} else {
		if (size < HDR + trailer_size(layout))
			return -EINVAL;
		end = size - trailer_size(layout);
		err = decode_body(r, end);
		if (!err && layout->sample_id_all)
			err = sample__parse_id(layout->sample_type, hdr, size, &r->s);
	}
	r->decoded = !err;
	return err;
}

size_t record__encode_trailer(uint64_t *w, const struct record_layout *l, uint64_t id, uint32_t pid,
			      uint32_t tid)
{
	uint64_t st = l->sample_type;
	size_t n = 0;

	if (!l->sample_id_all)
		return 0;
	if (st & PERF_SAMPLE_TID)
		w[n++] = (uint64_t)tid << 32 | pid;
	if (st & PERF_SAMPLE_TIME)
		w[n++] = 0;
	if (st & PERF_SAMPLE_ID)
		w[n++] = id;
	if (st & PERF_SAMPLE_STREAM_ID)
		w[n++] = id;
	if (st & PERF_SAMPLE_CPU)
		w[n++] = 0;
	if (st & PERF_SAMPLE_IDENTIFIER)
		w[n++] = id;
	return n * 8;
}

size_t record__encode_comm(void *buf, size_t size, const struct record_layout *layout, uint64_t id,
			   uint32_t pid, uint32_t tid, const char *comm)
{
	size_t len = strnlen(comm, 15), body = 8 + ((len + 8) & ~(size_t)7);
	size_t total = HDR + body + trailer_size(layout);
	struct perf_event_header *h = buf;
	char *p = buf;

	if (total > size || total > UINT16_MAX)
		return 0;
	memset(buf, 0, HDR + body);
	h->type = PERF_RECORD_COMM;
	h->size = total;
	memcpy(p + HDR, &pid, 4);
	memcpy(p + HDR + 4, &tid, 4);
	memcpy(p + HDR + 8, comm, len);
	record__encode_trailer((uint64_t *)(p + HDR + body), layout, id, pid, tid);
	return total;
}
