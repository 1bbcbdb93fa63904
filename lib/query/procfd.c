// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <bpf/bpf.h>
#include <linux/bpf.h>

#include "util/grow.h"
#include "util/log.h"
#include "query/procfd.h"
#include "query/queryerr.h"

struct procfd {
	struct procfd_holder *holders;
	size_t nr_holders, cap_holders;
	struct bpfinfo_link *events;
	size_t nr_events, cap_events;
};

static int add_holder(struct procfd *s, uint32_t prog_id, uint32_t pid, const char *comm)
{
	struct procfd_holder *h;

	if (grow__array(&s->holders, &s->cap_holders, s->nr_holders, sizeof(*h), 64))
		return -ENOMEM;
	h = &s->holders[s->nr_holders++];
	h->prog_id = prog_id;
	h->pid = pid;
	snprintf(h->comm, sizeof(h->comm), "%s", comm);
	return 0;
}

static int kind_of_fd_type(uint32_t fd_type)
{
	switch (fd_type) {
	case BPF_FD_TYPE_RAW_TRACEPOINT:
		return BPFINFO_RAW_TP;
	case BPF_FD_TYPE_TRACEPOINT:
		return BPFINFO_TRACEPOINT;
	case BPF_FD_TYPE_KPROBE:
		return BPFINFO_KPROBE;
	case BPF_FD_TYPE_KRETPROBE:
		return BPFINFO_KRETPROBE;
	case BPF_FD_TYPE_UPROBE:
		return BPFINFO_UPROBE;
	case BPF_FD_TYPE_URETPROBE:
		return BPFINFO_URETPROBE;
	default:
		return -1;
	}
}

static bool same_event(const struct bpfinfo_link *a, const struct bpfinfo_link *b)
{
	return a->prog_id == b->prog_id && a->kind == b->kind && a->offset == b->offset &&
	       a->addr == b->addr && !strcmp(a->target, b->target);
}

/* A perf event fd: which program is attached, and to what (nothing: not ours to list). */
static int perf_fd(struct procfd *s, uint32_t pid, int fd, uint32_t *prog_id)
{
	struct bpfinfo_link l;
	__u32 len = sizeof(l.target), fd_type;
	__u64 off, addr;

	memset(&l, 0, sizeof(l));
	if (bpf_task_fd_query(pid, fd, 0, l.target, &len, prog_id, &fd_type, &off, &addr))
		return -errno;
	l.prog_id = *prog_id;
	l.kind = kind_of_fd_type(fd_type);
	l.offset = off;
	l.addr = addr;
	if (l.kind < 0)
		return 0;
	for (size_t i = 0; i < s->nr_events; i++)
		if (same_event(&s->events[i], &l))
			return 0;
	if (grow__array(&s->events, &s->cap_events, s->nr_events, sizeof(l), 64))
		return -ENOMEM;
	s->events[s->nr_events++] = l;
	return 0;
}

/* The prog_id line of a BPF program or link fd's fdinfo. */
static int fdinfo_prog_id(uint32_t pid, const char *fd, uint32_t *prog_id)
{
	char path[320], line[128];
	int err = -ENOENT;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%u/fdinfo/%s", pid, fd);
	f = fopen(path, "r");
	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "prog_id: %u", prog_id) == 1) {
			err = 0;
			break;
		}
	fclose(f);
	return err;
}

static int scan_fd(struct procfd *s, uint32_t pid, const char *comm, int dirfd, const char *name)
{
	char target[64];
	uint32_t prog_id;
	ssize_t n;
	int err;

	n = readlinkat(dirfd, name, target, sizeof(target) - 1);
	if (n < 0)
		return 0;
	target[n] = '\0';
	if (!strcmp(target, "anon_inode:bpf-prog") || !strcmp(target, "anon_inode:bpf_link"))
		err = fdinfo_prog_id(pid, name, &prog_id);
	else if (!strcmp(target, "anon_inode:[perf_event]"))
		err = perf_fd(s, pid, atoi(name), &prog_id);
	else
		return 0;
	if (err == -ENOMEM)
		return err;
	if (err)
		return 0; /* closed meanwhile, or a perf event without a program */
	return add_holder(s, prog_id, pid, comm);
}

static void read_comm(uint32_t pid, char *comm, size_t size)
{
	char path[64];
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%u/comm", pid);
	comm[0] = '\0';
	f = fopen(path, "r");
	if (!f)
		return;
	if (fgets(comm, size, f))
		comm[strcspn(comm, "\n")] = '\0';
	fclose(f);
}

static int scan_pid(struct procfd *s, uint32_t pid)
{
	char path[64], comm[16];
	struct dirent *de;
	int err = 0, dfd;
	DIR *d;

	snprintf(path, sizeof(path), "/proc/%u/fd", pid);
	d = opendir(path);
	if (!d)
		return 0; /* gone, or a kernel thread */
	dfd = dirfd(d);
	comm[0] = '\0';
	while (!err && (de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		if (!comm[0])
			read_comm(pid, comm, sizeof(comm));
		err = scan_fd(s, pid, comm, dfd, de->d_name);
	}
	closedir(d);
	return err;
}

static int cmp_holder(const void *a, const void *b)
{
	const struct procfd_holder *x = a, *y = b;

	if (x->prog_id != y->prog_id)
		return x->prog_id < y->prog_id ? -1 : 1;
	return x->pid < y->pid ? -1 : x->pid > y->pid;
}

static void sort_holders(struct procfd *s)
{
	size_t j = 0;

	if (!s->nr_holders)
		return;
	qsort(s->holders, s->nr_holders, sizeof(*s->holders), cmp_holder);
	for (size_t i = 1; i < s->nr_holders; i++)
		if (cmp_holder(&s->holders[j], &s->holders[i]))
			s->holders[++j] = s->holders[i];
	s->nr_holders = j + 1;
}

/* NULL + errno, the ERROR recorded. */
static struct procfd *scan_failed(struct procfd *s, int err)
{
	procfd__free(s);
	queryerr__set("/proc", err);
	errno = -err;
	return NULL;
}

struct procfd *procfd__scan(void)
{
	struct procfd *s = calloc(1, sizeof(*s));
	struct dirent *de;
	int err = 0;
	DIR *d;

	if (!s)
		return scan_failed(NULL, -ENOMEM);
	d = opendir("/proc");
	if (!d)
		return scan_failed(s, -errno);
	while (!err && (de = readdir(d)))
		if (isdigit((unsigned char)de->d_name[0]))
			err = scan_pid(s, (uint32_t)strtoul(de->d_name, NULL, 10));
	closedir(d);
	if (err)
		return scan_failed(s, err);
	sort_holders(s);
	return s;
}

void procfd__free(struct procfd *s)
{
	if (!s)
		return;
	free(s->holders);
	free(s->events);
	free(s);
}

const struct procfd_holder *procfd__holders(const struct procfd *s, uint32_t prog_id, size_t *nr)
{
	size_t lo = 0, hi = s->nr_holders, first;

	while (lo < hi) { /* first entry with this prog_id or above */
		size_t mid = (lo + hi) / 2;

		if (s->holders[mid].prog_id < prog_id)
			lo = mid + 1;
		else
			hi = mid;
	}
	first = lo;
	while (lo < s->nr_holders && s->holders[lo].prog_id == prog_id)
		lo++;
	*nr = lo - first;
	return *nr ? &s->holders[first] : NULL;
}

const struct bpfinfo_link *procfd__perf_events(const struct procfd *s, size_t *nr)
{
	*nr = s->nr_events;
	return s->events;
}
