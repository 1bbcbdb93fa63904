/* SPDX-License-Identifier: GPL-2.0 */
/*
 * "Did you mean": the known names closest to a mistyped one, by edit distance (a swap of
 * two neighbouring letters counts as one edit), for the Hint line of an error.
 *
 *	const char *best[3];
 *	size_t n = similar__closest("opneat", names, nr_names, best, 3);
 */
#ifndef PERF_BPF_SIMILAR_H
#define PERF_BPF_SIMILAR_H

#include <stddef.h>

/* Edits between a and b (insert, delete, substitute, swap neighbours); capped at 255. */
unsigned similar__distance(const char *a, const char *b);
/*
 * Up to max names of names[] (NULL entries skipped) close enough to word to be what was
 * meant (at most a third of its letters wrong, at least one), nearest first, ties in the
 * order of names[]. Returns how many.
 */
size_t similar__closest(const char *word, const char *const *names, size_t nr, const char **best,
			size_t max);

#endif
