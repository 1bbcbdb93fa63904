/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Run a program from an argv array (posix_spawn, never a shell) and collect what it
 * writes on stdout and stderr.
 */
#ifndef PERF_BPF_RUNCMD_H
#define PERF_BPF_RUNCMD_H

#include <stddef.h>

struct runcmd_result {
	int status; /* exit code; 128 + signal number when killed */
	char *out; /* stdout, NUL-terminated, malloc'ed */
	char *err; /* stderr, NUL-terminated, malloc'ed */
	size_t out_len, err_len;
};

/*
 * Run argv[0] (searched in PATH when it has no '/') to completion. -ENOENT when the
 * program does not exist, -EACCES when it cannot be run.
 */
int runcmd__run(char *const argv[], struct runcmd_result *r);
void runcmd__result_exit(struct runcmd_result *r);
/* argv as one line a shell would run as the same command (for logs and hints), malloc'ed. */
char *runcmd__quote(char *const argv[]);

#endif
