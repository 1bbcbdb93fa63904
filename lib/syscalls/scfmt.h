/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One system call as text, in perf trace's words: "openat(dfd: CWD, filename:
 * \"/etc/hostname\", flags: RDONLY|CLOEXEC)" and its result "3", "-1 ENOENT (No such file or
 * directory)" or "?" (it never returned). Arguments print by kind (syscalls/sctable.h): strings
 * quoted and cut at strsize with "..." after the quote, socket addresses readable
 * ("127.0.0.1:1", "[::1]:80", a unix path), flags and enumerations by name, descriptors
 * with their path under -y ("3</etc/hostname>"), pointers in hex; an argument that is 0 is
 * left out unless 0 means something (a descriptor, SEEK_SET), as perf trace leaves it out.
 * What the call filled (read's bytes, pipe2's descriptors, accept's address, a struct stat)
 * prints in place of the pointer once it has returned.
 *
 * Everything is written into the caller's buffer and cut at its end, never past it; the
 * functions return the length written (without the NUL).
 */
#ifndef PERF_BPF_SCFMT_H
#define PERF_BPF_SCFMT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "syscalls/sctable.h"

/* What was read of the memory an argument points to. */
struct sc_bytes {
	const void *p; /* NULL: nothing was read, and the other members mean nothing */
	uint32_t len; /* bytes at p (a string without its NUL) */
	bool truncated; /* there was more than strsize */
	bool fault; /* the memory could not be read */
	bool part; /* some of it could not be read (an iovec's bytes): an exit may read it again */
	bool late; /* read at exit: the entry's line, printed before it, had the pointer */
};

/* One call, as the capture saw it at entry and, when it returned, at exit. */
struct sc_call {
	const struct sc_desc *desc;
	uint64_t args[SC_MAX_ARGS];
	struct sc_bytes mem[SC_MAX_ARGS]; /* read at entry: strings, socket addresses */
	bool exited;
	int64_t ret;
	/* filled by the call, read at exit: read's bytes, accept's address, pipe2's fds */
	struct sc_bytes out[SC_MAX_ARGS];
};

#define SCFMT_STRSIZE_DEFAULT 32 /* as strace's -s */

struct scfmt_opts {
	unsigned strsize; /* bytes of a string or buffer shown (0: SCFMT_STRSIZE_DEFAULT) */
	bool verbose; /* -v: every member of a struct, not those a person reads first */
	/* -y: the path of descriptor fd of task pid into buf; false when unknown */
	bool (*fd_path)(void *ctx, uint32_t pid, int fd, char *buf, size_t size);
	/* -y: the same of a descriptor the call made (its result, pipe2's), as after its exit */
	bool (*fd_made)(void *ctx, uint32_t pid, int fd, char *buf, size_t size);
	void *ctx;
	uint32_t pid;
};

/* "name(arg: value, ...)". */
size_t scfmt__call(char *buf, size_t size, const struct sc_call *c, const struct scfmt_opts *o);
/*
 * The arguments the call filled, "name: value, ..." (none: ""): what the line that ends a
 * call printed in two shows, its entry's line having had only the pointers (and what was
 * read only at exit: a string whose page was not there at entry).
 */
size_t scfmt__filled(char *buf, size_t size, const struct sc_call *c, const struct scfmt_opts *o);
/* The value of argument i as the call line shows it; *shown false when the line leaves it out. */
size_t scfmt__arg(char *buf, size_t size, const struct sc_call *c, int i,
		  const struct scfmt_opts *o, bool *shown);
/* The result: "?", a number, a name (fcntl's F_GETFL), "0x..." (mmap) or "-1 ENAME (text)". */
size_t scfmt__ret(char *buf, size_t size, const struct sc_call *c);
/*
 * -y: what the descriptor the call returned refers to, "/etc/hostname" (o->fd_made), when
 * its result is one; 0 (nothing written) else.
 */
size_t scfmt__ret_fd(char *buf, size_t size, const struct sc_call *c, const struct scfmt_opts *o);
/* A socket address: "127.0.0.1:80", "[::1]:80", "/run/x.sock", "@abstract", "{family: N}". */
size_t scfmt__sockaddr(char *buf, size_t size, const void *addr, uint32_t len);
/* bytes quoted as C escapes, cut at max with "..." after the quote when truncated. */
size_t scfmt__quoted(char *buf, size_t size, const void *p, uint32_t len, unsigned max,
		     bool truncated);

#endif
