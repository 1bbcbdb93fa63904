/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A BPF object's global variables, set before it loads: the global:NAME=VALUE terms of its
 * -e event, then the target's pid in the names libbpf-tools reads it from, when the user
 * set none of them:
 *
 *	targ_tgid	the target process: the workload, or -p's
 *	targ_pid	the thread of -t (libbpf-tools' meaning: a thread id)
 *
 * A 'const volatile' global lives in .rodata, which the kernel freezes at load: this is the
 * only moment it can be written.
 */
#ifndef PERF_BPF_GLOBALS_H
#define PERF_BPF_GLOBALS_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "event/evparse.h"

struct bpf_object;

/* The target whose ids the libbpf-tools names get; 0: none. */
struct globals_target {
	pid_t tgid;
	pid_t tid;
};

/*
 * Write value into the global name of obj (sizes 1, 2, 4, 8; little or big as the host).
 * Returns 0, -ENOENT when obj has no such global, -EINVAL when it is no integer.
 */
int globals__set(struct bpf_object *obj, const char *name, uint64_t value);

/*
 * pe's global: terms into obj (a caret error on the term that fails), then the target's
 * ids (said under -v). Returns 0 or -errno.
 */
int globals__apply(struct bpf_object *obj, const struct evparse_event *pe,
		   const struct globals_target *t);

#endif
