/* SPDX-License-Identifier: GPL-2.0 */
/*
 * bpf_printk lines of this run, from a tracefs instance of its own: instances/perf-bpf-HEX (16
 * hex digits drawn at random: no two runs share one, in any pid namespace) with only the
 * bpf_trace:bpf_trace_printk event enabled, its trace_clock the clock of the
 * run's samples, read through its per-CPU raw buffers (libtracefs) and removed at the end.
 *
 * The kernel writes a bpf_trace_printk line into every instance where the event is enabled
 * (it also enables it in the top-level buffer when a program using the helper is loaded):
 * reading an instance of our own consumes nothing another reader of the trace buffer sees.
 * An instance left by a run that was killed is removed by the next run: one whose marker
 * (a file of its name in /run/perf-bpf, locked while its run lives) nobody holds. No
 * instance without such a marker is ever removed, whatever its name.
 */
#ifndef PERF_BPF_PRINTK_H
#define PERF_BPF_PRINTK_H

#include <stdbool.h>
#include <stdint.h>

#define PRINTK_INSTANCE_PREFIX "perf-bpf-"

struct printk;

/* One line: the tracepoint's entry as the kernel wrote it (common fields, then the string). */
typedef int (*printk_line_fn)(void *ctx, int cpu, uint64_t time, int tid, const void *entry,
			      uint32_t size);

/*
 * Make the instance with its clock ("local", "mono", ...), enable the event and open the
 * per-CPU buffers. NULL + errno, the ERROR line recorded (util/errmsg.h).
 */
struct printk *printk__new(const char *clock);
/*
 * A program of the run, which may print: once one is given, a line is shown only when the
 * kernel stack after it (a stacktrace trigger on the event) passes through one of their
 * code; another run's program prints into every instance too. 0 or -errno.
 */
int printk__own_prog(struct printk *p, int prog_fd);
/* Read every line written so far, oldest first per CPU. Lines read, or <0 from fn. */
int printk__read(struct printk *p, printk_line_fn fn, void *ctx);
/*
 * Lines the kernel dropped or overwrote (the instance's buffer was full), from its per-CPU
 * stats, else from what the pages read said (*unknown: some were, their number not said).
 * A test build sizes the instance's buffers by PERF_BPF_TEST_PRINTK_KB (util/testhook.h).
 */
uint64_t printk__lost(struct printk *p, bool *unknown);
/* Close and remove the instance. */
void printk__free(struct printk *p);
/* Remove the instances of runs that are gone, by their markers; returns how many. */
int printk__clean_stale(void);

#endif
