// SPDX-License-Identifier: GPL-2.0
/*
 * The "BPF output" dump's rows (output/hexrow.h) against a plain byte-by-byte rendering of
 * the same format: whole dumps of 0, 1, 15, 16, 17 and more bytes, every byte value in
 * every column, offsets of 5 hex digits and more; addresses as %16llx.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "resolve/resolver.h"
#include "output/hexrow.h"
#include "output/view-text.h"

/* The row as its format says, one byte at a time */
static size_t plain_row(char *q, const unsigned char *d, uint32_t off, uint32_t n)
{
	size_t len = sprintf(q, "%-17s %04x:", off ? "" : "      BPF output:", off);

	for (uint32_t i = 0; i < 8; i++)
		len += i < n ? sprintf(q + len, " %02x", d[i]) : sprintf(q + len, "   ");
	len += sprintf(q + len, "  ");
	for (uint32_t i = 0; i < 8; i++)
		q[len++] = i >= n ? ' ' : resolver__isprint(d[i]) ? (char)d[i] : '.';
	q[len++] = '\n';
	q[len] = '\0';
	return len;
}

static void check_row(const unsigned char *d, uint32_t off, uint32_t n)
{
	char got[HEXROW_ROOM + 1], want[128];
	size_t len;

	memset(got, '#', sizeof(got));
	len = hexrow__rows(got, d, n, off);
	got[len] = '\0';
	assert_int_equal(len, plain_row(want, d, off, n));
	assert_string_equal(got, want);
}

/* Each byte value in each of the 8 columns, in full and short rows, first and later rows */
static void test_rows_every_byte(void **state)
{
	unsigned char d[8];

	for (int c = 0; c < 256; c++) {
		for (int col = 0; col < 8; col++) {
			for (int i = 0; i < 8; i++)
				d[i] = i == col ? c : 'a' + i;
			for (uint32_t n = col + 1; n <= 8; n++) {
				check_row(d, 0, n);
				check_row(d, 8 * (c + 1), n);
			}
		}
	}
}

static void test_rows_offsets(void **state)
{
	static const uint32_t offs[] = { 0x8,	  0xff8,   0x1000,    0xfff8,
					 0x10000, 0xabcd0, 0x1234568, 0xfffffff8 };
	const unsigned char d[8] = { 0x00, 0x7f, 0x80, 0x9f, 0xa0, 0xff, 0x1f, 0x20 };

	for (size_t i = 0; i < sizeof(offs) / sizeof(offs[0]); i++)
		for (uint32_t n = 1; n <= 8; n++)
			check_row(d, offs[i], n);
}

/* Rows on both sides of 64 KiB, where the offset grows a digit */
static void test_rows_across_64k(void **state)
{
	unsigned char d[40];
	char got[5 * HEXROW_ROOM + 1], want[5 * 128] = "";
	size_t len = 0;

	for (size_t i = 0; i < sizeof(d); i++)
		d[i] = (unsigned char)(0x7b + i * 5);
	for (uint32_t size = 1; size <= sizeof(d); size++) {
		len = 0;
		for (uint32_t i = 0; i < size; i += 8)
			len += plain_row(want + len, d + i, 0xffe8 + i,
					 size - i < 8 ? size - i : 8);
		memset(got, '#', sizeof(got));
		got[hexrow__rows(got, d, size, 0xffe8)] = '\0';
		assert_string_equal(got, want);
	}
}

/* 8 bytes at once as the dump's characters, each byte as resolver__isprint() says */
static void test_chars(void **state)
{
	for (int c = 0; c < 256; c++) {
		for (int col = 0; col < 8; col++) {
			unsigned char in[8], out[8];
			uint64_t x;

			for (int i = 0; i < 8; i++)
				in[i] = i == col ? c : (c * 7 + i * 31) & 255;
			memcpy(&x, in, 8);
			x = hexrow__chars(x);
			memcpy(out, &x, 8);
			for (int i = 0; i < 8; i++)
				assert_int_equal(out[i], resolver__isprint(in[i]) ? in[i] : '.');
		}
	}
}

/* Addresses as printf's %16llx: every digit count, every digit in every column */
static void test_addr(void **state)
{
	uint64_t v[3 * 64 + 17 * 16 + 1];
	size_t n = 0;

	for (int b = 0; b < 64; b++) {
		v[n++] = 1ull << b;
		v[n++] = (1ull << b) - 1;
		v[n++] = ~0ull >> b;
	}
	for (int d = 0; d < 16; d++)
		for (int col = 0; col < 17; col++)
			v[n++] = 0x0123456789abcdefull ^ (uint64_t)d << 4 * (col % 16);
	v[n++] = 0;
	for (size_t i = 0; i < n; i++) {
		char got[17], want[17];

		hexrow__addr(got, v[i]);
		got[16] = '\0';
		snprintf(want, sizeof(want), "%16llx", (unsigned long long)v[i]);
		assert_string_equal(got, want);
	}
}

static char *dump(const void *data, uint32_t size)
{
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);

	assert_non_null(f);
	print__bpf_output(f, data, size);
	fclose(f);
	return out;
}

/* Whole dumps: a row per 8 bytes, the last one short */
static void test_dump_lengths(void **state)
{
	/* the view dumps 512 bytes at a time: sizes about that, and past 64 KiB */
	static const uint32_t sizes[] = { 0,	1,     7,     8,     9,	    15,	  16,
					  17,	52,    64,    100,   511,   512,  513,
					  1000, 65535, 65536, 65537, 65544, 70001 };
	static unsigned char data[70001];

	for (size_t i = 0; i < sizeof(data); i++)
		data[i] = (unsigned char)(i * 37 + 3);
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		char *want = calloc(sizes[i] / 8 + 1, 128), *out = dump(data, sizes[i]);
		size_t len = 0;

		assert_non_null(want);
		for (uint32_t off = 0; off < sizes[i]; off += 8)
			len += plain_row(want + len, data + off, off,
					 sizes[i] - off < 8 ? sizes[i] - off : 8);
		assert_string_equal(out, want);
		free(out);
		free(want);
	}
}

static void test_dump_string(void **state)
{
	char *out = dump("perf-bpf\0\0\0", 12);

	assert_string_equal(out, "      BPF output: 0000: 70 65 72 66 2d 62 70 66  perf-bpf\n"
				 "                  0008: 00 00 00 00              ....    \n"
				 "      BPF string: \"perf-bpf\"\n");
	free(out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rows_every_byte),
		cmocka_unit_test(test_rows_offsets),
		cmocka_unit_test(test_rows_across_64k),
		cmocka_unit_test(test_chars),
		cmocka_unit_test(test_addr),
		cmocka_unit_test(test_dump_lengths),
		cmocka_unit_test(test_dump_string),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
