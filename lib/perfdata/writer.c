// SPDX-License-Identifier: GPL-2.0
/*
 * perf.data writer: the seekable layout for regular files (seekable.c keeps its header
 * and index), perf's streaming format for pipes, FIFOs, devices and stdout.
 *
 * Streaming: attrs, features and tracing data first, as records, and then only appends.
 * Any prefix of the file that ends on a record boundary is a complete file, and a cut-off
 * last record is reported and skipped by stock perf ("unexpected end of event stream",
 * exit 0) and by pdreader.
 *
 * Both: records are buffered and written in large chunks (wbuf.c).
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "util/bigbuf.h"
#include "util/errmsg.h"
#include "util/log.h"
#include "util/pipeout.h"
#include "util/stopsig.h"
#include "util/testhook.h"
#include "util/dbuf.h"
#include "perfdata/format.h"
#include "perfdata/seekable.h"
#include "perfdata/sysfeat.h"
#include "perfdata/tracing.h"
#include "perfdata/wtrack.h"
#include "perfdata/writer.h"
#include "perfdata/writer-int.h"
#include "record/record.h"

/* A record of the writer's own: the first event's layout and id, time 0. */
static int put_synth(struct pdwriter *w, struct record *r)
{
	const struct record_layout layout = { w->attr0.sample_type, w->attr0.sample_id_all };
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

static int kernel_text_addr(uint64_t *addr)
{
	FILE *f = fopen("/proc/kallsyms", "re");
	char line[256], sym[128], type;
	unsigned long long a;
	int err = -ENOENT;

	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%llx %c %127s", &a, &type, sym) != 3 || strcmp(sym, "_text"))
			continue;
		*addr = a;
		err = a ? 0 : -EPERM;
		break;
	}
	fclose(f);
	return err;
}

int pdwriter__synth_kernel_mmap(struct pdwriter *w)
{
	struct record r = { .type = PERF_RECORD_MMAP,
			    .misc = PERF_RECORD_MISC_KERNEL,
			    .mmap = { .pid = (uint32_t)-1, .filename = "[kernel.kallsyms]_text" },
			    .s = { .pid = (uint32_t)-1 } };
	int err = kernel_text_addr(&r.mmap.start);

	if (err) {
		pr_debug("kernel map: no usable _text in /proc/kallsyms: %s", strerror(-err));
		return err;
	}
	r.mmap.len = ~0ULL - r.mmap.start;
	r.mmap.pgoff = r.mmap.start;
	return put_synth(w, &r);
}

static void copy_attr(struct perf_event_attr *dst, const struct perf_event_attr *src)
{
	size_t n = src->size && src->size < PD_ATTR_SIZE ? src->size : PD_ATTR_SIZE;

	memset(dst, 0, sizeof(*dst));
	memcpy(dst, src, n < sizeof(*dst) ? n : sizeof(*dst));
	dst->size = PD_ATTR_SIZE;
}

static void put_attr(struct dbuf *b, const struct perf_event_attr *src)
{
	struct perf_event_attr a;

	copy_attr(&a, src);
	dbuf__put(b, &a, sizeof(a) < PD_ATTR_SIZE ? sizeof(a) : PD_ATTR_SIZE);
	if (sizeof(a) < PD_ATTR_SIZE)
		dbuf__zero(b, PD_ATTR_SIZE - sizeof(a));
}

static int write_attrs(struct pdwriter *w, const struct pdwriter_event *evs, size_t nr)
{
	int err = 0;

	for (size_t i = 0; i < nr && !err; i++) {
		struct dbuf b = {};

		put_attr(&b, evs[i].attr);
		dbuf__put(&b, evs[i].ids, evs[i].nr_ids * sizeof(uint64_t));
		err = wbuf__put_record(w, PD_HEADER_ATTR, 0, &b);
	}
	return err;
}

static int write_feature(struct pdwriter *w, uint64_t feat, struct dbuf *payload)
{
	struct dbuf b = {};

	dbuf__u64(&b, feat);
	dbuf__put(&b, payload->p, payload->len);
	dbuf__pad8(&b);
	if (payload->err)
		b.err = payload->err;
	free(payload->p);
	memset(payload, 0, sizeof(*payload));
	return wbuf__put_record(w, PD_HEADER_FEATURE, 0, &b);
}

/*
 * A pipe's feature: written at once, in HEADER_FEATURE records of up to 64 KiB (a reader
 * joins the pieces of an id of 32 and up), so a reader of the stream has it early.
 */
static int add_feature_pipe(struct pdwriter *w, int feat, const void *data, size_t len)
{
	/* the most a record holds after its header and feature id, a multiple of 8 */
	const size_t chunk = (PD_MAX_RECORD - sizeof(struct perf_event_header) - 8) / 8 * 8;
	const char *p = data;
	int err = 0;

	do {
		size_t n = len < chunk ? len : chunk;
		struct dbuf b = {};

		dbuf__put(&b, p, n);
		err = write_feature(w, (uint64_t)feat, &b);
		p += n;
		len -= n;
	} while (!err && len);
	return err;
}

static void event_desc(struct dbuf *b, const struct pdwriter_event *evs, size_t nr, bool with_ids)
{
	dbuf__u32(b, nr);
	dbuf__u32(b, PD_ATTR_SIZE);
	for (size_t i = 0; i < nr; i++) {
		put_attr(b, evs[i].attr);
		dbuf__u32(b, with_ids ? evs[i].nr_ids : 0);
		pdformat__hstr(b, evs[i].name ? evs[i].name : "");
		if (with_ids)
			dbuf__put(b, evs[i].ids, evs[i].nr_ids * sizeof(uint64_t));
	}
}

static int write_event_desc(struct pdwriter *w, const struct pdwriter_event *evs, size_t nr)
{
	struct dbuf b = {};

	event_desc(&b, evs, nr, true);
	if (b.len + 16 > PD_MAX_RECORD) {
		/* the ids are informational here; the attr records carry them */
		free(b.p);
		memset(&b, 0, sizeof(b));
		event_desc(&b, evs, nr, false);
	}
	return write_feature(w, PD_FEAT_EVENT_DESC, &b);
}

static const int sys_feats[] = { PD_FEAT_VERSION, PD_FEAT_CPUDESC, PD_FEAT_CPUID, PD_FEAT_TOTAL_MEM,
				 PD_FEAT_CPU_TOPOLOGY };

/*
 * The features that describe the machine and the command, in both layouts: HOSTNAME,
 * OSRELEASE, ARCH, NRCPUS, VERSION, CPUDESC, CPUID, TOTAL_MEM, CPU_TOPOLOGY, CMDLINE (those
 * the machine tells).
 */
static int system_features(struct pdfeat_list *l, const struct pdwriter_opts *opts)
{
	struct dbuf b = {};
	struct utsname u;
	int err = 0;

	if (uname(&u) == 0) {
		pdformat__hstr(&b, u.nodename);
		err = pdfeat_list__add(l, PD_FEAT_HOSTNAME, &b);
		pdformat__hstr(&b, u.release);
		err = err ?: pdfeat_list__add(l, PD_FEAT_OSRELEASE, &b);
		pdformat__hstr(&b, u.machine);
		err = err ?: pdfeat_list__add(l, PD_FEAT_ARCH, &b);
	}
	dbuf__u32(&b, sysconf(_SC_NPROCESSORS_CONF));
	dbuf__u32(&b, sysconf(_SC_NPROCESSORS_ONLN));
	err = err ?: pdfeat_list__add(l, PD_FEAT_NRCPUS, &b);
	for (size_t i = 0; i < sizeof(sys_feats) / sizeof(sys_feats[0]) && !err; i++) {
		if (!sysfeat__build(sys_feats[i], &b))
			err = pdfeat_list__add(l, sys_feats[i], &b);
		dbuf__free(&b);
	}
	if (!err && opts && opts->argc > 0 && opts->argv) {
		dbuf__u32(&b, opts->argc);
		for (int i = 0; i < opts->argc; i++)
			pdformat__hstr(&b, opts->argv[i] ? opts->argv[i] : "");
		err = pdfeat_list__add(l, PD_FEAT_CMDLINE, &b);
	}
	dbuf__free(&b);
	return err;
}

/* The streaming layout: the system features as records, those that fit in one. */
static int write_small_features(struct pdwriter *w, const struct pdwriter_opts *opts)
{
	struct pdfeat_list l = {};
	int err = system_features(&l, opts);

	for (size_t i = 0; i < l.n && !err; i++)
		if (l.v[i].data.len + 16 <= PD_MAX_RECORD)
			err = write_feature(w, l.v[i].feat, &l.v[i].data);
	pdfeat_list__free(&l);
	return err;
}

static int write_tracing_data(struct pdwriter *w, const struct pdwriter_event *evs, size_t nr)
{
	struct dbuf b = {};
	struct {
		struct perf_event_header h;
		uint32_t size, pad;
	} rec = { { PD_HEADER_TRACING_DATA, 0, sizeof(rec) }, 0, 0 };
	bool any = false;
	int err;

	for (size_t i = 0; i < nr; i++)
		any |= evs[i].tp_sys && evs[i].tp_name;
	if (!any)
		return 0;
	err = pdtracing__build(&b, evs, nr);
	if (!err && b.len > UINT32_MAX)
		err = -E2BIG;
	if (!err) {
		rec.size = b.len;
		err = pdwriter__write(w, &rec, sizeof(rec));
	}
	if (!err)
		err = pdwriter__write(w, b.p, b.len);
	free(b.p);
	return err;
}

/* Every feature known at the start, for the seekable layout (no record size limit). */
static int early_features(struct pdfeat_list *l, const struct pdwriter_event *evs, size_t nr,
			  const struct pdwriter_opts *opts)
{
	struct dbuf b = {};
	bool tp = false;
	int err = 0;

	for (size_t i = 0; i < nr; i++)
		tp |= evs[i].tp_sys && evs[i].tp_name;
	if (tp)
		err = pdtracing__build(&b, evs, nr) ?:
						      pdfeat_list__add(l, PD_FEAT_TRACING_DATA, &b);
	dbuf__free(&b);
	err = err ?: system_features(l, opts);
	event_desc(&b, evs, nr, true);
	err = err ?: pdfeat_list__add(l, PD_FEAT_EVENT_DESC, &b);
	dbuf__free(&b);
	return err;
}

/* Header, attrs and features first; the header names data from the first round on. */
static int start_seekable(struct pdwriter *w, const struct pdwriter_event *evs, size_t nr,
			  const struct pdwriter_opts *opts)
{
	struct pdseek *seek = pdseek__new();
	struct pdfeat_list early = {};
	struct dbuf b = {};
	int err;

	if (!seek)
		return -ENOMEM;
	err = early_features(&early, evs, nr, opts);
	err = err ?: pdseek__preamble(seek, evs, nr, &early, &b);
	if (!err) {
		w->bytes += b.len;
		err = wbuf__emit(w, b.p, b.len);
	}
	dbuf__free(&b);
	pdfeat_list__free(&early);
	w->seek = seek;
	w->track = wtrack__new();
	/* a first record: perf refuses a header naming no data ("data size field is 0") */
	err = err ?: wbuf__put_header(w, PD_FINISHED_ROUND, 0, sizeof(struct perf_event_header));
	return err ?: pdwriter__finish_round(w);
}

/* At a clean close: the last index, the features known only now, then the header. */
static int finish_seekable(struct pdwriter *w)
{
	uint64_t end = w->flushed;
	struct dbuf b = {};
	int err = 0;

	if (w->track && wtrack__features(w->track, &w->late))
		pr_warn("perf.data: no memory for the build id and BPF program features");
	err = pdseek__trailer(w->seek, end, &w->late, &b);
	err = err ?: wbuf__emit(w, b.p, b.len);
	dbuf__free(&b);
	return err ?: pdseek__commit_final(w->seek, w->fd, end, w->flushed);
}

static int finish_pipe(struct pdwriter *w)
{
	int err = 0;

	for (size_t i = 0; i < w->late.n && !err; i++) {
		struct dbuf *d = &w->late.v[i].data;

		if (d->len + 16 > PD_MAX_RECORD) {
			pr_warn("perf.data: feature %d (%zu bytes) does not fit a pipe record, left out",
				w->late.v[i].feat, d->len);
			continue;
		}
		err = write_feature(w, w->late.v[i].feat, d);
	}
	return err;
}

/* A feature perf-bpf writes as records, asked for before the stream starts: written with its header records. */
static int add_pending(struct pdwriter *w, int feat, const void *data, size_t len)
{
	struct pending_feature *p = realloc(w->pending, sizeof(*p) * (w->nr_pending + 1));

	if (!p)
		return -ENOMEM;
	w->pending = p;
	p = &w->pending[w->nr_pending];
	p->data = malloc(len ?: 1);
	if (!p->data)
		return -ENOMEM;
	memcpy(p->data, data, len);
	p->feat = feat;
	p->len = len;
	w->nr_pending++;
	return 0;
}

/* Features the writer makes itself: pdwriter__add_feature cannot take them. */
static bool own_feature(int feat)
{
	return feat <= PD_FEAT_CPU_TOPOLOGY || feat == PD_FEAT_BPF_PROG_INFO ||
	       feat == PD_FEAT_BPF_BTF;
}

int pdwriter__add_feature(struct pdwriter *w, int feat, const void *data, size_t len)
{
	struct dbuf b = {};

	if (feat <= 0 || feat >= PD_FEAT_BITS || (!data && len))
		return -EINVAL;
	if (own_feature(feat))
		return -EEXIST;
	/*
	 * Ids stock perf does not know go into the data as HEADER_FEATURE records in both
	 * layouts: as a file's feature section they make perf inject crash (it writes every
	 * feature bit of its input back through its table of known ones).
	 */
	if (!w->seekable || feat >= PD_NR_KNOWN_FEAT)
		return w->started ? add_feature_pipe(w, feat, data, len) :
				    add_pending(w, feat, data, len);
	for (size_t i = 0; i < w->late.n; i++)
		if (w->late.v[i].feat == feat)
			return -EEXIST;
	dbuf__put(&b, data, len);
	return pdfeat_list__add(&w->late, feat, &b);
}

static int write_preamble(struct pdwriter *w, const struct pdwriter_event *evs, size_t nr,
			  const struct pdwriter_opts *opts)
{
	static const uint64_t hdr[2] = { PD_MAGIC, PD_PIPE_HDR }; /* the pipe header */
	int err;

	if (w->seekable) {
		err = start_seekable(w, evs, nr, opts);
		for (size_t i = 0; !err && i < w->nr_pending; i++)
			err = add_feature_pipe(w, w->pending[i].feat, w->pending[i].data,
					       w->pending[i].len);
		return err;
	}
	err = pdwriter__write(w, hdr, sizeof(hdr));
	err = err ?: write_attrs(w, evs, nr);
	err = err ?: write_event_desc(w, evs, nr);
	err = err ?: write_small_features(w, opts);
	for (size_t i = 0; !err && i < w->nr_pending; i++)
		err = add_feature_pipe(w, w->pending[i].feat, w->pending[i].data,
				       w->pending[i].len);
	err = err ?: write_tracing_data(w, evs, nr);
	return err ?: wbuf__flush(w);
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

int pdwriter__start(struct pdwriter *w, const struct pdwriter_event *evs, size_t nr,
		    const struct pdwriter_opts *opts)
{
	for (size_t i = 0; i < nr; i++)
		if (!evs[i].attr || (evs[i].nr_ids && !evs[i].ids))
			return -EINVAL;
	if (nr) {
		copy_attr(&w->attr0, evs[0].attr);
		w->id0 = evs[0].nr_ids ? evs[0].ids[0] : 0;
	}
	w->started = true;
	return write_preamble(w, evs, nr, opts);
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

int wlayout__finish(struct pdwriter *w)
{
	int err;

	if (!w->seekable && !w->err)
		finish_pipe(w);
	err = wbuf__flush(w);
	if (!err && w->seek)
		err = finish_seekable(w);
	return err;
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
