// SPDX-License-Identifier: GPL-2.0
/*
 * Kernel record bodies, decoded once. Fixed fields are copied out with memcpy (records in
 * a file may sit at any alignment); strings are checked for their NUL before the
 * sample_id trailer starts.
 */
#include <errno.h>
#include <stddef.h>
#include <string.h>

#include "util/bytes.h"
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
		*id = bytes__u64(hdr, HDR + 8 * n);
		return 0;
	}
	n = trailer_id_index(st);
	if (!layout->sample_id_all || n < 0)
		return -ENOENT;
	if (HDR + 8ULL * n > size)
		return -EINVAL;
	*id = bytes__u64(hdr, size - 8 * n);
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
		return HDR + 8 * (n + 1) <= size ? bytes__u64(hdr, HDR + 8 * n) : 0;
	}
	if (!layout->sample_id_all)
		return 0;
	/* from the end: IDENTIFIER, CPU, STREAM_ID, ID, then TIME */
	n = 1 + __builtin_popcountll(st & (PERF_SAMPLE_ID | PERF_SAMPLE_STREAM_ID |
					   PERF_SAMPLE_CPU | PERF_SAMPLE_IDENTIFIER));
	return HDR + 8 * (n + __builtin_popcountll(st & PERF_SAMPLE_TID)) <= size ?
		       bytes__u64(hdr, size - 8 * n) :
		       0;
}

int record__sample_tid(const struct perf_event_header *hdr, size_t size,
		       const struct record_layout *layout, uint32_t *pid, uint32_t *tid)
{
	uint64_t st = layout->sample_type, n;

	if (hdr->type != PERF_RECORD_SAMPLE || !(st & PERF_SAMPLE_TID))
		return -ENOENT;
	n = __builtin_popcountll(st & (PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_IP));
	if (size < HDR + 8 * (n + 1))
		return -EINVAL;
	memcpy(pid, (const char *)hdr + HDR + 8 * n, 4);
	memcpy(tid, (const char *)hdr + HDR + 8 * n + 4, 4);
	return 0;
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
	r->comm.pid = bytes__u32(r->hdr, HDR);
	r->comm.tid = bytes__u32(r->hdr, HDR + 4);
	r->comm.exec = r->misc & PERF_RECORD_MISC_COMM_EXEC;
	r->comm.comm = string_at(r->hdr, HDR + 8, end);
	return r->comm.comm ? 0 : -EINVAL;
}

static int decode_task(struct record *r, size_t end)
{
	if (end < HDR + 24)
		return -EINVAL;
	r->task.pid = bytes__u32(r->hdr, HDR);
	r->task.ppid = bytes__u32(r->hdr, HDR + 4);
	r->task.tid = bytes__u32(r->hdr, HDR + 8);
	r->task.ptid = bytes__u32(r->hdr, HDR + 12);
	r->task.time = bytes__u64(r->hdr, HDR + 16);
	return 0;
}

/* MMAP: pid tid start len pgoff filename; MMAP2 puts 32 bytes before the filename. */
static int decode_mmap(struct record *r, size_t end)
{
	size_t name_off = HDR + 32 + (r->type == PERF_RECORD_MMAP2 ? 32 : 0);

	if (end < name_off + 1)
		return -EINVAL;
	r->mmap.pid = bytes__u32(r->hdr, HDR);
	r->mmap.tid = bytes__u32(r->hdr, HDR + 4);
	r->mmap.start = bytes__u64(r->hdr, HDR + 8);
	r->mmap.len = bytes__u64(r->hdr, HDR + 16);
	r->mmap.pgoff = bytes__u64(r->hdr, HDR + 24);
	r->mmap.cpumode = r->misc & PERF_RECORD_MISC_CPUMODE_MASK;
	if (r->type == PERF_RECORD_MMAP2) {
		const unsigned char *b = (const unsigned char *)r->hdr + HDR + 32;

		r->mmap.prot = bytes__u32(r->hdr, HDR + 56);
		r->mmap.flags = bytes__u32(r->hdr, HDR + 60);
		/* build id form: size u8, 3 reserved bytes, up to 20 bytes of id */
		if (!(r->misc & PERF_RECORD_MISC_MMAP_BUILD_ID)) {
			r->mmap.maj = bytes__u32(r->hdr, HDR + 32);
			r->mmap.min = bytes__u32(r->hdr, HDR + 36);
			r->mmap.ino = bytes__u64(r->hdr, HDR + 40);
			r->mmap.ino_generation = bytes__u64(r->hdr, HDR + 48);
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
	r->ksymbol.addr = bytes__u64(r->hdr, HDR);
	r->ksymbol.len = bytes__u32(r->hdr, HDR + 8);
	tf = bytes__u32(r->hdr, HDR + 12);
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
	tf = bytes__u32(r->hdr, HDR);
	r->bpf_event.bpf_type = tf & 0xffff;
	r->bpf_event.flags = tf >> 16;
	r->bpf_event.id = bytes__u32(r->hdr, HDR + 4);
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
		r->lost.id = bytes__u64(r->hdr, HDR);
		r->lost.lost = bytes__u64(r->hdr, HDR + 8);
		return 0;
	case PERF_RECORD_LOST_SAMPLES:
		if (end < HDR + 8)
			return -EINVAL;
		r->lost_samples.lost = bytes__u64(r->hdr, HDR);
		return 0;
	case PERF_RECORD_CGROUP:
		if (end < HDR + 9)
			return -EINVAL;
		r->cgroup.id = bytes__u64(r->hdr, HDR);
		r->cgroup.path = string_at(r->hdr, HDR + 8, end);
		return r->cgroup.path ? 0 : -EINVAL;
	default:
		return -ENOENT;
	}
}

int record__decode(const struct perf_event_header *hdr, size_t size,
		   const struct record_layout *layout, struct record *r)
{
	size_t end;
	int err;

	if (!hdr || size < HDR || size > UINT32_MAX || hdr->type != PERF_RECORD_SAMPLE)
		memset(r, 0, sizeof(*r));
	else /* a SAMPLE's body is r->s alone, which sample__parse sets whole */
		memset(r, 0, offsetof(struct record, s));
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

/* ---- encoding: the kernel's layouts again, from the fields the decoder fills ---- */

/* Bytes a string of up to max - 1 characters takes: its NUL, zeros up to 8 bytes. */
static size_t padded(const char *str, size_t max, size_t *len)
{
	*len = strnlen(str ? str : "", max - 1);
	return (*len + 8) & ~(size_t)7;
}

/* The body's size (sample_id trailer excluded); 0 for a type not encoded. */
static size_t body_size(const struct record *r)
{
	size_t n;

	switch (r->type) {
	case PERF_RECORD_COMM:
		return 8 + padded(r->comm.comm, RECORD_COMM_MAX, &n);
	case PERF_RECORD_FORK:
	case PERF_RECORD_EXIT:
		return 24;
	case PERF_RECORD_MMAP:
		return 32 + padded(r->mmap.filename, RECORD_PATH_MAX, &n);
	case PERF_RECORD_MMAP2:
		if (r->mmap.build_id_size > RECORD_BUILD_ID_MAX)
			return 0;
		return 64 + padded(r->mmap.filename, RECORD_PATH_MAX, &n);
	case PERF_RECORD_KSYMBOL:
		return 16 + padded(r->ksymbol.name, RECORD_KSYM_NAME_MAX, &n);
	case PERF_RECORD_BPF_EVENT:
		return 8 + RECORD_BPF_TAG_SIZE;
	case PERF_RECORD_LOST:
		return 16;
	case PERF_RECORD_LOST_SAMPLES:
		return 8;
	case PERF_RECORD_CGROUP:
		return 8 + padded(r->cgroup.path, RECORD_PATH_MAX, &n);
	default:
		return 0;
	}
}

/* Sample fields the encoder writes; any other bit in a layout is refused. */
#define SAMPLE_ENCODED                                                                  \
	(PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME | \
	 PERF_SAMPLE_ADDR | PERF_SAMPLE_ID | PERF_SAMPLE_STREAM_ID | PERF_SAMPLE_CPU |  \
	 PERF_SAMPLE_PERIOD | PERF_SAMPLE_CALLCHAIN | PERF_SAMPLE_RAW | PERF_SAMPLE_CGROUP)

/* RAW: its u32 size and the bytes, zero-padded to 8 as the kernel pads them. */
static size_t raw_room(const struct sample *s)
{
	return ((size_t)s->raw_size + 4 + 7) & ~(size_t)7;
}

/* The body of a SAMPLE of sample_type st (only SAMPLE_ENCODED's fields). */
static size_t sample_size(uint64_t st, const struct sample *s)
{
	size_t n = 8 * __builtin_popcountll(
			       st & (SAMPLE_ENCODED & ~(PERF_SAMPLE_CALLCHAIN | PERF_SAMPLE_RAW)));

	if (st & PERF_SAMPLE_CALLCHAIN)
		n += 8 + 8 * (size_t)s->callchain_nr;
	if (st & PERF_SAMPLE_RAW)
		n += raw_room(s);
	return n; /* CGROUP's u64 is among the fields counted first */
}

/* Where the encoder writes: bytes at p, the next at at (the room was checked before). */
struct out {
	unsigned char *p;
	size_t at;
};

static void put(struct out *o, const void *data, size_t len)
{
	if (len)
		memcpy(o->p + o->at, data, len);
	o->at += len;
}

static void put_zero(struct out *o, size_t len)
{
	memset(o->p + o->at, 0, len);
	o->at += len;
}

static void put64(struct out *o, uint64_t v)
{
	put(o, &v, 8);
}

static void put32(struct out *o, uint32_t a, uint32_t b)
{
	put(o, &a, 4);
	put(o, &b, 4);
}

/* A string cut to max - 1 characters, its NUL and zeros up to 8 bytes. */
static void put_string(struct out *o, const char *str, size_t max)
{
	size_t len, room = padded(str, max, &len);

	put(o, str, len);
	put_zero(o, room - len);
}

/* The sample_id trailer: time, cpu and pid/tid of s, s->id in every id field. */
static void put_trailer(struct out *o, const struct record_layout *l, const struct sample *s)
{
	uint64_t st = l->sample_type;

	if (!l->sample_id_all)
		return;
	if (st & PERF_SAMPLE_TID)
		put32(o, s->pid, s->tid);
	if (st & PERF_SAMPLE_TIME)
		put64(o, s->time);
	if (st & PERF_SAMPLE_ID)
		put64(o, s->id);
	if (st & PERF_SAMPLE_STREAM_ID)
		put64(o, s->id);
	if (st & PERF_SAMPLE_CPU)
		put32(o, s->cpu, 0);
	if (st & PERF_SAMPLE_IDENTIFIER)
		put64(o, s->id);
}

/* A SAMPLE's fields in the kernel's order: ADDR 0, STREAM_ID the id. */
static void put_sample(struct out *o, uint64_t st, const struct sample *s)
{
	if (st & PERF_SAMPLE_IDENTIFIER)
		put64(o, s->id);
	if (st & PERF_SAMPLE_IP)
		put64(o, s->ip);
	if (st & PERF_SAMPLE_TID)
		put32(o, s->pid, s->tid);
	if (st & PERF_SAMPLE_TIME)
		put64(o, s->time);
	if (st & PERF_SAMPLE_ADDR)
		put64(o, 0);
	if (st & PERF_SAMPLE_ID)
		put64(o, s->id);
	if (st & PERF_SAMPLE_STREAM_ID)
		put64(o, s->id);
	if (st & PERF_SAMPLE_CPU)
		put32(o, s->cpu, 0);
	if (st & PERF_SAMPLE_PERIOD)
		put64(o, s->period);
	if (st & PERF_SAMPLE_CALLCHAIN) {
		put64(o, s->callchain_nr);
		put(o, s->callchain, 8 * (size_t)s->callchain_nr);
	}
	if (st & PERF_SAMPLE_RAW) {
		size_t room = raw_room(s);

		put(o, &(uint32_t){ room - 4 }, 4);
		put(o, s->raw, s->raw_size);
		put_zero(o, room - 4 - s->raw_size);
	}
	if (st & PERF_SAMPLE_CGROUP)
		put64(o, s->cgroup);
}

static void put_mmap(struct out *o, const struct record *r)
{
	put32(o, r->mmap.pid, r->mmap.tid);
	put64(o, r->mmap.start);
	put64(o, r->mmap.len);
	put64(o, r->mmap.pgoff);
	if (r->type == PERF_RECORD_MMAP2) {
		if (r->misc & PERF_RECORD_MISC_MMAP_BUILD_ID) {
			/* in place of maj..ino_generation: size u8, 3 zeros, 20 bytes of id */
			put(o, &(uint32_t){ r->mmap.build_id_size }, 4);
			put(o, r->mmap.build_id, r->mmap.build_id_size);
			put_zero(o, RECORD_BUILD_ID_MAX - r->mmap.build_id_size);
		} else {
			put32(o, r->mmap.maj, r->mmap.min);
			put64(o, r->mmap.ino);
			put64(o, r->mmap.ino_generation);
		}
		put32(o, r->mmap.prot, r->mmap.flags);
	}
	put_string(o, r->mmap.filename, RECORD_PATH_MAX);
}

static void put_body(struct out *o, const struct record *r)
{
	switch (r->type) {
	case PERF_RECORD_COMM:
		put32(o, r->comm.pid, r->comm.tid);
		put_string(o, r->comm.comm, RECORD_COMM_MAX);
		break;
	case PERF_RECORD_FORK:
	case PERF_RECORD_EXIT:
		put32(o, r->task.pid, r->task.ppid);
		put32(o, r->task.tid, r->task.ptid);
		put64(o, r->task.time);
		break;
	case PERF_RECORD_MMAP:
	case PERF_RECORD_MMAP2:
		put_mmap(o, r);
		break;
	case PERF_RECORD_KSYMBOL:
		put64(o, r->ksymbol.addr);
		put32(o, r->ksymbol.len, r->ksymbol.ksym_type | (uint32_t)r->ksymbol.flags << 16);
		put_string(o, r->ksymbol.name, RECORD_KSYM_NAME_MAX);
		break;
	case PERF_RECORD_BPF_EVENT:
		put32(o, r->bpf_event.bpf_type | (uint32_t)r->bpf_event.flags << 16,
		      r->bpf_event.id);
		put(o, r->bpf_event.tag, RECORD_BPF_TAG_SIZE);
		break;
	case PERF_RECORD_LOST:
		put64(o, r->lost.id);
		put64(o, r->lost.lost);
		break;
	case PERF_RECORD_LOST_SAMPLES:
		put64(o, r->lost_samples.lost);
		break;
	case PERF_RECORD_CGROUP:
		put64(o, r->cgroup.id);
		put_string(o, r->cgroup.path, RECORD_PATH_MAX);
		break;
	}
}

size_t record__encode(void *buf, size_t size, const struct record_layout *layout,
		      const struct record *r)
{
	struct perf_event_header h = { .type = r->type, .misc = r->misc };
	struct out o = { buf, 0 };
	size_t total = HDR;

	if (r->type == PERF_RECORD_SAMPLE) {
		if (layout->sample_type & ~(uint64_t)SAMPLE_ENCODED)
			return 0;
		total += sample_size(layout->sample_type, &r->s);
	} else {
		if (!body_size(r))
			return 0;
		total += body_size(r) + trailer_size(layout);
	}
	if (total > size || total > UINT16_MAX)
		return 0;
	h.size = (uint16_t)total;
	put(&o, &h, HDR);
	if (r->type == PERF_RECORD_SAMPLE) {
		put_sample(&o, layout->sample_type, &r->s);
	} else {
		put_body(&o, r);
		put_trailer(&o, layout, &r->s);
	}
	return total;
}
