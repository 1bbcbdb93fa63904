/* SPDX-License-Identifier: GPL-2.0 */
/*
 * perf.data writer. A regular file gets perf's seekable layout (header, attrs, features,
 * data, feature index: seekable.h), the header rewritten after every flush so that a
 * recording cut short at any moment (SIGKILL, a full disk) is read back, by pdreader and
 * stock perf alike, up to its last flush. A pipe, FIFO, device or "-" gets perf's
 * streaming ("pipe") format: a 16-byte header, then records only, never seeking back.
 */
#ifndef PERF_BPF_PDWRITER_H
#define PERF_BPF_PDWRITER_H

#include <linux/perf_event.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/uio.h>

#include "record/evdesc.h"

struct pdwriter_event {
	/*
	 * The event as opened: its name, attr (written with size = 128), and for tracepoints
	 * tp_sys and tp_name, whose format goes into TRACING_DATA
	 */
	const struct event_desc *desc;
	const uint64_t *ids; /* PERF_EVENT_IOC_ID of every fd of this event */
	size_t nr_ids;
};

struct pdwriter_opts {
	int argc;
	char **argv; /* CMDLINE feature */
};

struct pdwriter;

/*
 * Makes the output, before anything is loaded or opened for the run, and writes nothing
 * yet. A link at path is never followed and no file is ever truncated: an existing file
 * or symbolic link is renamed to path.old first, as perf does, then path is created anew
 * (O_EXCL, mode 0600). When the rename fails, path is left as it was and the call fails.
 * A FIFO or character device at path is opened as it is (INT, TERM or HUP stops the wait
 * for a FIFO's reader); "-" and "/dev/stdout" write to stdout. NULL + errno, the ERROR
 * (and Hint) line recorded (util/errmsg.h).
 */
struct pdwriter *pdwriter__create(const char *path);
/*
 * Writes what precedes the records: attrs, features (EVENT_DESC, HOSTNAME, OSRELEASE,
 * VERSION, ARCH, NRCPUS, CPUDESC, CPUID, TOTAL_MEM, CMDLINE, CPU_TOPOLOGY) and
 * TRACING_DATA when an event is a tracepoint. evs and opts are only read during the
 * call. 0 or -errno.
 */
int pdwriter__start(struct pdwriter *w, const struct pdwriter_event *evs, size_t nr,
		    const struct pdwriter_opts *opts);
/*
 * A feature section (id feat, perf's HEADER_* numbering) of data's len bytes, as perf lays
 * its payload out: written with the others by pdwriter__start() when added before it, at
 * once after. 0 or -errno.
 */
int pdwriter__add_feature(struct pdwriter *w, int feat, const void *data, size_t len);
/*
 * Gives up a recording that failed before it began: the file pdwriter__create made is
 * removed and the previous one moved back from path.old. Accepts NULL.
 */
void pdwriter__discard(struct pdwriter *w);
/* pdwriter__create, then pdwriter__start. */
struct pdwriter *pdwriter__open(const char *path, const struct pdwriter_event *evs, size_t nr,
				const struct pdwriter_opts *opts);
/* Append whole kernel records (struct perf_event_header + body), copied verbatim. */
int pdwriter__write(struct pdwriter *w, const void *data, size_t len);
/*
 * Samples as a ring holds them: whole records in iov[0..n) (a record may straddle two
 * pieces; n < 8), PDWRITER_SPAN_MAX bytes at most. Never looked into: only MMAP2 and
 * BPF_EVENT records, which pdwriter__write takes, name the build ids and programs of the
 * file. A large span goes to the file from iov before the call returns, not copied.
 */
#define PDWRITER_SPAN_MAX (256U << 10)
int pdwriter__write_span(struct pdwriter *w, const struct iovec *iov, int n);
/*
 * A FINISHED_ROUND record, then everything buffered goes to the file (and, for a
 * regular file, a header naming it).
 */
int pdwriter__finish_round(struct pdwriter *w);
/*
 * The output is this process's stdout (-o -, /dev/stdout, the FIFO stdout is): a workload
 * writing to stdout would put its bytes into the stream.
 */
bool pdwriter__on_stdout(const struct pdwriter *w);
/* A LOST record (time 0) for samples the kernel dropped without reporting them. */
int pdwriter__synth_lost(struct pdwriter *w, uint64_t lost);
/*
 * An MMAP record for [kernel.kallsyms]_text, from _text to _etext in /proc/kallsyms, and
 * one for each module in /proc/modules (perfdata/kmaps.h).
 */
int pdwriter__synth_kernel_mmap(struct pdwriter *w);
/*
 * Has feature feat (1..255, not one the writer makes itself: 1..13, 25, 26) stored with
 * the payload data[0..len) (copied), after pdwriter__start: a feature section of a file,
 * written at a clean close, or at once in a pipe as HEADER_FEATURE records (a payload over
 * the record size limit split over several of the same id). A feature added twice keeps
 * both payloads, one after the other; readers join the pieces (perfdata/reader.h:
 * pdreader__feature). Stock perf ignores ids it does not know: perf-bpf's own is 32
 * (perfdata/format.h). 0, -EINVAL, -EEXIST (the writer's own), -ENOMEM.
 */
int pdwriter__add_feature(struct pdwriter *w, int feat, const void *data, size_t len);
/*
 * Flushes and closes; a regular file gets its last index, the features known only now
 * (BUILD_ID, BPF_PROG_INFO, BPF_BTF, added ones), a data sync and its final header.
 * Returns the first I/O error met (-errno), 0 otherwise. Accepts NULL.
 */
int pdwriter__close(struct pdwriter *w);
/* Bytes handed to the file so far, buffered ones included. */
uint64_t pdwriter__bytes(const struct pdwriter *w);

#endif
