/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel's filter of a tracepoint event (--filter EXPR, as perf's): set with
 * PERF_EVENT_IOC_SET_FILTER on each of the event's fds. The ioctl says only EINVAL for an
 * expression the kernel refuses; the kernel says why through tracefs alone, so the
 * expression is then tried on the tracepoint of a tracefs instance of its own (removed at
 * once), whose filter file holds the expression, a caret under where it went wrong and the
 * reason ("parse_error: Field not found").
 */
#ifndef PERF_BPF_TPFILTER_H
#define PERF_BPF_TPFILTER_H

#include <stddef.h>

/* expr on the tracepoint event fd (of sys:name): 0, or -errno with the ERROR and Hint recorded. */
int tpfilter__set(int fd, const char *sys, const char *name, const char *expr);
/*
 * The reason and the column (from 1; 0 when not shown) a tracefs filter file's text gives
 * for a refused expression: 0, or -ENOENT when the text holds no error.
 */
int tpfilter__parse_error(const char *text, char *reason, size_t size, int *column);

#endif
