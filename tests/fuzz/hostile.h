/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Hostile inputs, made the same way by the unit tests that check what they do and by
 * tests/runners/hostile-files.c, which writes them as perf.data files and fuzz seeds.
 *
 * Each hostile_maps__NAME() appends to b a util/tfeat.h stream (perf-bpf's feature of a
 * perf.data file, what `trace` hands its printer at exit): a damaged or costly map, then a
 * good one, "good" with one entry [1]: 7, which must still print. hostile_file__NAME()
 * makes a whole perf.data file.
 */
#ifndef PERF_BPF_TESTS_HOSTILE_H
#define PERF_BPF_TESTS_HOSTILE_H

#include <stdint.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/bpf.h>
#include <bpf/btf.h>

#include <linux/perf_event.h>

#include "util/dbuf.h"
#include "util/tfeat.h"
#include "perfdata/format.h"

/* A MAP entry: header m, its name, then the entries' bytes (len of them). */
static inline void hostile__map(struct dbuf *b, struct tfeat_map m, const char *name,
				const void *bytes, size_t len)
{
	size_t start = tfeat__begin(b, TFEAT_MAP);

	m.name_len = (uint32_t)(strlen(name) + 8) / 8 * 8;
	dbuf__put(b, &m, sizeof(m));
	dbuf__put(b, name, strlen(name));
	dbuf__zero(b, m.name_len - strlen(name));
	dbuf__put(b, bytes, len);
	tfeat__end(b, start);
}

/* The good map after each hostile one: @good[1]: 7. */
static inline void hostile__good(struct dbuf *b)
{
	uint32_t kv[2] = { 1, 7 };
	struct tfeat_map m = { .map_type = BPF_MAP_TYPE_HASH, .key_size = 4, .value_size = 4,
			       .nr_values = 1, .nr_entries = 1 };

	hostile__map(b, m, "good", kv, sizeof(kv));
}

/* BTF number idx of the stream: btf's raw bytes. */
static inline void hostile__btf(struct dbuf *b, uint32_t idx, const struct btf *btf)
{
	uint32_t size;
	const void *raw = btf__raw_data(btf, &size);
	uint32_t hdr[2] = { idx, 0 };
	const void *parts[] = { hdr, raw };
	size_t lens[] = { sizeof(hdr), size };

	tfeat__put(b, TFEAT_BTF, 2, parts, lens);
}

/*
 * Per-CPU values whose BTF type (struct { u32 a, b; }, 8 bytes) is longer than the map's
 * value_size (4): the sum must not write past each 4-byte value (into the next entry's).
 * Entries [0]: a=1,1 and [1]: a=2,2 on two CPUs, so @pcpu[0]: 2 and @pcpu[1]: 4.
 */
static inline void hostile_maps__percpu_overflow(struct dbuf *b)
{
	struct btf *btf = btf__new_empty();
	int u32 = btf__add_int(btf, "unsigned int", 4, 0);
	int st = btf__add_struct(btf, "two", 8);
	uint32_t kv[] = { 0, 1, 1, 1, 2, 2 };
	struct tfeat_map m = { .btf = 0, .value_type = (uint32_t)st,
			       .map_type = BPF_MAP_TYPE_PERCPU_ARRAY, .key_size = 4,
			       .value_size = 4, .nr_values = 2, .nr_entries = 2 };

	btf__add_field(btf, "a", u32, 0, 0);
	btf__add_field(btf, "b", u32, 32, 0);
	hostile__btf(b, 0, btf);
	hostile__map(b, m, "pcpu", kv, sizeof(kv));
	hostile__good(b);
	btf__free(btf);
}

/*
 * nr_entries * (key_size + nr_values * value_size) is 2^64: 0 when multiplied in 64 bits.
 * The dump holds 16 bytes.
 */
static inline void hostile_maps__size_wrap(struct dbuf *b)
{
	uint8_t bytes[16] = { 0 };
	struct tfeat_map m = { .map_type = BPF_MAP_TYPE_HASH, .key_size = 0,
			       .value_size = 1U << 29, .nr_values = 1U << 31, .nr_entries = 16 };

	hostile__map(b, m, "wrap", bytes, sizeof(bytes));
	hostile__good(b);
}

/* 2^32 - 1 entries of no bytes at all. */
static inline void hostile_maps__zero_entries(struct dbuf *b)
{
	struct tfeat_map m = { .map_type = BPF_MAP_TYPE_HASH, .nr_values = 1,
			       .nr_entries = UINT32_MAX };

	hostile__map(b, m, "zero", NULL, 0);
	hostile__good(b);
}

/*
 * 4000000 entries of a 1-byte key and a 1-byte value (8 MB): an index of them all would
 * take 100 MB.
 */
#define HOSTILE_TINY_ENTRIES 4000000u

static inline void hostile_maps__tiny_entries(struct dbuf *b)
{
	struct tfeat_map m = { .map_type = BPF_MAP_TYPE_HASH, .key_size = 1, .value_size = 1,
			       .nr_values = 1, .nr_entries = HOSTILE_TINY_ENTRIES };
	uint8_t *kv = malloc(2 * HOSTILE_TINY_ENTRIES);

	for (uint32_t i = 0; kv && i < HOSTILE_TINY_ENTRIES; i++) {
		kv[2 * i] = (uint8_t)i;
		kv[2 * i + 1] = 1;
	}
	if (kv)
		hostile__map(b, m, "tiny", kv, 2 * HOSTILE_TINY_ENTRIES);
	else
		b->err = -ENOMEM;
	free(kv);
	hostile__good(b);
}

/* One entry whose value is 2^32 - 1 per-CPU values of no bytes. */
static inline void hostile_maps__nr_values(struct dbuf *b)
{
	uint32_t key = 1;
	struct tfeat_map m = { .map_type = BPF_MAP_TYPE_PERCPU_HASH, .key_size = 4,
			       .value_size = 0, .nr_values = UINT32_MAX, .nr_entries = 1 };

	hostile__map(b, m, "cpus", &key, sizeof(key));
	hostile__good(b);
}

/* A linear histogram whose width, from its name, is 2^64 - 1: keys 0 and 1 counted once. */
static inline void hostile_maps__lhist_width(struct dbuf *b)
{
	uint64_t kv[] = { 0, 1, 1, 1 };
	struct tfeat_map m = { .map_type = BPF_MAP_TYPE_HASH, .key_size = 8, .value_size = 8,
			       .nr_values = 1, .nr_entries = 2 };

	hostile__map(b, m, "x_lhist_18446744073709551615", kv, sizeof(kv));
	hostile__good(b);
}

/*
 * A value of type union u29 { union u28 a; union u28 b; }, ... down to union u0 { int a;
 * int b; }: 2^31 members for 4 bytes, if every one were visited. kind: BTF_KIND_UNION, or
 * BTF_KIND_STRUCT (two members at offset 0, as no compiler makes them). nr_values 2: the
 * per-CPU sum walks the type too.
 */
static inline void hostile_maps__nested(struct dbuf *b, int kind)
{
	struct btf *btf = btf__new_empty();
	int id = btf__add_int(btf, "int", 4, BTF_INT_SIGNED);
	uint32_t kv[] = { 1, 5, 6 };
	struct tfeat_map m = { .map_type = BPF_MAP_TYPE_PERCPU_HASH, .key_size = 4,
			       .value_size = 4, .nr_values = 2, .nr_entries = 1 };

	for (int level = 0; level < 30; level++) {
		char name[16];
		int inner = id;

		snprintf(name, sizeof(name), "u%d", level);
		id = kind == BTF_KIND_UNION ? btf__add_union(btf, name, 4) :
					      btf__add_struct(btf, name, 4);
		btf__add_field(btf, "a", inner, 0, 0);
		btf__add_field(btf, "b", inner, 0, 0);
	}
	m.value_type = (uint32_t)id;
	hostile__btf(b, 0, btf);
	hostile__map(b, m, "deep", kv, sizeof(kv));
	hostile__good(b);
	btf__free(btf);
}

/*
 * A file: its header with one attr (no ids), data (len bytes) as its data section; the
 * feature bitmap is bits, the index after the data is the caller's.
 */
static inline void hostile__file(struct dbuf *b, const uint64_t bits[4], const void *data,
				 size_t len)
{
	struct perf_event_attr a = { .type = PERF_TYPE_SOFTWARE, .size = 128, .sample_period = 1,
				     .sample_type = PERF_SAMPLE_TID | PERF_SAMPLE_TIME };

	dbuf__u64(b, PD_MAGIC);
	dbuf__u64(b, PD_FILE_HDR);
	dbuf__u64(b, 128 + 16); /* attr_size: the attr and its ids' section */
	dbuf__u64(b, PD_FILE_HDR); /* attrs */
	dbuf__u64(b, 128 + 16);
	dbuf__u64(b, PD_FILE_HDR + 144); /* data */
	dbuf__u64(b, len);
	dbuf__u64(b, 0); /* event types */
	dbuf__u64(b, 0);
	dbuf__put(b, bits, 32);
	dbuf__put(b, &a, 128);
	dbuf__u64(b, 0); /* ids: none */
	dbuf__u64(b, 0);
	dbuf__put(b, data, len);
}

/*
 * A file whose data holds perf-bpf's feature (feat, a HEADER_FEATURE record), then a round;
 * a feature too large for a record is the file's section of the feature instead.
 */
static inline void hostile_file__with_feature(struct dbuf *b, const struct dbuf *feat)
{
	static const uint64_t none[4], perf_bpf[4] = { 1ULL << PD_FEAT_PERF_BPF };
	struct perf_event_header h = { PD_HEADER_FEATURE, 0, (uint16_t)(16 + feat->len) };
	struct perf_event_header round = { PD_FINISHED_ROUND, 0, 8 };
	uint64_t id = PD_FEAT_PERF_BPF;
	struct dbuf data = { 0 };

	if (16 + feat->len > UINT16_MAX) {
		hostile__file(b, perf_bpf, &round, sizeof(round));
		dbuf__u64(b, b->len + 16); /* the index: the feature's section, after it */
		dbuf__u64(b, feat->len);
		dbuf__put(b, feat->p, feat->len);
		return;
	}
	dbuf__put(&data, &h, sizeof(h));
	dbuf__put(&data, &id, sizeof(id));
	dbuf__put(&data, feat->p, feat->len);
	dbuf__put(&data, &round, sizeof(round));
	hostile__file(b, none, data.p, data.len);
	dbuf__free(&data);
}

/*
 * Feature ids 32 to 255 all name one section of region bytes: a reader that copied each
 * would hold 224 times the file.
 */
static inline void hostile_file__feature_amp(struct dbuf *b, size_t region)
{
	static const uint64_t bits[4] = { ~0ULL << 32, ~0ULL, ~0ULL, ~0ULL };
	struct perf_event_header round = { PD_FINISHED_ROUND, 0, 8 };
	size_t section;

	hostile__file(b, bits, &round, sizeof(round));
	section = b->len + 224 * 16;
	for (int bit = 32; bit < 256; bit++) {
		dbuf__u64(b, section);
		dbuf__u64(b, region);
	}
	for (size_t i = 0; i < region; i += 8)
		dbuf__u64(b, i);
}

/* "/usr/lib/libN.so", padded with NULs to 8 bytes, appended to b. */
static inline void hostile__lib_name(struct dbuf *b, size_t i)
{
	char name[32];
	size_t n = (size_t)snprintf(name, sizeof(name), "/usr/lib/lib%zu.so", i) + 1;

	dbuf__put(b, name, n);
	dbuf__zero(b, (n + 7) / 8 * 8 - n);
}

/*
 * n MMAP2s of n files in one process, and a build-id table naming each file: every file
 * is a DSO and has a table entry, so what the reader keeps for each must be small.
 */
static inline void hostile_file__buildids(struct dbuf *b, size_t n)
{
	static const uint64_t bits[4] = { 1 << PD_FEAT_BUILD_ID };
	struct dbuf data = { 0 };
	size_t table;

	for (size_t i = 0; i < n; i++) {
		struct perf_event_header h = { PERF_RECORD_MMAP2, PERF_RECORD_MISC_USER, 0 };
		size_t start = data.len;
		uint64_t map[3] = { 0x7f0000000000 + i * 0x2000, 0x1000, 0 };
		uint32_t ids[2] = { 4242, 4242 }, dev[2] = { 8, 1 }, prot[2] = { 5, 2 };
		uint64_t ino[2] = { 1000 + i, 0 };

		dbuf__put(&data, &h, sizeof(h));
		dbuf__put(&data, ids, sizeof(ids));
		dbuf__put(&data, map, sizeof(map));
		dbuf__put(&data, dev, sizeof(dev));
		dbuf__put(&data, ino, sizeof(ino));
		dbuf__put(&data, prot, sizeof(prot));
		hostile__lib_name(&data, i);
		h.size = (uint16_t)(data.len - start);
		if (data.p)
			memcpy(data.p + start, &h, sizeof(h));
	}
	hostile__file(b, bits, data.p, data.len);
	dbuf__free(&data);
	table = b->len + 16;
	dbuf__u64(b, table); /* the index: BUILD_ID's section */
	dbuf__u64(b, 0);
	for (size_t i = 0; i < n; i++) {
		struct perf_event_header h = { PD_HEADER_BUILD_ID, PERF_RECORD_MISC_USER, 0 };
		size_t start = b->len;
		uint32_t pid = 4242,
			 id[6] = { (uint32_t)i, 0xabababab, 0xabababab, 0xabababab, 0xabababab, 0 };

		dbuf__put(b, &h, sizeof(h));
		dbuf__put(b, &pid, sizeof(pid));
		dbuf__put(b, id, sizeof(id));
		hostile__lib_name(b, i);
		h.size = (uint16_t)(b->len - start);
		if (b->p)
			memcpy(b->p + start, &h, sizeof(h));
	}
	if (b->p) {
		uint64_t size = b->len - table;

		memcpy(b->p + table - 8, &size, 8);
	}
}

#endif
