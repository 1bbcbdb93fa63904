// SPDX-License-Identifier: GPL-2.0
/*
 * About a hundred kprobe points from perf-style globs: probe-many.c's sections for the calls
 * from a to d only (the entries and returns of the x86-64 system calls, the entries of the
 * 32-bit ones), for a lane whose tests have a minute each.
 */
#define PROBE_SOME
#include "probe-many.c"
