// SPDX-License-Identifier: GPL-2.0
/*
 * The rows of the "BPF output" dump (output/hexrow.h). A row at an offset below 0x10000
 * (every row of payloads up to 64 KiB) is a few word stores: the label and offset, the
 * hex bytes in three words put together from a table of " hh" per byte value, the
 * characters computed for 8 bytes at once. Rows past 64 KiB go byte by byte.
 */
#include <string.h>

#include "resolve/resolver.h"
#include "output/hexrow.h"

#define LABEL "      BPF output:"
#define LABEL_LEN 17
#define ONES 0x0101010101010101ull
#define HIGHS 0x8080808080808080ull

/* " hh" of each byte value, the first character in the lowest byte */
#define HEXCH(x) ((x) < 10 ? '0' + (x) : 'a' - 10 + (x))
#define HEX3(c) (0x20u | (uint32_t)HEXCH((c) >> 4) << 8 | (uint32_t)HEXCH((c)&15) << 16)
#define HEX3_4(c) HEX3(c), HEX3((c) + 1), HEX3((c) + 2), HEX3((c) + 3)
#define HEX3_16(c) HEX3_4(c), HEX3_4((c) + 4), HEX3_4((c) + 8), HEX3_4((c) + 12)
#define HEX3_64(c) HEX3_16(c), HEX3_16((c) + 16), HEX3_16((c) + 32), HEX3_16((c) + 48)

static const uint32_t hex3[256] = { HEX3_64(0), HEX3_64(64), HEX3_64(128), HEX3_64(192) };

/* A row of 8 bytes at an offset below 0x10000 is LEN bytes long */
#define LEN 58

/* v's bytes stored lowest first, whatever the machine's order */
static inline void put_le64(char *q, uint64_t v)
{
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	v = __builtin_bswap64(v);
#endif
	memcpy(q, &v, 8);
}

/* The 8 bytes at d as a number, the first the lowest */
static inline uint64_t get_le64(const unsigned char *d)
{
	uint64_t v;

	memcpy(&v, d, 8);
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	v = __builtin_bswap64(v);
#endif
	return v;
}

/* The n (0..8) lowest bytes of a word */
static inline uint64_t low_bytes(uint32_t n)
{
	return n >= 8 ? ~0ull : (1ull << 8 * n) - 1;
}

/* w (8 characters, the first the lowest) with spaces in the bytes of mask m */
static inline uint64_t spaces_at(uint64_t w, uint64_t m)
{
	return (w & ~m) | (' ' * ONES & m);
}

/*
 * Per byte, without carries between bytes: printable (resolver__isprint) unless its low 7
 * bits are below 0x20 (0x00-0x1f and 0x80-0x9f) or it is 0x7f.
 */
uint64_t hexrow__chars(uint64_t x)
{
	uint64_t low7 = x & ~HIGHS;
	uint64_t ge20 = (low7 + 0x60 * ONES) & HIGHS; /* low 7 bits >= 0x20 */
	uint64_t y = x ^ 0x7f * ONES; /* 0 where x is 0x7f */
	uint64_t not7f = ((y & ~HIGHS) + 0x7f * ONES) | y;
	uint64_t keep = (ge20 & not7f & HIGHS) >> 7 & ONES;
	uint64_t mask = keep * 0xff;

	return (x & mask) | ('.' * ONES & ~mask);
}

/* x's 8 hex digits, the first in the lowest byte: each nibble spread to a byte of its own */
static uint64_t hex8(uint32_t x)
{
	uint64_t t = __builtin_bswap32(x);

	t = (t | t << 16) & 0x0000ffff0000ffffull;
	t = (t | t << 8) & 0x00ff00ff00ff00ffull;
	t = (t >> 4 & 0x000f000f000f000full) | (t & 0x000f000f000f000full) << 8;
	return t + '0' * ONES + ((t + 6 * ONES) >> 4 & ONES) * ('a' - '0' - 10);
}

void hexrow__addr(char *q, uint64_t v)
{
	unsigned lead = v ? __builtin_clzll(v) / 4 : 15;

	put_le64(q, spaces_at(hex8(v >> 32), low_bytes(lead)));
	put_le64(q + 8, spaces_at(hex8((uint32_t)v), low_bytes(lead > 8 ? lead - 8 : 0)));
}

/* Byte i of x (an 8-byte row read lowest first) as " hh", or three spaces past the n-th */
static inline uint64_t hex_at(uint64_t x, int i, uint32_t n)
{
	return (uint32_t)i < n ? hex3[x >> 8 * i & 255] : 0x202020;
}

/* A row at an offset below 0x10000 of the n (1..8) bytes of x: LEN bytes at q */
static inline __attribute__((always_inline)) void fast_row(char *q, uint64_t x, uint32_t off,
							   uint32_t n)
{
	uint64_t t0 = hex_at(x, 0, n), t1 = hex_at(x, 1, n), t2 = hex_at(x, 2, n);
	uint64_t t3 = hex_at(x, 3, n), t4 = hex_at(x, 4, n), t5 = hex_at(x, 5, n);
	uint64_t t6 = hex_at(x, 6, n), t7 = hex_at(x, 7, n);
	uint64_t chars = spaces_at(hexrow__chars(x), ~low_bytes(n));

	memcpy(q, off ? "                " : LABEL, 16);
	/* the label's last column, ' ', the offset's 4 digits, ':' */
	put_le64(q + 16, (off ? ' ' : ':') | (uint64_t)' ' << 8 |
				 (uint64_t)(hex3[off >> 8] >> 8) << 16 |
				 (uint64_t)(hex3[off & 255] >> 8) << 32 | (uint64_t)':' << 48);
	put_le64(q + 23, t0 | t1 << 24 | t2 << 48);
	put_le64(q + 31, t2 >> 16 | t3 << 8 | t4 << 32 | t5 << 56);
	put_le64(q + 39, t5 >> 8 | t6 << 16 | t7 << 40);
	memcpy(q + 47, "  ", 2);
	put_le64(q + 49, chars);
	q[57] = '\n';
}

/* A row past 64 KiB: its offset has more digits */
static size_t any_row(char *q, const unsigned char *d, uint32_t off, uint32_t n)
{
	char *start = q;
	int digits = 4;

	while (digits < 8 && off >> 4 * digits)
		digits++;
	memcpy(q, off ? "                 " : LABEL, LABEL_LEN);
	q += LABEL_LEN;
	*q++ = ' ';
	for (int i = digits - 1; i >= 0; i--)
		*q++ = (char)(hex3[off >> 4 * i & 15] >> 16);
	*q++ = ':';
	for (uint32_t i = 0; i < 8; i++, q += 3) {
		q[0] = ' ';
		q[1] = i < n ? (char)(hex3[d[i]] >> 8) : ' ';
		q[2] = i < n ? (char)(hex3[d[i]] >> 16) : ' ';
	}
	*q++ = ' ';
	*q++ = ' ';
	for (uint32_t i = 0; i < 8; i++)
		*q++ = i >= n ? ' ' : resolver__isprint(d[i]) ? (char)d[i] : '.';
	*q++ = '\n';
	return q - start;
}

size_t hexrow__rows(char *q, const unsigned char *d, uint32_t size, uint32_t off)
{
	char *start = q;
	uint32_t i = 0;

	for (; i + 8 <= size && off + i < 0x10000; i += 8, q += LEN)
		fast_row(q, get_le64(d + i), off + i, 8);
	if (i < size && off + i < 0x10000 && size - i < 8) {
		uint64_t x = 0; /* in a register: bytes stored to memory would stall its load */

		for (uint32_t k = 0; k < size - i; k++)
			x |= (uint64_t)d[i + k] << 8 * k;
		fast_row(q, x, off + i, size - i);
		return q + LEN - start;
	}
	for (; i < size; i += 8)
		q += any_row(q, d + i, off + i, size - i < 8 ? size - i : 8);
	return q - start;
}
