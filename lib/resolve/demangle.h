/* SPDX-License-Identifier: GPL-2.0 */
/*
 * C++ symbol names as perf script prints them: demangled, without the parameter list
 * (and the qualifiers after it, and a template function's return type). The demangler
 * is the C++ runtime's __cxa_demangle, looked up in libstdc++ at the first mangled name;
 * without it names stay mangled.
 *
 *	char *name = demangle("_Z8ggc_freePv");		("ggc_free", malloc'd; NULL: as is)
 */
#ifndef PERF_BPF_DEMANGLE_H
#define PERF_BPF_DEMANGLE_H

#include <stddef.h>

/* The short demangled form of a mangled (_Z...) name; NULL when it is not one. */
char *demangle(const char *name);
/* Cut the parameters off a demangled name in place: "f<int>(int) const" -> "f<int>". */
void demangle__strip_params(char *name);

#endif
