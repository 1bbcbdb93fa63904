/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Values decoded with BTF: a record an output channel names the type of, a map's key or
 * value. Text is `field=value` pairs: the members of a struct one after the other
 * (nested structs and unions in braces), char arrays as strings (up to their NUL, bytes
 * that do not print as \xNN), other arrays as [a,b,...], enums by name, bools as
 * true/false, pointers in hex. JSON is the same value as an object of named fields.
 *
 * A value shorter than its type (a record with a variable-length tail) shows the members
 * it holds whole; an array cut short shows the elements it holds, a char array cut short
 * every string it holds up to its last NUL (NULs between them as \0). The work on a value is
 * bounded by its size: types that would take more (members that overlap, nested over
 * and over) show "..." (JSON: null) for the rest.
 */
#ifndef PERF_BPF_BTFPRINT_H
#define PERF_BPF_BTFPRINT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/dbuf.h"

struct btf;
struct jsonw;

/* Append value (size bytes) of type id as text (dbuf__text). A struct's members are not braced. */
void btfprint__text(struct dbuf *b, const struct btf *btf, uint32_t id, const void *data,
		    size_t size);
/* Write value (size bytes) of type id as one JSON value. */
void btfprint__json(struct jsonw *w, const struct btf *btf, uint32_t id, const void *data,
		    size_t size);
/*
 * A map key: as btfprint__text, but the top struct's member skip (its index, -1 for none)
 * is left out, and a struct that shows one member shows its value alone (`bash`, where
 * btfprint__text prints `name=bash`).
 */
void btfprint__key_text(struct dbuf *b, const struct btf *btf, uint32_t id, const void *data,
			size_t size, int skip);
/* As btfprint__text and btfprint__json, the top struct's member skip left out. */
void btfprint__text_without(struct dbuf *b, const struct btf *btf, uint32_t id, const void *data,
			    size_t size, int skip);
void btfprint__json_without(struct jsonw *w, const struct btf *btf, uint32_t id, const void *data,
			    size_t size, int skip);

/* The type behind typedefs and qualifiers (0 when id is 0 or unknown). */
uint32_t btfprint__resolve(const struct btf *btf, uint32_t id);
/* Is type id an integer (or enum) of 1, 2, 4 or 8 bytes? *is_signed tells its sign. */
bool btfprint__is_int(const struct btf *btf, uint32_t id, bool *is_signed);
/* An integer type's value (size bytes at data), sign-extended when signed. */
int64_t btfprint__int_value(const void *data, size_t size, bool is_signed);
/*
 * Add src into dst, both of type id and size bytes long (per-CPU values summed): integers
 * are added, members and elements recursively, those inside size only; anything else keeps
 * dst's bytes.
 */
void btfprint__add(const struct btf *btf, uint32_t id, void *dst, const void *src, size_t size);

#endif
