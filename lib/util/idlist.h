/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Task ids as perf's and strace's -p and -t take them: "12,34", "12 34", the option
 * repeated; each id kept once, in the order given.
 *
 *	struct idlist l = { 0 };
 *	err = idlist__add(&l, "12,34", PID_MAX, &bad, &bad_len);	(again for each -p)
 *	l.ids[0 .. l.nr)
 *	idlist__free(&l);
 */
#ifndef PERF_BPF_IDLIST_H
#define PERF_BPF_IDLIST_H

#include <stddef.h>

struct idlist {
	int *ids;
	int nr;
};

/*
 * The ids of arg, separated by commas or blanks, each from 1 to max. 0; -EINVAL with the
 * word that is none in *bad, *bad_len (an arg of no id at all: arg, 0); -ENOMEM.
 */
int idlist__add(struct idlist *l, const char *arg, long max, const char **bad, size_t *bad_len);
void idlist__free(struct idlist *l);

#endif
