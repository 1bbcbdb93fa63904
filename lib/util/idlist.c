// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "util/idlist.h"

#define SEPARATORS ", \t\n"

static int push(struct idlist *l, int id)
{
	int *n;

	for (int i = 0; i < l->nr; i++)
		if (l->ids[i] == id)
			return 0;
	n = realloc(l->ids, sizeof(*n) * (l->nr + 1));
	if (!n)
		return -ENOMEM;
	l->ids = n;
	l->ids[l->nr++] = id;
	return 0;
}

/* The id of the len bytes at w, or 0 when they are none from 1 to max. */
static long id_of(const char *w, size_t len, long max)
{
	long v = 0;

	if (!len || len > 10)
		return 0;
	for (size_t i = 0; i < len; i++) {
		if (w[i] < '0' || w[i] > '9')
			return 0;
		v = v * 10 + (w[i] - '0');
	}
	return v >= 1 && v <= max ? v : 0;
}

int idlist__add(struct idlist *l, const char *arg, long max, const char **bad, size_t *bad_len)
{
	const char *p = arg + strspn(arg, SEPARATORS);
	int err = 0;

	if (!*p) {
		*bad = arg;
		*bad_len = 0;
		return -EINVAL;
	}
	for (; !err && *p; p += strspn(p, SEPARATORS)) {
		size_t len = strcspn(p, SEPARATORS);
		long id = id_of(p, len, max);

		if (!id) {
			*bad = p;
			*bad_len = len;
			return -EINVAL;
		}
		err = push(l, (int)id);
		p += len;
	}
	return err;
}

void idlist__free(struct idlist *l)
{
	free(l->ids);
	l->ids = NULL;
	l->nr = 0;
}
