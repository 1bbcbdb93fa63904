/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Constants of the perf.data format (perf's tools/perf/util/header.h and event.h), for the
 * writer and the reader alike, and its header strings.
 */
#ifndef PERF_BPF_PDFORMAT_H
#define PERF_BPF_PDFORMAT_H

#include <string.h>

#include "util/dbuf.h"

/* The header of a file: magic, then its size (pipe) or the header size and sections (file). */
#define PD_MAGIC 0x32454c4946524550ULL /* "PERFILE2" */
#define PD_MAGIC_SWAP 0x50455246494c4532ULL /* the same, written on the other endianness */
#define PD_MAGIC_V1 0x454c494646524550ULL /* "PERFFILE" */
#define PD_FILE_HDR 104
#define PD_FILE_HDR_OLD 72 /* without the feature bitmap */
#define PD_PIPE_HDR 16
/* The file header's feature bitmap: where it starts, how many bits; the index follows the data. */
#define PD_FEAT_BITMAP 72
#define PD_FEAT_BITS 256

/* perf's own record types, after the kernel's PERF_RECORD_*. */
enum {
	PD_HEADER_ATTR = 64,
	PD_HEADER_EVENT_TYPE = 65, /* deprecated: perf skips it */
	PD_HEADER_TRACING_DATA = 66,
	PD_HEADER_BUILD_ID = 67,
	PD_FINISHED_ROUND = 68,
	PD_AUXTRACE = 71,
	PD_EVENT_UPDATE = 78,
	PD_HEADER_FEATURE = 80,
	PD_COMPRESSED = 81,
	PD_USER_MAX = 83, /* first user type perf 6.1 does not know */
	PD_KERNEL_MAX = 22, /* first kernel type perf 6.1 does not know */
};

/* Feature ids: bits of a file header's feature bitmap, or a HEADER_FEATURE record's. */
enum {
	PD_FEAT_TRACING_DATA = 1,
	PD_FEAT_BUILD_ID = 2,
	PD_FEAT_HOSTNAME = 3,
	PD_FEAT_OSRELEASE = 4,
	PD_FEAT_VERSION = 5,
	PD_FEAT_ARCH = 6,
	PD_FEAT_NRCPUS = 7,
	PD_FEAT_CPUDESC = 8,
	PD_FEAT_CPUID = 9,
	PD_FEAT_TOTAL_MEM = 10,
	PD_FEAT_CMDLINE = 11,
	PD_FEAT_EVENT_DESC = 12,
	PD_FEAT_CPU_TOPOLOGY = 13,
	PD_FEAT_BPF_PROG_INFO = 25,
	PD_FEAT_BPF_BTF = 26,
	PD_FEAT_COMPRESSED = 27,
	/*
	 * perf-bpf's own (util/tfeat.h: BTF, typed channels, maps at the end). perf 6.1 knows
	 * ids below 32: in a file header it skips bit 32 and up, and in the streaming layout
	 * it takes a HEADER_FEATURE record of id 32 as the end of the features (perf record
	 * writes one, empty) and reads nothing of it, where perf report stops at any other
	 * unknown id. So 32, anywhere in the stream.
	 */
	PD_FEAT_PERF_BPF = 32,
};

/*
 * Feature ids stock perf 6.1 knows are below this; a file's sections of other ids break
 * perf inject, so perf-bpf's own go into the data (perfdata/writer.h).
 */
#define PD_NR_KNOWN_FEAT 32

/* TRACING_DATA starts with these bytes: 23, 8, 68, "tracing"; then its version string. */
#define PD_TRACING_MAGIC "\027\010\104tracing"
#define PD_TRACING_MAGIC_LEN (sizeof(PD_TRACING_MAGIC) - 1)

/* perf's header string: u32 len, then the string and its NUL, zero-padded to 64. */
static inline void pdformat__hstr(struct dbuf *b, const char *s)
{
	size_t n = strlen(s) + 1, len = (n + 63) / 64 * 64;

	dbuf__u32(b, len);
	dbuf__put(b, s, n);
	dbuf__zero(b, len - n);
}

#endif
