/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Why a call failed, said once, by the command. A library function that fails records the
 * text of the ERROR line (what failed, on what, why) and, when it can tell how to fix it, the
 * Hint line, then returns its error code as usual; callers pass the code up, and the command
 * prints the record where it gives up:
 *
 *	lib:	if (!ev) {
 *			errmsg__set(-ENOENT, "unknown tracepoint '%s:%s'", sys, name);
 *			errmsg__hint("list tracepoints with 'ls %s'", dir);
 *			return -ENOENT;
 *		}
 *		...
 *		return errmsg__set(err, "cannot start '%s': %s", argv[0], strerror(-err));
 *
 *	src:	s = session__new(&opts);
 *		if (!s) {
 *			errmsg__print(errno, "cannot start tracing");
 *			return 1;
 *		}
 *
 * The record is the calling thread's. A later errmsg__set() replaces it: a caller may say
 * better what a callee said. A caller that recovers from a failure errmsg__clear()s it.
 * Library code prints no ERROR or Hint line of its own; warnings and debug output (log.h) go
 * out when they happen, so they come before the ERROR line. A failure already shown in a
 * layout of its own (perf's caret under an -e string) is marked with errmsg__shown(), and the
 * command adds nothing to it.
 */
#ifndef PERF_BPF_ERRMSG_H
#define PERF_BPF_ERRMSG_H

/* Longest ERROR or Hint text kept; longer ones are cut. */
#define ERRMSG_MAX 8192

/* Record the ERROR line's text (printf style, without "ERROR: "), no hint yet. Returns err. */
int errmsg__set(int err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Add the Hint line's text (without "Hint: "; it may span lines) to the record. */
void errmsg__hint(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The failure was printed in its own layout already: the command prints nothing. Returns err. */
int errmsg__shown(int err);
/* Forget the record. */
void errmsg__clear(void);

/* The recorded texts, NULL when there are none. */
const char *errmsg__text(void);
const char *errmsg__hint_text(void);

/*
 * For commands: print "ERROR: TEXT" and "Hint: HINT" (not with -q) from the record, then
 * forget it. Without a record no failure goes unsaid: "ERROR: WHAT: strerror(err)", WHAT
 * from fmt (printf style), err of either sign; nothing when fmt is NULL or the failure was
 * shown already.
 */
void errmsg__print(int err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
