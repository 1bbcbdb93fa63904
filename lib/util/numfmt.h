/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Numbers as text without printf, for the lines printed once per record: each writes at p
 * (at least NUMFMT_MAX bytes of room, any of which it may overwrite; no NUL) and returns the
 * end of the number.
 *
 *	char buf[NUMFMT_MAX], *end = numfmt__hex(buf, v);	"0x7f12", as "%#llx"
 *	put(o, buf, end - buf);
 */
#ifndef PERF_BPF_NUMFMT_H
#define PERF_BPF_NUMFMT_H

#include <stdint.h>

/* The longest number written: a u64 in octal with its leading 0 (23), or "-" and 20 digits. */
#define NUMFMT_MAX 24

/* v in decimal, at least digits wide with leading zeros ("%0*llu"; digits up to 20). */
char *numfmt__dec(char *p, uint64_t v, int digits);
/* v in decimal right-aligned in width columns with spaces ("%*llu"; width up to NUMFMT_MAX). */
char *numfmt__dec_right(char *p, uint64_t v, int width);
/* v in decimal, "-" before a negative one ("%lld"). */
char *numfmt__s64(char *p, int64_t v);
/* v in hex with "0x" before it, 0 as "0" ("%#llx"). */
char *numfmt__hex(char *p, uint64_t v);
/* v in octal, at least digits wide with leading zeros ("%0*llo"; digits up to 22). */
char *numfmt__oct(char *p, uint64_t v, int digits);
/* v in octal with a 0 before it, 0 as "0" ("%#llo"). */
char *numfmt__alt_oct(char *p, uint64_t v);
/*
 * ns as milliseconds with three decimals (rounded to the microsecond), right-aligned in
 * width with spaces ("%*.3f" of ns / 1e6, width up to NUMFMT_MAX).
 */
char *numfmt__ms(char *p, uint64_t ns, int width);

#endif
