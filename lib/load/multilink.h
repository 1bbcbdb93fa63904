/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One BPF link that puts a program on many probe points at once: the kernel's uprobe_multi
 * (6.6+) and kprobe_multi (5.18+) links.  Registering and removing the points of one link
 * costs one wait for the kernel's grace periods, where one perf event per point costs one
 * each, serialized (about 0.1 s a uprobe point on 6.18).  The installed libbpf (1.1) has no
 * uprobe_multi wrapper: the link is made by the bpf() system call.
 *
 * A program attached this way must be loaded for it: multilink__attach_type() before load.
 *
 *	if (multilink__has(false))
 *		bpf_program__set_expected_attach_type(prog, multilink__attach_type(false));
 *	... load ...
 *	fd = multilink__uprobe(bpf_program__fd(prog), "/bin/true", offs, n, false);
 */
#ifndef PERF_BPF_MULTILINK_H
#define PERF_BPF_MULTILINK_H

#include <stdbool.h>
#include <stddef.h>

/* Does the running kernel have multi links for kernel (kprobes) or user (uprobes) points? */
bool multilink__has(bool kernel);
/* The expected attach type a program needs for one (enum bpf_attach_type). */
int multilink__attach_type(bool kernel);

/* A link running @prog_fd at the file offsets @offs of @path (return probes: @retprobe). */
int multilink__uprobe(int prog_fd, const char *path, const unsigned long *offs, size_t n,
		      bool retprobe);
/* A link running @prog_fd at the kernel functions @syms ("MODULE:FUNC" or "FUNC"). */
int multilink__kprobe(int prog_fd, const char **syms, size_t n, bool retprobe);

#endif
