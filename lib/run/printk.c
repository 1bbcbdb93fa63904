// SPDX-License-Identifier: GPL-2.0
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/file.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <bpf/bpf.h>
#include <tracefs/tracefs.h>
#include <traceevent/kbuffer.h>

#include "util/errmsg.h"
#include "util/log.h"
#include "util/testhook.h"
#include "record/tpformat.h"
#include "run/printk.h"

#define PRINTK_SYS "bpf_trace"
#define PRINTK_EVENT "bpf_trace_printk"

struct printk {
	struct tracefs_instance *inst;
	char name[64];
	int nr_cpus;
	struct tracefs_cpu **cpus;
	struct kbuffer *kbuf;
	void *page;
	int page_size;
	int type; /* the event's id: common_type of its entries */
	int marker; /* its marker, locked; -1: none could be made */
	uint64_t lost;
	bool lost_unknown;
	/* whose lines: the kernel stack after each line, against the run's programs' code */
	int stack_type; /* kernel_stack's id; -1: no stacks (no trigger) */
	struct prog_code *own;
	int nr_own;
	bool own_unknown; /* a program's code could not be told: every line is kept */
	struct held_line *held; /* per CPU: a line waiting for its stack */
	uint64_t others; /* lines of programs not the run's */
	uint64_t lines_read, stacks_read; /* entries of each kind, to tell what was lost */
};

struct prog_code {
	uint64_t start, end;
};

struct held_line {
	void *entry; /* page_size bytes */
	uint32_t size;
	uint64_t time;
	int tid;
	bool on;
};

/*
 * The instance's name: the prefix and 16 hex digits drawn at random, the same in any pid
 * namespace. Its marker: a file of that name in MARKER_DIR (a directory of our own, that
 * no other user can write), made and locked before the instance and held locked for the
 * run's life, removed after it. An instance is stale when its marker is there and nobody
 * holds it: its run is gone. Nothing else is removed, whatever its name.
 */
#define MARKER_DIR "/run/perf-bpf"
#define TOKEN_HEX 16

/* MARKER_DIR, made if missing: a directory owned by us that nobody else may write; or -errno. */
static int marker_dir(void)
{
	struct stat st;
	int fd;

	if (mkdir(MARKER_DIR, 0700) && errno != EEXIST)
		return -errno;
	fd = open(MARKER_DIR, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) || st.st_uid != geteuid() || (st.st_mode & 022)) {
		close(fd);
		return -EPERM;
	}
	return fd;
}

/* perf-bpf- and TOKEN_HEX lower-case hex digits: a name this program makes. */
static bool our_name(const char *name)
{
	size_t plen = strlen(PRINTK_INSTANCE_PREFIX);
	const char *hex = name + plen;

	return !strncmp(name, PRINTK_INSTANCE_PREFIX, plen) && strlen(hex) == TOKEN_HEX &&
	       strspn(hex, "0123456789abcdef") == TOKEN_HEX;
}

static int random_name(char *name, size_t size)
{
	uint8_t b[TOKEN_HEX / 2];
	int n = snprintf(name, size, PRINTK_INSTANCE_PREFIX);

	if (getrandom(b, sizeof(b), 0) != (ssize_t)sizeof(b))
		return -errno;
	for (size_t i = 0; i < sizeof(b); i++)
		n += snprintf(name + n, size - (size_t)n, "%02x", b[i]);
	return 0;
}

/*
 * The marker of name, locked: made under a temporary name and renamed once locked, so that
 * a cleaner never finds it unlocked. Its fd, or -errno.
 */
static int make_marker(int dir, const char *name)
{
	char tmp[96];
	int fd;

	snprintf(tmp, sizeof(tmp), ".%s", name);
	fd = openat(dir, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0)
		return -errno;
	if (flock(fd, LOCK_EX | LOCK_NB) || renameat(dir, tmp, dir, name)) {
		int err = -errno;

		unlinkat(dir, tmp, 0);
		close(fd);
		return err;
	}
	return fd;
}

/* A marker nobody holds, still the one at its name: take it (its fd), else -1. */
static int take_stale(int dir, const char *name)
{
	int fd = openat(dir, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	struct stat a, b;

	if (fd < 0)
		return -1;
	if (flock(fd, LOCK_EX | LOCK_NB) || fstat(fd, &a) ||
	    fstatat(dir, name, &b, AT_SYMLINK_NOFOLLOW) || a.st_ino != b.st_ino ||
	    a.st_dev != b.st_dev || !S_ISREG(a.st_mode)) {
		close(fd);
		return -1; /* its run is alive, or another cleaner took it first */
	}
	return fd;
}

int printk__clean_stale(void)
{
	int dir = marker_dir(), n = 0;
	struct dirent *d;
	DIR *dp;

	if (dir < 0)
		return 0;
	dp = fdopendir(dir);
	if (!dp) {
		close(dir);
		return 0;
	}
	while ((d = readdir(dp))) {
		struct tracefs_instance *inst;
		int fd;

		if (!our_name(d->d_name))
			continue;
		fd = take_stale(dir, d->d_name);
		if (fd < 0)
			continue;
		inst = tracefs_instance_exists(d->d_name) ?
			       tracefs_instance_alloc(NULL, d->d_name) :
			       NULL;
		if (inst && !tracefs_instance_destroy(inst)) {
			pr_debug("removed the tracefs instance '%s' of a run that is gone",
				 d->d_name);
			n++;
		}
		tracefs_instance_free(inst);
		if (!inst || !tracefs_instance_exists(d->d_name))
			unlinkat(dir, d->d_name, 0);
		close(fd);
	}
	closedir(dp);
	return n;
}

/* The marker of name, or -1 (a killed run's instance then stays: said in the debug log). */
static int mark(const char *name)
{
	int dir = marker_dir(), fd = dir < 0 ? dir : make_marker(dir, name);

	if (fd < 0)
		pr_debug("no marker for tracefs instance '%s' in %s: %s; it stays if the run is "
			 "killed",
			 name, MARKER_DIR, strerror(-fd));
	if (dir >= 0)
		close(dir);
	return fd < 0 ? -1 : fd;
}

/* The marker goes after the instance: a killed run's marker says its instance may be there. */
static void unmark(struct printk *p)
{
	int dir;

	if (p->marker < 0)
		return;
	dir = marker_dir();
	if (dir >= 0) {
		unlinkat(dir, p->name, 0);
		close(dir);
	}
	close(p->marker);
}

static int open_cpus(struct printk *p)
{
	long n = sysconf(_SC_NPROCESSORS_CONF);

	p->nr_cpus = n > 0 ? (int)n : 1;
	p->cpus = calloc(p->nr_cpus, sizeof(*p->cpus));
	if (!p->cpus)
		return -ENOMEM;
	for (int c = 0; c < p->nr_cpus; c++) {
		p->cpus[c] = tracefs_cpu_open(p->inst, c, true);
		if (!p->cpus[c] && errno != ENOENT)
			return errno ? -errno : -EIO;
		if (p->cpus[c] && !p->page_size)
			p->page_size = tracefs_cpu_read_size(p->cpus[c]);
	}
	if (p->page_size <= 0)
		return -ENODEV;
	p->page = malloc(p->page_size);
	p->held = calloc(p->nr_cpus, sizeof(*p->held));
	if (!p->held)
		return -ENOMEM;
	p->kbuf = kbuffer_alloc(KBUFFER_LSIZE_SAME_AS_HOST, KBUFFER_ENDIAN_SAME_AS_HOST);
	return p->page && p->kbuf ? 0 : -ENOMEM;
}

/* The id of ftrace's kernel_stack entries: said in its format only (it has no id file). */
static int stack_event_id(void)
{
	char *text, *at;
	int id = -1;

	if (tpformat__read_format("ftrace", "kernel_stack", &text, NULL))
		return -1;
	at = strstr(text, "\nID:");
	if (at && sscanf(at, "\nID: %d", &id) != 1)
		id = -1;
	free(text);
	return id;
}

static int setup(struct printk *p, const char *clock)
{
	const char *test_kb = testhook__printk_kb();
	int err;

	err = random_name(p->name, sizeof(p->name));
	if (err)
		return errmsg__set(err, "cannot name a tracefs instance: %s", strerror(-err));
	p->marker = mark(p->name);
	p->type = tpformat__id(PRINTK_SYS, PRINTK_EVENT);
	if (p->type < 0)
		return errmsg__set(p->type, "cannot read bpf_printk lines: no %s:%s tracepoint",
				   PRINTK_SYS, PRINTK_EVENT);
	p->inst = tracefs_instance_create(p->name);
	if (!p->inst)
		return errmsg__set(errno ? -errno : -EIO,
				   "cannot make the tracefs instance '%s' for bpf_printk lines: %s",
				   p->name, strerror(errno ? errno : EIO));
	if (test_kb && tracefs_instance_file_write(p->inst, "buffer_size_kb", test_kb) < 0)
		pr_warn("cannot set the buffer size of '%s' to %s KiB", p->name, test_kb);
	if (tracefs_instance_file_write(p->inst, "trace_clock", clock) < 0)
		return errmsg__set(-EINVAL, "tracefs instance '%s': no trace_clock '%s'", p->name,
				   clock);
	/* a stack after each line, from the first on: which program printed it (printk__own_prog) */
	p->stack_type = -1;
	if (tracefs_event_file_write(p->inst, PRINTK_SYS, PRINTK_EVENT, "trigger", "stacktrace") >=
	    0)
		p->stack_type = stack_event_id();
	if (tracefs_event_enable(p->inst, PRINTK_SYS, PRINTK_EVENT) < 0)
		return errmsg__set(errno ? -errno : -EIO, "cannot enable %s:%s in '%s'", PRINTK_SYS,
				   PRINTK_EVENT, p->name);
	err = open_cpus(p);
	if (err)
		errmsg__set(err, "cannot read the buffers of tracefs instance '%s': %s", p->name,
			    strerror(-err));
	return err;
}

struct printk *printk__new(const char *clock)
{
	struct printk *p = calloc(1, sizeof(*p));
	int err;

	if (!p)
		return NULL;
	p->marker = -1;
	printk__clean_stale();
	err = setup(p, clock);
	if (err) {
		printk__free(p);
		errno = -err;
		return NULL;
	}
	pr_debug("bpf_printk lines read from tracefs instance '%s' (clock %s)", p->name, clock);

	return p;
}

static int own_prog(struct printk *p, int prog_fd)
{
	struct bpf_prog_info info = { 0 };
	uint32_t len = sizeof(info), n;
	uint64_t *ksyms;
	uint32_t *lens;
	struct prog_code *own;
	int err;

	if (bpf_obj_get_info_by_fd(prog_fd, &info, &len))
		return -errno;
	n = info.nr_jited_ksyms;
	ksyms = calloc(n + 1, sizeof(*ksyms));
	lens = calloc(n + 1, sizeof(*lens));
	own = realloc(p->own, sizeof(*own) * (p->nr_own + n));
	if (!ksyms || !lens || (n && !own)) {
		free(ksyms);
		free(lens);
		return -ENOMEM;
	}
	p->own = n ? own : p->own;
	memset(&info, 0, sizeof(info));
	info.nr_jited_ksyms = n;
	info.nr_jited_func_lens = n;
	info.jited_ksyms = (uintptr_t)ksyms;
	info.jited_func_lens = (uintptr_t)lens;
	len = sizeof(info);
	err = bpf_obj_get_info_by_fd(prog_fd, &info, &len) ? -errno : 0;
	for (uint32_t i = 0; !err && i < n; i++) {
		if (!ksyms[i]) /* addresses hidden from us: a line cannot be told */
			p->own_unknown = true;
		p->own[p->nr_own++] = (struct prog_code){ ksyms[i], ksyms[i] + lens[i] };
	}
	if (!err && !n)
		p->own_unknown = true; /* not JITed */
	free(ksyms);
	free(lens);
	return err;
}

int printk__own_prog(struct printk *p, int prog_fd)
{
	int err = prog_fd < 0 ? 0 : own_prog(p, prog_fd);

	if (err)
		p->own_unknown = true; /* every line kept, as when lines cannot be told */
	return err;
}

static bool attributing(const struct printk *p)
{
	return p->stack_type >= 0 && p->nr_own && !p->own_unknown;
}

/* A kernel_stack entry (int size, then that many addresses) passes through the run's code. */
static bool ours(const struct printk *p, const void *entry, int size)
{
	const char *e = entry;
	int32_t n;

	memcpy(&n, e + 8, sizeof(n));
	for (int32_t i = 0; i < n && 16 + (i + 1) * 8 <= size; i++) {
		uint64_t ip;

		memcpy(&ip, e + 16 + i * 8, sizeof(ip));
		for (int j = 0; j < p->nr_own; j++)
			if (ip >= p->own[j].start && ip < p->own[j].end)
				return true;
	}
	return false;
}

static int deliver_held(struct printk *p, int cpu, printk_line_fn fn, void *ctx)
{
	struct held_line *h = &p->held[cpu];

	h->on = false;
	return fn(ctx, cpu, h->time, h->tid, h->entry, h->size) ?: 1;
}

/* A line waits for the stack after it (perhaps on the next page) to tell whose it is. */
static int hold(struct printk *p, int cpu, uint64_t time, int tid, const void *entry, int size)
{
	struct held_line *h = &p->held[cpu];

	if (!h->entry)
		h->entry = malloc(p->page_size);
	if (!h->entry || size > p->page_size)
		return -ENOMEM;
	memcpy(h->entry, entry, size);
	*h = (struct held_line){ h->entry, (uint32_t)size, time, tid, true };
	return 0;
}

/*
 * One entry of a page: a line is handed out at once, or, when lines are told by program,
 * held until its stack says it is one of the run's programs' (a line with no stack after
 * it is kept: nothing says it is not).
 */
static int read_entry(struct printk *p, int cpu, uint64_t ts, const void *data, int size,
		      printk_line_fn fn, void *ctx)
{
	struct held_line *h = &p->held[cpu];
	int tid, n = 0;
	uint16_t type;

	memcpy(&type, data, sizeof(type));
	p->stacks_read += type == p->stack_type;
	p->lines_read += type == p->type;
	if (type == p->stack_type && h->on) {
		if (ours(p, data, size))
			return deliver_held(p, cpu, fn, ctx);
		h->on = false;
		p->others++;
		return 0;
	}
	if (type != p->type)
		return 0;
	memcpy(&tid, (const char *)data + 4, sizeof(tid)); /* common_pid */
	if (!attributing(p)) {
		int err = fn(ctx, cpu, ts, tid, data, (uint32_t)size);

		return err ? err : 1;
	}
	if (h->on)
		n = deliver_held(p, cpu, fn, ctx);
	return n < 0 ? n : hold(p, cpu, ts, tid, data, size) ?: n;
}

/* The lines of one sub-buffer page. */
static int read_page(struct printk *p, int cpu, printk_line_fn fn, void *ctx)
{
	unsigned long long ts;
	int n = 0, missed;
	void *data;

	if (kbuffer_load_subbuffer(p->kbuf, p->page) < 0)
		return 0;
	missed = kbuffer_missed_events(p->kbuf);
	if (missed > 0)
		p->lost += (uint64_t)missed;
	else if (missed < 0)
		p->lost_unknown = true; /* the page says some were lost, not how many */
	for (data = kbuffer_read_event(p->kbuf, &ts); data;
	     data = kbuffer_next_event(p->kbuf, &ts)) {
		int size = kbuffer_event_size(p->kbuf), err;

		if (size < 8)
			continue;
		err = read_entry(p, cpu, ts, data, size, fn, ctx);
		if (err < 0)
			return err;
		n += err;
	}
	return n;
}

int printk__read(struct printk *p, printk_line_fn fn, void *ctx)
{
	int total = 0;

	for (int c = 0; c < p->nr_cpus; c++) {
		if (!p->cpus[c])
			continue;
		/* a page at a time, the CPU's lines in order, until it has no more */
		while (tracefs_cpu_read(p->cpus[c], p->page, true) > 0) {
			int n = read_page(p, c, fn, ctx);

			if (n < 0)
				return n;
			total += n;
		}
	}
	return total;
}

/* "overrun:" (overwritten) plus "dropped events:" of a CPU's stats: -1 when unreadable. */
static long long cpu_lost(struct printk *p, int cpu)
{
	char file[64], *buf, *at;
	long long n = 0, v;

	snprintf(file, sizeof(file), "per_cpu/cpu%d/stats", cpu);
	buf = tracefs_instance_file_read(p->inst, file, NULL);
	if (!buf)
		return -1;
	at = strstr(buf, "overrun:");
	if (at && sscanf(at, "overrun: %lld", &v) == 1)
		n += v;
	at = strstr(buf, "dropped events:");
	if (at && sscanf(at, "dropped events: %lld", &v) == 1)
		n += v;
	free(buf);
	return n;
}

/*
 * Entries lost, as lines: with a stack written after each line, lost = 2 written - lines read -
 * stacks read, and the lines written are the lines read and lost.
 */
static uint64_t lines_of(const struct printk *p, uint64_t entries)
{
	uint64_t twice = entries + p->stacks_read;

	if (p->stack_type < 0)
		return entries;
	return twice > p->lines_read ? (twice - p->lines_read + 1) / 2 : 0;
}

uint64_t printk__lost(struct printk *p, bool *unknown)
{
	uint64_t total = 0;

	*unknown = false;
	for (int c = 0; c < p->nr_cpus; c++) {
		long long n = p->cpus[c] ? cpu_lost(p, c) : 0;

		if (n < 0) /* no stats: what the pages said */
			break;
		total += (uint64_t)n;
		if (c == p->nr_cpus - 1)
			return lines_of(p, total);
	}
	*unknown = p->lost_unknown;
	return lines_of(p, p->lost);
}

void printk__free(struct printk *p)
{
	if (!p)
		return;
	for (int c = 0; p->cpus && c < p->nr_cpus; c++)
		if (p->cpus[c])
			tracefs_cpu_close(p->cpus[c]);
	free(p->cpus);
	for (int c = 0; p->held && c < p->nr_cpus; c++)
		free(p->held[c].entry);
	free(p->held);
	free(p->own);
	if (p->others)
		pr_debug("%llu bpf_printk lines of other runs' programs not shown",
			 (unsigned long long)p->others);
	if (p->inst) {
		if (tracefs_instance_destroy(p->inst))
			pr_warn("cannot remove the tracefs instance '%s': %s", p->name,
				strerror(errno));
		tracefs_instance_free(p->inst);
	}
	unmark(p);
	if (p->kbuf)
		kbuffer_free(p->kbuf);
	free(p->page);
	free(p);
}
