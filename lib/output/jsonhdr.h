/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The first object of every JSON stream (trace --json, script --json): where and on what
 * clock its records were taken, so that streams of many hosts can be merged.
 *
 *	{"type":"header","origin":"live","host":"web1","kernel":"6.1.0-18-amd64",
 *	 "boot_id":"5b3c...","clock":"realtime","clockid":0,"clock_offset_ns":0,
 *	 "start_ns":1767312000123456789}
 *
 * clock_offset_ns: add it to a record's "time" for the wall-clock (CLOCK_REALTIME) time in
 * ns; for perf's own clock (no -k), which no clock_gettime() reads, measured to a few
 * microseconds (util/clockid.h); null when unknown (a perf.data file of perf record without
 * -k). start_ns: the wall-clock time the stream (or the recording) began, null when unknown. Strings the
 * source does not have are null (a perf.data file keeps no boot id).
 */
#ifndef PERF_BPF_JSONHDR_H
#define PERF_BPF_JSONHDR_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

struct jsonhdr {
	const char *origin; /* "live" or "perf.data" */
	char host[256], kernel[256], boot_id[64]; /* "": null */
	int clockid; /* CLOCKID_PERF (util/clockid.h): perf's clock */
	bool has_offset;
	int64_t offset_ns;
	bool has_start;
	uint64_t start_ns;
};

/* This machine now: host name, kernel release, boot id, the clock's offset and the time. */
void jsonhdr__host(struct jsonhdr *h, int clockid);
struct pdreader;
/*
 * A perf.data file's: host name and kernel release from its features, the clock from its
 * events (-k), offset and start from its CLOCK_DATA (perf-bpf record's, perf record -k's).
 * No boot id.
 */
void jsonhdr__from_file(struct jsonhdr *h, const struct pdreader *r);
/* The object, one line. */
void jsonhdr__write(FILE *f, const struct jsonhdr *h);

#endif
