/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Run a program from an argv array (posix_spawn, never a shell) and collect what it
 * writes on stdout and stderr. The program runs in a process group of its own, which is
 * killed (SIGKILL) whenever the run ends: on a timeout, on a stop signal (util/stopsig.h),
 * and after the program exits (so nothing it started lives on).
 */
#ifndef PERF_BPF_RUNCMD_H
#define PERF_BPF_RUNCMD_H

#include <stddef.h>

struct runcmd_result {
	int status; /* exit code; 128 + signal number when killed */
	char *out; /* stdout, NUL-terminated, malloc'ed */
	char *err; /* stderr, NUL-terminated, malloc'ed */
	size_t out_len, err_len;
	int stop_signal; /* the signal that ended the run early (-EINTR), else 0 */
};

#define RUNCMD_MAX_FDS 4

struct runcmd_opts {
	unsigned int timeout_ms; /* 0: no limit */
	int fds[RUNCMD_MAX_FDS]; /* the program's fd 3 + i is a copy of fds[i] */
	int nr_fds;
};

/*
 * Run argv[0] (searched in PATH when it has no '/') to completion. -ENOENT when the
 * program does not exist, -EACCES when it cannot be run.
 */
int runcmd__run(char *const argv[], struct runcmd_result *r);
/*
 * runcmd__run() with a time limit and fds to pass on. The stop signals are blocked during
 * the run; one that comes (or was pending) ends it: -EINTR, the signal taken (not
 * delivered) and named in r->stop_signal. The time limit passed: -ETIMEDOUT.
 * Either way the program's process group is killed and nothing is collected.
 */
int runcmd__run_opts(char *const argv[], const struct runcmd_opts *o, struct runcmd_result *r);
void runcmd__result_exit(struct runcmd_result *r);
/* argv as one line a shell would run as the same command (for logs and hints), malloc'ed. */
char *runcmd__quote(char *const argv[]);

/*
 * The program name names, as execvp would find it: name itself when it has a '/', else the
 * first executable file of that name in PATH, into out. 0, or -ENOENT / -EACCES.
 */
int runcmd__find_program(const char *name, char *out, size_t size);

#endif
