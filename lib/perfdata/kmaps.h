/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel's maps as perf record describes them: the kernel's text from _text to _etext
 * (/proc/kallsyms), each module from its load address for its size (/proc/modules). A map
 * that ends where the text ends leaves the addresses of BPF programs to their KSYMBOL
 * records, so that stock perf names them.
 */
#ifndef PERF_BPF_PERFDATA_KMAPS_H
#define PERF_BPF_PERFDATA_KMAPS_H

#include <stdint.h>
#include <stdio.h>

#define KMAP_NAME_MAX 64

struct kmap {
	uint64_t start, len;
	char name[KMAP_NAME_MAX]; /* a module's name in brackets: "[name]" */
};

/*
 * The extent of the kernel's text from a kallsyms listing: 0, -ENOENT (no _text), -EPERM
 * (addresses hidden). Without _etext (or before _text) the map reaches the top of the
 * address space.
 */
int kmaps__text(FILE *kallsyms, struct kmap *m);
/*
 * One line of /proc/modules into m: 1, or 0 when the line names no usable map (malformed,
 * address hidden, size 0, or past the top of the address space).
 */
int kmaps__module(const char *line, struct kmap *m);

#endif
