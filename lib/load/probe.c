// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/perf_event.h>
#include <tracefs.h>

#include "util/log.h"
#include "load/probe.h"
#include "event/section.h"

struct points {
	struct probe_point *pts;
	int n;
	int cap;
	bool unbounded; /* past PROBE_MAX_POINTS until the points are sifted */
};

static bool has_point(const struct points *p, const char *func)
{
	for (int i = 0; i < p->n; i++)
		if (!strcmp(p->pts[i].func, func))
			return true;
	return false;
}

static int add_point(struct points *p, const char *func, unsigned long addr, unsigned long off)
{
	if (has_point(p, func))
		return 0;
	if (p->n == PROBE_MAX_POINTS && !p->unbounded)
		return -E2BIG;
	if (p->n == p->cap) {
		int cap = p->cap ? 2 * p->cap : 8;
		struct probe_point *pts = realloc(p->pts, sizeof(*pts) * cap);

		if (!pts)
			return -ENOMEM;
		p->pts = pts;
		p->cap = cap;
	}
	p->pts[p->n].func = strdup(func);
	if (!p->pts[p->n].func)
		return -ENOMEM;
	p->pts[p->n].addr = addr;
	p->pts[p->n].file_off = off;
	p->n++;
	return 0;
}

static int finish(struct points *p, int err, struct probe_point **pts, int *n)
{
	if (!err && !p->n)
		err = -ENOENT;
	if (err) {
		probe__free_points(p->pts, p->n);
		*pts = NULL;
		*n = 0;
		return err;
	}
	*pts = p->pts;
	*n = p->n;
	return 0;
}

void probe__free_points(struct probe_point *pts, int n)
{
	for (int i = 0; i < n; i++)
		free(pts[i].func);
	free(pts);
}

static bool is_glob(const char *s)
{
	return strpbrk(s, "*?[") != NULL;
}

/* "ADDR TYPE NAME[\t[MODULE]]": a text symbol of @module (NULL: any) matching @pattern? */
static int ksym_line(struct points *p, char *line, const char *module, const char *pattern)
{
	char type, name[256], mod[128] = "";

	if (sscanf(line, "%*s %c %255s [%127[^]]]", &type, name, mod) < 2)
		return 0;
	if (type != 't' && type != 'T')
		return 0;
	if (module ? strcmp(mod, module) : false)
		return 0;
	/* compiler clones (foo.isra.0, foo.cold) are not functions a user names */
	if (strchr(name, '.') || !section__glob_match(pattern, name))
		return 0;
	return add_point(p, name, 0, 0);
}

/* A point's name and index: sorted by name, the points keep the order kallsyms gives them. */
struct named {
	const char *name;
	int i;
};

static int cmp_named(const void *a, const void *b)
{
	return strcmp(((const struct named *)a)->name, ((const struct named *)b)->name);
}

/* Keep only the points whose keep[i] is set, in their order. */
static void keep_points(struct points *p, const bool *keep)
{
	int n = 0;

	for (int i = 0; i < p->n; i++) {
		if (keep[i]) {
			p->pts[n++] = p->pts[i];
			continue;
		}
		pr_debug("probe: '%s' left out of the glob: the kernel does not trace it",
			 p->pts[i].func);
		free(p->pts[i].func);
	}
	p->n = n;
}

/*
 * Keep the points the kernel can put a probe event on: the functions @path lists (tracefs's
 * available_filter_functions, "NAME" or "NAME [MODULE]" a line). A notrace function matched
 * by a glob is left out, as perf leaves out the functions it may not probe, instead of
 * failing the whole glob (the kernel refuses it with EINVAL). No list: all are kept.
 */
static int sift_traceable(struct points *p, const char *path)
{
	struct named *names;
	char line[512];
	bool *keep;
	FILE *f;

	if (!p->n || !*path || !(f = fopen(path, "re")))
		return 0;
	names = calloc(p->n, sizeof(*names));
	keep = calloc(p->n, sizeof(*keep));
	if (!names || !keep) {
		free(names);
		fclose(f);
		return -ENOMEM;
	}
	for (int i = 0; i < p->n; i++)
		names[i] = (struct named){ p->pts[i].func, i };
	qsort(names, p->n, sizeof(*names), cmp_named);
	while (fgets(line, sizeof(line), f)) {
		struct named key = { line, 0 }, *hit;

		line[strcspn(line, " \t\n")] = '\0';
		hit = bsearch(&key, names, p->n, sizeof(*names), cmp_named);
		if (hit)
			keep[hit->i] = true;
	}
	fclose(f);
	keep_points(p, keep);
	free(names);
	free(keep);
	return 0;
}

int probe__expand_ksyms(const char *path, const char *traceable, const char *module,
			const char *pattern, struct probe_point **pts, int *n)
{
	struct points p = { .unbounded = true };
	char line[512];
	FILE *f;
	int err = 0;

	if (!is_glob(pattern))
		return finish(&p, add_point(&p, pattern, 0, 0), pts, n);
	f = fopen(path ? path : "/proc/kallsyms", "re");
	if (!f)
		return -errno;
	while (!err && fgets(line, sizeof(line), f))
		err = ksym_line(&p, line, module, pattern);
	fclose(f);
	if (!err)
		err = sift_traceable(&p, traceable ? traceable : PROBE_TRACEABLE);
	if (!err && p.n > PROBE_MAX_POINTS)
		err = -E2BIG;
	return finish(&p, err, pts, n);
}

/* The file offset of virtual address @addr, from the executable PT_LOAD segment holding it. */
static int addr_to_off(Elf *elf, unsigned long addr, unsigned long *off)
{
	size_t nph;
	GElf_Phdr ph;

	if (elf_getphdrnum(elf, &nph))
		return -EINVAL;
	for (size_t i = 0; i < nph; i++) {
		if (!gelf_getphdr(elf, i, &ph) || ph.p_type != PT_LOAD || !(ph.p_flags & PF_X))
			continue;
		if (addr >= ph.p_vaddr && addr < ph.p_vaddr + ph.p_memsz) {
			*off = addr - ph.p_vaddr + ph.p_offset;
			return 0;
		}
	}
	return -ENOENT;
}

static int elf_symtab(struct points *p, Elf *elf, Elf_Scn *scn, const char *pattern,
		      unsigned long off)
{
	GElf_Shdr sh;
	Elf_Data *data = elf_getdata(scn, NULL);
	GElf_Sym sym;
	int err = 0;

	if (!gelf_getshdr(scn, &sh) || !data || !sh.sh_entsize)
		return 0;
	for (size_t i = 0; !err && i < sh.sh_size / sh.sh_entsize; i++) {
		const char *name;
		unsigned long foff;

		if (!gelf_getsym(data, i, &sym) || sym.st_shndx == SHN_UNDEF || !sym.st_value)
			continue;
		if (GELF_ST_TYPE(sym.st_info) != STT_FUNC)
			continue;
		name = elf_strptr(elf, sh.sh_link, sym.st_name);
		if (!name || !*name || !section__glob_match(pattern, name))
			continue;
		if (addr_to_off(elf, sym.st_value + off, &foff))
			continue;
		err = add_point(p, name, sym.st_value + off, foff);
	}
	return err;
}

int probe__expand_elf(const char *path, const char *pattern, unsigned long off,
		      struct probe_point **pts, int *n)
{
	struct points p = { 0 };
	Elf_Scn *scn = NULL;
	Elf *elf;
	int fd, err = 0;

	elf_version(EV_CURRENT);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	elf = elf_begin(fd, ELF_C_READ, NULL);
	if (!elf || elf_kind(elf) != ELF_K_ELF) {
		elf_end(elf);
		close(fd);
		return -ENOEXEC;
	}
	/* .symtab first: it names the static functions .dynsym lacks */
	for (int pass = 0; pass < 2 && !err; pass++) {
		scn = NULL;
		while (!err && (scn = elf_nextscn(elf, scn))) {
			GElf_Shdr sh;

			if (gelf_getshdr(scn, &sh) &&
			    sh.sh_type == (pass ? SHT_DYNSYM : SHT_SYMTAB))
				err = elf_symtab(&p, elf, scn, pattern, off);
		}
	}
	elf_end(elf);
	close(fd);
	return finish(&p, err, pts, n);
}

enum probe_mode probe__mode_from_env(void)
{
	const char *m = secure_getenv("PERF_BPF_PROBE_MODE");

	if (m && !strcmp(m, "tracefs"))
		return PROBE_MODE_TRACEFS;
	if (m && !strcmp(m, "pmu"))
		return PROBE_MODE_PMU;
	if (m && !strcmp(m, "fentry"))
		return PROBE_MODE_FENTRY;
	return PROBE_MODE_AUTO;
}

static int read_int(const char *path, int *val)
{
	FILE *f = fopen(path, "re");
	int ok;

	if (!f)
		return -errno;
	ok = fscanf(f, "%d", val) == 1;
	fclose(f);
	return ok ? 0 : -EINVAL;
}

static const char *pmu_name(bool kernel)
{
	return kernel ? "kprobe" : "uprobe";
}

bool probe__has_pmu(bool kernel)
{
	char path[128];
	int type;

	snprintf(path, sizeof(path), "/sys/bus/event_source/devices/%s/type", pmu_name(kernel));
	return !read_int(path, &type);
}

bool probe__has_tracefs(bool kernel)
{
	const char *dir = tracefs_tracing_dir();
	char path[512];

	if (!dir)
		return false;
	snprintf(path, sizeof(path), "%s/%s", dir, kernel ? "kprobe_events" : "uprobe_events");
	return !access(path, W_OK);
}

static int perf_open(struct perf_event_attr *attr)
{
	int fd;

	attr->size = sizeof(*attr);
	/* pid -1, cpu 0: the program runs on every hit, in any task, on any CPU */
	fd = syscall(__NR_perf_event_open, attr, -1, 0, -1, PERF_FLAG_FD_CLOEXEC);
	return fd < 0 ? -errno : fd;
}

/* The bit of config that asks the PMU for a return probe ("config:0" in its format). */
static int retprobe_bit(bool kernel)
{
	char path[128], buf[32] = "";
	FILE *f;
	int bit = 0;

	snprintf(path, sizeof(path), "/sys/bus/event_source/devices/%s/format/retprobe",
		 pmu_name(kernel));
	f = fopen(path, "re");
	if (!f)
		return 0;
	if (fgets(buf, sizeof(buf), f))
		sscanf(buf, "config:%d", &bit);
	fclose(f);
	return bit;
}

static int open_pmu(const struct probe_spec *spec, bool kernel)
{
	struct perf_event_attr attr = { 0 };
	char path[128], sym[512];
	int type, err;

	snprintf(path, sizeof(path), "/sys/bus/event_source/devices/%s/type", pmu_name(kernel));
	err = read_int(path, &type);
	if (err)
		return err;
	attr.type = type;
	if (spec->retprobe)
		attr.config |= 1ULL << retprobe_bit(kernel);
	if (kernel) {
		if (spec->module)
			snprintf(sym, sizeof(sym), "%s:%s", spec->module, spec->point->func);
		else
			snprintf(sym, sizeof(sym), "%s", spec->point->func);
		attr.config1 = (uintptr_t)sym;
		attr.config2 = spec->offset;
	} else {
		attr.config1 = (uintptr_t)spec->path;
		attr.config2 = spec->point->file_off;
	}
	return perf_open(&attr);
}

/* "EVENT[_N]__PID", within the 64 bytes tracefs allows, other bytes than [A-Za-z0-9_] as '_'. */
static void event_name(const struct probe_spec *spec, int retry, char *buf, size_t size)
{
	char tail[48];
	size_t room;

	snprintf(tail, sizeof(tail), "__%d", (int)getpid());
	if (spec->index && retry)
		snprintf(tail, sizeof(tail), "_%d_x%d__%d", spec->index, retry + 1, (int)getpid());
	else if (spec->index)
		snprintf(tail, sizeof(tail), "_%d__%d", spec->index, (int)getpid());
	else if (retry)
		snprintf(tail, sizeof(tail), "_x%d__%d", retry + 1, (int)getpid());
	room = size - strlen(tail) - 1;
	snprintf(buf, size, "%.*s%s", (int)room,
		 spec->event && *spec->event ? spec->event : "probe", tail);
	for (char *c = buf; *c; c++)
		if (!(*c == '_' || (*c >= '0' && *c <= '9') || (*c >= 'a' && *c <= 'z') ||
		      (*c >= 'A' && *c <= 'Z')))
			*c = '_';
	if (buf[0] >= '0' && buf[0] <= '9')
		buf[0] = '_';
}

int probe__owner(const char *event)
{
	const char *p = strrchr(event, '_');
	char *end;
	long pid;

	if (!p || p == event || p[-1] != '_' || !p[1])
		return -1;
	pid = strtol(p + 1, &end, 10);
	return *end || pid <= 0 || pid > INT32_MAX ? -1 : (int)pid;
}

static struct tracefs_dynevent *alloc_dynevent(const struct probe_spec *spec, const char *name)
{
	char addr[512];

	if (spec->path) {
		if (spec->retprobe)
			return tracefs_uretprobe_alloc(PROBE_GROUP, name, spec->path,
						       spec->point->file_off, NULL);
		return tracefs_uprobe_alloc(PROBE_GROUP, name, spec->path, spec->point->file_off,
					    NULL);
	}
	snprintf(addr, sizeof(addr), "%s%s%s", spec->module ? spec->module : "",
		 spec->module ? ":" : "", spec->point->func);
	if (spec->offset)
		snprintf(addr + strlen(addr), sizeof(addr) - strlen(addr), "+%lu", spec->offset);
	if (spec->retprobe)
		return tracefs_kretprobe_alloc(PROBE_GROUP, name, addr, NULL, 0);
	return tracefs_kprobe_alloc(PROBE_GROUP, name, addr, NULL);
}

static int event_id(const char *name, int *id)
{
	const char *dir = tracefs_tracing_dir();
	char path[512];

	if (!dir)
		return -ENOENT;
	snprintf(path, sizeof(path), "%s/events/%s/%s/id", dir, PROBE_GROUP, name);
	return read_int(path, id);
}

/* Create the tracefs event of @spec; a name already taken gets an "_xN" before the pid. */
static int create_tracefs(const struct probe_spec *spec, struct probe_event *ev)
{
	char name[64];
	int err = -EEXIST;

	for (int retry = 0; retry < 8 && err == -EEXIST; retry++) {
		event_name(spec, retry, name, sizeof(name));
		ev->dyn = alloc_dynevent(spec, name);
		if (!ev->dyn)
			return errno ? -errno : -ENOMEM;
		err = tracefs_dynevent_create(ev->dyn) ? (errno ? -errno : -EINVAL) : 0;
		if (err) {
			tracefs_dynevent_free(ev->dyn);
			ev->dyn = NULL;
		}
	}
	if (err)
		return err;
	ev->name = strdup(name);
	if (!ev->name)
		return -ENOMEM;
	pr_debug("probe: created tracefs event %s/%s", PROBE_GROUP, name);
	return 0;
}

static int open_tracefs(const struct probe_spec *spec, struct probe_event *ev)
{
	struct perf_event_attr attr = { .type = PERF_TYPE_TRACEPOINT };
	int id, err;

	err = create_tracefs(spec, ev);
	if (err)
		return err;
	err = event_id(ev->name, &id);
	if (err)
		return err;
	attr.config = id;
	return perf_open(&attr);
}

/* Is @pid a running perf-bpf (the owner of live events)? */
static bool owner_alive(int pid)
{
	char path[64], comm[32] = "";
	FILE *f;

	if (pid == getpid())
		return true;
	if (kill(pid, 0) && errno == ESRCH)
		return false;
	snprintf(path, sizeof(path), "/proc/%d/comm", pid);
	f = fopen(path, "re");
	if (!f)
		return false;
	if (!fgets(comm, sizeof(comm), f))
		comm[0] = 0;
	fclose(f);
	return !strncmp(comm, "perf-bpf", 8);
}

/* Remove the tracefs probes of PROBE_GROUP whose owner process is gone; returns how many. */
static int probe__remove_stale(void)
{
	unsigned int types = TRACEFS_DYNEVENT_KPROBE | TRACEFS_DYNEVENT_KRETPROBE |
			     TRACEFS_DYNEVENT_UPROBE | TRACEFS_DYNEVENT_URETPROBE;
	struct tracefs_dynevent **all = tracefs_dynevent_get_all(types, PROBE_GROUP);
	int removed = 0;

	for (int i = 0; all && all[i]; i++) {
		char *event = NULL;
		int pid;

		tracefs_dynevent_info(all[i], NULL, &event, NULL, NULL, NULL);
		pid = event ? probe__owner(event) : -1;
		if (pid > 0 && !owner_alive(pid)) {
			if (tracefs_dynevent_destroy(all[i], false))
				pr_warn("cannot remove stale probe event '%s/%s': %s", PROBE_GROUP,
					event, strerror(errno));
			else
				removed++;
		}
		free(event);
	}
	tracefs_dynevent_list_free(all);
	if (removed)
		pr_debug("probe: removed %d probe event(s) left by processes that are gone",
			 removed);
	return removed;
}

int probe__open(const struct probe_spec *spec, struct probe_event *ev)
{
	bool kernel = !spec->path;
	enum probe_mode mode = spec->mode;
	int fd;

	static bool swept;

	memset(ev, 0, sizeof(*ev));
	ev->fd = -1;
	/* whatever path this run takes, events a killed run left behind go now */
	if (!swept) {
		swept = true;
		probe__remove_stale();
	}
	/*
	 * tracefs first, as perf: its event is shared by every CPU, so it can be sampled per CPU
	 * with the program run once per hit; a PMU probe is private to its one perf event.
	 */
	if (mode == PROBE_MODE_AUTO || mode == PROBE_MODE_FENTRY)
		mode = probe__has_tracefs(kernel) ? PROBE_MODE_TRACEFS : PROBE_MODE_PMU;
	if (mode == PROBE_MODE_PMU)
		fd = open_pmu(spec, kernel);
	else
		fd = open_tracefs(spec, ev);
	if (fd < 0) {
		probe__close(ev);
		return fd;
	}
	ev->fd = fd;
	return 0;
}

int probe__set_prog(struct probe_event *ev, int prog_fd)
{
	/* EEXIST: a sampled event of the same tracefs probe put it in the probe's array first */
	if (ioctl(ev->fd, PERF_EVENT_IOC_SET_BPF, prog_fd) < 0 && errno != EEXIST)
		return -errno;
	if (ioctl(ev->fd, PERF_EVENT_IOC_ENABLE, 0) < 0)
		return -errno;
	return 0;
}

void probe__close(struct probe_event *ev)
{
	if (!ev)
		return;
	if (ev->fd > 0)
		close(ev->fd);
	ev->fd = -1;
	if (ev->dyn) {
		if (tracefs_dynevent_destroy(ev->dyn, false))
			pr_warn("cannot remove probe event '%s/%s': %s", PROBE_GROUP, ev->name,
				strerror(errno));
		tracefs_dynevent_free(ev->dyn);
		ev->dyn = NULL;
	}
	free(ev->name);
	ev->name = NULL;
}

int probe__display_name(const char *event, char *buf, size_t size)
{
	size_t len = strlen(event);

	if (probe__owner(event) > 0)
		len = strrchr(event, '_') - 1 - event; /* "NAME__PID": the "__PID" goes */
	return snprintf(buf, size, "%s:%.*s", PROBE_GROUP, (int)len, event);
}
