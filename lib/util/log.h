/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Messages to the user, on stderr, in perf's shape:
 *   ERROR: what failed 'subject': why
 *   Hint: how to fix it
 * pr_debug lines appear with -v, pr_debug2 with -vv; -q keeps errors only.
 * The ERROR and Hint lines are the commands' to print: library code records why it failed
 * with util/errmsg.h, and the command prints that once.
 */
#ifndef PERF_BPF_LOG_H
#define PERF_BPF_LOG_H

#include <stdarg.h>

extern int verbose;
extern int quiet;

void pr_err(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void pr_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void pr_hint(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* An unprefixed line on stderr that -q does not mute (event syntax errors, verifier logs). */
void pr_raw(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/*
 * Progress of a slow step, "perf-bpf: ...", on stderr when it is a terminal (or
 * PERF_BPF_PROGRESS=1 asks for it anyway); -q mutes it.
 */
void pr_progress(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void pr_debug_level(int level, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#define pr_debug(...) pr_debug_level(1, __VA_ARGS__)
#define pr_debug2(...) pr_debug_level(2, __VA_ARGS__)

/* Route libbpf's messages through the levels above (warnings always, info at -v, debug at -vv). */
void log__setup_libbpf(void);

#endif
