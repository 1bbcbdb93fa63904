/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Room for more in a buffer that doubles as it grows: the one rule behind the byte buffer
 * (util/dbuf.h) and the arrays that collect what a walk finds.
 */
#ifndef PERF_BPF_GROW_H
#define PERF_BPF_GROW_H

#include <errno.h>
#include <stdint.h>
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

/*
 * Room for one more element in the array *arr (of *cap elements of elem bytes, nr of them
 * used): the capacity starts at first and doubles. 0, or -ENOMEM with the array as it was.
 */
static inline int grow__array(void *arr, size_t *cap, size_t nr, size_t elem, size_t first)
{
	size_t c = *cap ? *cap * 2 : first;
	void *p;

	if (nr < *cap)
		return 0;
	if (c <= nr || c > SIZE_MAX / elem)
		return -ENOMEM;
	p = realloc(*(void **)arr, c * elem);
	if (!p)
		return -ENOMEM;
	*(void **)arr = p;
	*cap = c;
	return 0;
}

#endif
