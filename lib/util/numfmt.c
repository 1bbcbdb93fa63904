// SPDX-License-Identifier: GPL-2.0
/* Numbers as text without printf (util/numfmt.h): digits written from the end of a scratch. */
#include <string.h>

#include "util/numfmt.h"

/* v in base (8, 10 or 16), at least digits wide, copied to p. */
static char *digits_of(char *p, uint64_t v, unsigned base, int digits)
{
	static const char dig[] = "0123456789abcdef";
	char tmp[NUMFMT_MAX], *t = tmp + sizeof(tmp);

	if (digits > (int)sizeof(tmp))
		digits = (int)sizeof(tmp);
	do {
		*--t = dig[v % base];
		v /= base;
		digits--;
	} while (v || digits > 0);
	memcpy(p, t, (size_t)(tmp + sizeof(tmp) - t));
	return p + (tmp + sizeof(tmp) - t);
}

char *numfmt__dec(char *p, uint64_t v, int digits)
{
	return digits_of(p, v, 10, digits);
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
	char tmp[NUMFMT_MAX + 8], *end = digits_of(tmp, us / 1000, 10, 1);
	int n;

	*end++ = '.';
	end = digits_of(end, us % 1000, 10, 3);
	n = (int)(end - tmp);
	if (width > NUMFMT_MAX)
		width = NUMFMT_MAX;
	for (; n < width; width--)
		*p++ = ' ';
	memcpy(p, tmp, (size_t)n);
	return p + n;
}
