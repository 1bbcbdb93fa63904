// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "util/nameset.h"

#define FIRST_CAP 256

/* FNV-1a */
static uint32_t name_hash(const char *name, size_t len)
{
	uint32_t h = 2166136261u;

	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)name[i]) * 16777619u;
	return h;
}

static struct nameset_slot *find(const struct nameset *s, const char *name, size_t len,
				 uint32_t hash)
{
	size_t mask = s->cap - 1;

	for (size_t i = hash & mask;; i = (i + 1) & mask) {
		struct nameset_slot *e = &s->slots[i];

		if (!e->name || (e->hash == hash && e->len == len && !memcmp(e->name, name, len)))
			return e;
	}
}

static int grow(struct nameset *s)
{
	struct nameset old = *s;

	s->cap = old.cap ? old.cap * 2 : FIRST_CAP;
	s->slots = calloc(s->cap, sizeof(*s->slots));
	if (!s->slots) {
		*s = old;
		return -ENOMEM;
	}
	for (size_t i = 0; i < old.cap; i++)
		if (old.slots[i].name)
			*find(s, old.slots[i].name, old.slots[i].len, old.slots[i].hash) =
				old.slots[i];
	free(old.slots);
	return 0;
}

int nameset__add(struct nameset *s, const char *name, size_t len, unsigned int flags)
{
	uint32_t hash = name_hash(name, len);
	struct nameset_slot *e;

	if ((s->nr + 1) * 2 > s->cap && grow(s))
		return -ENOMEM;
	e = find(s, name, len, hash);
	if (!e->name) {
		e->name = strndup(name, len);
		if (!e->name)
			return -ENOMEM;
		e->len = (uint32_t)len;
		e->hash = hash;
		s->nr++;
	}
	e->flags |= flags;
	return 0;
}

unsigned int nameset__flags(const struct nameset *s, const char *name, size_t len)
{
	const struct nameset_slot *e;

	if (!s->cap)
		return 0;
	e = find(s, name, len, name_hash(name, len));
	return e->name ? e->flags : 0;
}

void nameset__free(struct nameset *s)
{
	for (size_t i = 0; i < s->cap; i++)
		free(s->slots[i].name);
	free(s->slots);
	memset(s, 0, sizeof(*s));
}
