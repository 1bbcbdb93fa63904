/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Buffers of the record path (a MiB or more) with their pages in place from the start.
 * A page's first touch is a fault, and faults are dear (12 us each in a VM here: 3 ms to
 * fill a fresh MiB, 0.15 ms to map it populated). Paid in the middle of a run, that time
 * is the reader's slack going: rings overflow and records are lost. Every page is written
 * once (a hypervisor may back a page only then), and the buffer is not inherited by a
 * fork, whose copy-on-write would fault each page in again.
 *
 *	char *b = bigbuf__alloc(size);	(NULL + errno)
 *	bigbuf__free(b, size);
 *	bigbuf__populate(p, len);	(an array grown by realloc: its new pages at once)
 */
#ifndef PERF_BPF_BIGBUF_H
#define PERF_BPF_BIGBUF_H

#include <stddef.h>

void *bigbuf__alloc(size_t size);
void bigbuf__free(void *p, size_t size);
/* Fault in the whole pages of [p, p + len) now; a hint: failures are ignored. */
void bigbuf__populate(void *p, size_t len);

#endif
