// SPDX-License-Identifier: GPL-2.0
/*
 * perf.data writer: the seekable layout for regular files (seekable.c keeps its header
 * and index), perf's streaming format for pipes, FIFOs, devices and stdout (wlayout.c).
 * Records are buffered and written in large chunks (wbuf.c). Here: the output is made
 * (never truncating or following what is at the path), closed or given up, and the
 * records the writer synthesizes itself are written.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/bigbuf.h"
#include "util/errmsg.h"
#include "util/log.h"
#include "util/stopsig.h"
#include "util/testhook.h"
#include "record/record.h"
#include "perfdata/kmaps.h"
#include "perfdata/wtrack.h"
#include "perfdata/writer-int.h"

/* A record of the writer's own: the first event's layout and id, time 0. */
static int put_synth(struct pdwriter *w, struct record *r)
{
	const struct record_layout layout = record_layout__of(&w->attr0);
	uint64_t buf[256 / 8];
	size_t n;

	r->s.id = w->id0;
	n = record__encode(buf, sizeof(buf), &layout, r);
	return n ? pdwriter__write(w, buf, n) : -E2BIG;
}

int pdwriter__synth_lost(struct pdwriter *w, uint64_t lost)
{
	struct record r = { .type = PERF_RECORD_LOST, .lost = { .id = w->id0, .lost = lost } };

	return put_synth(w, &r);
}

static int put_kernel_map(struct pdwriter *w, const struct kmap *m, uint64_t pgoff)
{
	struct record r = { .type = PERF_RECORD_MMAP,
			    .misc = PERF_RECORD_MISC_KERNEL,
			    .mmap = { .pid = (uint32_t)-1,
				      .start = m->start,
				      .len = m->len,
				      .pgoff = pgoff,
				      .filename = m->name },
			    .s = { .pid = (uint32_t)-1 } };

	return put_synth(w, &r);
}

/* Each loaded module's map, as perf record gives them (their addresses when shown). */
static int put_module_maps(struct pdwriter *w)
{
	FILE *f = fopen("/proc/modules", "re");
	char line[512];
	struct kmap m;
	int err = 0;

	if (!f)
		return 0; /* a kernel built without modules */
	while (!err && fgets(line, sizeof(line), f))
		if (kmaps__module(line, &m))
			err = put_kernel_map(w, &m, 0);
	fclose(f);
	return err;
}

int pdwriter__synth_kernel_mmap(struct pdwriter *w)
{
	FILE *f = fopen("/proc/kallsyms", "re");
	struct kmap m;
	int err;

	if (!f)
		return -errno;
	err = kmaps__text(f, &m);
	fclose(f);
	if (err) {
		pr_debug("kernel map: no usable _text in /proc/kallsyms: %s", strerror(-err));
		return err;
	}
	return put_kernel_map(w, &m, m.start) ?: put_module_maps(w);
}

/*
 * Opening a FIFO for writing blocks until a reader comes, and no fd tells when: the stop
 * signals are caught for the open (stopsig__catch_begin), which makes it fail with EINTR;
 * one that comes before the open waits opens the FIFO for reading too, so that the open
 * returns at once.
 */
static volatile sig_atomic_t stop_reader_fd = -1;
static const char *volatile stop_fifo;

static void open_stop_reader(void)
{
	if (stop_reader_fd < 0 && stop_fifo)
		stop_reader_fd = open(stop_fifo, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC);
}

static int open_stoppable(const char *path, int flags)
{
	struct stopsig_catch c;
	int fd, err, sig;

	stop_reader_fd = -1;
	stop_fifo = path;
	stopsig__catch_begin(&c, open_stop_reader);
	fd = open(path, flags);
	err = fd < 0 ? -errno : 0;
	sig = stopsig__catch_end(&c);
	stop_fifo = NULL;
	if (stop_reader_fd >= 0)
		close(stop_reader_fd);
	if (sig) {
		if (fd >= 0)
			close(fd);
		return errmsg__set(-EINTR, "stopped by SIG%s while waiting for a reader of '%s'",
				   sigabbrev_np(sig), path);
	}
	if (err)
		return errmsg__set(err, "cannot open '%s': %s", path, strerror(-err));
	return fd;
}

/* The previous recording (or link) at path goes to path.old, as perf does. */
static int rotate(struct pdwriter *w, const char *path)
{
	if (asprintf(&w->old, "%s.old", path) < 0) {
		w->old = NULL;
		return -ENOMEM;
	}
	if (rename(path, w->old) < 0) {
		int err = -errno;

		errmsg__set(err, "cannot move the previous '%s' to '%s': %s", path, w->old,
			    strerror(-err));
		errmsg__hint(
			"'%s' is left as it was; remove or rename '%s', or choose another file "
			"with -o",
			path, w->old);
		return err;
	}
	w->rotated = true;
	testhook__rotated();
	return 0;
}

/* A new file, never one that is there already: no link is followed, nothing truncated. */
static int create_new(struct pdwriter *w, const char *path)
{
	struct stat st;
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);

	if (fd < 0) {
		int err = -errno;

		errmsg__set(err, "cannot create '%s': %s", path, strerror(-err));
		if (err == -EEXIST)
			errmsg__hint("something else created '%s' while perf-bpf replaced it; the "
				     "previous one is '%s'",
				     path, w->old ? w->old : path);
		return err;
	}
	w->created = true;
	if (fstat(fd, &st) == 0) {
		w->dev = st.st_dev;
		w->ino = st.st_ino;
	}
	return fd;
}

/* A FIFO or a character device (/dev/null, a terminal) is written as it is, never created. */
static int open_special(const char *path)
{
	struct stat st;
	int fd = open_stoppable(path, O_WRONLY | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC);

	if (fd < 0)
		return fd;
	if (fstat(fd, &st) < 0 || !(S_ISFIFO(st.st_mode) || S_ISCHR(st.st_mode))) {
		close(fd);
		return errmsg__set(-EAGAIN, "'%s' changed while it was being opened", path);
	}
	return fd;
}

static int open_output(struct pdwriter *w, const char *path)
{
	struct stat st;
	int err;

	if (!strcmp(path, "-") || !strcmp(path, "/dev/stdout"))
		return STDOUT_FILENO;
	if (lstat(path, &st) < 0)
		return create_new(w, path); /* it says why, if it is not just missing */
	if (S_ISFIFO(st.st_mode) || S_ISCHR(st.st_mode))
		return open_special(path);
	if (S_ISDIR(st.st_mode))
		return errmsg__set(-EISDIR, "cannot create '%s': %s", path, strerror(EISDIR));
	if (!S_ISREG(st.st_mode) && !S_ISLNK(st.st_mode))
		return errmsg__set(-EINVAL, "cannot create '%s': not a file, FIFO or device", path);
	err = rotate(w, path);
	return err ? err : create_new(w, path);
}

/*
 * Writes to a pipe or FIFO wait for room in poll(), on a file description of the writer's
 * own (stdout's is shared with the shell: it is reopened, not made non-blocking).
 */
static void setup_pipe(struct pdwriter *w)
{
	struct stat st;
	int fd = w->fd;

	if (fstat(fd, &st) < 0 || !S_ISFIFO(st.st_mode))
		return;
	if (!w->own_fd) {
		char self[64];

		snprintf(self, sizeof(self), "/proc/self/fd/%d", w->fd);
		fd = open(self, O_WRONLY | O_NONBLOCK | O_CLOEXEC);
		if (fd < 0) {
			pr_debug("reopen stdout: %s", strerror(errno));
			return;
		}
	} else if (fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) < 0) {
		return;
	}
	w->stop_fd = stopsig__fd(0); /* -errno: a full pipe waits for room only */
	w->fd = fd;
	w->own_fd = true;
	w->pipe = true;
}

/* A regular file: the seekable layout (a terminal, /dev/null or a pipe get the streaming one). */
static bool seekable_file(int fd)
{
	struct stat st;

	return fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && lseek(fd, 0, SEEK_CUR) == 0;
}

struct pdwriter *pdwriter__create(const char *path)
{
	struct pdwriter *w = calloc(1, sizeof(*w));

	if (!w || !(w->buf = bigbuf__alloc(PD_BUF_SIZE + PD_INDEX_MAX))) {
		free(w);
		errno = ENOMEM;
		return NULL;
	}
	w->path = strdup(path);
	w->fd = w->path ? open_output(w, path) : -ENOMEM;
	if (w->fd < 0) {
		int err = w->fd;

		free(w->old);
		free(w->path);
		bigbuf__free(w->buf, PD_BUF_SIZE + PD_INDEX_MAX);
		free(w);
		errno = -err;
		return NULL;
	}
	w->own_fd = w->fd != STDOUT_FILENO;
	w->stop_fd = -1;
	setup_pipe(w);
	w->seekable = w->own_fd && !w->pipe && seekable_file(w->fd);
	return w;
}

bool pdwriter__on_stdout(const struct pdwriter *w)
{
	struct stat out, st;

	return fstat(STDOUT_FILENO, &out) == 0 && fstat(w->fd, &st) == 0 &&
	       out.st_dev == st.st_dev && out.st_ino == st.st_ino;
}

static void free_writer(struct pdwriter *w)
{
	for (size_t i = 0; i < w->nr_pending; i++)
		free(w->pending[i].data);
	free(w->pending);
	if (w->stop_fd >= 0)
		close(w->stop_fd);
	free(w->old);
	free(w->path);
	bigbuf__free(w->buf, PD_BUF_SIZE + PD_INDEX_MAX);
	pdseek__free(w->seek);
	wtrack__free(w->track);
	pdfeat_list__free(&w->late);
	free(w);
}

void pdwriter__discard(struct pdwriter *w)
{
	struct stat st;

	if (!w)
		return;
	if (w->own_fd)
		close(w->fd);
	/* only the file this writer made: whatever else is at the path now stays */
	if (w->created && lstat(w->path, &st) == 0 && st.st_dev == w->dev && st.st_ino == w->ino &&
	    unlink(w->path) < 0)
		pr_debug("unlink '%s': %s", w->path, strerror(errno));
	if (w->rotated && renameat2(AT_FDCWD, w->old, AT_FDCWD, w->path, RENAME_NOREPLACE) < 0)
		pr_debug("rename '%s' back: %s", w->old, strerror(errno));
	free_writer(w);
}

struct pdwriter *pdwriter__open(const char *path, const struct pdwriter_event *evs, size_t nr,
				const struct pdwriter_opts *opts)
{
	struct pdwriter *w = pdwriter__create(path);
	int err;

	if (!w)
		return NULL;
	err = pdwriter__start(w, evs, nr, opts);
	if (err) {
		pdwriter__discard(w);
		errno = -err;
		return NULL;
	}
	return w;
}

int pdwriter__close(struct pdwriter *w)
{
	int err;

	if (!w)
		return 0;
	err = wlayout__finish(w);
	if (w->own_fd && close(w->fd) < 0 && !err)
		err = -errno;
	free_writer(w);
	return err;
}
