/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Test hooks: the few points where the test suite steers a run, to make a race certain or a
 * buffer small. Each hook is one function here, driven by one environment variable:
 *
 *	PERF_BPF_TEST_BEFORE_ATTACH=PROG	testhook__before_attach(): PROG runs once the
 *						events are open, before programs are attached
 *	PERF_BPF_TEST_MODULES_DIR=DIR		testhook__modules_dir(): the compile stage looks
 *						for the running kernel's build dir under DIR
 *						instead of /lib/modules
 *	PERF_BPF_TEST_PRINTK_KB=KB		testhook__printk_kb(): the bpf_printk instance's
 *						buffer_size_kb
 *	PERF_BPF_TEST_CHANNELS_HOLD=1		testhook__channels_hold(): ring buffers and the
 *						bpf_printk instance are read at the end of the
 *						run only
 *	PERF_BPF_TEST_ROTATED=FIFO		testhook__rotated(): record pauses on FIFO right
 *						after the old file became FILE.old
 *	PERF_BPF_TEST_KSYMS=FIFO		testhook__ksyms(): the kernel's symbols read
 *						ahead wait on FIFO before they are read
 *	PERF_BPF_TEST_MAX_COUNTS=N		testhook__max_counts(): the kernel's counting
 *						map of -s holds N (thread, call) pairs
 *
 * They act only in a test build, compiled with -DPERF_BPF_TESTHOOKS: the unit tests and
 * $(BUILD)/test/perf-bpf, which the end-to-end tests that steer a run use. In the perf-bpf
 * that `make` builds and `make install` installs, every hook does nothing and reads no
 * environment variable.
 */
#ifndef PERF_BPF_TESTHOOK_H
#define PERF_BPF_TESTHOOK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Is this a test build (the hooks act)? */
bool testhook__enabled(void);

/* Run PERF_BPF_TEST_BEFORE_ATTACH's program to its end; a warning if it fails. */
void testhook__before_attach(void);
/* PERF_BPF_TEST_MODULES_DIR, or NULL (unset, empty, or not a test build). */
const char *testhook__modules_dir(void);
/* PERF_BPF_TEST_PRINTK_KB, or NULL (unset, empty, or not a test build). */
const char *testhook__printk_kb(void);
/* PERF_BPF_TEST_CHANNELS_HOLD is set and not empty. */
bool testhook__channels_hold(void);
/*
 * Write "rotated\n" to PERF_BPF_TEST_ROTATED's FIFO, then read it to its end: a test can
 * kill the run at that point, or let it go on.
 */
void testhook__rotated(void);
/* The same handshake on PERF_BPF_TEST_KSYMS's FIFO, with "ksyms\n". */
void testhook__ksyms(void);
/* PERF_BPF_TEST_MAX_COUNTS, or 0 (unset, empty, not a number, or not a test build). */
unsigned int testhook__max_counts(void);

#endif
