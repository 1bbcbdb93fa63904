/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Room for more bytes in a buffer that doubles as it grows: the one rule behind the
 * writer's payload buffer, the typed-feature buffer and the BTF printer's text.
 */
#ifndef PERF_BPF_GROW_H
#define PERF_BPF_GROW_H

#include <errno.h>
#include <stdlib.h>

/*
 * Makes *buf (of *cap bytes, NULL when 0) hold at least need bytes: the capacity starts at
 * first and doubles. 0, or -ENOMEM with the buffer left as it was.
 */
static inline int grow__to(void *buf, size_t *cap, size_t need, size_t first)
{
	size_t c = *cap ? *cap : first;
	void *p;

	if (need <= *cap)
		return 0;
	while (c < need)
		c *= 2;
	p = realloc(*(void **)buf, c);
	if (!p)
		return -ENOMEM;
	*(void **)buf = p;
	*cap = c;
	return 0;
}

#endif
