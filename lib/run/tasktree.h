/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The run's target and every task it made: the workload (or -p's process, or -t's thread)
 * and the children FORK records name. A tracepoint's program runs for every task, so a
 * run without -a keeps the outputs of these tasks only.
 *
 * The rings are read CPU by CPU, so a pass can meet a grandchild's FORK before the FORK of
 * its parent: a FORK whose parent is not known yet waits, within the pass, for its parent
 * to join.
 */
#ifndef PERF_BPF_TASKTREE_H
#define PERF_BPF_TASKTREE_H

#include <stdbool.h>

struct tasktree_fork {
	int parent, child;
};

struct tasktree {
	int *slots; /* open addressing, 0 = empty (pid 0 is never a target) */
	unsigned int cap, nr; /* cap: a power of two */
	struct tasktree_fork *waiting; /* this pass's FORKs of parents not (yet) in the tree */
	unsigned int nr_waiting, cap_waiting;
};

bool tasktree__has(const struct tasktree *t, int pid);
/* 0, or -ENOMEM. pid > 0. */
int tasktree__add(struct tasktree *t, int pid);
/* A FORK record: child joins when parent is in, now or later in this pass. 0, or -ENOMEM. */
int tasktree__fork(struct tasktree *t, int parent, int child);
/* A pass over the rings begins: FORKs still waiting belong to other trees. */
void tasktree__new_pass(struct tasktree *t);
void tasktree__exit(struct tasktree *t);

#endif
