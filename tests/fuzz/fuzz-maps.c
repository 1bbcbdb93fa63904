// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: perf-bpf's feature (util/tfeat.h: BTF, channels, map dumps) on arbitrary
 * bytes, its maps printed as text and as JSON, as script prints them at the end of a file
 * and trace at the end of a run.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "util/log.h"
#include "output/typeset.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *null;
	struct typeset *ts;

	quiet = 1;
	if (!null)
		null = fopen("/dev/null", "w");
	ts = typeset__new();
	if (!ts || !null)
		abort();
	typeset__add(ts, data, size);
	typeset__print_maps(ts, data, size, NULL, null, false);
	typeset__print_maps(ts, data, size, NULL, null, true);
	typeset__free(ts);
	return 0;
}
