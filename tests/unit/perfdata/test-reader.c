// SPDX-License-Identifier: GPL-2.0
/* pdreader on hand-made files: valid ones, and every defect the format allows. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "util/errmsg.h"
#include "util/log.h"
#include "perfdata/reader.h"

#define ST_BPF                                                                   \
	(PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_CPU | \
	 PERF_SAMPLE_PERIOD | PERF_SAMPLE_RAW)

/* A file under construction; u64-aligned storage. */
struct fb {
	uint64_t words[4096];
	size_t len;
};

static size_t put(struct fb *b, const void *p, size_t n)
{
	size_t at = b->len;

	memcpy((char *)b->words + b->len, p, n);
	b->len += n;
	return at;
}

static size_t put64(struct fb *b, uint64_t v)
{
	return put(b, &v, 8);
}

static size_t put32(struct fb *b, uint32_t v)
{
	return put(b, &v, 4);
}

static void set64(struct fb *b, size_t at, uint64_t v)
{
	memcpy((char *)b->words + at, &v, 8);
}

static struct perf_event_attr attr_of(uint32_t type, uint64_t config, uint64_t st, int id_all)
{
	struct perf_event_attr a = { .type = type, .size = 128, .config = config };

	a.sample_period = 1;
	a.sample_type = st;
	a.sample_id_all = id_all;
	a.exclude_guest = 1;
	return a;
}

/* A SAMPLE with layout IDENTIFIER?|IP|TID|TIME|CPU|PERIOD|RAW */
static void put_sample(struct fb *b, bool ident, uint64_t id, uint64_t time, const char *raw)
{
	uint32_t rs = (strlen(raw) + 1 + 4 + 7) / 8 * 8 - 4;
	struct perf_event_header h = { PERF_RECORD_SAMPLE, 2, 8 + (ident ? 8 : 0) + 40 + 4 + rs };
	char pad[64] = {};

	put(b, &h, 8);
	if (ident)
		put64(b, id);
	put64(b, 0);
	put32(b, 4242);
	put32(b, 4242);
	put64(b, time);
	put64(b, 2);
	put64(b, 1);
	put32(b, rs);
	strcpy(pad, raw);
	put(b, pad, rs);
}

/* A COMM with trailer TID|TIME|CPU (+IDENTIFIER when ident) */
static void put_comm(struct fb *b, bool ident, uint64_t id, uint64_t time, const char *comm)
{
	struct perf_event_header h = { PERF_RECORD_COMM, 0, 8 + 8 + 16 + 24 + (ident ? 8 : 0) };
	char name[16] = {};

	strcpy(name, comm);
	put(b, &h, 8);
	put32(b, 4242);
	put32(b, 4242);
	put(b, name, 16);
	put32(b, 4242);
	put32(b, 4242);
	put64(b, time);
	put64(b, 2);
	if (ident)
		put64(b, id);
}

static void put_hdr(struct fb *b, uint32_t type, uint16_t size)
{
	struct perf_event_header h = { type, 0, size };

	put(b, &h, 8);
}

struct layout {
	size_t data_off, data_size_at, feat_at;
};

/*
 * File header + attrs (each with ids {100*(i+1), 100*(i+1)+1}) and the start of the
 * data section; data.size and the feature index are filled in by end_file.
 */
static struct layout begin_file(struct fb *b, const struct perf_event_attr *attrs, int nr)
{
	struct layout l;
	size_t ids_at[8];

	b->len = 0;
	put(b, "PERFILE2", 8);
	put64(b, 104);
	put64(b, 144);
	put64(b, 104 + nr * 16);
	put64(b, nr * 144);
	l.data_off = 104 + nr * 16 + nr * 144;
	put64(b, l.data_off);
	l.data_size_at = put64(b, 0);
	put64(b, 0);
	put64(b, 0);
	l.feat_at = put64(b, 0);
	put64(b, 0);
	put64(b, 0);
	put64(b, 0);
	for (int i = 0; i < nr; i++) {
		ids_at[i] = put64(b, 100 * (i + 1));
		put64(b, 100 * (i + 1) + 1);
	}
	for (int i = 0; i < nr; i++) {
		put(b, &attrs[i], 128);
		put64(b, ids_at[i]);
		put64(b, 16);
	}
	return l;
}

/* Closes the data section; names (may be NULL) go into EVENT_DESC. */
static void end_file(struct fb *b, const struct layout *l, const struct perf_event_attr *attrs,
		     const char *const *names, int nr)
{
	size_t idx;

	set64(b, l->data_size_at, b->len - l->data_off);
	if (!names)
		return;
	set64(b, l->feat_at, 1 << 12);
	idx = put64(b, 0);
	put64(b, 0);
	set64(b, idx, b->len);
	put32(b, nr);
	put32(b, 128);
	for (int i = 0; i < nr; i++) {
		char name[64] = {};

		put(b, &attrs[i], 128);
		put32(b, 0);
		put32(b, 64);
		strcpy(name, names[i]);
		put(b, name, 64);
	}
	set64(b, idx + 8, b->len - idx - 16);
}

/* The spec's minimal bpf-output file: one attr, COMM, one sample, EVENT_DESC. */
static void minimal_file(struct fb *b)
{
	struct perf_event_attr a = attr_of(1, 10, ST_BPF, 1);
	static const char *const names[] = { "bpf-output" };
	struct layout l = begin_file(b, &a, 1);

	put_comm(b, false, 0, 0, "myprog");
	put_sample(b, false, 0, 1000123456789ULL, "hello world");
	end_file(b, &l, &a, names, 1);
}

static int count_records(struct pdreader *r, int *err)
{
	struct pdreader_record rec;
	int n = 0, ret;

	while ((ret = pdreader__next(r, &rec)) > 0)
		n++;
	*err = ret;
	return n;
}

static void test_pdreader__new_mem_minimal(void **state)
{
	static struct fb b;
	struct pdreader_record rec;
	struct pdreader *r;

	minimal_file(&b);
	r = pdreader__new_mem(b.words, b.len);
	assert_non_null(r);
	assert_false(pdreader__is_pipe(r));
	assert_int_equal(pdreader__nr_events(r), 1);
	assert_string_equal(pdreader__event(r, 0)->desc.name, "bpf-output");
	assert_int_equal(pdreader__event(r, 0)->desc.attr.sample_type, ST_BPF);
	assert_int_equal(pdreader__event(r, 0)->nr_ids, 2);
	assert_int_equal(pdreader__event(r, 0)->ids[1], 101);
	assert_int_equal(pdreader__next(r, &rec), 1);
	assert_int_equal(rec.hdr->type, PERF_RECORD_COMM);
	assert_int_equal(rec.time, 0);
	assert_int_equal(pdreader__next(r, &rec), 1);
	assert_int_equal(rec.hdr->type, PERF_RECORD_SAMPLE);
	assert_int_equal(rec.event, 0);
	assert_int_equal(rec.time, 1000123456789ULL);
	assert_int_equal(pdreader__next(r, &rec), 0);
	assert_int_equal(pdreader__stats(r)->nr_samples, 1);
	assert_int_equal(pdreader__stats(r)->nr_records, 2);
	assert_false(pdreader__stats(r)->truncated);
	pdreader__free(r);
}

/* The ERROR line the last failure recorded (util/errmsg.h). */
static const char *error_line(void)
{
	const char *text = errmsg__text();

	assert_non_null(text);
	return text;
}

static void expect_open_error(struct fb *b, const char *msg)
{
	struct pdreader *r = pdreader__new_mem(b->words, b->len);

	assert_null(r);
	assert_true(errno == EINVAL || errno == ENOTSUP);
	assert_non_null(strstr(error_line(), msg));
}

static void test_pdreader__new_mem_bad_magic(void **state)
{
	static struct fb b;

	minimal_file(&b);
	memcpy(b.words, "PERFILE3", 8);
	expect_open_error(&b, "bad magic");
	memcpy(b.words, "2ELIFREP", 8);
	expect_open_error(&b, "byte order");
	memcpy(b.words, "PERFFILE", 8);
	expect_open_error(&b, "version 1");
}

static void test_pdreader__new_mem_too_short(void **state)
{
	static struct fb b;

	minimal_file(&b);
	b.len = 0;
	expect_open_error(&b, "zero-sized");
	b.len = 9;
	expect_open_error(&b, "too short");
	b.len = 60;
	expect_open_error(&b, "shorter than its header");
}

static void test_pdreader__new_mem_bad_header_size(void **state)
{
	static struct fb b;

	minimal_file(&b);
	set64(&b, 8, 112);
	expect_open_error(&b, "header size");
}

static void test_pdreader__new_mem_attr_size_zero(void **state)
{
	static struct fb b;

	minimal_file(&b);
	set64(&b, 16, 0);
	expect_open_error(&b, "attr size field is 0");
}

static void test_pdreader__new_mem_attr_size_mismatch(void **state)
{
	static struct fb b;
	uint32_t size = 136;

	minimal_file(&b);
	memcpy((char *)b.words + 104 + 16 + 4, &size, 4); /* attr.size 136 in a 144 entry */
	expect_open_error(&b, "does not match");
}

static void test_pdreader__new_mem_attrs_outside(void **state)
{
	static struct fb b;

	minimal_file(&b);
	set64(&b, 24, b.len - 8);
	expect_open_error(&b, "outside the file");
	minimal_file(&b);
	set64(&b, 24, ~0ULL - 8);
	expect_open_error(&b, "outside the file");
}

static void test_pdreader__new_mem_ids_outside(void **state)
{
	static struct fb b;

	minimal_file(&b);
	set64(&b, 104 + 16 + 128 + 8, 1ULL << 40); /* ids.size */
	expect_open_error(&b, "ids");
}

static void test_pdreader__new_mem_data_size_zero(void **state)
{
	static struct fb b;
	struct pdreader *r;
	int err;

	minimal_file(&b);
	set64(&b, 48, 0);
	r = pdreader__new_mem(b.words, b.len);
	assert_non_null(r);
	assert_int_equal(count_records(r, &err), 0);
	assert_int_equal(err, 0);
	pdreader__free(r);
}

static void test_pdreader__new_mem_data_past_end(void **state)
{
	static struct fb b;
	struct pdreader *r;
	int err;

	minimal_file(&b);
	set64(&b, 48, 1ULL << 50);
	r = pdreader__new_mem(b.words, b.len);
	assert_non_null(r);
	assert_true(pdreader__stats(r)->truncated);
	count_records(r, &err);
	assert_int_equal(err, 0);
	pdreader__free(r);
	set64(&b, 40, 1ULL << 50);
	expect_open_error(&b, "data offset");
}

static void test_pdreader__next_data_ends_in_record(void **state)
{
	static struct fb b;
	struct pdreader *r;
	int err;

	minimal_file(&b);
	set64(&b, 48, 56 + 16); /* COMM, then half a sample */
	r = pdreader__new_mem(b.words, b.len);
	assert_non_null(r);
	assert_int_equal(count_records(r, &err), 1);
	assert_int_equal(err, 0);
	assert_true(pdreader__stats(r)->truncated);
	assert_null(pdreader__event(r, 0)->desc.name); /* the feature index is lost with it */
	pdreader__free(r);
}

static void test_pdreader__next_unknown_type(void **state)
{
	static struct fb b;
	struct perf_event_attr a = attr_of(1, 10, ST_BPF, 0);
	struct layout l = begin_file(&b, &a, 1);
	struct pdreader *r;
	int err;

	put_sample(&b, false, 0, 5, "a");
	put_hdr(&b, 30, 16);
	put64(&b, 0);
	put_hdr(&b, 90, 8);
	put_sample(&b, false, 0, 6, "b");
	end_file(&b, &l, &a, NULL, 1);
	r = pdreader__new_mem(b.words, b.len);
	assert_non_null(r);
	assert_int_equal(count_records(r, &err), 2);
	assert_int_equal(err, 0);
	assert_int_equal(pdreader__stats(r)->nr_skipped, 2);
	pdreader__free(r);
}

static void test_pdreader__next_record_size_too_small(void **state)
{
	static struct fb b;
	struct perf_event_attr a = attr_of(1, 10, ST_BPF, 0);
	struct layout l = begin_file(&b, &a, 1);
	struct pdreader *r;
	int err;

	put_sample(&b, false, 0, 5, "a");
	put_hdr(&b, PERF_RECORD_SAMPLE, 0); /* size 0: would loop for ever if trusted */
	put_sample(&b, false, 0, 6, "b");
	end_file(&b, &l, &a, NULL, 1);
	r = pdreader__new_mem(b.words, b.len);
	assert_non_null(r);
	assert_int_equal(count_records(r, &err), 1);
	assert_true(pdreader__stats(r)->truncated);
	pdreader__free(r);
}

static struct pdreader *two_event_file(struct fb *b, uint64_t second_id, int id_all2)
{
	struct perf_event_attr a[2] = {
		attr_of(1, 10, ST_BPF | PERF_SAMPLE_IDENTIFIER, 1),
		attr_of(1, 10, ST_BPF | PERF_SAMPLE_IDENTIFIER, id_all2),
	};
	static const char *const names[] = { "evt", "other" };
	struct layout l = begin_file(b, a, 2);

	put_comm(b, true, 201, 0, "myprog");
	put_sample(b, true, 101, 10, "a");
	put_sample(b, true, 0, 11, "b");
	put_sample(b, true, second_id, 12, "c");
	end_file(b, &l, a, names, 2);
	return pdreader__new_mem(b->words, b->len);
}

static void test_pdreader__next_maps_ids(void **state)
{
	static struct fb b;
	struct pdreader_record rec;
	struct pdreader *r = two_event_file(&b, 200, 1);
	int expect[] = { 1, 0, 0, 1 };

	assert_non_null(r);
	assert_string_equal(pdreader__event(r, 1)->desc.name, "other");
	for (int i = 0; i < 4; i++) {
		assert_int_equal(pdreader__next(r, &rec), 1);
		assert_int_equal(rec.event, expect[i]);
	}
	assert_int_equal(pdreader__next(r, &rec), 0);
	pdreader__free(r);
}

static void test_pdreader__next_unknown_id(void **state)
{
	static struct fb b;
	struct pdreader *r = two_event_file(&b, 999, 1);
	int err;

	assert_non_null(r);
	count_records(r, &err);
	assert_int_equal(err, -EINVAL);
	assert_non_null(strstr(error_line(), "id 999"));
	pdreader__free(r);
}

static void test_pdreader__new_mem_sample_id_all_mismatch(void **state)
{
	static struct fb b;

	assert_null(two_event_file(&b, 200, 0));
	assert_non_null(strstr(error_line(), "sample_id_all"));
}

static void test_pdreader__new_mem_sample_type_mismatch(void **state)
{
	static struct fb b;
	struct perf_event_attr a[2] = { attr_of(1, 10, ST_BPF, 1), attr_of(1, 10, ST_BPF, 1) };
	struct layout l = begin_file(&b, a, 2);

	end_file(&b, &l, a, NULL, 2);
	expect_open_error(&b, "non matching sample_type");
}

/* Samples at times 30, 10, 20, FINISHED_ROUND, 5, 40: perf's rounds decide the order. */
static struct pdreader *unordered_file(struct fb *b, int id_all)
{
	struct perf_event_attr a = attr_of(1, 10, ST_BPF, id_all);
	struct layout l = begin_file(b, &a, 1);

	put_sample(b, false, 0, 30, "a");
	put_sample(b, false, 0, 10, "b");
	put_comm(b, false, 0, 0, "zero");
	put_sample(b, false, 0, 20, "c");
	put_hdr(b, 68, 8);
	put_sample(b, false, 0, 5, "d");
	put_hdr(b, 68, 8);
	put_sample(b, false, 0, 40, "e");
	end_file(b, &l, &a, NULL, 1);
	return pdreader__new_mem(b->words, b->len);
}

static void expect_times(struct pdreader *r, const uint64_t *t, int n)
{
	struct pdreader_record rec;

	for (int i = 0; i < n; i++) {
		assert_int_equal(pdreader__next(r, &rec), 1);
		assert_int_equal(rec.time, t[i]);
	}
	assert_int_equal(pdreader__next(r, &rec), 0);
}

static void test_pdreader__next_sorts_by_time(void **state)
{
	static struct fb b;
	struct pdreader *r = unordered_file(&b, 1);
	/* time 0 goes first; round 1 flushes nothing, round 2 flushes up to 30 */
	static const uint64_t t[] = { 0, 5, 10, 20, 30, 40 };

	assert_non_null(r);
	expect_times(r, t, 6);
	assert_int_equal(pdreader__stats(r)->nr_unordered, 0);
	pdreader__free(r);
}

static void test_pdreader__next_file_order_without_sample_id_all(void **state)
{
	static struct fb b;
	struct pdreader *r = unordered_file(&b, 0);
	static const uint64_t t[] = { 30, 10, 0, 20, 5, 40 };

	assert_non_null(r);
	expect_times(r, t, 6);
	pdreader__free(r);
}

static void test_pdreader__next_counts_out_of_order(void **state)
{
	static struct fb b;
	struct perf_event_attr a = attr_of(1, 10, ST_BPF, 1);
	struct layout l = begin_file(&b, &a, 1);
	struct pdreader *r;
	static const uint64_t t[] = { 10, 20, 5 };

	put_sample(&b, false, 0, 10, "a");
	put_hdr(&b, 68, 8);
	put_sample(&b, false, 0, 20, "b");
	put_hdr(&b, 68, 8); /* flushes 10 */
	put_hdr(&b, 68, 8); /* flushes 20 */
	put_sample(&b, false, 0, 5, "late");
	end_file(&b, &l, &a, NULL, 1);
	r = pdreader__new_mem(b.words, b.len);
	assert_non_null(r);
	expect_times(r, t, 3);
	assert_int_equal(pdreader__stats(r)->nr_unordered, 1);
	pdreader__free(r);
}

static void test_pdreader__stats_lost(void **state)
{
	static struct fb b;
	struct perf_event_attr a = attr_of(1, 10, ST_BPF, 0);
	struct layout l = begin_file(&b, &a, 1);
	struct pdreader *r;
	int err;

	put_hdr(&b, PERF_RECORD_LOST, 24);
	put64(&b, 0);
	put64(&b, 7);
	put_hdr(&b, PERF_RECORD_LOST, 24);
	put64(&b, 0);
	put64(&b, 3);
	put_hdr(&b, PERF_RECORD_LOST_SAMPLES, 16);
	put64(&b, 50);
	put_sample(&b, false, 0, 1, "x");
	end_file(&b, &l, &a, NULL, 1);
	r = pdreader__new_mem(b.words, b.len);
	assert_non_null(r);
	assert_int_equal(count_records(r, &err), 4);
	assert_int_equal(pdreader__stats(r)->nr_lost, 2);
	assert_int_equal(pdreader__stats(r)->lost_events, 10);
	assert_int_equal(pdreader__stats(r)->lost_samples, 50);
	assert_int_equal(pdreader__stats(r)->nr_records, 4);
	pdreader__free(r);
}

static void test_pdreader__new_mem_feature_index_outside(void **state)
{
	static struct fb b;
	struct pdreader *r;

	minimal_file(&b);
	set64(&b, 72, 0xff00); /* eight features, only one index entry */
	r = pdreader__new_mem(b.words, b.len);
	assert_non_null(r);
	assert_null(pdreader__event(r, 0)->desc.name);
	pdreader__free(r);
}

static void test_pdreader__new_mem_event_desc_damaged(void **state)
{
	static struct fb b;
	struct pdreader *r;
	int err;

	minimal_file(&b);
	set64(&b, b.len - 8 - 200, 0xffffffff00000001ULL); /* nr 1, attr_size huge */
	r = pdreader__new_mem(b.words, b.len);
	assert_non_null(r);
	assert_null(pdreader__event(r, 0)->desc.name);
	assert_int_equal(count_records(r, &err), 2);
	pdreader__free(r);
}

static void test_pdreader__next_data_size_short_on_boundary(void **state)
{
	static struct fb b;
	struct pdreader *r;
	int err;

	minimal_file(&b);
	set64(&b, 48, 56); /* the COMM only: the sample is left out, silently */
	r = pdreader__new_mem(b.words, b.len);
	assert_non_null(r);
	assert_int_equal(count_records(r, &err), 1);
	assert_int_equal(err, 0);
	assert_false(pdreader__stats(r)->truncated);
	assert_null(
		pdreader__event(r, 0)->desc.name); /* the index is looked for in the wrong place */
	pdreader__free(r);
}

static void test_pdreader__new_mem_attr_size_136(void **state)
{
	static struct fb b;
	struct perf_event_attr a = attr_of(1, 10, ST_BPF, 1);
	struct pdreader *r;
	int err;

	/* a newer perf's 136-byte attr, in 152-byte entries: read, bytes past 128 ignored */
	b.len = 0;
	put(&b, "PERFILE2", 8);
	put64(&b, 104);
	put64(&b, 152);
	put64(&b, 104);
	put64(&b, 152);
	put64(&b, 256);
	put64(&b, 0);
	for (int i = 0; i < 6; i++)
		put64(&b, 0);
	a.size = 136;
	put(&b, &a, 128);
	put64(&b, 0xdeadbeef);
	put64(&b, 0);
	put64(&b, 0);
	put_comm(&b, false, 0, 0, "x");
	put_sample(&b, false, 0, 5, "y");
	set64(&b, 48, b.len - 256);
	r = pdreader__new_mem(b.words, b.len);
	assert_non_null(r);
	assert_int_equal(pdreader__event(r, 0)->desc.attr.sample_type, ST_BPF);
	assert_int_equal(count_records(r, &err), 2);
	pdreader__free(r);
}

static void test_pdreader__new_mem_read_without_format_id(void **state)
{
	static struct fb b;
	struct perf_event_attr a = attr_of(1, 10, ST_BPF | PERF_SAMPLE_READ, 1);
	struct layout l = begin_file(&b, &a, 1);

	end_file(&b, &l, &a, NULL, 1);
	expect_open_error(&b, "non matching read_format");
}

static void test_pdreader__event_tracepoint_without_tracing_data(void **state)
{
	static struct fb b;
	struct perf_event_attr a = attr_of(2, 9999, ST_BPF, 1);
	struct layout l = begin_file(&b, &a, 1);
	struct pdreader *r;
	int err;

	put_sample(&b, false, 0, 5, "\x0f\x27");
	end_file(&b, &l, &a, NULL, 1);
	r = pdreader__new_mem(b.words, b.len);
	assert_non_null(r);
	assert_null(pdreader__event(r, 0)->tp_format);
	assert_null(pdreader__event(r, 0)->desc.name);
	assert_int_equal(count_records(r, &err), 1);
	pdreader__free(r);
}

/* A TRACING_DATA payload with one format "mysys:myevent", ID 9999. */
static void put_tracing_data(struct fb *b, const char *fmt)
{
	static const char magic[] = { 23, 8, 68, 't', 'r', 'a', 'c', 'i', 'n', 'g' };
	static const char page[] = "\tfield: u64 timestamp;\toffset:0;\tsize:8;\tsigned:0;\n";

	put(b, magic, 10);
	put(b, "0.6", 4);
	put(b, "\0\x08", 2);
	put32(b, 4096);
	put(b, "header_page", 12);
	put64(b, sizeof(page) - 1);
	put(b, page, sizeof(page) - 1);
	put(b, "header_event", 13);
	put64(b, 0);
	put32(b, 0);
	put32(b, 1);
	put(b, "mysys", 6);
	put32(b, 1);
	put64(b, strlen(fmt));
	put(b, fmt, strlen(fmt));
	put32(b, 0);
	put32(b, 0);
	put64(b, 0);
}

static const char my_format[] =
	"name: myevent\nID: 9999\nformat:\n"
	"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
	"\n\tfield:int a;\toffset:8;\tsize:4;\tsigned:1;\n\n"
	"print fmt: \"a=%d\", REC->a\n";

static struct pdreader *tracepoint_file(struct fb *b, int damage)
{
	struct perf_event_attr a = attr_of(2, 9999, ST_BPF, 1);
	struct layout l = begin_file(b, &a, 1);
	size_t idx;

	put_sample(b, false, 0, 5, "\x0f\x27");
	end_file(b, &l, &a, NULL, 1);
	set64(b, l.feat_at, 1 << 1);
	idx = put64(b, 0);
	put64(b, 0);
	set64(b, idx, b->len);
	put_tracing_data(b, my_format);
	set64(b, idx + 8, b->len - idx - 16);
	if (damage == 1) /* the magic */
		memset((char *)b->words + idx + 16, 'x', 3);
	if (damage == 2) /* header_page size 0 */
		memset((char *)b->words + idx + 16 + 10 + 4 + 6 + 12, 0, 8);
	return pdreader__new_mem(b->words, b->len);
}

static void test_pdreader__format_tracing_data(void **state)
{
	static struct fb b;
	struct pdreader *r = tracepoint_file(&b, 0);
	const struct pdreader_event *e;
	size_t len;

	assert_non_null(r);
	e = pdreader__event(r, 0);
	assert_string_equal(e->desc.name, "mysys:myevent");
	assert_string_equal(e->desc.tp_sys, "mysys");
	assert_int_equal(e->tp_format_len, strlen(my_format));
	assert_memory_equal(e->tp_format, my_format, e->tp_format_len);
	assert_int_equal(pdreader__nr_formats(r), 1);
	assert_non_null(pdreader__header_page(r, &len));
	assert_true(len > 0);
	pdreader__free(r);
}

static void test_pdreader__format_tracing_data_damaged(void **state)
{
	static struct fb b;
	struct pdreader *r = tracepoint_file(&b, 1);

	assert_non_null(r);
	assert_null(pdreader__event(r, 0)->tp_format);
	assert_int_equal(pdreader__nr_formats(r), 0);
	pdreader__free(r);
	r = tracepoint_file(&b, 2);
	assert_non_null(r);
	assert_null(pdreader__event(r, 0)->tp_format);
	pdreader__free(r);
}

/* Every prefix of valid files opens or fails cleanly, and reading ends. */
static void truncate_everywhere(struct fb *b)
{
	char *copy = malloc(b->len);

	assert_non_null(copy);
	for (size_t n = 0; n <= b->len; n++) {
		struct pdreader *r;
		int err;

		memcpy(copy, b->words, n);
		r = pdreader__new_mem(copy, n);
		if (!r)
			continue;
		assert_true(count_records(r, &err) <= 16);
		pdreader__free(r);
	}
	free(copy);
}

static void test_pdreader__new_mem_truncated_everywhere(void **state)
{
	static struct fb b;

	minimal_file(&b);
	truncate_everywhere(&b);
	pdreader__free(two_event_file(&b, 200, 1));
	truncate_everywhere(&b);
	pdreader__free(tracepoint_file(&b, 0));
	truncate_everywhere(&b);
}

/* A streaming file: attrs, EVENT_DESC feature, tracing data, records, a cut-off end. */
static void test_pdreader__new_mem_pipe(void **state)
{
	static struct fb b;
	struct perf_event_attr a = attr_of(2, 9999, ST_BPF, 1);
	struct pdreader_record rec;
	struct pdreader *r;
	size_t at, full;

	b.len = 0;
	put(&b, "PERFILE2", 8);
	put64(&b, 16);
	put_hdr(&b, 64, 8 + 128 + 8);
	put(&b, &a, 128);
	put64(&b, 77);
	put_hdr(&b, 66, 16);
	at = put32(&b, 0);
	put32(&b, 0);
	full = b.len;
	put_tracing_data(&b, my_format);
	while (b.len % 8)
		put(&b, "", 1);
	memcpy((char *)b.words + at, &(uint32_t){ b.len - full }, 4);
	put_sample(&b, false, 0, 7, "\x0f\x27");
	put_sample(&b, false, 0, 6, "\x0f\x27");
	full = b.len;
	put_sample(&b, false, 0, 8, "\x0f\x27");
	b.len -= 5;
	r = pdreader__new_mem(b.words, b.len);
	assert_non_null(r);
	assert_true(pdreader__is_pipe(r));
	assert_string_equal(pdreader__event(r, 0)->desc.name, "mysys:myevent");
	assert_int_equal(pdreader__event(r, 0)->ids[0], 77);
	assert_int_equal(pdreader__next(r, &rec), 1);
	assert_int_equal(rec.time, 6);
	assert_int_equal(pdreader__next(r, &rec), 1);
	assert_int_equal(rec.time, 7);
	assert_int_equal(pdreader__next(r, &rec), 0);
	assert_true(pdreader__stats(r)->truncated);
	pdreader__free(r);
	(void)full;
}

/* A streaming file's attrs come before its first sample; a later one is counted, skipped. */
static void test_pdreader__new_mem_pipe_late_attr(void **state)
{
	static struct fb b;
	struct perf_event_attr a = attr_of(2, 9999, ST_BPF, 1);
	struct pdreader_record rec;
	struct pdreader *r;

	b.len = 0;
	put(&b, "PERFILE2", 8);
	put64(&b, 16);
	put_hdr(&b, 64, 8 + 128 + 8);
	put(&b, &a, 128);
	put64(&b, 77);
	put_sample(&b, false, 0, 7, "\x0f\x27");
	put_hdr(&b, 64, 8 + 128 + 8);
	put(&b, &a, 128);
	put64(&b, 78);
	put_sample(&b, false, 0, 8, "\x0f\x27");
	r = pdreader__new_mem(b.words, b.len);
	assert_non_null(r);
	assert_int_equal(pdreader__nr_events(r), 1);
	assert_int_equal(pdreader__next(r, &rec), 1);
	assert_int_equal(rec.time, 7);
	assert_int_equal(pdreader__next(r, &rec), 1);
	assert_int_equal(rec.time, 8);
	assert_int_equal(pdreader__next(r, &rec), 0);
	assert_int_equal(pdreader__stats(r)->nr_skipped, 1);
	pdreader__free(r);
}

static void test_pdreader__new_mem_unaligned_buffer(void **state)
{
	static struct fb b;
	char *p;
	struct pdreader *r;
	int err;

	minimal_file(&b);
	p = malloc(b.len + 1);
	assert_non_null(p);
	memcpy(p + 1, b.words, b.len);
	r = pdreader__new_mem(p + 1, b.len);
	assert_non_null(r);
	assert_int_equal(count_records(r, &err), 2);
	pdreader__free(r);
	free(p);
}

static void test_pdreader__open_missing(void **state)
{
	assert_null(pdreader__open("/nonexistent/perf.data"));
	assert_int_equal(errno, ENOENT);
	assert_string_equal(error_line(),
			    "cannot read '/nonexistent/perf.data': No such file or directory");
	pdreader__free(NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pdreader__new_mem_minimal),
		cmocka_unit_test(test_pdreader__new_mem_bad_magic),
		cmocka_unit_test(test_pdreader__new_mem_too_short),
		cmocka_unit_test(test_pdreader__new_mem_bad_header_size),
		cmocka_unit_test(test_pdreader__new_mem_attr_size_zero),
		cmocka_unit_test(test_pdreader__new_mem_attr_size_mismatch),
		cmocka_unit_test(test_pdreader__new_mem_attrs_outside),
		cmocka_unit_test(test_pdreader__new_mem_ids_outside),
		cmocka_unit_test(test_pdreader__new_mem_data_size_zero),
		cmocka_unit_test(test_pdreader__new_mem_data_past_end),
		cmocka_unit_test(test_pdreader__next_data_ends_in_record),
		cmocka_unit_test(test_pdreader__next_unknown_type),
		cmocka_unit_test(test_pdreader__next_record_size_too_small),
		cmocka_unit_test(test_pdreader__next_maps_ids),
		cmocka_unit_test(test_pdreader__next_unknown_id),
		cmocka_unit_test(test_pdreader__new_mem_sample_id_all_mismatch),
		cmocka_unit_test(test_pdreader__new_mem_sample_type_mismatch),
		cmocka_unit_test(test_pdreader__next_sorts_by_time),
		cmocka_unit_test(test_pdreader__next_file_order_without_sample_id_all),
		cmocka_unit_test(test_pdreader__next_counts_out_of_order),
		cmocka_unit_test(test_pdreader__stats_lost),
		cmocka_unit_test(test_pdreader__new_mem_feature_index_outside),
		cmocka_unit_test(test_pdreader__new_mem_event_desc_damaged),
		cmocka_unit_test(test_pdreader__next_data_size_short_on_boundary),
		cmocka_unit_test(test_pdreader__new_mem_attr_size_136),
		cmocka_unit_test(test_pdreader__new_mem_read_without_format_id),
		cmocka_unit_test(test_pdreader__event_tracepoint_without_tracing_data),
		cmocka_unit_test(test_pdreader__format_tracing_data),
		cmocka_unit_test(test_pdreader__format_tracing_data_damaged),
		cmocka_unit_test(test_pdreader__new_mem_truncated_everywhere),
		cmocka_unit_test(test_pdreader__new_mem_pipe),
		cmocka_unit_test(test_pdreader__new_mem_pipe_late_attr),
		cmocka_unit_test(test_pdreader__new_mem_unaligned_buffer),
		cmocka_unit_test(test_pdreader__open_missing),
	};

	quiet = 1;
	return cmocka_run_group_tests(tests, NULL, NULL);
}
