// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: the legacy-map converter on arbitrary ELF bytes.  Whatever it
 * accepts must come out as an object with no 'maps' section left, so converting
 * the result again has nothing to do.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "load/legacy.h"
#include "util/log.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	void *out, *again;
	size_t out_size, again_size;

	quiet = 1;
	if (legacy__convert("fuzz.o", data, size, &out, &out_size) || !out)
		return 0;
	if (legacy__convert("fuzz.o", out, out_size, &again, &again_size) || again)
		abort();
	free(out);
	return 0;
}
