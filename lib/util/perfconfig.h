/* SPDX-License-Identifier: GPL-2.0 */
/*
 * perf's configuration files (~/.perfconfig, /etc/perfconfig, or only $PERF_CONFIG), in
 * git's config syntax:
 *
 *	# comment            ; comment too
 *	[llvm]
 *		clang-path = /usr/bin/clang-16
 *		clang-opt = "-g -DDEBUG"   # quotes keep spaces and comment characters
 *
 * Names are "section.key" (or "section.subsection.key" for [section "subsection"]),
 * section and key lowercased; a key given twice keeps its last value.
 */
#ifndef PERF_BPF_PERFCONFIG_H
#define PERF_BPF_PERFCONFIG_H

struct perfconfig;

struct perfconfig *perfconfig__new(void);
void perfconfig__free(struct perfconfig *c);

/*
 * Add the settings in text (name is what errors call it). -EINVAL on a syntax error:
 * perfconfig__error() then tells where and why; what came before the error is kept.
 */
int perfconfig__parse(struct perfconfig *c, const char *text, const char *name);
/*
 * perf's files: only $PERF_CONFIG when it is set (empty: none), else /etc/perfconfig then
 * ~/.perfconfig; missing files are skipped.
 */
int perfconfig__read_default(struct perfconfig *c);

/* The value of "section.key", or NULL; valid until perfconfig__free(). */
const char *perfconfig__get(const struct perfconfig *c, const char *name);
/*
 * After a failure, the subject and why for an error line: "'FILE:LINE': why" after a syntax
 * error, "'FILE': why" when it could not be read. Valid until the next call.
 */
const char *perfconfig__error(const struct perfconfig *c);

#endif
