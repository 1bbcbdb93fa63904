// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: the whole object path of `trace -e x.o` up to the bpf() calls, on
 * arbitrary bytes: perf-bpf's ELF checks, the legacy-map converter, libbpf's
 * bpf_object__open_mem() and the loader's own reads (the license, the program sections
 * and their probe set-up). Any outcome but a crash or a leak is fine; an error must be
 * recorded for the command to print.
 */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/libbpf.h>

#include "load/loader.h"
#include "util/errmsg.h"
#include "util/log.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct loader *l;
	void *buf;
	int err;

	quiet = 1;
	libbpf_set_print(NULL);
	l = loader__new(NULL);
	buf = malloc(size ?: 1);
	if (!l || !buf)
		abort();
	memcpy(buf, data, size);
	errmsg__clear();
	err = loader__add_mem(l, "fuzz.o", buf, size);
	if (err && err != -ENOMEM && !errmsg__text())
		abort(); /* a failure the command could not explain */
	loader__free(l);
	free(buf);
	return 0;
}
