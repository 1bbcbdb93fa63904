// SPDX-License-Identifier: GPL-2.0
/*
 * Address spaces: an open-addressing table of processes, each with its maps (umaps.h);
 * a sorted array of BPF program symbols. User symbols come from dso.c, kernel ones
 * from ksyms.c.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/perf_event.h>

#include "resolve/ksyms.h"
#include "resolve/dso.h"
#include "resolve/symbols.h"
#include "resolve/umaps.h"

#define KERNEL_DSO "[kernel.kallsyms]"

struct proc {
	uint32_t pid;
	bool used;
	bool proc_read; /* live: /proc/PID/maps was read */
	struct umaps maps;
};

struct bpf_sym {
	uint64_t addr, end;
	char *name;
};

/*
 * A build id the file lists for a path (its build-id header section), its path in the
 * table's pool: one allocation for all the names, which come in the order they were added.
 */
struct path_bid {
	uint32_t path; /* offset in pool */
	uint8_t size;
	unsigned char id[RECORD_BUILD_ID_MAX];
};

/* What the table may take, names and entries: a file may list any number of them. */
#define BIDS_BUDGET (16u << 20)

struct symbols {
	struct path_bid *bids;
	size_t nr_bids, cap_bids;
	char *pool;
	size_t pool_len, pool_cap;
	bool bids_sorted; /* by path (cmp_bid), for bid_of */
	struct proc *procs;
	size_t nr_procs, cap_procs; /* cap: a power of two */
	struct bpf_sym *bpf;
	size_t nr_bpf, cap_bpf;
	struct ksyms *ks;
	struct dsos *dsos;
	bool live; /* processes without map records: read /proc/PID/maps */
};

struct symbols *symbols__new(void)
{
	struct symbols *sy = calloc(1, sizeof(*sy));

	if (!sy)
		return NULL;
	sy->dsos = dsos__new(0);
	if (!sy->dsos) {
		free(sy);
		return NULL;
	}
	return sy;
}

void symbols__free(struct symbols *sy)
{
	if (!sy)
		return;
	for (size_t i = 0; i < sy->cap_procs; i++)
		umaps__clear(&sy->procs[i].maps);
	free(sy->procs);
	for (size_t i = 0; i < sy->nr_bpf; i++)
		free(sy->bpf[i].name);
	free(sy->bids);
	free(sy->pool);
	free(sy->bpf);
	dsos__free(sy->dsos);
	free(sy);
}

void symbols__set_ksyms(struct symbols *sy, struct ksyms *ks)
{
	if (sy)
		sy->ks = ks;
}

/* Room for one more entry and a name of n bytes: 0, -ENOSPC past the budget, -ENOMEM. */
static int bids_room(struct symbols *sy, size_t n)
{
	size_t cap, pcap;
	void *p;

	if ((sy->nr_bids + 1) * sizeof(*sy->bids) + sy->pool_len + n > BIDS_BUDGET)
		return -ENOSPC;
	if (sy->nr_bids == sy->cap_bids) {
		cap = sy->cap_bids ? sy->cap_bids * 2 : 64;
		p = realloc(sy->bids, cap * sizeof(*sy->bids));
		if (!p)
			return -ENOMEM;
		sy->bids = p;
		sy->cap_bids = cap;
	}
	if (sy->pool_len + n > sy->pool_cap) {
		for (pcap = sy->pool_cap ? sy->pool_cap : 4096; pcap < sy->pool_len + n;)
			pcap *= 2;
		p = realloc(sy->pool, pcap);
		if (!p)
			return -ENOMEM;
		sy->pool = p;
		sy->pool_cap = pcap;
	}
	return 0;
}

int symbols__add_build_id(struct symbols *sy, const char *path, const unsigned char *id,
			  size_t size)
{
	struct path_bid *b;
	size_t n;
	int err;

	if (!sy || !path || !size || size > RECORD_BUILD_ID_MAX)
		return 0;
	n = strlen(path) + 1;
	err = bids_room(sy, n);
	if (err)
		return err;
	b = &sy->bids[sy->nr_bids++];
	b->path = (uint32_t)sy->pool_len;
	memcpy(sy->pool + sy->pool_len, path, n);
	sy->pool_len += n;
	b->size = (uint8_t)size;
	memcpy(b->id, id, size);
	sy->bids_sorted = false;
	return 0;
}

/* By path, then in the order they were added (their names' place in the pool). */
static int cmp_bid(const void *x, const void *y, void *pool)
{
	const struct path_bid *a = x, *b = y;
	int c = strcmp((char *)pool + a->path, (char *)pool + b->path);

	return c ? c : (a->path > b->path) - (a->path < b->path);
}

/* The first entry of path (the first of a path is the one used). */
static const struct path_bid *bid_of(struct symbols *sy, const char *path)
{
	size_t lo = 0, hi = sy->nr_bids;

	if (!sy->bids_sorted) { /* once: the table comes before the maps that name it */
		if (sy->nr_bids)
			qsort_r(sy->bids, sy->nr_bids, sizeof(*sy->bids), cmp_bid, sy->pool);
		sy->bids_sorted = true;
	}
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (strcmp(sy->pool + sy->bids[mid].path, path) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < sy->nr_bids && !strcmp(sy->pool + sy->bids[lo].path, path) ? &sy->bids[lo] :
										 NULL;
}

void symbols__set_live(struct symbols *sy, bool live)
{
	if (sy)
		sy->live = live;
}

struct dsos *symbols__dsos(struct symbols *sy)
{
	return sy ? sy->dsos : NULL;
}

void symbols__trim(struct symbols *sy)
{
	if (sy)
		dsos__trim(sy->dsos);
}

/* ---- processes ---- */

static size_t pid_slot(uint32_t pid, size_t cap)
{
	return (pid * 2654435761u) & (cap - 1);
}

static struct proc *proc_find(const struct symbols *sy, uint32_t pid)
{
	if (!sy->cap_procs)
		return NULL;
	for (size_t i = pid_slot(pid, sy->cap_procs);; i = (i + 1) & (sy->cap_procs - 1)) {
		struct proc *p = &sy->procs[i];

		if (!p->used)
			return NULL;
		if (p->pid == pid)
			return p;
	}
}

static int procs_grow(struct symbols *sy)
{
	size_t cap = sy->cap_procs ? sy->cap_procs * 2 : 64;
	struct proc *old = sy->procs, *n = calloc(cap, sizeof(*n));

	if (!n)
		return -ENOMEM;
	for (size_t i = 0; i < sy->cap_procs; i++) {
		size_t j;

		if (!old[i].used)
			continue;
		for (j = pid_slot(old[i].pid, cap); n[j].used; j = (j + 1) & (cap - 1))
			;
		n[j] = old[i];
	}
	free(old);
	sy->procs = n;
	sy->cap_procs = cap;
	return 0;
}

static struct proc *proc_get(struct symbols *sy, uint32_t pid)
{
	struct proc *p = proc_find(sy, pid);
	size_t i;

	if (p)
		return p;
	if ((sy->nr_procs + 1) * 2 > sy->cap_procs && procs_grow(sy))
		return NULL;
	for (i = pid_slot(pid, sy->cap_procs); sy->procs[i].used; i = (i + 1) & (sy->cap_procs - 1))
		;
	p = &sy->procs[i];
	p->used = true;
	p->pid = pid;
	sy->nr_procs++;
	return p;
}

static bool is_anon(const char *f)
{
	return !strcmp(f, "//anon") || !strncmp(f, "/dev/zero", 9) ||
	       !strncmp(f, "/anon_hugepage", 14);
}

static bool is_no_dso(const char *f)
{
	return !strncmp(f, "[stack", 6) || !strncmp(f, "/SYSV", 5) || !strcmp(f, "[heap]");
}

static int on_mmap(struct symbols *sy, const struct record *rec)
{
	const char *file = rec->mmap.filename;
	char anon_name[32];
	struct umap m = {
		.start = rec->mmap.start,
		.end = rec->mmap.start + rec->mmap.len,
		.pgoff = rec->mmap.pgoff,
	};
	struct proc *p;

	if (rec->mmap.cpumode != PERF_RECORD_MISC_USER || !rec->mmap.len || m.end < m.start ||
	    (rec->misc & PERF_RECORD_MISC_MMAP_DATA))
		return 0;
	if (is_anon(file)) {
		/* perf looks for a JIT's symbols there, and names the map after it */
		snprintf(anon_name, sizeof(anon_name), "/tmp/perf-%u.map", rec->mmap.pid);
		file = anon_name;
		m.identity = true;
	} else if (is_no_dso(file)) {
		m.identity = true;
	}
	if (rec->mmap.build_id_size) {
		m.dso = dsos__get(sy->dsos, file, rec->mmap.build_id, rec->mmap.build_id_size);
	} else {
		const struct path_bid *b = bid_of(sy, file);

		m.dso = dsos__get(sy->dsos, file, b ? b->id : NULL, b ? b->size : 0);
	}
	p = proc_get(sy, rec->mmap.pid);
	if (!m.dso || !p)
		return -ENOMEM;
	return umaps__insert(&p->maps, &m);
}

/* A new process starts with a copy of its parent's maps. */
static int on_fork(struct symbols *sy, const struct record *rec)
{
	struct proc *parent, *child;

	if (rec->task.pid == rec->task.ppid)
		return 0; /* a thread: it shares its process's maps */
	parent = proc_find(sy, rec->task.ppid);
	child = proc_get(sy, rec->task.pid);
	if (!child)
		return -ENOMEM;
	parent = proc_find(sy, rec->task.ppid); /* proc_get may have moved it */
	if (!parent) {
		umaps__clear(&child->maps);
		return 0;
	}
	return umaps__copy(&child->maps, &parent->maps);
}

static size_t bpf_lower(const struct symbols *sy, uint64_t addr)
{
	size_t lo = 0, hi = sy->nr_bpf;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (sy->bpf[mid].addr < addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static const struct bpf_sym *bpf_find(const struct symbols *sy, uint64_t ip)
{
	size_t i = bpf_lower(sy, ip + 1); /* the first past ip: the one before may hold it */

	if (!i)
		return NULL;
	return ip < sy->bpf[i - 1].end ? &sy->bpf[i - 1] : NULL;
}

/*
 * As perf keeps them: a program whose address is inside one already known is added to
 * that one, which goes on naming the addresses (a stale entry whose unregistering the
 * file missed, for one); unregistering an address drops the program that holds it.
 */
static int on_ksymbol(struct symbols *sy, const struct record *rec)
{
	uint64_t addr = rec->ksymbol.addr;
	const struct bpf_sym *holder;
	size_t i;
	char *name;

	if (rec->ksymbol.ksym_type != PERF_RECORD_KSYMBOL_TYPE_BPF)
		return 0;
	holder = bpf_find(sy, addr);
	if (rec->ksymbol.flags & PERF_RECORD_KSYMBOL_FLAGS_UNREGISTER) {
		if (!holder)
			return 0;
		i = holder - sy->bpf;
		free(sy->bpf[i].name);
		memmove(&sy->bpf[i], &sy->bpf[i + 1], (sy->nr_bpf - i - 1) * sizeof(*sy->bpf));
		sy->nr_bpf--;
		return 1;
	}
	if (holder)
		return 0;
	name = strdup(rec->ksymbol.name);
	if (!name)
		return -ENOMEM;
	if (sy->nr_bpf == sy->cap_bpf) {
		size_t cap = sy->cap_bpf ? sy->cap_bpf * 2 : 16;
		struct bpf_sym *b = realloc(sy->bpf, cap * sizeof(*b));

		if (!b) {
			free(name);
			return -ENOMEM;
		}
		sy->bpf = b;
		sy->cap_bpf = cap;
	}
	i = bpf_lower(sy, addr);
	memmove(&sy->bpf[i + 1], &sy->bpf[i], (sy->nr_bpf - i) * sizeof(*sy->bpf));
	sy->nr_bpf++;
	sy->bpf[i] = (struct bpf_sym){ .addr = addr, .end = addr + rec->ksymbol.len, .name = name };
	return 1;
}

int symbols__record(struct symbols *sy, const struct record *rec)
{
	struct proc *p;

	if (!sy || !rec || !rec->decoded)
		return 0;
	switch (rec->type) {
	case PERF_RECORD_MMAP:
	case PERF_RECORD_MMAP2:
		return on_mmap(sy, rec);
	case PERF_RECORD_FORK:
		return on_fork(sy, rec);
	case PERF_RECORD_COMM:
		/* live: the maps read from /proc before an exec are the old program's */
		p = sy->live && rec->comm.exec ? proc_find(sy, rec->comm.pid) : NULL;
		if (p) {
			umaps__clear(&p->maps);
			p->proc_read = false;
		}
		return 0;
	case PERF_RECORD_KSYMBOL:
		return on_ksymbol(sy, rec);
	default:
		return 0;
	}
}

/*
 * Live: the executable maps of a running process that no record described, from
 * /proc/PID/maps, once per process (a process gone already stays unknown). A record
 * with no task (pid -1) has none to read.
 */
static struct proc *read_proc_maps(struct symbols *sy, uint32_t pid)
{
	char path[32], line[4096 + 128], file[4096];
	struct proc *p = proc_get(sy, pid);
	FILE *f;

	if (!p)
		return NULL;
	p->proc_read = true;
	snprintf(path, sizeof(path), "/proc/%u/maps", pid);
	f = fopen(path, "re");
	if (!f)
		return p;
	while (fgets(line, sizeof(line), f)) {
		unsigned long long start, end, pgoff;
		char perms[8];
		struct record r = { .type = PERF_RECORD_MMAP2, .decoded = true };

		file[0] = '\0';
		if (sscanf(line, "%llx-%llx %7s %llx %*s %*s %4095[^\n]", &start, &end, perms,
			   &pgoff, file) < 4 ||
		    perms[2] != 'x')
			continue;
		r.mmap.pid = r.mmap.tid = pid;
		r.mmap.start = start;
		r.mmap.len = end - start;
		r.mmap.pgoff = pgoff;
		r.mmap.filename = file[0] ? file : "//anon";
		r.mmap.cpumode = PERF_RECORD_MISC_USER;
		if (on_mmap(sy, &r))
			break;
	}
	fclose(f);
	return proc_find(sy, pid); /* on_mmap may have moved it */
}

/* ---- lookups ---- */

static void resolve_kernel(struct symbols *sy, uint64_t ip, struct sym_info *info)
{
	const struct bpf_sym *b = bpf_find(sy, ip);

	if (b) {
		info->name = b->name;
		info->off = ip - b->addr;
		info->dso = b->name;
		return;
	}
	info->name = ksyms__find(sy->ks, ip, &info->off);
	if (!info->name)
		return;
	info->module = ksyms__module(sy->ks, ip);
	if (info->module && !strcmp(info->module, "bpf")) {
		/* a running program (live): named as its KSYMBOL record would name it */
		info->module = NULL;
		info->dso = info->name;
	} else if (!info->module) {
		info->dso = KERNEL_DSO;
	}
}

void symbols__resolve(struct symbols *sy, uint32_t pid, uint8_t cpumode, uint64_t ip,
		      struct sym_info *info)
{
	const struct umap *m;
	struct proc *p;
	bool kernel;

	*info = (struct sym_info){ .addr = ip };
	if (!sy)
		return;
	if (cpumode == PERF_RECORD_MISC_KERNEL || cpumode == PERF_RECORD_MISC_GUEST_KERNEL)
		kernel = true;
	else if (cpumode == PERF_RECORD_MISC_USER || cpumode == PERF_RECORD_MISC_GUEST_USER)
		kernel = false;
	else
		kernel = (int64_t)ip < 0;
	if (kernel) {
		resolve_kernel(sy, ip, info);
		return;
	}
	p = proc_find(sy, pid);
	if (sy->live && pid != (uint32_t)-1 && (!p || (!p->maps.nr && !p->proc_read)))
		p = read_proc_maps(sy, pid);
	m = p ? umaps__find(&p->maps, ip) : NULL;
	if (!m)
		return;
	info->dso = dso__name(m->dso);
	if (m->identity)
		return;
	info->addr = ip - m->start + m->pgoff;
	info->name = dsos__find(sy->dsos, m->dso, info->addr, &info->off);
}
