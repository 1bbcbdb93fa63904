// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of record__encode (lib/record/record.c): every kind of record perf-bpf writes
 * goes through the decoder and comes back equal, in every layout (each sample_id trailer
 * field, perf's own order, none), strings of every length padded as the kernel pads them.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <linux/perf_event.h>

#include "record/record.h"

#define ST_ALL                                                                           \
	(PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME |  \
	 PERF_SAMPLE_ID | PERF_SAMPLE_STREAM_ID | PERF_SAMPLE_CPU | PERF_SAMPLE_PERIOD | \
	 PERF_SAMPLE_RAW)
/* perf-bpf's live events */
#define ST_OURS                                                                         \
	(PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME | \
	 PERF_SAMPLE_CPU | PERF_SAMPLE_PERIOD | PERF_SAMPLE_RAW)
/* perf record's: the id in the middle of a sample, callchains */
#define ST_PERF                                                                                    \
	(PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_ADDR | PERF_SAMPLE_ID | \
	 PERF_SAMPLE_CPU | PERF_SAMPLE_PERIOD | PERF_SAMPLE_CALLCHAIN)

static const struct record_layout layouts[] = {
	{ ST_ALL, true },  { ST_OURS, true },	       { ST_PERF, true },
	{ ST_ALL, false }, { PERF_SAMPLE_TIME, true }, /* a trailer of the time alone */
};
#define NR_LAYOUTS (sizeof(layouts) / sizeof(layouts[0]))

static const char letters[] = "abcdefghijklmnopqrstuvwxyz";

static uint64_t buf[8192 / 8];

/* The trailer fields of a non-sample record, as every id field carries the one id. */
static const struct sample trailer = { .id = 0x0102030405060708ULL,
				       .pid = 4242,
				       .tid = 4343,
				       .time = 987654321,
				       .cpu = 3 };

/* Encode r, check the size and padding, decode it into *out. */
static void round_trip(const struct record_layout *l, const struct record *r, struct record *out)
{
	const struct perf_event_header *h = (const void *)buf;
	size_t n;

	memset(buf, 0xa5, sizeof(buf));
	n = record__encode(buf, sizeof(buf), l, r);
	assert_true(n >= sizeof(*h) && n % 8 == 0);
	assert_int_equal(h->size, n);
	assert_int_equal(h->type, r->type);
	assert_int_equal(h->misc, r->misc);
	assert_int_equal(record__decode(h, n, l, out), 0);
	assert_true(out->decoded);
	assert_int_equal(((const uint8_t *)buf)[n], 0xa5); /* not a byte past its size */
	/* exactly its size: one byte less does not fit */
	assert_int_equal(record__encode(buf, n - 1, l, r), 0);
}

static void check_trailer(const struct record_layout *l, const struct sample *s)
{
	uint64_t st = l->sample_type;

	if (!l->sample_id_all) {
		assert_false(s->has_id || s->has_tid || s->has_time || s->has_cpu);
		return;
	}
	if (st & (PERF_SAMPLE_ID | PERF_SAMPLE_IDENTIFIER))
		assert_true(s->has_id && s->id == trailer.id);
	if (st & PERF_SAMPLE_TID)
		assert_true(s->has_tid && s->pid == trailer.pid && s->tid == trailer.tid);
	if (st & PERF_SAMPLE_TIME)
		assert_true(s->has_time && s->time == trailer.time);
	if (st & PERF_SAMPLE_CPU)
		assert_true(s->has_cpu && s->cpu == trailer.cpu);
}

/* The string at str (of a record at buf) is want cut to max - 1, then zeros to 8 bytes. */
static void check_string(const char *str, const char *want, size_t max)
{
	size_t len = strnlen(want, max - 1), room = (len + 8) & ~(size_t)7;

	assert_int_equal(strlen(str), len);
	assert_memory_equal(str, want, len);
	for (size_t i = len; i < room; i++)
		assert_int_equal(str[i], 0);
}

static void test_encode_comm(void **state)
{
	for (size_t l = 0; l < NR_LAYOUTS; l++) {
		for (size_t len = 0; len <= 20; len++) {
			char name[32];
			struct record r = { .type = PERF_RECORD_COMM,
					    .misc = len % 2 ? PERF_RECORD_MISC_COMM_EXEC : 0,
					    .comm = { .pid = 100, .tid = 101, .comm = name },
					    .s = trailer },
				      d;

			snprintf(name, sizeof(name), "%.*s", (int)len, letters);
			round_trip(&layouts[l], &r, &d);
			assert_true(d.comm.pid == 100 && d.comm.tid == 101);
			assert_int_equal(d.comm.exec, len % 2);
			check_string(d.comm.comm, name, RECORD_COMM_MAX);
			check_trailer(&layouts[l], &d.s);
		}
	}
}

static void test_encode_fork_exit(void **state)
{
	for (size_t l = 0; l < NR_LAYOUTS; l++) {
		for (uint32_t type = PERF_RECORD_EXIT; type <= PERF_RECORD_FORK; type += 3) {
			struct record r = { .type = type,
					    .task = { 100, 1, 101, 100, 123456 },
					    .s = trailer },
				      d;

			round_trip(&layouts[l], &r, &d);
			assert_true(d.task.pid == 100 && d.task.ppid == 1 && d.task.tid == 101 &&
				    d.task.ptid == 100 && d.task.time == 123456);
			check_trailer(&layouts[l], &d.s);
		}
	}
}

static void check_mmap(const struct record *r, const struct record *d, const char *name)
{
	assert_true(d->mmap.pid == r->mmap.pid && d->mmap.tid == r->mmap.tid);
	assert_true(d->mmap.start == r->mmap.start && d->mmap.len == r->mmap.len &&
		    d->mmap.pgoff == r->mmap.pgoff);
	assert_int_equal(d->mmap.cpumode, r->misc & PERF_RECORD_MISC_CPUMODE_MASK);
	check_string(d->mmap.filename, name, RECORD_PATH_MAX);
}

static void test_encode_mmap(void **state)
{
	for (size_t l = 0; l < NR_LAYOUTS; l++) {
		for (size_t len = 1; len <= 20; len++) {
			char name[32];
			struct record r = { .type = PERF_RECORD_MMAP,
					    .misc = PERF_RECORD_MISC_KERNEL,
					    .mmap = { .pid = -1,
						      .start = 0xffffffff81000000ULL,
						      .len = 0x7effffff,
						      .pgoff = 0xffffffff81000000ULL,
						      .filename = name },
					    .s = trailer },
				      d;

			snprintf(name, sizeof(name), "[%.*s", (int)len - 1, letters);
			round_trip(&layouts[l], &r, &d);
			check_mmap(&r, &d, name);
			check_trailer(&layouts[l], &d.s);
		}
	}
}

static void test_encode_mmap2(void **state)
{
	for (size_t l = 0; l < NR_LAYOUTS; l++) {
		for (size_t len = 1; len <= 20; len++) {
			char name[32];
			struct record r = { .type = PERF_RECORD_MMAP2,
					    .misc = PERF_RECORD_MISC_USER,
					    .mmap = { .pid = 7,
						      .tid = 8,
						      .start = 0x7f0000400000ULL,
						      .len = 0x52000,
						      .pgoff = 0x1000,
						      .prot = 5,
						      .flags = 2,
						      .maj = 8,
						      .min = 2,
						      .ino = 77,
						      .ino_generation = 3,
						      .filename = name },
					    .s = trailer },
				      d;

			snprintf(name, sizeof(name), "/%.*s", (int)len - 1, letters);
			round_trip(&layouts[l], &r, &d);
			check_mmap(&r, &d, name);
			assert_true(d.mmap.prot == 5 && d.mmap.flags == 2);
			assert_true(d.mmap.maj == 8 && d.mmap.min == 2 && d.mmap.ino == 77 &&
				    d.mmap.ino_generation == 3);
			assert_int_equal(d.mmap.build_id_size, 0);
			check_trailer(&layouts[l], &d.s);
		}
	}
}

static void test_encode_mmap2_build_id(void **state)
{
	for (size_t l = 0; l < NR_LAYOUTS; l++) {
		for (uint8_t size = 0; size <= RECORD_BUILD_ID_MAX; size += 4) {
			struct record r = { .type = PERF_RECORD_MMAP2,
					    .misc = PERF_RECORD_MISC_USER |
						    PERF_RECORD_MISC_MMAP_BUILD_ID,
					    .mmap = { .pid = 7,
						      .tid = 7,
						      .start = 0x400000,
						      .len = 0x1000,
						      .prot = 5,
						      .flags = 2,
						      .filename = "/bin/prog",
						      .build_id_size = size },
					    .s = trailer },
				      d;

			for (int i = 0; i < size; i++)
				r.mmap.build_id[i] = 0xb0 + i;
			round_trip(&layouts[l], &r, &d);
			check_mmap(&r, &d, "/bin/prog");
			assert_int_equal(d.mmap.build_id_size, size);
			assert_memory_equal(d.mmap.build_id, r.mmap.build_id, size);
			assert_true(d.mmap.prot == 5 && d.mmap.flags == 2);
			check_trailer(&layouts[l], &d.s);
		}
	}
}

static void test_encode_ksymbol(void **state)
{
	for (size_t l = 0; l < NR_LAYOUTS; l++) {
		for (size_t len = 1; len <= 20; len++) {
			char name[32];
			struct record r = { .type = PERF_RECORD_KSYMBOL,
					    .ksymbol = { .addr = 0xffffffffc00267ecULL,
							 .len = 73,
							 .ksym_type = PERF_RECORD_KSYMBOL_TYPE_BPF,
							 .flags = len % 2,
							 .name = name },
					    .s = trailer },
				      d;

			snprintf(name, sizeof(name), "%.*s", (int)len, letters);
			round_trip(&layouts[l], &r, &d);
			assert_true(d.ksymbol.addr == r.ksymbol.addr && d.ksymbol.len == 73);
			assert_int_equal(d.ksymbol.ksym_type, PERF_RECORD_KSYMBOL_TYPE_BPF);
			assert_int_equal(d.ksymbol.flags, len % 2);
			check_string(d.ksymbol.name, name, RECORD_KSYM_NAME_MAX);
			check_trailer(&layouts[l], &d.s);
		}
	}
}

static void test_encode_bpf_event_and_lost(void **state)
{
	for (size_t l = 0; l < NR_LAYOUTS; l++) {
		struct record r = { .type = PERF_RECORD_BPF_EVENT,
				    .bpf_event = { PERF_BPF_EVENT_PROG_LOAD,
						   0,
						   20775,
						   { 1, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd,
						     0xef } },
				    .s = trailer },
			      d;

		round_trip(&layouts[l], &r, &d);
		assert_int_equal(d.bpf_event.bpf_type, PERF_BPF_EVENT_PROG_LOAD);
		assert_int_equal(d.bpf_event.flags, 0);
		assert_int_equal(d.bpf_event.id, 20775);
		assert_memory_equal(d.bpf_event.tag, r.bpf_event.tag, RECORD_BPF_TAG_SIZE);
		check_trailer(&layouts[l], &d.s);

		r = (struct record){ .type = PERF_RECORD_LOST,
				     .lost = { 11, 12345 },
				     .s = trailer };
		round_trip(&layouts[l], &r, &d);
		assert_true(d.lost.id == 11 && d.lost.lost == 12345);
		check_trailer(&layouts[l], &d.s);

		r = (struct record){ .type = PERF_RECORD_LOST_SAMPLES,
				     .lost_samples = { 17 },
				     .s = trailer };
		round_trip(&layouts[l], &r, &d);
		assert_int_equal(d.lost_samples.lost, 17);
		check_trailer(&layouts[l], &d.s);
	}
}

static void check_sample(uint64_t st, const struct sample *s, const struct sample *d)
{
	if (st & (PERF_SAMPLE_ID | PERF_SAMPLE_IDENTIFIER))
		assert_true(d->has_id && d->id == s->id);
	if (st & PERF_SAMPLE_IP)
		assert_true(d->has_ip && d->ip == s->ip);
	if (st & PERF_SAMPLE_TID)
		assert_true(d->has_tid && d->pid == s->pid && d->tid == s->tid);
	if (st & PERF_SAMPLE_TIME)
		assert_true(d->has_time && d->time == s->time);
	if (st & PERF_SAMPLE_CPU)
		assert_true(d->has_cpu && d->cpu == s->cpu);
	if (st & PERF_SAMPLE_PERIOD)
		assert_true(d->has_period && d->period == s->period);
	if (st & PERF_SAMPLE_CALLCHAIN) {
		assert_true(d->has_callchain && d->callchain_nr == s->callchain_nr);
		for (uint32_t i = 0; i < s->callchain_nr; i++)
			assert_true(sample__callchain_entry(d, i) == sample__callchain_entry(s, i));
	}
	if (st & PERF_SAMPLE_RAW) {
		/* the size counts the padding: the u32 size and the bytes fill whole u64s */
		assert_true(d->has_raw && d->raw_size >= s->raw_size &&
			    (d->raw_size + 4) % 8 == 0 && d->raw_size < s->raw_size + 8);
		assert_memory_equal(d->raw, s->raw, s->raw_size);
		for (uint32_t i = s->raw_size; i < d->raw_size; i++)
			assert_int_equal(((const uint8_t *)d->raw)[i], 0);
	}
}

static void test_encode_sample(void **state)
{
	static const uint64_t chain[] = { PERF_CONTEXT_KERNEL, 0xffffffff81000010ULL,
					  PERF_CONTEXT_USER, 0x401000 };
	const struct record_layout with_chain = { ST_ALL | PERF_SAMPLE_CALLCHAIN, true };

	for (size_t l = 0; l <= NR_LAYOUTS; l++) {
		const struct record_layout *lay = l < NR_LAYOUTS ? &layouts[l] : &with_chain;

		for (uint32_t raw = 0; raw <= 13; raw++) {
			struct record r = { .type = PERF_RECORD_SAMPLE,
					    .misc = PERF_RECORD_MISC_USER,
					    .s = { .id = 0x1122334455667788ULL,
						   .ip = 0x401234,
						   .pid = 7,
						   .tid = 8,
						   .time = 123456789,
						   .cpu = 1,
						   .period = 1,
						   .callchain = chain,
						   .callchain_nr = raw % 5,
						   .raw = letters,
						   .raw_size = raw } },
				      d;

			round_trip(lay, &r, &d);
			assert_int_equal(d.s.cpumode, PERF_RECORD_MISC_USER);
			check_sample(lay->sample_type, &r.s, &d.s);
		}
	}
}

/* CGROUP records, as perf writes them (--all-cgroups): the id, the path padded to 8. */
static void test_encode_cgroup(void **state)
{
	(void)state;
	for (size_t l = 0; l < NR_LAYOUTS; l++) {
		for (size_t len = 1; len <= 20; len++) {
			char path[32];
			struct record r = { .type = PERF_RECORD_CGROUP,
					    .cgroup = { .id = 0x1000000025ULL, .path = path },
					    .s = trailer },
				      d;

			snprintf(path, sizeof(path), "/%.*s", (int)len - 1, letters);
			round_trip(&layouts[l], &r, &d);
			assert_true(d.cgroup.id == r.cgroup.id);
			check_string(d.cgroup.path, path, RECORD_PATH_MAX);
			check_trailer(&layouts[l], &d.s);
		}
	}
}

/* PERF_SAMPLE_CGROUP: the u64 after RAW, written and read back. */
static void test_encode_sample_cgroup(void **state)
{
	const struct record_layout lay = { ST_OURS | PERF_SAMPLE_CGROUP, true };

	(void)state;
	for (uint32_t raw = 0; raw <= 13; raw++) {
		struct record r = { .type = PERF_RECORD_SAMPLE,
				    .misc = PERF_RECORD_MISC_USER,
				    .s = { .id = 5,
					   .pid = 7,
					   .tid = 8,
					   .time = 9,
					   .cgroup = 44,
					   .raw = letters,
					   .raw_size = raw } },
			      d;

		round_trip(&lay, &r, &d);
		assert_true(d.s.has_cgroup);
		assert_true(d.s.cgroup == 44);
		assert_true(d.s.raw_size >= raw); /* padded, as the kernel pads it */
		assert_memory_equal(d.s.raw, letters, raw);
	}
}

/* Long names are cut where the kernel cuts them. */
static void test_encode_cuts_names(void **state)
{
	static char path[RECORD_PATH_MAX + 100];
	const struct record_layout *l = &layouts[0];
	struct record r = { .type = PERF_RECORD_COMM,
			    .comm = { .comm = "a-name-longer-than-15" },
			    .s = trailer },
		      d;

	round_trip(l, &r, &d);
	assert_string_equal(d.comm.comm, "a-name-longer-t");
	memset(path, 'p', sizeof(path) - 1);
	r = (struct record){ .type = PERF_RECORD_KSYMBOL, .ksymbol = { .name = path } };
	round_trip(l, &r, &d);
	assert_int_equal(strlen(d.ksymbol.name), RECORD_KSYM_NAME_MAX - 1);
	r = (struct record){ .type = PERF_RECORD_MMAP2, .mmap = { .filename = path } };
	round_trip(l, &r, &d);
	assert_int_equal(strlen(d.mmap.filename), RECORD_PATH_MAX - 1);
}

/* What it cannot write, it does not: 0, whatever the room. */
static void test_encode_refuses(void **state)
{
	const struct record_layout read = { ST_OURS | PERF_SAMPLE_READ, true };
	struct record r = { .type = PERF_RECORD_THROTTLE };

	assert_int_equal(record__encode(buf, sizeof(buf), &layouts[0], &r), 0);
	r = (struct record){ .type = PERF_RECORD_SAMPLE };
	assert_int_equal(record__encode(buf, sizeof(buf), &read, &r), 0);
	r.s.raw = calloc(1, 70000);
	r.s.raw_size = 70000; /* over a record's 64 KiB */
	assert_int_equal(record__encode(buf, sizeof(buf), &layouts[0], &r), 0);
	free((void *)r.s.raw);
	r = (struct record){ .type = PERF_RECORD_MMAP2,
			     .misc = PERF_RECORD_MISC_MMAP_BUILD_ID,
			     .mmap = { .filename = "/x",
				       .build_id_size = RECORD_BUILD_ID_MAX + 1 } };
	assert_int_equal(record__encode(buf, sizeof(buf), &layouts[0], &r), 0);
	r = (struct record){ .type = PERF_RECORD_LOST };
	assert_int_equal(record__encode(buf, 8, &layouts[0], &r), 0);
}

/* A sample of no field at all is its header alone, as the kernel writes it. */
static void test_encode_empty_sample(void **state)
{
	const struct record_layout none = { 0, true };
	struct record r = { .type = PERF_RECORD_SAMPLE }, d;

	round_trip(&none, &r, &d);
	assert_int_equal(d.size, 8);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_encode_comm),
		cmocka_unit_test(test_encode_fork_exit),
		cmocka_unit_test(test_encode_mmap),
		cmocka_unit_test(test_encode_mmap2),
		cmocka_unit_test(test_encode_mmap2_build_id),
		cmocka_unit_test(test_encode_ksymbol),
		cmocka_unit_test(test_encode_bpf_event_and_lost),
		cmocka_unit_test(test_encode_sample),
		cmocka_unit_test(test_encode_cgroup),
		cmocka_unit_test(test_encode_sample_cgroup),
		cmocka_unit_test(test_encode_cuts_names),
		cmocka_unit_test(test_encode_refuses),
		cmocka_unit_test(test_encode_empty_sample),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
