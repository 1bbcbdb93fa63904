/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A streaming JSON writer: no document tree, bytes go straight to the FILE.
 * Strings are escaped fully ('"', '\\', every byte < 0x20 and 0x7f as \u00XX) and
 * invalid UTF-8 becomes U+FFFD, so any output parses.
 *
 *	struct jsonw *w = jsonw__new(stdout, false);
 *	jsonw__start_object(w);
 *	jsonw__kv_str(w, "type", "sample");
 *	jsonw__kv_u64(w, "time", t);
 *	jsonw__end_object(w);		(compact mode ends a top-level value with '\n')
 *	jsonw__free(w);
 */
#ifndef PERF_BPF_JSONW_H
#define PERF_BPF_JSONW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

struct jsonw;

/* pretty: indented one-shot documents; otherwise JSON Lines (one value per line). */
struct jsonw *jsonw__new(FILE *f, bool pretty);
void jsonw__free(struct jsonw *w);

void jsonw__start_object(struct jsonw *w);
void jsonw__end_object(struct jsonw *w);
void jsonw__start_array(struct jsonw *w);
void jsonw__end_array(struct jsonw *w);
void jsonw__name(struct jsonw *w, const char *name);
/*
 * A member name spelled as a string literal with nothing in it to escape: written as is,
 * with no scan (jsonw__name() checks every byte, for names that come from data). Only a
 * literal compiles here.
 */
#define jsonw__key(w, lit) jsonw__name_plain(w, "\"" lit "\"", sizeof(lit) + 1)
void jsonw__name_plain(struct jsonw *w, const char *quoted, size_t len);

void jsonw__str(struct jsonw *w, const char *s);
/* A string from len bytes that may hold NULs or invalid UTF-8. */
void jsonw__strn(struct jsonw *w, const char *s, size_t len);
void jsonw__u64(struct jsonw *w, uint64_t v);
void jsonw__s64(struct jsonw *w, int64_t v);
void jsonw__double(struct jsonw *w, double v);
void jsonw__null(struct jsonw *w);
void jsonw__bool(struct jsonw *w, bool v);
/* Bytes as one lowercase hex string ("0a1b..."). */
void jsonw__hex(struct jsonw *w, const void *data, size_t len);
/* A value that can pass 2^53 (addresses, ids): "0x..." string. */
void jsonw__xu64(struct jsonw *w, uint64_t v);

/*
 * A hot path's own line: one whole compact top-level value the caller writes with the
 * jsonw__at_*() writers into room for max bytes, then ends with jsonw__line_end() and
 * where it stopped (a '\n' is added). NULL when this writer cannot take one (pretty, in
 * a value, or max past its buffer): write it with the calls above then.
 */
char *jsonw__line_begin(struct jsonw *w, size_t max);
void jsonw__line_end(struct jsonw *w, char *end);

/* Writers at q, each returning where it stopped; the room each needs is beside it. */
#define JSONW_AT_STR_ROOM(len) (6 * (len) + 2)
#define JSONW_AT_NUM_ROOM 24
#define JSONW_AT_HEX_ROOM(len) (2 * (len) + 2)
/* The literal as is (its JSON punctuation and plain member names), its length is the room. */
#define jsonw__at_lit(q, lit) ((char *)memcpy(q, lit, sizeof(lit) - 1) + sizeof(lit) - 1)
char *jsonw__at_str(char *q, const char *s, size_t len); /* quoted, escaped */
char *jsonw__at_u64(char *q, uint64_t v);
char *jsonw__at_s64(char *q, int64_t v);
char *jsonw__at_xu64(char *q, uint64_t v); /* "0x..." */
char *jsonw__at_hex(char *q, const void *data, size_t len); /* "0a1b..." */

void jsonw__kv_str(struct jsonw *w, const char *name, const char *s);
void jsonw__kv_u64(struct jsonw *w, const char *name, uint64_t v);
void jsonw__kv_s64(struct jsonw *w, const char *name, int64_t v);
void jsonw__kv_bool(struct jsonw *w, const char *name, bool v);
/* A value that can pass 2^53 (addresses, ids): "0x..." string. */
void jsonw__kv_xu64(struct jsonw *w, const char *name, uint64_t v);

#endif
