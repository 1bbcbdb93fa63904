// SPDX-License-Identifier: GPL-2.0
/* -y: the descriptor tables kept from the calls (syscalls/scfdtrack.h). */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "syscalls/scfds.h"
#include "syscalls/scfdtrack.h"
#include "syscalls/scsock.h"
#include "syscalls/sctable.h"
#include "syscalls/sysrec.h"

#define PENDING 256 /* calls in flight, by thread */
#define PATH_KEPT 256
#define ADDR_KEPT 128

/* A thread's call in flight: what its exit needs of its entry. */
struct pending {
	uint32_t tid;
	const char *name; /* the call's (its table's, lives as long) */
	const struct sc_desc *desc;
	uint64_t args[SC_MAX_ARGS];
	char path[PATH_KEPT]; /* an open's path; "" when not read */
	uint8_t addr[ADDR_KEPT]; /* bind's, connect's socket address */
	uint32_t addr_len;
};

struct scfdtrack {
	int level;
	struct scfds *fds;
	struct pending pending[PENDING];
};

/* What an exit changes: ev the exit, p what its entry said. */
typedef void (*exit_fn)(struct scfdtrack *t, const struct sc_event *ev, const struct pending *p);

struct scfdtrack *scfdtrack__new(int level)
{
	struct scfdtrack *t = calloc(1, sizeof(*t));

	if (!t) {
		errno = ENOMEM;
		return NULL;
	}
	t->level = level;
	t->fds = scfds__new();
	if (!t->fds) {
		free(t);
		errno = ENOMEM;
		return NULL;
	}
	return t;
}

void scfdtrack__free(struct scfdtrack *t)
{
	if (!t)
		return;
	scfds__free(t->fds);
	free(t);
}

/* The process a thread is of (-t names a thread; the tables go by process). */
static uint32_t tgid_of(uint32_t tid)
{
	char path[64], line[128];
	unsigned int tgid = tid;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%" PRIu32 "/status", tid);
	f = fopen(path, "re");
	if (!f)
		return tid;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "Tgid: %u", &tgid) == 1)
			break;
	fclose(f);
	return tgid;
}

int scfdtrack__start(struct scfdtrack *t, uint32_t pid, bool at_exec)
{
	if (!pid)
		return scfds__read_all_procs(t->fds);
	return scfds__read_proc(t->fds, tgid_of(pid), at_exec);
}

struct scfds *scfdtrack__fds(struct scfdtrack *t)
{
	return t->fds;
}

/* The bytes read at entry of the first argument of kind k, into dst; their length. */
static uint32_t entry_bytes(const struct sc_call *c, enum sc_arg_kind k, void *dst, size_t size)
{
	for (int i = 0; i < c->desc->nr_args; i++) {
		const struct sc_bytes *m = &c->mem[i];
		size_t n;

		if (c->desc->args[i].kind != k || !m->p || m->fault)
			continue;
		n = m->len < size ? m->len : size;
		memcpy(dst, m->p, n);
		return (uint32_t)n;
	}
	return 0;
}

/*
 * What the kernel's view of a descriptor names it, "pipe:[INO]", "socket:[INO]",
 * "anon_inode:[eventfd]"; "" where only its path would say (a file, a device, a fifo).
 */
static void kernel_name(const struct sysrec_fdinfo *k, char *buf, size_t size)
{
	buf[0] = '\0';
	if (!k->ino)
		return; /* nothing open there */
	switch (k->mode & S_IFMT) {
	case S_IFIFO: /* a pipe's dentry has no name, a fifo's is its own */
		if (!k->name_len)
			snprintf(buf, size, "pipe:[%" PRIu64 "]", (uint64_t)k->ino);
		break;
	case S_IFSOCK:
		snprintf(buf, size, "socket:[%" PRIu64 "]", (uint64_t)k->ino);
		break;
	case 0: /* an anonymous inode: no type, and its dentry's name says what it is */
		if (k->name_len)
			snprintf(buf, size, "anon_inode:%s", k->name);
		break;
	}
}

/* The kernel's name of descriptor fd among the event's, into buf: false when it has none. */
static bool kernel_named(const struct sc_event *ev, int fd, char *buf, size_t size)
{
	for (int i = 0; i < ev->nfds; i++) {
		if (ev->fds[i].fd != fd)
			continue;
		kernel_name(&ev->fds[i], buf, size);
		return buf[0] != '\0';
	}
	return false;
}

/*
 * What the kernel said of the descriptors of the call, where the tables say otherwise or
 * nothing: a pipe or socket made by a process gone before /proc could be read, one made
 * before the run. The sockets the tables knew without their inode keep what calls said.
 */
static void kernel_fds(struct scfdtrack *t, const struct sc_event *ev, bool ret_is_fd)
{
	char name[64];

	for (int i = 0; i < ev->nfds; i++) {
		const struct sysrec_fdinfo *k = &ev->fds[i];
		struct scfds_file *f;

		if (k->arg == SYSREC_ARG_RET && !ret_is_fd)
			continue; /* fcntl's result of F_GETFL: no descriptor */
		kernel_name(k, name, sizeof(name));
		f = name[0] ? scfds__file(t->fds, ev->pid, k->fd) : NULL;
		if (name[0] && (!f || strcmp(f->path, name)))
			scfds__rename(t->fds, ev->pid, k->fd, name, f && f->is_socket && !f->ino);
	}
}

void scfdtrack__enter(struct scfdtrack *t, const struct sc_event *ev)
{
	struct pending *p = &t->pending[ev->tid % PENDING];
	const struct sc_call *c = &ev->call;
	uint32_t n;

	p->tid = ev->tid;
	p->name = c->desc->name;
	p->desc = c->desc;
	memcpy(p->args, c->args, sizeof(p->args));
	n = entry_bytes(c, SCA_STRING, p->path, sizeof(p->path) - 1);
	p->path[n] = '\0';
	p->addr_len = entry_bytes(c, SCA_SOCKADDR, p->addr, sizeof(p->addr));
	kernel_fds(t, ev, false);
}

/* What /proc says fd of pid is now, when it starts with prefix (it may be another by now). */
static bool proc_link(uint32_t pid, int fd, const char *prefix, char *buf, size_t size)
{
	char proc[64];
	ssize_t n;

	snprintf(proc, sizeof(proc), "/proc/%" PRIu32 "/fd/%d", pid, fd);
	n = readlink(proc, buf, size - 1);
	if (n <= 0)
		return false;
	buf[n] = '\0';
	return !strncmp(buf, prefix, strlen(prefix));
}

/*
 * A pipe's or a socket's new descriptor: its inode as the capture read it at the exit (-y's
 * FDINFO), else from /proc while it can be read.
 */
static struct scfds_file *new_object(struct scfdtrack *t, const struct sc_event *ev, int fd,
				     const char *kind, bool cloexec)
{
	char path[PATH_KEPT], prefix[16];

	snprintf(prefix, sizeof(prefix), "%s:[", kind);
	if ((!kernel_named(ev, fd, path, sizeof(path)) || strncmp(path, prefix, strlen(prefix))) &&
	    !proc_link(ev->pid, fd, prefix, path, sizeof(path)))
		snprintf(path, sizeof(path), "%s:[?]", kind);
	if (scfds__open(t->fds, ev->pid, fd, path, cloexec))
		return NULL;
	return scfds__file(t->fds, ev->pid, fd);
}

/* The index of c's first argument of kind k, or -1. */
static int arg_of_kind(const struct sc_desc *d, enum sc_arg_kind k)
{
	for (int i = 0; i < d->nr_args; i++)
		if (d->args[i].kind == k)
			return i;
	return -1;
}

/*
 * The path an open named, as /proc would read it: symbolic links resolved, a relative one
 * from the process's working directory (while it can be asked); else as the call named it.
 */
static void resolved_path(uint32_t pid, const char *path, char *buf, size_t size)
{
	char proc[PATH_MAX], real[PATH_MAX];

	if (path[0] == '/')
		snprintf(proc, sizeof(proc), "%s", path);
	else
		snprintf(proc, sizeof(proc), "/proc/%" PRIu32 "/cwd/%s", pid, path);
	snprintf(buf, size, "%s", realpath(proc, real) ? real : path);
}

static void exit_open(struct scfdtrack *t, const struct sc_event *ev, const struct pending *p)
{
	int flags = arg_of_kind(ev->call.desc, SCA_OPEN_FLAGS);
	int dfd = arg_of_kind(ev->call.desc, SCA_DFD);
	bool cloexec = flags >= 0 && (p->args[flags] & O_CLOEXEC);
	char path[PATH_MAX];
	int fd = (int)ev->call.ret;

	if (!p->path[0]) {
		scfds__close(t->fds, ev->pid, fd); /* what it is stays unknown */
		return;
	}
	if (p->path[0] == '/' || dfd < 0 || (int)p->args[dfd] == AT_FDCWD)
		resolved_path(ev->pid, p->path, path, sizeof(path));
	else
		snprintf(path, sizeof(path), "%s", p->path); /* relative to another directory */
	scfds__open(t->fds, ev->pid, fd, path, cloexec);
}

static void exit_close(struct scfdtrack *t, const struct sc_event *ev, const struct pending *p)
{
	scfds__close(t->fds, ev->pid, (int)p->args[0]);
}

static void exit_close_range(struct scfdtrack *t, const struct sc_event *ev,
			     const struct pending *p)
{
	scfds__close_range(t->fds, ev->pid, (unsigned int)p->args[0], (unsigned int)p->args[1],
			   (unsigned int)p->args[2]);
}

static void exit_dup(struct scfdtrack *t, const struct sc_event *ev, const struct pending *p)
{
	bool cloexec = !strcmp(p->name, "dup3") && (p->args[2] & O_CLOEXEC);

	scfds__dup(t->fds, ev->pid, (int)p->args[0], (int)ev->call.ret, cloexec);
}

static void exit_fcntl(struct scfdtrack *t, const struct sc_event *ev, const struct pending *p)
{
	int fd = (int)p->args[0];

	switch (p->args[1]) {
	case F_DUPFD:
	case F_DUPFD_CLOEXEC:
		scfds__dup(t->fds, ev->pid, fd, (int)ev->call.ret, p->args[1] == F_DUPFD_CLOEXEC);
		break;
	case F_SETFD:
		scfds__set_cloexec(t->fds, ev->pid, fd, p->args[2] & FD_CLOEXEC);
		break;
	}
}

/* The two descriptors a call filled in at argument arg (pipe2's, socketpair's). */
static bool filled_fds(const struct sc_event *ev, int arg, int32_t fds[2])
{
	const struct sc_bytes *b = &ev->call.out[arg];

	if (!b->p || b->fault || b->len < 2 * sizeof(*fds))
		return false;
	memcpy(fds, b->p, 2 * sizeof(*fds));
	return true;
}

static void exit_pipe(struct scfdtrack *t, const struct sc_event *ev, const struct pending *p)
{
	bool cloexec = !strcmp(p->name, "pipe2") && (p->args[1] & O_CLOEXEC);
	int32_t fds[2];

	if (!filled_fds(ev, 0, fds))
		return;
	for (int i = 0; i < 2; i++)
		new_object(t, ev, fds[i], "pipe", cloexec);
}

static void exit_socket(struct scfdtrack *t, const struct sc_event *ev, const struct pending *p)
{
	struct scfds_file *f =
		new_object(t, ev, (int)ev->call.ret, "socket", p->args[1] & SOCK_CLOEXEC);

	if (!f)
		return;
	scsock__proto((int)p->args[0], (int)p->args[1], (int)p->args[2], &f->sock);
	f->sock.stale = false; /* no address yet: what /proc says later is not true of now */
}

static void exit_socketpair(struct scfdtrack *t, const struct sc_event *ev, const struct pending *p)
{
	struct scfds_file *f[2];
	int32_t fds[2];

	if (!filled_fds(ev, 3, fds)) /* socketpair(family, type, protocol, usockvec) */
		return;
	for (int i = 0; i < 2; i++) {
		f[i] = new_object(t, ev, fds[i], "socket", p->args[1] & SOCK_CLOEXEC);
		if (!f[i])
			return;
		scsock__proto((int)p->args[0], (int)p->args[1], (int)p->args[2], &f[i]->sock);
		f[i]->sock.stale = false;
	}
	f[0]->sock.peer = f[1]->ino;
	f[1]->sock.peer = f[0]->ino;
}

/* A socket's known local address: the one the call named, else (port 0) the kernel's. */
static void set_local(struct scfds_file *f, const char *addr)
{
	snprintf(f->sock.local, sizeof(f->sock.local), "%s", addr);
	f->sock.stale = !addr[0];
}

static void exit_accept(struct scfdtrack *t, const struct sc_event *ev, const struct pending *p)
{
	struct scfds_file *l = scfds__file(t->fds, ev->pid, (int)p->args[0]), *f;
	bool cloexec = !strcmp(p->name, "accept4") && (p->args[3] & SOCK_CLOEXEC);
	const struct sc_bytes *out = &ev->call.out[1]; /* accept(fd, upeer_sockaddr, ...) */

	f = new_object(t, ev, (int)ev->call.ret, "socket", cloexec);
	if (!f || !l)
		return;
	memcpy(f->sock.proto, l->sock.proto, sizeof(f->sock.proto));
	set_local(f, l->sock.local);
	if (out->p && !out->fault)
		scsock__addr(out->p, out->len, f->sock.remote, sizeof(f->sock.remote));
}

static void exit_bind(struct scfdtrack *t, const struct sc_event *ev, const struct pending *p)
{
	struct scfds_file *f = scfds__file(t->fds, ev->pid, (int)p->args[0]);
	char addr[sizeof(f->sock.local)];

	if (!f || !f->is_socket)
		return;
	scsock__addr(p->addr, p->addr_len, addr, sizeof(addr));
	set_local(f, addr);
}

static void exit_connect(struct scfdtrack *t, const struct sc_event *ev, const struct pending *p)
{
	struct scfds_file *f = scfds__file(t->fds, ev->pid, (int)p->args[0]);

	if (!f || !f->is_socket || strncmp(f->sock.proto, "UNIX", 4) == 0)
		return;
	scsock__addr(p->addr, p->addr_len, f->sock.remote, sizeof(f->sock.remote));
	if (!f->sock.local[0])
		f->sock.stale = true; /* an address and port of the kernel's choosing */
}

static void exit_listen(struct scfdtrack *t, const struct sc_event *ev, const struct pending *p)
{
	struct scfds_file *f = scfds__file(t->fds, ev->pid, (int)p->args[0]);

	if (f && f->is_socket && !f->sock.local[0])
		f->sock.stale = true;
}

static void exit_exec(struct scfdtrack *t, const struct sc_event *ev, const struct pending *p)
{
	scfds__exec(t->fds, ev->pid);
}

/* A child the FORK record did not bring (its record lost): the parent's table is copied. */
static void exit_clone(struct scfdtrack *t, const struct sc_event *ev, const struct pending *p)
{
	bool share = !strcmp(p->name, "clone") && (p->args[0] & CLONE_FILES);
	bool thread = !strcmp(p->name, "clone") && (p->args[0] & CLONE_THREAD);

	if (ev->call.ret > 0 && !thread && !scfds__has_process(t->fds, (uint32_t)ev->call.ret))
		scfds__fork(t->fds, ev->pid, (uint32_t)ev->call.ret, share);
}

/* The calls that change descriptors, and what their success changes. */
static const struct {
	const char *name;
	exit_fn fn;
} exits[] = {
	{ "accept", exit_accept },
	{ "accept4", exit_accept },
	{ "bind", exit_bind },
	{ "clone", exit_clone },
	{ "clone3", exit_clone },
	{ "close", exit_close },
	{ "close_range", exit_close_range },
	{ "connect", exit_connect },
	{ "creat", exit_open },
	{ "dup", exit_dup },
	{ "dup2", exit_dup },
	{ "dup3", exit_dup },
	{ "execve", exit_exec },
	{ "execveat", exit_exec },
	{ "fcntl", exit_fcntl },
	{ "fork", exit_clone },
	{ "listen", exit_listen },
	{ "open", exit_open },
	{ "openat", exit_open },
	{ "openat2", exit_open },
	{ "pipe", exit_pipe },
	{ "pipe2", exit_pipe },
	{ "socket", exit_socket },
	{ "socketpair", exit_socketpair },
	{ "vfork", exit_clone },
};

const char *scfdtrack__call(size_t i)
{
	return i < sizeof(exits) / sizeof(exits[0]) ? exits[i].name : NULL;
}

/* Did the call do what it changes? A close frees its descriptor even when interrupted. */
static bool succeeded(const char *name, int64_t ret)
{
	if (!strcmp(name, "close"))
		return ret == 0 || ret == -EINTR;
	if (!strcmp(name, "connect"))
		return ret == 0 || ret == -EINPROGRESS;
	return ret >= 0;
}

void scfdtrack__exit(struct scfdtrack *t, const struct sc_event *ev)
{
	struct pending *p = &t->pending[ev->tid % PENDING];
	exit_fn fn = NULL;
	bool ret_fd;

	if (p->tid != ev->tid || !p->name)
		return; /* its entry was not seen */
	p->tid = 0;
	if (!succeeded(p->name, ev->call.ret))
		return;
	ret_fd = sctable__ret_is_fd(p->desc, p->args);
	for (size_t i = 0; i < sizeof(exits) / sizeof(exits[0]) && !fn; i++)
		if (!strcmp(exits[i].name, p->name))
			fn = exits[i].fn;
	if (fn)
		fn(t, ev, p);
	else if (ret_fd) /* eventfd2, memfd_create: what it is, the kernel or /proc says */
		scfds__close(t->fds, ev->pid, (int)ev->call.ret);
	kernel_fds(t, ev, ret_fd);
}

void scfdtrack__fork(struct scfdtrack *t, uint32_t ppid, uint32_t pid, uint32_t ptid)
{
	const struct pending *p = &t->pending[ptid % PENDING];
	bool share = p->tid == ptid && p->name && !strcmp(p->name, "clone") &&
		     (p->args[0] & CLONE_FILES);

	/* a known child is one read from /proc, whose FORK was synthesized: it keeps its own */
	if (ppid != pid && !scfds__has_process(t->fds, pid))
		scfds__fork(t->fds, ppid, pid, share);
}

void scfdtrack__task_exit(struct scfdtrack *t, uint32_t pid, uint32_t tid)
{
	if (pid == tid)
		scfds__exit(t->fds, pid);
}

/* -yy: what the kernel says of a socket the calls left holes in, while it can be asked. */
static void fill_socket(uint32_t pid, struct scfds_file *f)
{
	struct scfds_sock k = { 0 };

	f->sock.stale = false;
	if (!f->ino || scsock__lookup(pid, f->ino, &k))
		return;
	if (!f->sock.proto[0]) { /* made before the run: all of it is the kernel's */
		k.peer = f->sock.peer;
		f->sock = k;
	} else if (!f->sock.local[0]) {
		memcpy(f->sock.local, k.local, sizeof(k.local));
	}
}

/*
 * -yy: a device's kind and numbers after its path, "<char 1:3>", as its node said the first
 * time the file was named: one stat a file, not one a line.
 */
static const char *device_name(struct scfds_file *f)
{
	struct stat st;

	if (f->dev_read)
		return f->dev;
	f->dev_read = true;
	if (strncmp(f->path, "/dev/", 5) || stat(f->path, &st))
		return f->dev;
	if (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode))
		snprintf(f->dev, sizeof(f->dev), "<%s %u:%u>",
			 S_ISCHR(st.st_mode) ? "char" : "block", major(st.st_rdev),
			 minor(st.st_rdev));
	return f->dev;
}

bool scfdtrack__name(struct scfdtrack *t, uint32_t pid, int fd, char *buf, size_t size)
{
	struct scfds_file *f = scfds__file(t->fds, pid, fd);
	char path[PATH_KEPT];
	size_t n;

	if (!f && proc_link(pid, fd, "", path, sizeof(path)) &&
	    !scfds__open(t->fds, pid, fd, path, false))
		f = scfds__file(t->fds, pid, fd); /* kept: the task may be gone next time */
	if (!f)
		return false;
	if (t->level >= 2 && f->is_socket && f->sock.stale)
		fill_socket(pid, f);
	n = scfds__name(t->fds, pid, fd, t->level, buf, size);
	if (t->level >= 2 && n && n < size)
		snprintf(buf + n, size - n, "%s", device_name(f));
	return n > 0;
}
