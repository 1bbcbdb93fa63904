/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The names a C source can use: every identifier of the source and of each header it
 * includes, followed through the compile's include path. A superset of what the compile
 * sees (conditionals and macros are not evaluated), for cutting vmlinux.h to the kernel
 * types the source can name (vmlinuxcut.h).
 */
#ifndef PERF_BPF_SRCNAMES_H
#define PERF_BPF_SRCNAMES_H

#include <stdbool.h>
#include <stddef.h>

#include "util/nameset.h"

#define SRCNAMES_ANY 1u /* named in the source or in a header it includes */
#define SRCNAMES_OWN 2u /* named in the source or in a header of its own (next to its includer) */

enum srcnames_token {
	SRCNAMES_IDENT, /* an identifier (or a keyword) */
	SRCNAMES_QUOTED, /* #include "NAME" */
	SRCNAMES_ANGLED, /* #include <NAME> */
};

/*
 * Call cb for each identifier of text outside comments and literals, and for the name of
 * each #include "..." or <...> (include_next too); its non-zero return ends the scan.
 */
int srcnames__scan(const char *text, size_t len,
		   int (*cb)(void *ctx, enum srcnames_token kind, const char *s, size_t n),
		   void *ctx);

/*
 * The names of src and of the headers it includes, recursively, into names: a quoted name
 * is looked for next to its includer first, then in dirs in order, an angled one in dirs;
 * "vmlinux.h" is never followed. forced: files included ahead of src (clang -include).
 * A header not found is left out (clang will say so). 0, or -errno when src is unreadable.
 */
int srcnames__collect(const char *src, char *const *dirs, char *const *forced,
		      struct nameset *names);

#endif
