// SPDX-License-Identifier: GPL-2.0
/* Looking up the generated tables of syscalls/sysconst.h. */
#include <stdio.h>
#include <string.h>

#include "syscalls/sysconst.h"

const char *sysconst__name(const struct sysconst_table *t, long long v)
{
	for (size_t i = 0; i < t->nr; i++)
		if (t->rows[i].value == v)
			return t->rows[i].name;
	return NULL;
}

bool sysconst__value(const struct sysconst_table *t, const char *name, long long *v)
{
	for (size_t i = 0; i < t->nr; i++) {
		if (!strcmp(t->rows[i].name, name)) {
			*v = t->rows[i].value;
			return true;
		}
	}
	return false;
}

/* The row with the most bits that are all set in rest, or NULL. */
static const struct sysconst *widest_in(const struct sysconst_table *t, unsigned long long rest)
{
	const struct sysconst *best = NULL;
	int best_bits = 0;

	for (size_t i = 0; i < t->nr; i++) {
		unsigned long long bits = (unsigned long long)t->rows[i].value;
		int n = __builtin_popcountll(bits);

		if (bits && (rest & bits) == bits && n > best_bits) {
			best = &t->rows[i];
			best_bits = n;
		}
	}
	return best;
}

/* Names are chosen widest first and printed lowest bit first, as perf trace prints them. */
int sysconst__flags(const struct sysconst_table *t, unsigned long long v, char *buf, size_t size)
{
	const struct sysconst *pick[64], *c;
	size_t nr = 0, len = 0;

	if (size)
		buf[0] = '\0';
	if (!v)
		return snprintf(buf, size, "0");
	while (v && nr < 64 && (c = widest_in(t, v))) {
		size_t i = nr++;

		for (; i && pick[i - 1]->value > c->value; i--)
			pick[i] = pick[i - 1];
		pick[i] = c;
		v &= ~(unsigned long long)c->value;
	}
	for (size_t i = 0; i < nr; i++)
		len += snprintf(len < size ? buf + len : NULL, len < size ? size - len : 0, "%s%s",
				len ? "|" : "", pick[i]->name);
	if (v)
		len += snprintf(len < size ? buf + len : NULL, len < size ? size - len : 0,
				"%s%#llx", len ? "|" : "", v);
	return (int)len;
}
