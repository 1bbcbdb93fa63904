/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Thread names: tid -> (pid, comm), fed by PERF_RECORD_COMM records (or /proc), looked
 * up for every printed sample. An open-addressing hash table; a later COMM for the same
 * tid replaces the name (exec).
 *
 *	struct threads *t = threads__new();
 *	threads__set_comm(t, pid, tid, "gp");
 *	comm = threads__comm(t, tid);		(NULL when unknown)
 *	threads__free(t);
 */
#ifndef PERF_BPF_THREADS_H
#define PERF_BPF_THREADS_H

#include <stddef.h>
#include <stdint.h>

/* Longest name kept (longer ones are cut); the kernel's comm has at most 15 characters. */
#define THREADS_COMM_MAX 31

struct threads;

struct threads *threads__new(void);
void threads__free(struct threads *t);

/* Add or rename a thread. 0, or -ENOMEM. */
int threads__set_comm(struct threads *t, uint32_t pid, uint32_t tid, const char *comm);
/* Forget a thread (EXIT); nothing when it is unknown. */
void threads__remove(struct threads *t, uint32_t tid);
/* The thread's name, valid until the next change to t; NULL when unknown or t is NULL. */
const char *threads__comm(const struct threads *t, uint32_t tid);
/* The thread's process id; -ENOENT when unknown. */
int threads__pid(const struct threads *t, uint32_t tid, uint32_t *pid);
size_t threads__count(const struct threads *t);

#endif
