/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The rows of the "BPF output" dump perf script prints of a bpf-output sample's payload:
 *	"      BPF output: 0000: 2f 74 6d 70 00 00 00 00  /tmp....\n"
 * the label on the first row only (17 spaces in its place on the others), the offset in 4
 * hex digits at least, up to 8 bytes in hex (the missing ones as spaces), two spaces, and
 * the bytes as characters ('.' for those resolver__isprint() refuses, spaces for the
 * missing ones).
 * A full row is built from whole words, without a branch per byte: a million samples of
 * a few rows each make this the text view's largest piece of work.
 */
#ifndef PERF_BPF_HEXROW_H
#define PERF_BPF_HEXROW_H

#include <stddef.h>
#include <stdint.h>

/* The room each row needs at q: the longest (an offset of 8 digits) is 62 bytes */
#define HEXROW_ROOM 64

/* The rows of the size bytes at d, the first at offset off of the payload (a multiple of
 * 8), at q (HEXROW_ROOM bytes a row); their length. */
size_t hexrow__rows(char *q, const unsigned char *d, uint32_t size, uint32_t off);

/* The 8 bytes of x (in memory order) as the dump's characters: each printable byte
 * itself, the others '.'. */
uint64_t hexrow__chars(uint64_t x);

/* v as "%16llx" (16 columns, right-aligned) at q */
void hexrow__addr(char *q, uint64_t v);

#endif
