// SPDX-License-Identifier: GPL-2.0
/* libFuzzer target for the -e grammar: any bytes as one -e argument, on a fresh list. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "event/evparse.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *sink;
	struct evparse_list *list;
	struct evparse_event *ev;
	char *str;
	size_t n = 0;

	if (!sink)
		sink = fopen("/dev/null", "w");
	str = malloc(size + 1);
	list = evparse__new();
	if (!str || !list || !sink)
		goto out;
	memcpy(str, data, size);
	str[size] = 0;
	evparse__set_output(list, sink, 80);
	if (evparse__add(list, str) == 0) {
		/* Walk what was parsed: names, map terms and lookups must all be sound. */
		evparse__for_each(ev, list) {
			if (evparse__find(list, evparse__event_name(ev), NULL) == NULL)
				abort();
			if (ev->nr_maps && !ev->maps[ev->nr_maps - 1].map)
				abort();
			if (ev->col < 0 || (size_t)ev->col > size)
				abort();
			n++;
		}
		if (n != evparse__count(list))
			abort();
	} else if (evparse__count(list)) {
		abort();
	}
out:
	evparse__free(list);
	free(str);
	return 0;
}
