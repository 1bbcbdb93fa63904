// SPDX-License-Identifier: GPL-2.0
/* Unit tests of lib/record/record.c: every record body, ids and times, short records. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <linux/perf_event.h>

#include "record/record.h"

/* The layout perf-bpf opens every event with. */
#define ST_OURS                                                                         \
	(PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME | \
	 PERF_SAMPLE_CPU | PERF_SAMPLE_PERIOD | PERF_SAMPLE_RAW)
/* perf record's layout: ID in the middle of the sample. */
#define ST_PERF                                                                                   \
	(PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_ID | PERF_SAMPLE_CPU | \
	 PERF_SAMPLE_PERIOD | PERF_SAMPLE_RAW)

static const struct record_layout ours = { ST_OURS, true };
static const struct record_layout perfs = { ST_PERF, true };

struct builder {
	uint64_t b[64]; /* aligned as records in a ring are */
	size_t n;
};

static void put(struct builder *r, const void *p, size_t n)
{
	memcpy((char *)r->b + r->n, p, n);
	r->n += n;
}

static void put64(struct builder *r, uint64_t v)
{
	put(r, &v, 8);
}

static void put32x2(struct builder *r, uint32_t a, uint32_t b)
{
	put(r, &a, 4);
	put(r, &b, 4);
}

static void header(struct builder *r, uint32_t type, uint16_t misc)
{
	struct perf_event_header h = { .type = type, .misc = misc };

	r->n = 0;
	put(r, &h, sizeof(h));
}

/* ST_OURS trailer: TID, TIME, CPU, IDENTIFIER. */
static void trailer(struct builder *r, uint64_t time, uint64_t id)
{
	put32x2(r, 10, 11);
	put64(r, time);
	put32x2(r, 1, 0);
	put64(r, id);
}

static const struct perf_event_header *finish(struct builder *r)
{
	struct perf_event_header *h = (void *)r->b;

	h->size = r->n;
	return h;
}

static void test_record_comm(void **state)
{
	struct builder b;
	struct record r;
	const struct perf_event_header *h;

	header(&b, PERF_RECORD_COMM, PERF_RECORD_MISC_COMM_EXEC);
	put32x2(&b, 42, 43);
	put(&b, "gp\0\0\0\0\0\0", 8);
	trailer(&b, 1000, 7);
	h = finish(&b);
	assert_int_equal(record__decode(h, h->size, &ours, &r), 0);
	assert_int_equal(r.type, PERF_RECORD_COMM);
	assert_int_equal(r.comm.pid, 42);
	assert_int_equal(r.comm.tid, 43);
	assert_string_equal(r.comm.comm, "gp");
	assert_true(r.comm.exec);
	assert_true(r.s.has_time && r.s.time == 1000);
	assert_true(r.s.has_id && r.s.id == 7);
	assert_true(r.s.has_cpu && r.s.cpu == 1);
}

/* A name that runs into the trailer is not a name. */
static void test_record_comm_unterminated(void **state)
{
	struct builder b;
	struct record r;
	const struct perf_event_header *h;

	header(&b, PERF_RECORD_COMM, 0);
	put32x2(&b, 42, 43);
	put(&b, "12345678", 8);
	trailer(&b, 1000, 0);
	h = finish(&b);
	assert_int_equal(record__decode(h, h->size, &ours, &r), -EINVAL);
	/* without a trailer the same bytes run off the end */
	assert_int_equal(record__decode(h, 24, &(struct record_layout){ ST_OURS, false }, &r),
			 -EINVAL);
}

static void test_record_fork_exit(void **state)
{
	struct builder b;
	struct record r;
	const struct perf_event_header *h;

	for (uint32_t type = PERF_RECORD_EXIT; type <= PERF_RECORD_FORK; type += 3) {
		header(&b, type, 0);
		put32x2(&b, 100, 99);
		put32x2(&b, 101, 98);
		put64(&b, 5555);
		trailer(&b, 5555, 3);
		h = finish(&b);
		assert_int_equal(record__decode(h, h->size, &ours, &r), 0);
		assert_int_equal(r.task.pid, 100);
		assert_int_equal(r.task.ppid, 99);
		assert_int_equal(r.task.tid, 101);
		assert_int_equal(r.task.ptid, 98);
		assert_int_equal(r.task.time, 5555);
		/* one byte short of the body: refused */
		assert_int_equal(record__decode(h, 8 + 23, &(struct record_layout){ 0, false }, &r),
				 -EINVAL);
	}
}

static void test_record_mmap_and_mmap2(void **state)
{
	struct builder b;
	struct record r;
	const struct perf_event_header *h;

	header(&b, PERF_RECORD_MMAP, PERF_RECORD_MISC_KERNEL);
	put32x2(&b, (uint32_t)-1, 0);
	put64(&b, 0xffffffff81000000ull);
	put64(&b, 0x1000000);
	put64(&b, 0xffffffff81000000ull);
	put(&b, "[kernel.kallsyms]_text\0\0", 24);
	h = finish(&b);
	assert_int_equal(record__decode(h, h->size, &(struct record_layout){ ST_OURS, false }, &r),
			 0);
	assert_int_equal(r.mmap.cpumode, PERF_RECORD_MISC_KERNEL);
	assert_true(r.mmap.start == 0xffffffff81000000ull && r.mmap.len == 0x1000000);
	assert_string_equal(r.mmap.filename, "[kernel.kallsyms]_text");

	header(&b, PERF_RECORD_MMAP2, PERF_RECORD_MISC_USER);
	put32x2(&b, 7, 8);
	put64(&b, 0x400000);
	put64(&b, 0x2000);
	put64(&b, 0x1000);
	put32x2(&b, 8, 1); /* maj, min */
	put64(&b, 1234); /* ino */
	put64(&b, 0); /* ino_generation */
	put32x2(&b, 5, 2); /* prot, flags */
	put(&b, "/bin/true\0\0\0\0\0\0\0", 16);
	trailer(&b, 77, 0);
	h = finish(&b);
	assert_int_equal(record__decode(h, h->size, &ours, &r), 0);
	assert_int_equal(r.mmap.pid, 7);
	assert_int_equal(r.mmap.tid, 8);
	assert_true(r.mmap.start == 0x400000 && r.mmap.len == 0x2000 && r.mmap.pgoff == 0x1000);
	assert_string_equal(r.mmap.filename, "/bin/true");
	assert_int_equal(r.s.time, 77);
	assert_int_equal(r.mmap.prot, 5);
	assert_int_equal(r.mmap.flags, 2);
	assert_true(r.mmap.maj == 8 && r.mmap.min == 1 && r.mmap.ino == 1234);
	assert_int_equal(r.mmap.ino_generation, 0);
	assert_int_equal(r.mmap.build_id_size, 0);
}

/* MMAP2 with PERF_RECORD_MISC_MMAP_BUILD_ID: size, 3 reserved bytes, the id, in place of maj..ino_generation. */
static void test_record_mmap2_build_id(void **state)
{
	static const unsigned char bid[20] = { 0x7e, 0xbc, 0x65, 0xe5, 0x2f, 0x2b, 0xbe,
					       0xa4, 0x98, 0xb4, 0x04, 0x0f, 0xa9, 0x2f,
					       0x72, 0x38, 0x37, 0x7a, 0xab, 0xa9 };
	struct builder b;
	struct record r;
	const struct perf_event_header *h;
	unsigned char u[24] = { 20 };

	memcpy(u + 4, bid, 20);
	header(&b, PERF_RECORD_MMAP2, PERF_RECORD_MISC_USER | PERF_RECORD_MISC_MMAP_BUILD_ID);
	put32x2(&b, 7, 7);
	put64(&b, 0x7f0000001000ull);
	put64(&b, 0x20000);
	put64(&b, 0x1000);
	put(&b, u, 24);
	put32x2(&b, 5, 2);
	put(&b, "/lib/ld.so\0\0\0\0\0\0", 16);
	h = finish(&b);
	assert_int_equal(record__decode(h, h->size, &(struct record_layout){ ST_OURS, false }, &r),
			 0);
	assert_int_equal(r.mmap.build_id_size, 20);
	assert_memory_equal(r.mmap.build_id, bid, 20);
	assert_string_equal(r.mmap.filename, "/lib/ld.so");
	assert_true(r.mmap.maj == 0 && r.mmap.min == 0 && r.mmap.ino == 0); /* not in this form */
	assert_true(r.mmap.prot == 5 && r.mmap.flags == 2);
	/* a size past 20 is no build id */
	((unsigned char *)b.b)[8 + 32] = 21;
	assert_int_equal(record__decode(h, h->size, &(struct record_layout){ ST_OURS, false }, &r),
			 0);
	assert_int_equal(r.mmap.build_id_size, 0);
}

static void test_record_ksymbol(void **state)
{
	struct builder b;
	struct record r;
	const struct perf_event_header *h;

	header(&b, PERF_RECORD_KSYMBOL, 0);
	put64(&b, 0xffffffffc0026000ull);
	put32x2(&b, 0x60, PERF_RECORD_KSYMBOL_TYPE_BPF);
	put(&b, "bpf_prog_64bba40939536857_spin\0\0", 32);
	trailer(&b, 5, 1);
	h = finish(&b);
	assert_int_equal(record__decode(h, h->size, &ours, &r), 0);
	assert_true(r.ksymbol.addr == 0xffffffffc0026000ull);
	assert_int_equal(r.ksymbol.len, 0x60);
	assert_int_equal(r.ksymbol.ksym_type, PERF_RECORD_KSYMBOL_TYPE_BPF);
	assert_int_equal(r.ksymbol.flags, 0);
	assert_string_equal(r.ksymbol.name, "bpf_prog_64bba40939536857_spin");
	/* unregistered; then a name without its NUL */
	((uint32_t *)b.b)[5] = PERF_RECORD_KSYMBOL_TYPE_BPF | PERF_RECORD_KSYMBOL_FLAGS_UNREGISTER
								      << 16;
	assert_int_equal(record__decode(h, h->size, &ours, &r), 0);
	assert_int_equal(r.ksymbol.flags, PERF_RECORD_KSYMBOL_FLAGS_UNREGISTER);
	header(&b, PERF_RECORD_KSYMBOL, 0);
	put64(&b, 0xffffffffc0026000ull);
	put32x2(&b, 0x60, PERF_RECORD_KSYMBOL_TYPE_BPF);
	put(&b, "bpf_prog_64bba409", 16);
	h = finish(&b);
	assert_int_equal(record__decode(h, h->size, &(struct record_layout){ ST_OURS, false }, &r),
			 -EINVAL);
}

static void test_record_bpf_event(void **state)
{
	static const uint8_t tag[8] = { 0x64, 0xbb, 0xa4, 0x09, 0x39, 0x53, 0x68, 0x57 };
	struct builder b;
	struct record r;
	const struct perf_event_header *h;

	header(&b, PERF_RECORD_BPF_EVENT, 0);
	put32x2(&b, PERF_BPF_EVENT_PROG_UNLOAD | 3 << 16, 20775);
	put(&b, tag, 8);
	trailer(&b, 5, 1);
	h = finish(&b);
	assert_int_equal(record__decode(h, h->size, &ours, &r), 0);
	assert_int_equal(r.bpf_event.bpf_type, PERF_BPF_EVENT_PROG_UNLOAD);
	assert_int_equal(r.bpf_event.flags, 3);
	assert_int_equal(r.bpf_event.id, 20775);
	assert_memory_equal(r.bpf_event.tag, tag, 8);
	assert_true(r.s.has_time && r.s.time == 5);
	/* the trailer it promises leaves no room for the tag */
	assert_int_equal(record__decode(h, h->size - 8, &ours, &r), -EINVAL);
}

static void test_record_lost(void **state)
{
	struct builder b;
	struct record r;
	const struct perf_event_header *h;

	header(&b, PERF_RECORD_LOST, 0);
	put64(&b, 9);
	put64(&b, 1234);
	trailer(&b, 1, 9);
	h = finish(&b);
	assert_int_equal(record__decode(h, h->size, &ours, &r), 0);
	assert_int_equal(r.lost.id, 9);
	assert_int_equal(r.lost.lost, 1234);

	header(&b, PERF_RECORD_LOST_SAMPLES, 0);
	put64(&b, 17);
	h = finish(&b);
	assert_int_equal(record__decode(h, h->size, &(struct record_layout){ 0, false }, &r), 0);
	assert_int_equal(r.lost_samples.lost, 17);
	/* too short for the trailer its layout promises */
	assert_int_equal(record__decode(h, h->size, &ours, &r), -EINVAL);
}

static void test_record_sample_and_unknown(void **state)
{
	struct builder b;
	struct record r;
	const struct perf_event_header *h;

	header(&b, PERF_RECORD_SAMPLE, 0);
	put64(&b, 5); /* identifier */
	put64(&b, 0xffffffff81000010ull);
	put32x2(&b, 1, 2);
	put64(&b, 300);
	put32x2(&b, 0, 0);
	put64(&b, 1);
	put(&b, "\4\0\0\0abc\0", 8);
	h = finish(&b);
	assert_int_equal(record__decode(h, h->size, &ours, &r), 0);
	assert_true(r.s.has_raw && r.s.raw_size == 4 && !memcmp(r.s.raw, "abc", 4));
	assert_int_equal(r.s.time, 300);

	header(&b, PERF_RECORD_THROTTLE, 0);
	put64(&b, 1);
	put64(&b, 2);
	put64(&b, 3);
	h = finish(&b);
	assert_int_equal(record__decode(h, h->size, &(struct record_layout){ 0, false }, &r),
			 -ENOENT);
	assert_int_equal(r.type, PERF_RECORD_THROTTLE);
	assert_int_equal(record__decode(h, 4, &ours, &r), -EINVAL);
}

static void test_record_id_and_time(void **state)
{
	struct builder b;
	const struct perf_event_header *h;
	uint64_t id = 0;

	/* perf's layout: id after ip, tid, time */
	header(&b, PERF_RECORD_SAMPLE, 0);
	put64(&b, 0x1234);
	put32x2(&b, 1, 2);
	put64(&b, 999);
	put64(&b, 77);
	h = finish(&b);
	assert_int_equal(record__id(h, h->size, &perfs, &id), 0);
	assert_int_equal(id, 77);
	assert_int_equal(record__time(h, h->size, &perfs), 999);
	assert_int_equal(record__id(h, 24, &perfs, &id), -EINVAL);
	assert_int_equal(record__time(h, 24, &perfs), 0);

	/* ours: the trailer ends with the identifier, time two slots before it */
	header(&b, PERF_RECORD_COMM, 0);
	put32x2(&b, 1, 1);
	put(&b, "x\0\0\0\0\0\0\0", 8);
	trailer(&b, 4444, 12);
	h = finish(&b);
	assert_int_equal(record__id(h, h->size, &ours, &id), 0);
	assert_int_equal(id, 12);
	assert_int_equal(record__time(h, h->size, &ours), 4444);
	assert_int_equal(record__id(h, h->size, &(struct record_layout){ ST_OURS, false }, &id),
			 -ENOENT);
	assert_int_equal(record__id(h, h->size, &(struct record_layout){ PERF_SAMPLE_IP, true },
				    &id),
			 -ENOENT);
}

/* A sample's pid and tid where each layout puts them; nothing for other records or too short. */
static void test_record_sample_tid(void **state)
{
	struct record_layout no_ip = { ST_OURS & ~PERF_SAMPLE_IP, true };
	uint32_t pid = 0, tid = 0;
	const struct perf_event_header *h;
	struct builder b;

	header(&b, PERF_RECORD_SAMPLE, 0); /* ours: identifier, ip, then pid and tid */
	put64(&b, 5);
	put64(&b, 0x1234);
	put32x2(&b, 41, 42);
	put64(&b, 300);
	h = finish(&b);
	assert_int_equal(record__sample_tid(h, h->size, &ours, &pid, &tid), 0);
	assert_int_equal(pid, 41);
	assert_int_equal(tid, 42);
	assert_int_equal(record__sample_tid(h, h->size, &perfs, &pid, &tid), 0);
	assert_int_equal(pid, 0x1234); /* perf's: right after the ip */
	assert_int_equal(record__sample_tid(h, h->size, &no_ip, &pid, &tid), 0);
	assert_int_equal(pid, 0x1234);
	assert_int_equal(tid, 0);
	assert_int_equal(record__sample_tid(h, 24, &ours, &pid, &tid), -EINVAL);
	assert_int_equal(record__sample_tid(h, h->size,
					    &(struct record_layout){ PERF_SAMPLE_IP, true }, &pid,
					    &tid),
			 -ENOENT);
	header(&b, PERF_RECORD_COMM, 0);
	put32x2(&b, 1, 1);
	h = finish(&b);
	assert_int_equal(record__sample_tid(h, h->size, &ours, &pid, &tid), -ENOENT);
}

static void test_record_same_id_pos(void **state)
{
	struct record_layout a = { ST_OURS, true }, b = { ST_OURS & ~PERF_SAMPLE_RAW, true };
	struct record_layout c = { ST_PERF, true }, d = { PERF_SAMPLE_IP, true };

	assert_true(record__same_id_pos(&a, &b));
	assert_false(record__same_id_pos(&a, &c));
	assert_false(record__same_id_pos(&d, &d)); /* no id at all */
	c.sample_type |= PERF_SAMPLE_ADDR; /* moves the id in samples */
	assert_false(record__same_id_pos(&c, &perfs));
}

static size_t encode_comm(void *buf, size_t size, const struct record_layout *layout, uint64_t id,
			  uint32_t pid, uint32_t tid, const char *comm)
{
	struct record r = { .type = PERF_RECORD_COMM,
			    .comm = { .pid = pid, .tid = tid, .comm = comm },
			    .s = { .id = id, .pid = pid, .tid = tid } };

	return record__encode(buf, size, layout, &r);
}

/* A synthesized COMM decodes as the kernel's would, names cut at 15 bytes as the kernel's. */
static void test_record_encode_comm(void **state)
{
	uint64_t buf[16];
	struct record r;
	size_t n;

	n = encode_comm(buf, sizeof(buf), &ours, 77, 100, 101, "a-name-longer-than-15");
	assert_int_equal(n, 8 + 8 + 16 + 32);
	assert_int_equal(record__decode((void *)buf, n, &ours, &r), 0);
	assert_int_equal(r.type, PERF_RECORD_COMM);
	assert_int_equal(r.comm.pid, 100);
	assert_int_equal(r.comm.tid, 101);
	assert_string_equal(r.comm.comm, "a-name-longer-t");
	assert_true(r.s.has_id && r.s.id == 77);
	assert_true(r.s.has_tid && r.s.pid == 100 && r.s.tid == 101);
	n = encode_comm(buf, sizeof(buf), &(struct record_layout){ ST_OURS, false }, 0, 1, 1, "sh");
	assert_int_equal(n, 8 + 8 + 8);
	assert_int_equal(
		record__decode((void *)buf, n, &(struct record_layout){ ST_OURS, false }, &r), 0);
	assert_string_equal(r.comm.comm, "sh");
	assert_int_equal(encode_comm(buf, 40, &ours, 1, 1, 1, "sh"), 0);
}

/* Random bytes as every record type: never a read past the record (ASan in `make asan`). */
static void test_record_garbage(void **state)
{
	unsigned char buf[128];
	struct record r;

	srand(2);
	for (int i = 0; i < 50000; i++) {
		size_t len = 8 + rand() % (sizeof(buf) - 8);
		struct record_layout l = { ((uint64_t)rand() << 32 | rand()) & 0x1ffff,
					   rand() & 1 };
		unsigned char *copy = malloc(len);
		struct perf_event_header h = { .type = rand() % 24, .size = len };

		for (size_t j = 0; j < len; j++)
			buf[j] = rand() % 3 ? rand() % 4 : rand();
		memcpy(buf, &h, sizeof(h));
		memcpy(copy, buf, len);
		if (!record__decode((void *)copy, len, &l, &r)) {
			if (r.type == PERF_RECORD_COMM)
				assert_true(r.comm.comm + strlen(r.comm.comm) < (char *)copy + len);
			if (r.type == PERF_RECORD_MMAP || r.type == PERF_RECORD_MMAP2)
				assert_true(r.mmap.filename + strlen(r.mmap.filename) <
					    (char *)copy + len);
		}
		record__time((void *)copy, len, &l);
		free(copy);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_record_comm),
		cmocka_unit_test(test_record_comm_unterminated),
		cmocka_unit_test(test_record_fork_exit),
		cmocka_unit_test(test_record_sample_tid),
		cmocka_unit_test(test_record_mmap_and_mmap2),
		cmocka_unit_test(test_record_mmap2_build_id),
		cmocka_unit_test(test_record_ksymbol),
		cmocka_unit_test(test_record_bpf_event),
		cmocka_unit_test(test_record_lost),
		cmocka_unit_test(test_record_sample_and_unknown),
		cmocka_unit_test(test_record_id_and_time),
		cmocka_unit_test(test_record_same_id_pos),
		cmocka_unit_test(test_record_encode_comm),
		cmocka_unit_test(test_record_garbage),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
