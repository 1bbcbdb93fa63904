// SPDX-License-Identifier: GPL-2.0
/*
 * System-call numbers of the tracepoints the headers do not name (syscalls/scnumbers.h): the
 * tracefs file of each such sys_enter event opened, and the iterator of bpf/scnumbers.bpf.c
 * reads, through each file, the number the kernel gave the event.
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <tracefs/tracefs.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "bpf/scnumbers.h"
#include "compile/cache.h"
#include "compile/vmlinuxh.h"
#include "scnumbers.skel.h"
#include "syscalls/scnumbers.h"
#include "syscalls/sysconst.h"
#include "util/hash.h"
#include "util/log.h"

#define ROWS_MAX 512

static int add_row(struct scnumbers *k, int nr, const char *event)
{
	struct scnumber *more;

	if (k->nr >= ROWS_MAX || strlen(event) >= SCNUMBERS_EVENT_MAX)
		return -EINVAL;
	more = realloc(k->rows, (k->nr + 1) * sizeof(*more));
	if (!more)
		return -ENOMEM;
	k->rows = more;
	more[k->nr].nr = nr;
	strcpy(more[k->nr].event, event);
	k->nr++;
	return 0;
}

int scnumbers__parse(struct scnumbers *k, const char *text, size_t len)
{
	const char *p = text, *end = text + len;
	char event[SCNUMBERS_EVENT_MAX];
	int nr, at, err;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));

		if (!nl || sscanf(p, "%d %47s%n", &nr, event, &at) != 2 || p + at != nl || nr < 0 ||
		    nr >= ROWS_MAX)
			return -EINVAL;
		err = add_row(k, nr, event);
		if (err)
			return err;
		p = nl + 1;
	}
	return 0;
}

size_t scnumbers__format(const struct scnumbers *k, char *buf, size_t size)
{
	size_t n = 0;

	for (size_t i = 0; i < k->nr; i++) {
		int w = snprintf(buf + n, n < size ? size - n : 0, "%d %s\n", k->rows[i].nr,
				 k->rows[i].event);

		n += w > 0 ? (size_t)w : 0;
	}
	return n;
}

/* Does a tracepoint name a call the headers name? */
static bool headers_name(const char *event)
{
	long long v;

	return sysconst__value(&sysconst_syscall, event, &v);
}

/* The sys_enter tracepoints of this kernel whose names the headers lack. */
static int unnamed_events(char ***names, size_t *n)
{
	const char *top = tracefs_tracing_dir();
	char path[PATH_MAX];
	struct dirent *d;
	DIR *dir;

	*names = NULL;
	*n = 0;
	snprintf(path, sizeof(path), "%s/events/syscalls", top ? top : "/sys/kernel/tracing");
	dir = opendir(path);
	if (!dir)
		return -errno;
	while ((d = readdir(dir))) {
		char **more;

		if (strncmp(d->d_name, "sys_enter_", 10) || headers_name(d->d_name + 10))
			continue;
		more = realloc(*names, (*n + 1) * sizeof(*more));
		if (!more)
			break;
		*names = more;
		if (!(more[*n] = strdup(d->d_name + 10)))
			break;
		(*n)++;
	}
	closedir(dir);
	return 0;
}

/* The event's tracefs "enable" file, read-only: nothing is enabled, nothing registered. */
static int open_event(const char *event)
{
	const char *top = tracefs_tracing_dir();
	char path[PATH_MAX];
	int fd;

	snprintf(path, sizeof(path), "%s/events/syscalls/sys_enter_%s/enable",
		 top ? top : "/sys/kernel/tracing", event);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	return fd < 0 ? -errno : fd;
}

/* The iterator's rows, read whole into rows[] (as many as there are room for). */
static int read_rows(struct scnumbers_bpf *skel, struct scnumber_row *rows, size_t max)
{
	LIBBPF_OPTS(bpf_iter_attach_opts, o);
	union bpf_iter_link_info info = { .task.pid = (uint32_t)getpid() };
	struct bpf_link *link;
	size_t got = 0;
	ssize_t n;
	int fd;

	o.link_info = &info;
	o.link_info_len = sizeof(info);
	link = bpf_program__attach_iter(skel->progs.tracepoint_numbers, &o);
	if (!link) /* a kernel with no task filter: every task's files, the program keeps ours */
		link = bpf_program__attach_iter(skel->progs.tracepoint_numbers, NULL);
	if (!link)
		return -errno;
	fd = bpf_iter_create(bpf_link__fd(link));
	while (fd >= 0 && got < max &&
	       (n = read(fd, (char *)rows + got * sizeof(*rows), (max - got) * sizeof(*rows))) > 0)
		got += (size_t)n / sizeof(*rows);
	if (fd >= 0)
		close(fd);
	bpf_link__destroy(link);
	return fd < 0 ? -EIO : (int)got;
}

/* Run the iterator over the events fds[0..n) (of events[]); the numbers into k. */
static int numbers_of(struct scnumbers *k, char **events, const int *fds, size_t n)
{
	struct scnumber_row rows[ROWS_MAX];
	struct scnumbers_bpf *skel = scnumbers_bpf__open();
	int lo = INT_MAX, hi = -1, got, err;

	if (!skel)
		return -errno;
	for (size_t i = 0; i < n; i++) {
		lo = fds[i] >= 0 && fds[i] < lo ? fds[i] : lo;
		hi = fds[i] > hi ? fds[i] : hi;
	}
	skel->rodata->cfg_tgid = (uint32_t)getpid();
	skel->rodata->cfg_fd_first = lo;
	skel->rodata->cfg_fd_last = hi;
	err = scnumbers_bpf__load(skel);
	got = err ? err : read_rows(skel, rows, ROWS_MAX);
	scnumbers_bpf__destroy(skel);
	for (int r = 0; r < got; r++)
		for (size_t i = 0; i < n; i++)
			if (fds[i] == rows[r].fd && rows[r].nr >= 0)
				add_row(k, rows[r].nr, events[i]);
	return got < 0 ? got : 0;
}

/* From the kernel: an event on each unnamed tracepoint, then the iterator over them. */
static int from_kernel(struct scnumbers *k, char **events, size_t n)
{
	int *fds = calloc(n ?: 1, sizeof(*fds)), err = 0;

	if (!fds)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++)
		fds[i] = open_event(events[i]);
	for (size_t i = 0; i < n && !err; i++)
		err = fds[i] < 0 ? fds[i] : 0;
	if (!err)
		err = numbers_of(k, events, fds, n);
	for (size_t i = 0; i < n; i++)
		if (fds[i] >= 0)
			close(fds[i]);
	free(fds);
	return err;
}

/* The cache's name for this kernel's numbers: its BTF's id. */
static int cache_name(struct cache *c, char *name, size_t size)
{
	char id[HASH_HEX_SIZE];
	int err = vmlinuxh__btf_id(c, VMLINUXH_BTF_PATH, id);

	if (!err)
		snprintf(name, size, "syscall-numbers-%.16s", id);
	return err;
}

static void keep(struct cache *c, const char *name, const struct scnumbers *k)
{
	size_t len = scnumbers__format(k, NULL, 0);
	char *text = malloc(len + 1);

	if (text && scnumbers__format(k, text, len + 1) == len && cache__write(c, name, text, len))
		pr_debug("compile cache: cannot keep the system-call numbers");
	free(text);
}

static void read_numbers(struct scnumbers *k)
{
	struct cache *c = cache__open(NULL);
	char name[64], **events = NULL;
	bool named = c && !cache_name(c, name, sizeof(name));
	size_t n = 0, size;
	void *data;
	int err;

	/* kept for this kernel: no listing of tracefs, no program */
	if (named && !cache__read(c, name, &data, &size)) {
		err = scnumbers__parse(k, data, size);
		free(data);
		if (!err)
			goto out;
		k->nr = 0;
	}
	if (unnamed_events(&events, &n) || !n)
		goto out;
	err = from_kernel(k, events, n);
	if (err)
		pr_debug("the kernel's numbers of %zu system-call tracepoints not read: %s", n,
			 strerror(-err));
	else if (named)
		keep(c, name, k);
out:
	while (n)
		free(events[--n]);
	free(events);
	cache__close(c);
}

const struct scnumbers *scnumbers__get(void)
{
	static struct scnumbers k;
	static bool done;

	if (!done) {
		done = true;
		read_numbers(&k);
	}
	return &k;
}
