// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for the system call records' decoder (syscalls/sysrec.h): any bytes as one
 * record, and as the counts of a (thread, call) pair. A record that decodes must hold
 * together within the bytes given; counts of any value give figures without a crash or
 * undefined behaviour, a percentile never past the maximum.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "syscalls/sysrec.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_record(const uint8_t *data, size_t size)
{
	struct sysrec r;
	size_t bytes = 0;

	if (sysrec__decode(&r, data, size))
		return;
	if (r.head.size > size || r.nargs > SYSREC_ARGS || r.nitems > SYSREC_ARGS)
		abort();
	for (int i = 0; i < r.nitems; i++) {
		const struct sysrec_data *d = &r.items[i];

		if (d->data < data || d->data + d->len > data + r.head.size)
			abort();
		if (d->arg >= SYSREC_ARGS || !d->kind || d->kind >= SYSREC_KIND_COUNT)
			abort();
		if (sysrec__item(&r, d->arg) == NULL)
			abort();
		bytes += sizeof(struct sysrec_item) + d->len;
	}
	if (sizeof(r.head) + bytes > r.head.size)
		abort();
}

static void check_count(const uint8_t *data, size_t size)
{
	struct sysrec_count *c = calloc(1, sizeof(*c)), *sum = calloc(1, sizeof(*sum));
	const double qs[] = { 0, 0.5, 0.99, 1 };

	if (!c || !sum)
		abort();
	memcpy(c, data, size < sizeof(*c) ? size : sizeof(*c));
	for (size_t i = 0; i < sizeof(qs) / sizeof(qs[0]); i++)
		if (c->calls && sysrec__percentile(c, qs[i]) > c->max_ns)
			abort();
	(void)sysrec__mean_ns(c);
	(void)sysrec__stddev_ns(c);
	sysrec__count_add(sum, c);
	sysrec__count_add(sum, c);
	free(c);
	free(sum);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	check_record(data, size);
	check_count(data, size);
	return 0;
}
