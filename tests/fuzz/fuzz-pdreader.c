// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: pdreader on arbitrary bytes, reading every record to the end, then
 * perf-bpf's feature (the BTF and map dumps of feature id 32) printed as script prints it.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "util/log.h"
#include "perfdata/format.h"
#include "perfdata/reader.h"
#include "output/typeset.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* What script does with perf-bpf's feature: its types, then its maps. */
static void perf_bpf_feature(const struct pdreader *r)
{
	static FILE *null;
	struct typeset *ts;
	size_t len;
	const void *f = pdreader__feature(r, PD_FEAT_PERF_BPF, &len);

	if (!null)
		null = fopen("/dev/null", "w");
	ts = typeset__new();
	if (!ts || !null)
		abort();
	if (f) {
		typeset__add(ts, f, len);
		typeset__print_maps(ts, f, len, NULL, null, false);
	}
	typeset__free(ts);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct pdreader_record rec;
	struct pdreader *r;
	size_t len;

	quiet = 1;
	r = pdreader__new_mem(data, size);
	if (!r)
		return 0;
	for (size_t i = 0; i < pdreader__nr_events(r); i++) {
		const struct pdreader_event *e = pdreader__event(r, i);
		volatile char sink = 0;

		for (size_t j = 0; j < e->tp_format_len; j++)
			sink ^= e->tp_format[j];
		for (size_t j = 0; j < e->nr_ids; j++)
			sink ^= (char)e->ids[j];
		(void)sink;
	}
	pdreader__header_page(r, &len);
	while (pdreader__next(r, &rec) > 0) {
		volatile uint16_t sz = rec.hdr->size;
		volatile uint8_t last = ((const uint8_t *)rec.hdr)[sz - 1];

		(void)last;
	}
	perf_bpf_feature(r);
	pdreader__free(r);
	return 0;
}
