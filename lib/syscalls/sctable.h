/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The running kernel's system calls: number and name (from the system headers, see
 * syscalls/sysconst.h) and, read from the syscalls:sys_enter_NAME tracepoint format the first
 * time a call is asked for, its arguments' names and C types, and what each one is for the
 * system-call view: a path string read at entry, a socket address, a buffer filled by the
 * call, flags printed by name, a file descriptor. Never a hand-kept list of prototypes: the
 * kinds follow from the argument's type and name (and, for flags, the call's name).
 *
 *	struct sctable *t = sctable__new();
 *	const struct sc_desc *d = sctable__get(t, nr);	"openat", 4 args: dfd, filename, ...
 *	sctable__free(t);
 */
#ifndef PERF_BPF_SCTABLE_H
#define PERF_BPF_SCTABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "compile/cache.h"
#include "syscalls/scargs.h"

#define SC_MAX_ARGS 6
#define SC_ARG_NAME_MAX 32

struct sc_arg {
	char name[SC_ARG_NAME_MAX];
	enum sc_arg_kind kind;
	uint8_t size; /* bytes the kernel passes: 4 for an int, else 8 */
};

struct sc_desc {
	int nr;
	const char *name; /* as strace and perf trace name it: "stat" */
	const char *event; /* its tracepoint, syscalls:sys_enter_<event>: "newstat" */
	bool has_format; /* the tracepoint's format was read: args are known */
	bool ret_address; /* its result is an address (mmap's), shown in hex */
	bool ret_fd; /* its result is a new descriptor (open's, dup's; fcntl's for F_DUPFD) */
	uint8_t nr_args;
	struct sc_arg args[SC_MAX_ARGS];
};

struct sctable;

/*
 * Every system call the headers name, and those of the running kernel the headers lack
 * (syscalls/scnumbers.h), each with the name of its tracepoint. NULL + errno.
 */
struct sctable *sctable__new(void);
void sctable__free(struct sctable *t);
/* How many calls, and the i-th by number (for listing and selection). */
size_t sctable__count(const struct sctable *t);
const struct sc_desc *sctable__at(const struct sctable *t, size_t i);
/* The name of call nr (its format is not read), or NULL when unknown. */
const char *sctable__name(const struct sctable *t, int nr);
/* The call of number nr, its format read from tracefs the first time: NULL when unknown. */
const struct sc_desc *sctable__get(struct sctable *t, int nr);
/*
 * Every call's format at once, from the copy kept in the cache c for the running kernel
 * (its BTF id), read from tracefs and kept there when missing: one file read, where a
 * selection of most calls would read 700 of tracefs. 0 or -errno.
 */
int sctable__read_all(struct sctable *t, struct cache *c);
/* The number of the call named name (or its tracepoint's name: "newstat"), or -ENOENT. */
int sctable__nr(const struct sctable *t, const char *name);
/* Does this kernel have the call (its sys_enter tracepoint)? */
bool sctable__in_kernel(const struct sctable *t, int nr);
/*
 * The calls the kernel has, named by their sys_enter events ("sys_enter_openat"), instead
 * of this machine's tracefs: a recording's kernel, or a test's.
 */
void sctable__set_kernel_calls(struct sctable *t, const char *const *events, size_t nr);

struct sysrec_spec;

/*
 * What the capture (bpf/syscalls.h) reads of each argument of d: nargs and kind[] and
 * len_arg[] (a socket address's length is the argument after it); flags are left to the
 * capture's loader.
 */
void sctable__capture_spec(const struct sc_desc *d, struct sysrec_spec *spec);
/* Is the result of call d with arguments args a new descriptor (fcntl's: for F_DUPFD only)? */
bool sctable__ret_is_fd(const struct sc_desc *d, const uint64_t *args);
/* -y: the descriptors of d the capture names, its arguments at entry and its results at exit. */
void sctable__capture_fds(const struct sc_desc *d, struct sysrec_spec *spec);

/* The pieces, exposed for unit tests. */
/* Fill d's arguments from a sys_enter tracepoint format text. -EINVAL if it has none. */
int sctable__parse_format(struct sc_desc *d, const char *text);
enum sc_arg_kind sctable__arg_kind(const char *call, const char *type, const char *name);

#endif
