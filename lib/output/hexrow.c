// SPDX-License-Identifier: GPL-2.0
/*
 * A row of the "BPF output" dump (output/hexrow.h). A full row at an offset below 0x10000
 * (every row of payloads up to 64 KiB but the last) is five word stores: the label and
 * offset, the hex bytes in three words put together from a table of " hh" per byte
 * value, the characters computed for 8 bytes at once. Other rows go byte by byte.
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

/* v's bytes stored lowest first, whatever the machine's order */
static inline void put_le64(char *q, uint64_t v)
{
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	v = __builtin_bswap64(v);
#endif
	memcpy(q, &v, 8);
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

/* The first k (0..8) bytes of w as spaces */
static uint64_t blank(uint64_t w, unsigned k)
{
	uint64_t m = k >= 8 ? ~0ull : (1ull << 8 * k) - 1;

	return (w & ~m) | (' ' * ONES & m);
}

void hexrow__addr(char *q, uint64_t v)
{
	unsigned lead = v ? __builtin_clzll(v) / 4 : 15;

	put_le64(q, blank(hex8(v >> 32), lead));
	put_le64(q + 8, blank(hex8((uint32_t)v), lead > 8 ? lead - 8 : 0));
}

/* The 8 bytes at d at an offset below 0x10000 */
static void full_row(char *q, const unsigned char *d, uint32_t off)
{
	uint64_t t0 = hex3[d[0]], t1 = hex3[d[1]], t2 = hex3[d[2]], t3 = hex3[d[3]];
	uint64_t t4 = hex3[d[4]], t5 = hex3[d[5]], t6 = hex3[d[6]], t7 = hex3[d[7]];
	uint64_t x;

	memcpy(&x, d, 8);
	memcpy(q, off ? "                " : LABEL, 16);
	/* the label's last column, ' ', the offset's 4 digits, ':' */
	put_le64(q + 16, (off ? ' ' : ':') | (uint64_t)' ' << 8 |
				 (uint64_t)(hex3[off >> 8] >> 8) << 16 |
				 (uint64_t)(hex3[off & 255] >> 8) << 32 | (uint64_t)':' << 48);
	put_le64(q + 23, t0 | t1 << 24 | t2 << 48);
	put_le64(q + 31, t2 >> 16 | t3 << 8 | t4 << 32 | t5 << 56);
	put_le64(q + 39, t5 >> 8 | t6 << 16 | t7 << 40);
	memcpy(q + 47, "  ", 2);
	x = hexrow__chars(x);
	memcpy(q + 49, &x, 8);
	q[57] = '\n';
}

/* The last n (1..7) bytes at an offset below 0x10000: a full row, the missing bytes blank */
static void short_row(char *q, const unsigned char *d, uint32_t off, uint32_t n)
{
	unsigned char b[8] = { 0 };

	memcpy(b, d, n);
	full_row(q, b, off);
	memset(q + 23 + 3 * n, ' ', 3 * (8 - n));
	memset(q + 49 + n, ' ', 8 - n);
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

size_t hexrow__put(char *q, const unsigned char *d, uint32_t off, uint32_t n)
{
	if (off >= 0x10000)
		return any_row(q, d, off, n);
	if (n == 8)
		full_row(q, d, off);
	else
		short_row(q, d, off, n);
	return 58;
}
