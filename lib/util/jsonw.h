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

struct jsonw;

/* pretty: indented one-shot documents; otherwise JSON Lines (one value per line). */
struct jsonw *jsonw__new(FILE *f, bool pretty);
void jsonw__free(struct jsonw *w);

void jsonw__start_object(struct jsonw *w);
void jsonw__end_object(struct jsonw *w);
void jsonw__start_array(struct jsonw *w);
void jsonw__end_array(struct jsonw *w);
void jsonw__name(struct jsonw *w, const char *name);

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

void jsonw__kv_str(struct jsonw *w, const char *name, const char *s);
void jsonw__kv_u64(struct jsonw *w, const char *name, uint64_t v);
void jsonw__kv_s64(struct jsonw *w, const char *name, int64_t v);
void jsonw__kv_bool(struct jsonw *w, const char *name, bool v);
/* A value that can pass 2^53 (addresses, ids): "0x..." string. */
void jsonw__kv_xu64(struct jsonw *w, const char *name, uint64_t v);

#endif
