// SPDX-License-Identifier: GPL-2.0
/*
 * pdreader's bounded window (PERF_BPF_READ_WINDOW): records across its boundaries, files
 * bigger than it, rounds bigger than it, a file cut short; and the records of COMPRESSED
 * ones (perf record -z), one record split across two of them.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include <zstd.h>

#include "util/log.h"
#include "perfdata/reader.h"

#define ST (PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_RAW)

/* A file under construction, u64-aligned. */
struct fb {
	uint8_t *p;
	size_t len, cap;
};

static size_t put(struct fb *b, const void *d, size_t n)
{
	size_t at = b->len;

	if (b->len + n > b->cap) {
		b->cap = (b->len + n) * 2;
		b->p = realloc(b->p, b->cap);
		assert_non_null(b->p);
	}
	memcpy(b->p + b->len, d, n);
	b->len += n;
	return at;
}

static size_t put64(struct fb *b, uint64_t v)
{
	return put(b, &v, 8);
}

static void set64(struct fb *b, size_t at, uint64_t v)
{
	memcpy(b->p + at, &v, 8);
}

/* A sample (IP|TID|TIME|RAW) of time t whose raw data has n bytes, so sizes vary. */
static void put_sample(struct fb *b, uint64_t t, uint32_t n)
{
	uint32_t rs = (n + 4 + 7) / 8 * 8 - 4;
	struct perf_event_header h = { PERF_RECORD_SAMPLE, 2, 8 + 24 + 4 + rs };
	uint8_t raw[256];
	uint32_t pidtid[2] = { 7, 7 };

	memset(raw, (int)(t & 0x7f), sizeof(raw));
	put(b, &h, 8);
	put64(b, 0x1234);
	put(b, pidtid, 8);
	put64(b, t);
	put(b, &rs, 4);
	put(b, raw, rs);
}

static void put_round(struct fb *b)
{
	struct perf_event_header h = { 68, 0, 8 };

	put(b, &h, 8);
}

/* Header and one attr (sample_id_all); returns where the data size goes. */
static size_t begin_file(struct fb *b)
{
	struct perf_event_attr a = { .type = 1, .size = 128, .config = 10 };
	size_t size_at;

	a.sample_type = ST;
	a.sample_id_all = 1;
	b->len = 0;
	put(b, "PERFILE2", 8);
	put64(b, 104);
	put64(b, 144);
	put64(b, 104);
	put64(b, 144);
	put64(b, 104 + 144);
	size_at = put64(b, 0);
	for (int i = 0; i < 6; i++)
		put64(b, 0);
	put(b, &a, 128);
	put64(b, 0);
	put64(b, 0);
	return size_at;
}

static void end_file(struct fb *b, size_t size_at)
{
	set64(b, size_at, b->len - (104 + 144));
}

static char path[64];

static struct pdreader *open_with(const struct fb *b, size_t len, const char *window)
{
	FILE *f;

	strcpy(path, "/tmp/test-reader-window.XXXXXX");
	close(mkstemp(path));
	f = fopen(path, "w");
	assert_non_null(f);
	assert_int_equal(fwrite(b->p, 1, len, f), len);
	fclose(f);
	if (window)
		setenv("PERF_BPF_READ_WINDOW", window, 1);
	else
		unsetenv("PERF_BPF_READ_WINDOW");
	return pdreader__open(path);
}

/* Every record's time, in delivery order (the file is removed; the reader is not freed). */
static size_t read_all(struct pdreader *r, uint64_t *t, size_t max, int *ret)
{
	struct pdreader_record rec;
	size_t n = 0;

	assert_non_null(r);
	while ((*ret = pdreader__next(r, &rec)) > 0) {
		assert_true(n < max);
		t[n] = rec.time;
		/* the raw bytes are the record's own, wherever it was held */
		assert_int_equal(((const uint8_t *)rec.hdr)[rec.hdr->size - 1], rec.time & 0x7f);
		n++;
	}
	unlink(path);
	return n;
}

/* The times of the records of the first len bytes of b, read with window. */
static size_t read_times(const struct fb *b, size_t len, const char *window, uint64_t *t,
			 size_t max, int *ret)
{
	struct pdreader *r = open_with(b, len, window);
	size_t n = read_all(r, t, max, ret);

	pdreader__free(r);
	return n;
}

#define NR 4000

/*
 * Rounds of 40 records, out of order inside each; sizes from 40 to 288 bytes so that records
 * straddle every page and window boundary: a 32 KiB window (above two rounds, a 20th of
 * the file) reads what the default one reads.
 */
static void test_pdreader__window_small_same_order(void **state)
{
	static uint64_t a[NR], b[NR];
	struct fb f = {};
	size_t size_at = begin_file(&f), na, nb;
	int ret;

	for (int i = 0; i < NR; i++) {
		put_sample(&f, 1000 + (i / 40) * 100 + (39 - i % 40), (i * 7) % 250);
		if (i % 40 == 39)
			put_round(&f);
	}
	end_file(&f, size_at);
	assert_true(f.len > 16 * 4096); /* the file is many windows long */
	na = read_times(&f, f.len, NULL, a, NR, &ret);
	assert_int_equal(ret, 0);
	nb = read_times(&f, f.len, "32768", b, NR, &ret);
	assert_int_equal(ret, 0);
	assert_int_equal(na, NR);
	assert_int_equal(nb, NR);
	assert_memory_equal(a, b, sizeof(a));
	for (int i = 1; i < NR; i++)
		assert_true(a[i - 1] < a[i]);
	free(f.p);
}

/* One round (no FINISHED_ROUND at all) far bigger than the window: delivered early, counted. */
static void test_pdreader__window_round_bigger_than_window(void **state)
{
	static uint64_t t[NR];
	struct pdreader_record rec;
	struct fb f = {};
	size_t size_at = begin_file(&f), n = 0;
	struct pdreader *r;
	int ret;

	for (int i = 0; i < NR; i++)
		put_sample(&f, 100000 - i, 40);
	end_file(&f, size_at);
	r = open_with(&f, f.len, NULL);
	n = read_all(r, t, NR, &ret); /* the default window holds it: sorted */
	assert_int_equal(n, NR);
	assert_int_equal(pdreader__stats(r)->nr_early_flushes, 0);
	assert_true(t[0] < t[NR - 1]);
	pdreader__free(r);

	r = open_with(&f, f.len, "8192");
	assert_non_null(r);
	n = 0;
	while ((ret = pdreader__next(r, &rec)) > 0)
		n++;
	unlink(path);
	assert_int_equal(ret, 0);
	assert_int_equal(n, NR); /* nothing lost */
	assert_true(pdreader__stats(r)->nr_early_flushes > 0);
	assert_true(pdreader__stats(r)->nr_unordered > 0);
	pdreader__free(r);
	free(f.p);
}

/* A file cut inside a record, read through a small window: everything before the cut. */
static void test_pdreader__window_cut_file(void **state)
{
	static uint64_t t[NR];
	struct fb f = {};
	size_t size_at = begin_file(&f), cut = 0, n;
	struct pdreader *r;
	int ret;

	for (int i = 0; i < NR; i++) {
		if (i == NR / 2)
			cut = f.len + 20;
		put_sample(&f, 1000 + i, 64);
	}
	end_file(&f, size_at);
	r = open_with(&f, cut, "4096");
	n = read_all(r, t, NR, &ret);
	assert_int_equal(ret, 0);
	assert_int_equal(n, NR / 2);
	assert_true(pdreader__stats(r)->truncated);
	pdreader__free(r);
	free(f.p);
}

/* COMPRESSED records of the data src, chunk bytes of input each (one zstd stream). */
static void put_compressed(struct fb *f, const uint8_t *src, size_t len, size_t chunk)
{
	ZSTD_CStream *cs = ZSTD_createCStream();
	uint8_t out[60000];

	assert_false(ZSTD_isError(ZSTD_initCStream(cs, 3)));
	for (size_t off = 0; off < len; off += chunk) {
		ZSTD_inBuffer in = { src + off, len - off < chunk ? len - off : chunk, 0 };
		ZSTD_outBuffer o = { out, sizeof(out), 0 };
		struct perf_event_header h = { 81, 0, 0 };

		while (in.pos < in.size)
			assert_false(ZSTD_isError(ZSTD_compressStream(cs, &o, &in)));
		assert_false(ZSTD_isError(ZSTD_flushStream(cs, &o)));
		h.size = 8 + o.pos; /* as perf writes them: not padded to 8 bytes */
		put(f, &h, 8);
		put(f, out, o.pos);
	}
	ZSTD_freeCStream(cs);
}

/* Samples of one round, compressed in 1000-byte chunks: records straddle the chunks. */
static void test_pdreader__compressed_records(void **state)
{
	static uint64_t a[NR], b[NR];
	struct fb plain = {}, f = {};
	size_t size_at = begin_file(&f), na, nb;
	int ret;

	for (int i = 0; i < 500; i++)
		put_sample(&plain, 2000 - i, (i * 13) % 200);
	put_compressed(&f, plain.p, plain.len, 1000);
	put_round(&f);
	put_round(&f);
	end_file(&f, size_at);
	nb = read_times(&f, f.len, NULL, b, NR, &ret);
	assert_int_equal(ret, 0);

	free(f.p);
	f = (struct fb){};
	size_at = begin_file(&f);
	put(&f, plain.p, plain.len);
	put_round(&f);
	put_round(&f);
	end_file(&f, size_at);
	na = read_times(&f, f.len, NULL, a, NR, &ret);
	assert_int_equal(na, 500);
	assert_int_equal(nb, 500);
	assert_memory_equal(a, b, na * sizeof(a[0]));
	free(f.p);
	free(plain.p);
}

/* Damaged zstd data: skipped and counted, the records around it read. */
static void test_pdreader__compressed_damaged(void **state)
{
	static uint64_t t[16];
	struct fb f = {};
	size_t size_at = begin_file(&f), n;
	struct perf_event_header h = { 81, 0, 24 };
	struct pdreader *r;
	int ret;

	put_sample(&f, 10, 8);
	put(&f, &h, 8);
	put64(&f, 0x0123456789abcdefULL);
	put64(&f, 0xfedcba9876543210ULL);
	put_sample(&f, 20, 8);
	end_file(&f, size_at);
	r = open_with(&f, f.len, NULL);
	n = read_all(r, t, 16, &ret);
	assert_int_equal(ret, 0);
	assert_int_equal(n, 2);
	assert_int_equal(pdreader__stats(r)->nr_skipped, 1);
	pdreader__free(r);
	free(f.p);
}

/* Damaged data after good chunks whose records still wait for their round: they stay. */
static void test_pdreader__compressed_damaged_after_queued(void **state)
{
	static uint64_t t[64];
	struct fb plain = {}, f = {};
	size_t size_at = begin_file(&f), n;
	struct perf_event_header h = { 81, 0, 24 };
	struct pdreader *r;
	int ret;

	for (int i = 0; i < 10; i++)
		put_sample(&plain, 100 - i, 30);
	put_compressed(&f, plain.p, plain.len, 300);
	put(&f, &h, 8);
	put64(&f, 0x0123456789abcdefULL);
	put64(&f, 0xfedcba9876543210ULL);
	put_round(&f);
	put_round(&f);
	end_file(&f, size_at);
	r = open_with(&f, f.len, NULL);
	n = read_all(r, t, 64, &ret);
	assert_int_equal(ret, 0);
	assert_int_equal(n, 10);
	assert_int_equal(t[0], 91);
	assert_int_equal(t[9], 100);
	pdreader__free(r);
	free(f.p);
	free(plain.p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pdreader__window_small_same_order),
		cmocka_unit_test(test_pdreader__window_round_bigger_than_window),
		cmocka_unit_test(test_pdreader__window_cut_file),
		cmocka_unit_test(test_pdreader__compressed_records),
		cmocka_unit_test(test_pdreader__compressed_damaged),
		cmocka_unit_test(test_pdreader__compressed_damaged_after_queued),
	};

	quiet = 1;
	return cmocka_run_group_tests(tests, NULL, NULL);
}
