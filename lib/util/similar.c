// SPDX-License-Identifier: GPL-2.0
/* Edit distance with neighbour swaps (optimal string alignment), for did-you-mean hints. */
#include <string.h>

#include "util/similar.h"

#define SIMILAR_MAX_LEN 64

static unsigned min3(unsigned a, unsigned b, unsigned c)
{
	unsigned m = a < b ? a : b;

	return m < c ? m : c;
}

unsigned similar__distance(const char *a, const char *b)
{
	/* the rows of i - 2 (for swaps), i - 1 and i of the table, as rows[i % 3] */
	unsigned rows[3][SIMILAR_MAX_LEN + 1];
	size_t n = strlen(a), m = strlen(b);

	if (n > SIMILAR_MAX_LEN || m > SIMILAR_MAX_LEN)
		return 255;
	for (size_t j = 0; j <= m; j++)
		rows[0][j] = j;
	for (size_t i = 1; i <= n; i++) {
		unsigned *cur = rows[i % 3], *prev = rows[(i + 2) % 3], *two = rows[(i + 1) % 3];

		cur[0] = i;
		for (size_t j = 1; j <= m; j++) {
			unsigned cost = a[i - 1] != b[j - 1];

			cur[j] = min3(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
			    two[j - 2] + 1 < cur[j])
				cur[j] = two[j - 2] + 1;
		}
	}
	return rows[n % 3][m] > 255 ? 255 : rows[n % 3][m];
}

size_t similar__closest(const char *word, const char *const *names, size_t nr, const char **best,
			size_t max)
{
	unsigned dist[16];
	size_t len = strlen(word), found = 0, limit = len / 3 ? len / 3 : 1;

	if (max > 16)
		max = 16;
	for (size_t i = 0; i < nr; i++) {
		unsigned d;
		size_t k;

		if (!names[i])
			continue;
		d = similar__distance(word, names[i]);
		if (d > limit)
			continue;
		for (k = found; k > 0 && dist[k - 1] > d; k--) {
			if (k < max) {
				dist[k] = dist[k - 1];
				best[k] = best[k - 1];
			}
		}
		if (k < max) {
			dist[k] = d;
			best[k] = names[i];
			if (found < max)
				found++;
		}
	}
	return found;
}
