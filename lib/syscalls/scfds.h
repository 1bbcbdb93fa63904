/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The descriptor tables of the traced processes, as -y shows them: what each descriptor of
 * each process refers to ("/etc/hostname", "pipe:[1234]", "socket:[5678]"), kept from what
 * the calls said (syscalls/scfdtrack.h turns calls into the changes below) and from /proc
 * for the descriptors a process had before the run.
 *
 * The kernel's model in small: a process has a table of descriptors, a descriptor points
 * to an open file, several descriptors may point to one (dup, fork), and several processes
 * may share one table (clone with CLONE_FILES); exec unshares the table and drops the
 * descriptors marked close-on-exec; exit forgets the process.
 *
 *	struct scfds *s = scfds__new();
 *	scfds__open(s, pid, 3, "/etc/hostname", false);
 *	scfds__dup(s, pid, 3, 1, false);   scfds__fork(s, pid, child, false);
 *	scfds__path(s, child, 1);   "/etc/hostname" (borrowed until the next change)
 *	scfds__free(s);
 *
 * Processes are named by their pid (a thread group's id): threads share their table.
 */
#ifndef PERF_BPF_SCFDS_H
#define PERF_BPF_SCFDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* What -yy says of a socket beyond its inode; empty strings when unknown. */
struct scfds_sock {
	char proto[16]; /* "TCP", "UDPv6", "UNIX-STREAM" */
	char local[64]; /* "127.0.0.1:80", "[::1]:53"; unix: "\"/run/x.sock\"", "@\"name\"" */
	char remote[64];
	uint64_t peer; /* unix: the inode of the other end (socketpair) */
	bool stale; /* a call may have changed it: read it again when it can be */
};

/* An open file, as one or more descriptors refer to it. */
struct scfds_file {
	unsigned int refs;
	uint64_t ino; /* sockets and pipes: from "socket:[INO]" */
	bool is_socket;
	struct scfds_sock sock;
	bool dev_read; /* -yy: dev holds what a device's node says ("<char 1:3>"), or "" */
	char dev[24];
	char path[]; /* as /proc/PID/fd/N reads, or the path the open named */
};

struct scfds;

/* NULL + errno. */
struct scfds *scfds__new(void);
void scfds__free(struct scfds *s);

/* A new open file at fd of pid (whatever fd was closed first). 0 or -ENOMEM. */
int scfds__open(struct scfds *s, uint32_t pid, int fd, const char *path, bool cloexec);
/*
 * fd of pid, and every descriptor of its table that refers to the same open file, refer to
 * a file of path instead (what the kernel says they are), each keeping its close-on-exec
 * flag; keep_sock: the socket's protocol and addresses the calls said stay. 0 or -ENOMEM.
 */
int scfds__rename(struct scfds *s, uint32_t pid, int fd, const char *path, bool keep_sock);
/* The path of fd of pid, NULL when unknown. Valid until the next change. */
const char *scfds__path(const struct scfds *s, uint32_t pid, int fd);
/* The open file of fd of pid, NULL when unknown: -yy fills its sock. */
struct scfds_file *scfds__file(const struct scfds *s, uint32_t pid, int fd);
/* Does the model know pid (a snapshot, a fork, a call)? */
bool scfds__has_process(const struct scfds *s, uint32_t pid);
void scfds__close(struct scfds *s, uint32_t pid, int fd);
/* close_range(first, last, flags): CLOSE_RANGE_CLOEXEC marks, CLOSE_RANGE_UNSHARE unshares. */
int scfds__close_range(struct scfds *s, uint32_t pid, unsigned int first, unsigned int last,
		       unsigned int flags);
/* newfd refers to oldfd's file (dup, dup2, dup3, F_DUPFD); nothing when oldfd is unknown. */
int scfds__dup(struct scfds *s, uint32_t pid, int oldfd, int newfd, bool cloexec);
/* F_SETFD. */
void scfds__set_cloexec(struct scfds *s, uint32_t pid, int fd, bool cloexec);
/* A successful exec: the table unshared, its close-on-exec descriptors gone. 0 or -ENOMEM. */
int scfds__exec(struct scfds *s, uint32_t pid);
/* child starts with parent's table: a copy, or the same one (share: CLONE_FILES). */
int scfds__fork(struct scfds *s, uint32_t parent, uint32_t child, bool share);
/* The process ended: its table is forgotten (a table shared with others stays theirs). */
void scfds__exit(struct scfds *s, uint32_t pid);

/*
 * What /proc/PID/fd says of pid's descriptors, with their close-on-exec flags from
 * /proc/PID/fdinfo, in place of what the model knew; at_exec: the process is about to
 * exec, so the close-on-exec ones are left out. 0, or -errno (-ENOENT: pid is gone).
 */
int scfds__read_proc(struct scfds *s, uint32_t pid, bool at_exec);
/* Every process of /proc, as scfds__read_proc (-a). 0 or -errno. */
int scfds__read_all_procs(struct scfds *s);

/*
 * fd as -y shows it inside "<...>": its path; with sockets (level 2, -yy) a socket as
 * "TCP:[127.0.0.1:45678->127.0.0.1:53]", "UNIX-STREAM:[1234,\"/run/x.sock\"]" or
 * "TCP:[1234]" while its addresses are unknown. The length written (snprintf's), 0 when
 * fd is unknown.
 */
size_t scfds__name(const struct scfds *s, uint32_t pid, int fd, int level, char *buf, size_t size);

#endif
