// SPDX-License-Identifier: GPL-2.0
/* Numbers as text without printf (util/numfmt.h): each digit written once, in place. */
#include <string.h>

#include "util/numfmt.h"

/* How many digits v has in base 8, 10 or 16 (1 for 0): no division. */
static int count_digits(uint64_t v, unsigned base)
{
	/* clang-format off */
	static const uint64_t pow10[] = {
		1ULL, 10ULL, 100ULL, 1000ULL, 10000ULL, 100000ULL, 1000000ULL, 10000000ULL,
		100000000ULL, 1000000000ULL, 10000000000ULL, 100000000000ULL, 1000000000000ULL,
		10000000000000ULL, 100000000000000ULL, 1000000000000000ULL, 10000000000000000ULL,
		100000000000000000ULL, 1000000000000000000ULL, 10000000000000000000ULL,
	};
	/* clang-format on */
	int bits = 64 - __builtin_clzll(v | 1), n;

	if (base == 16)
		return (bits + 3) / 4;
	if (base == 8)
		return (bits + 2) / 3;
	/* bits * log10(2), 1233 / 4096 to 4 places: v has n digits, or n + 1 */
	n = bits * 1233 >> 12;
	return n + ((v | 1) >= pow10[n]);
}

/*
 * v in base (8, 10 or 16), at least digits wide, written from its last digit back: no
 * scratch to copy (a call to memcpy costs more than a short number's digits). Decimal
 * digits go two at a time.
 */
static inline char *digits_of(char *p, uint64_t v, unsigned base, int digits)
{
	static const char dig[] = "0123456789abcdef";
	static const char pairs[] = "00010203040506070809101112131415161718192021222324"
				    "25262728293031323334353637383940414243444546474849"
				    "50515253545556575859606162636465666768697071727374"
				    "75767778798081828384858687888990919293949596979899";
	int n = count_digits(v, base);
	char *end, *q;

	if (digits > NUMFMT_MAX)
		digits = NUMFMT_MAX;
	end = p + (n > digits ? n : digits);
	q = end;
	for (; base == 10 && q - p >= 2; v /= 100) {
		q -= 2;
		memcpy(q, pairs + 2 * (v % 100), 2);
	}
	for (; q > p; v /= base) /* the leading zeros are v's digits past its top */
		*--q = dig[v % base];
	return end;
}

char *numfmt__dec(char *p, uint64_t v, int digits)
{
	return digits_of(p, v, 10, digits);
}

char *numfmt__dec_right(char *p, uint64_t v, int width)
{
	int n = count_digits(v, 10);

	if (width > NUMFMT_MAX)
		width = NUMFMT_MAX;
	if (n < width) { /* a fixed-size fill, as numfmt__ms */
		memset(p, ' ', NUMFMT_MAX);
		p += width - n;
	}
	return digits_of(p, v, 10, 1);
}

char *numfmt__s64(char *p, int64_t v)
{
	if (v < 0) {
		*p++ = '-';
		return digits_of(p, -(uint64_t)v, 10, 1);
	}
	return digits_of(p, (uint64_t)v, 10, 1);
}

char *numfmt__hex(char *p, uint64_t v)
{
	if (v) {
		*p++ = '0';
		*p++ = 'x';
	}
	return digits_of(p, v, 16, 1);
}

char *numfmt__oct(char *p, uint64_t v, int digits)
{
	return digits_of(p, v, 8, digits);
}

char *numfmt__alt_oct(char *p, uint64_t v)
{
	if (v)
		*p++ = '0';
	return digits_of(p, v, 8, 1);
}

char *numfmt__ms(char *p, uint64_t ns, int width)
{
	uint64_t us = ns / 1000 + (ns % 1000 >= 500);
	int n = count_digits(us / 1000, 10) + 4; /* "ms.uuu" */

	if (width > NUMFMT_MAX)
		width = NUMFMT_MAX;
	if (n < width) { /* a fixed-size fill is two stores; a loop would call memset */
		memset(p, ' ', NUMFMT_MAX);
		p += width - n;
	}
	p = digits_of(p, us / 1000, 10, 1);
	*p++ = '.';
	return digits_of(p, us % 1000, 10, 3);
}
