// SPDX-License-Identifier: GPL-2.0
/* The descriptor tables of the traced processes (syscalls/scfds.h). */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/close_range.h>

#include "syscalls/scfds.h"

#define PROC_BUCKETS 256
#define FD_MAX (1 << 20) /* past the kernel's nr_open default: a number no table reaches */

struct fd_slot {
	struct scfds_file *file; /* NULL: closed, or unknown */
	bool cloexec;
};

/* One table of descriptors, shared by the processes that share it (CLONE_FILES). */
struct fd_table {
	unsigned int refs;
	int size; /* slots[0..size) */
	struct fd_slot *slots;
};

struct proc {
	uint32_t pid;
	struct fd_table *table;
	struct proc *next;
};

struct scfds {
	struct proc *procs[PROC_BUCKETS];
};

static void file_put(struct scfds_file *f)
{
	if (f && !--f->refs)
		free(f);
}

static struct scfds_file *file_new(const char *path)
{
	size_t len = strlen(path);
	struct scfds_file *f = calloc(1, sizeof(*f) + len + 1);
	unsigned long long ino;

	if (!f)
		return NULL;
	f->refs = 1;
	memcpy(f->path, path, len + 1);
	/* "socket:[?]": one whose inode /proc could not say (its process gone), a socket still */
	if (!strncmp(path, "socket:[", 8)) {
		f->is_socket = true;
		f->ino = sscanf(path, "socket:[%llu]", &ino) == 1 ? ino : 0;
		f->sock.stale = f->ino != 0;
	} else if (sscanf(path, "pipe:[%llu]", &ino) == 1) {
		f->ino = ino;
	}
	return f;
}

static void table_put(struct fd_table *t)
{
	if (!t || --t->refs)
		return;
	for (int i = 0; i < t->size; i++)
		file_put(t->slots[i].file);
	free(t->slots);
	free(t);
}

static struct fd_table *table_new(void)
{
	struct fd_table *t = calloc(1, sizeof(*t));

	if (t)
		t->refs = 1;
	return t;
}

static struct fd_table *table_copy(const struct fd_table *from)
{
	struct fd_table *t = table_new();

	if (!t || !from->size)
		return t;
	t->slots = calloc(from->size, sizeof(*t->slots));
	if (!t->slots) {
		free(t);
		return NULL;
	}
	t->size = from->size;
	for (int i = 0; i < t->size; i++) {
		t->slots[i] = from->slots[i];
		if (t->slots[i].file)
			t->slots[i].file->refs++;
	}
	return t;
}

/* Room for descriptor fd. 0 or -ENOMEM (-EBADF: no descriptor has that number). */
static int table_reserve(struct fd_table *t, int fd)
{
	struct fd_slot *n;
	int size;

	if (fd < 0 || fd >= FD_MAX)
		return -EBADF;
	if (fd < t->size)
		return 0;
	size = t->size ? t->size : 64;
	while (size <= fd)
		size *= 2;
	n = realloc(t->slots, size * sizeof(*n));
	if (!n)
		return -ENOMEM;
	memset(n + t->size, 0, (size - t->size) * sizeof(*n));
	t->slots = n;
	t->size = size;
	return 0;
}

static struct fd_slot *slot_of(const struct fd_table *t, int fd)
{
	return t && fd >= 0 && fd < t->size ? &t->slots[fd] : NULL;
}

static void slot_clear(struct fd_slot *sl)
{
	file_put(sl->file);
	sl->file = NULL;
	sl->cloexec = false;
}

static struct proc **bucket(const struct scfds *s, uint32_t pid)
{
	return (struct proc **)&s->procs[(pid * 2654435761u) >> 24];
}

static struct proc *proc_find(const struct scfds *s, uint32_t pid)
{
	for (struct proc *p = *bucket(s, pid); p; p = p->next)
		if (p->pid == pid)
			return p;
	return NULL;
}

static struct fd_table *table_of(const struct scfds *s, uint32_t pid)
{
	struct proc *p = proc_find(s, pid);

	return p ? p->table : NULL;
}

/* pid's entry, made with table t (taken over) or an empty one; NULL when out of memory. */
static struct proc *proc_set(struct scfds *s, uint32_t pid, struct fd_table *t)
{
	struct proc *p = proc_find(s, pid), **b;

	if (!t && p)
		return p;
	if (!t && !(t = table_new()))
		return NULL;
	if (p) {
		table_put(p->table);
		p->table = t;
		return p;
	}
	p = calloc(1, sizeof(*p));
	if (!p) {
		table_put(t);
		return NULL;
	}
	b = bucket(s, pid);
	p->pid = pid;
	p->table = t;
	p->next = *b;
	*b = p;
	return p;
}

/* pid's own table, copied first when another process shares it. */
static struct fd_table *table_unshared(struct scfds *s, uint32_t pid)
{
	struct proc *p = proc_set(s, pid, NULL);
	struct fd_table *t;

	if (!p)
		return NULL;
	if (p->table->refs == 1)
		return p->table;
	t = table_copy(p->table);
	if (!t)
		return NULL;
	table_put(p->table);
	p->table = t;
	return t;
}

struct scfds *scfds__new(void)
{
	struct scfds *s = calloc(1, sizeof(*s));

	if (!s)
		errno = ENOMEM;
	return s;
}

void scfds__free(struct scfds *s)
{
	if (!s)
		return;
	for (int i = 0; i < PROC_BUCKETS; i++) {
		for (struct proc *p = s->procs[i], *next; p; p = next) {
			next = p->next;
			table_put(p->table);
			free(p);
		}
	}
	free(s);
}

/* fd of pid's table refers to f (a reference taken). */
static int install(struct scfds *s, uint32_t pid, int fd, struct scfds_file *f, bool cloexec)
{
	struct proc *p = proc_set(s, pid, NULL);
	struct fd_slot *sl;
	int err;

	if (!p)
		return -ENOMEM;
	err = table_reserve(p->table, fd);
	if (err)
		return err;
	sl = &p->table->slots[fd];
	f->refs++;
	slot_clear(sl);
	sl->file = f;
	sl->cloexec = cloexec;
	return 0;
}

int scfds__open(struct scfds *s, uint32_t pid, int fd, const char *path, bool cloexec)
{
	struct scfds_file *f = file_new(path);
	int err;

	if (!f)
		return -ENOMEM;
	err = install(s, pid, fd, f, cloexec);
	file_put(f);
	return err;
}

int scfds__rename(struct scfds *s, uint32_t pid, int fd, const char *path, bool keep_sock)
{
	struct fd_table *t = table_of(s, pid);
	struct fd_slot *sl = slot_of(t, fd);
	struct scfds_file *old = sl ? sl->file : NULL, *f;

	if (!old)
		return scfds__open(s, pid, fd, path, false);
	f = file_new(path);
	if (!f)
		return -ENOMEM;
	if (keep_sock && old->is_socket && f->is_socket) {
		f->sock = old->sock;
		f->sock.stale = f->sock.stale || !f->sock.local[0];
	}
	for (int i = 0; i < t->size; i++) {
		if (t->slots[i].file != old || i == fd)
			continue;
		f->refs++;
		file_put(old);
		t->slots[i].file = f;
	}
	file_put(old); /* fd's, last: old lives until here */
	sl->file = f;
	return 0;
}

struct scfds_file *scfds__file(const struct scfds *s, uint32_t pid, int fd)
{
	struct fd_slot *sl = slot_of(table_of(s, pid), fd);

	return sl ? sl->file : NULL;
}

const char *scfds__path(const struct scfds *s, uint32_t pid, int fd)
{
	struct scfds_file *f = scfds__file(s, pid, fd);

	return f ? f->path : NULL;
}

bool scfds__has_process(const struct scfds *s, uint32_t pid)
{
	return proc_find(s, pid) != NULL;
}

void scfds__close(struct scfds *s, uint32_t pid, int fd)
{
	struct fd_slot *sl = slot_of(table_of(s, pid), fd);

	if (sl)
		slot_clear(sl);
}

int scfds__close_range(struct scfds *s, uint32_t pid, unsigned int first, unsigned int last,
		       unsigned int flags)
{
	struct fd_table *t = table_of(s, pid);

	if (t && (flags & CLOSE_RANGE_UNSHARE) && !(t = table_unshared(s, pid)))
		return -ENOMEM;
	for (unsigned int fd = first; t && fd <= last && fd < (unsigned int)t->size; fd++) {
		if (flags & CLOSE_RANGE_CLOEXEC)
			t->slots[fd].cloexec = t->slots[fd].file != NULL;
		else
			slot_clear(&t->slots[fd]);
	}
	return 0;
}

int scfds__dup(struct scfds *s, uint32_t pid, int oldfd, int newfd, bool cloexec)
{
	struct scfds_file *f = scfds__file(s, pid, oldfd);

	if (oldfd == newfd)
		return 0;
	if (!f) {
		scfds__close(s, pid, newfd); /* whatever it was, it is now unknown */
		return 0;
	}
	return install(s, pid, newfd, f, cloexec);
}

void scfds__set_cloexec(struct scfds *s, uint32_t pid, int fd, bool cloexec)
{
	struct fd_slot *sl = slot_of(table_of(s, pid), fd);

	if (sl && sl->file)
		sl->cloexec = cloexec;
}

int scfds__exec(struct scfds *s, uint32_t pid)
{
	struct fd_table *t;

	if (!proc_find(s, pid))
		return 0;
	t = table_unshared(s, pid);
	if (!t)
		return -ENOMEM;
	for (int fd = 0; fd < t->size; fd++)
		if (t->slots[fd].cloexec)
			slot_clear(&t->slots[fd]);
	return 0;
}

int scfds__fork(struct scfds *s, uint32_t parent, uint32_t child, bool share)
{
	struct fd_table *from = table_of(s, parent), *t;

	if (!from || parent == child)
		return 0; /* a parent the model never knew: the child is unknown as well */
	if (share) {
		t = from;
		t->refs++;
	} else if (!(t = table_copy(from))) {
		return -ENOMEM;
	}
	return proc_set(s, child, t) ? 0 : -ENOMEM;
}

void scfds__exit(struct scfds *s, uint32_t pid)
{
	for (struct proc **pp = bucket(s, pid); *pp; pp = &(*pp)->next) {
		struct proc *p = *pp;

		if (p->pid != pid)
			continue;
		*pp = p->next;
		table_put(p->table);
		free(p);
		return;
	}
}

/* The close-on-exec bit of /proc/PID/fdinfo/FD's flags (octal, O_CLOEXEC among them). */
static bool proc_cloexec(uint32_t pid, const char *fd)
{
	char path[64], line[64];
	unsigned int flags = 0;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%" PRIu32 "/fdinfo/%s", pid, fd);
	f = fopen(path, "re");
	if (!f)
		return false;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "flags: %o", &flags) == 1)
			break;
	fclose(f);
	return flags & O_CLOEXEC;
}

static int read_proc_fd(struct scfds *s, uint32_t pid, int dirfd, const char *name, bool at_exec)
{
	char target[4096];
	bool cloexec;
	ssize_t n;

	n = readlinkat(dirfd, name, target, sizeof(target) - 1);
	if (n < 0)
		return 0; /* closed meanwhile */
	target[n] = '\0';
	cloexec = proc_cloexec(pid, name);
	if (at_exec && cloexec)
		return 0;
	return scfds__open(s, pid, atoi(name), target, cloexec);
}

int scfds__read_proc(struct scfds *s, uint32_t pid, bool at_exec)
{
	struct proc *p;
	struct dirent *de;
	char path[64];
	int err = 0;
	DIR *d;

	snprintf(path, sizeof(path), "/proc/%" PRIu32 "/fd", pid);
	d = opendir(path);
	if (!d)
		return -errno;
	p = proc_set(s, pid, table_new()); /* what the model knew gives way to what is */
	if (!p)
		err = -ENOMEM;
	while (!err && (de = readdir(d)))
		if (isdigit((unsigned char)de->d_name[0]))
			err = read_proc_fd(s, pid, dirfd(d), de->d_name, at_exec);
	closedir(d);
	return err;
}

int scfds__read_all_procs(struct scfds *s)
{
	struct dirent *de;
	int err = 0;
	DIR *d = opendir("/proc");

	if (!d)
		return -errno;
	while (err != -ENOMEM && (de = readdir(d)))
		if (isdigit((unsigned char)de->d_name[0]))
			err = scfds__read_proc(s, (uint32_t)strtoul(de->d_name, NULL, 10), false);
	closedir(d);
	return err == -ENOMEM ? err : 0;
}

/* A socket as -yy names it: its protocol, then its addresses, its path or its inode. */
static size_t sock_name(const struct scfds_file *f, char *buf, size_t size)
{
	const struct scfds_sock *k = &f->sock;
	bool unix_sock = !strncmp(k->proto, "UNIX", 4);

	if (!k->proto[0])
		return snprintf(buf, size, "%s", f->path);
	if (unix_sock && k->peer)
		return snprintf(buf, size, "%s:[%" PRIu64 "->%" PRIu64 "]", k->proto, f->ino,
				k->peer);
	if (unix_sock && k->local[0])
		return snprintf(buf, size, "%s:[%" PRIu64 ",%s]", k->proto, f->ino, k->local);
	if (!unix_sock && k->local[0] && k->remote[0])
		return snprintf(buf, size, "%s:[%s->%s]", k->proto, k->local, k->remote);
	if (!unix_sock && k->local[0])
		return snprintf(buf, size, "%s:[%s]", k->proto, k->local);
	if (!unix_sock && k->remote[0]) /* its own end was the kernel's to say, and it is gone */
		return snprintf(buf, size, "%s:[?->%s]", k->proto, k->remote);
	if (!f->ino)
		return snprintf(buf, size, "%s:[?]", k->proto);
	return snprintf(buf, size, "%s:[%" PRIu64 "]", k->proto, f->ino);
}

size_t scfds__name(const struct scfds *s, uint32_t pid, int fd, int level, char *buf, size_t size)
{
	const struct scfds_file *f = scfds__file(s, pid, fd);

	if (!f)
		return 0;
	if (level >= 2 && f->is_socket)
		return sock_name(f, buf, size);
	return snprintf(buf, size, "%s", f->path);
}
