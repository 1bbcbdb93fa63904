/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A set of names (byte strings, not NUL-terminated where they are read from), each with
 * flag bits: added from a text as it is scanned, looked up by another text's names.
 * Open addressing, the table doubled at half full. A zeroed struct nameset is empty.
 */
#ifndef PERF_BPF_NAMESET_H
#define PERF_BPF_NAMESET_H

#include <stddef.h>
#include <stdint.h>

struct nameset_slot {
	char *name; /* NUL-terminated copy; NULL: empty */
	uint32_t len, hash;
	unsigned int flags;
};

struct nameset {
	struct nameset_slot *slots;
	size_t cap, nr; /* cap a power of two */
};

/* Add name (len bytes) with flags, or them into its flags. 0, or -ENOMEM. */
int nameset__add(struct nameset *s, const char *name, size_t len, unsigned int flags);
/* The flags of name, 0 when it is not in the set (a name added with 0 is absent). */
unsigned int nameset__flags(const struct nameset *s, const char *name, size_t len);
void nameset__free(struct nameset *s);

#endif
