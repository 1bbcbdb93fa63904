/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The tracepoints this system has, by name, for the Hint of an error about one it lacks:
 *
 *	errmsg__set(-ENOENT, "unknown tracepoint '%s:%s'", sys, name);
 *	tpnames__hint(sys, name);
 *
 * names the closest categories when sys is none of tracefs's (events/SYS), else the closest
 * tracepoints of sys, else how to list them.
 */
#ifndef PERF_BPF_TPNAMES_H
#define PERF_BPF_TPNAMES_H

#include <stdbool.h>
#include <stddef.h>

/* Whether tracefs has the tracepoint sys:name (false too when tracefs cannot be read). */
bool tpnames__exists(const char *sys, const char *name);
/* Add the Hint line (util/errmsg.h) for the tracepoint sys:name that was not found. */
void tpnames__hint(const char *sys, const char *name);

/*
 * The same from a directory laid out as tracefs's events/ (for tests): writes the Hint text
 * into buf. Returns its length.
 */
int tpnames__hint_in(const char *events_dir, const char *sys, const char *name, char *buf,
		     size_t size);

#endif
