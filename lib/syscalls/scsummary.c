// SPDX-License-Identifier: GPL-2.0
/*
 * The system-call summary: counts by (group, call), the group a thread, a process, a
 * command name, a cgroup or everything (--summary-mode), printed as perf trace's tables
 * or, for everything, as strace -c's (sccolumns.h lays out both).
 * Counts are folded into their group as they come: a run of many threads keeps one entry
 * per call and group, not per thread, but in thread mode.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "util/cgroups.h"
#include "util/container.h"
#include "util/jsonw.h"
#include "syscalls/sccolumns.h"
#include "syscalls/sctable.h"
#include "syscalls/sysconst.h"
#include "syscalls/sysrec.h"
#include "syscalls/scsummary.h"

/*
 * What a table is of: the fields of the mode, the others 0. Thread mode: tid 0 of a pid is
 * the threads of that process that ended once there were too many rows (folded).
 */
struct group {
	uint32_t pid, tid;
	uint64_t cgroup;
	char comm[16]; /* comm mode only: in the others, the name is the count's */
};

struct key {
	struct group g;
	uint32_t nr;
};

struct entry {
	bool used;
	struct key key;
	struct sysrec_count c;
	struct sysrec_errnos *errnos; /* NULL until an error is counted, with opts.errnos */
};

struct scsummary {
	struct scsummary_opts o;
	struct entry *slots; /* open addressing by key, a power of two */
	size_t nr_slots, used;
	struct cgroups *cgroups; /* cgroup mode: the names, read when printing */
};

static uint64_t hash_key(const struct key *k)
{
	uint64_t h = ((uint64_t)k->g.tid << 32 | k->nr) * 0x9e3779b97f4a7c15ull;

	h ^= (k->g.pid + k->g.cgroup) * 0xc2b2ae3d27d4eb4full;
	for (size_t i = 0; i < sizeof(k->g.comm) && k->g.comm[i]; i++)
		h = (h ^ (unsigned char)k->g.comm[i]) * 0x100000001b3ull;
	return h;
}

static size_t slot_of(const struct scsummary *s, const struct key *k)
{
	return (size_t)(hash_key(k) >> 32) & (s->nr_slots - 1);
}

static bool same_key(const struct key *a, const struct key *b)
{
	return a->nr == b->nr && a->g.pid == b->g.pid && a->g.tid == b->g.tid &&
	       a->g.cgroup == b->g.cgroup && !strncmp(a->g.comm, b->g.comm, sizeof(a->g.comm));
}

static int grow(struct scsummary *s)
{
	struct entry *old = s->slots;
	size_t n = s->nr_slots;

	s->slots = calloc(n * 2, sizeof(*s->slots));
	if (!s->slots) {
		s->slots = old;
		return -ENOMEM;
	}
	s->nr_slots = n * 2;
	for (size_t j = 0; j < n; j++) {
		size_t i;

		if (!old[j].used)
			continue;
		for (i = slot_of(s, &old[j].key); s->slots[i].used; i = (i + 1) & (s->nr_slots - 1))
			;
		s->slots[i] = old[j];
	}
	free(old);
	return 0;
}

static struct entry *lookup(struct scsummary *s, const struct key *k)
{
	size_t i;

	if ((s->used + 1) * 2 > s->nr_slots && grow(s))
		return NULL;
	for (i = slot_of(s, k); s->slots[i].used; i = (i + 1) & (s->nr_slots - 1))
		if (same_key(&s->slots[i].key, k))
			return &s->slots[i];
	s->used++;
	s->slots[i].used = true;
	s->slots[i].key = *k;
	s->slots[i].c.min_ns = UINT64_MAX;
	return &s->slots[i];
}

/* The key of a count of call nr by thread tid of process pid, named comm, in cgroup. */
static struct key key_of(const struct scsummary *s, uint32_t pid, uint32_t tid, const char *comm,
			 uint64_t cgroup, uint32_t nr)
{
	struct key k = { .nr = nr };

	switch (s->o.mode) {
	case SCSUMMARY_THREAD:
		k.g.pid = pid;
		k.g.tid = tid;
		break;
	case SCSUMMARY_PROCESS:
		k.g.pid = pid;
		break;
	case SCSUMMARY_COMM:
		if (comm && (pid || tid)) /* the spill's counts are of no thread, no name */
			strncpy(k.g.comm, comm, sizeof(k.g.comm) - 1);
		break;
	case SCSUMMARY_CGROUP:
		k.g.cgroup = cgroup;
		break;
	case SCSUMMARY_TOTAL:
		break;
	}
	return k;
}

struct scsummary *scsummary__new(const struct scsummary_opts *o)
{
	struct scsummary *s = calloc(1, sizeof(*s));

	if (!s)
		return NULL;
	s->o = *o;
	s->nr_slots = 256;
	s->slots = calloc(s->nr_slots, sizeof(*s->slots));
	if (!s->slots) {
		free(s);
		return NULL;
	}
	return s;
}

void scsummary__free(struct scsummary *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->nr_slots; i++)
		free(s->slots[i].errnos);
	free(s->slots);
	cgroups__free(s->cgroups);
	free(s);
}

/* The entry's errnos, made at its first error; NULL: not asked for, or no memory. */
static struct sysrec_errnos *errnos_of(struct scsummary *s, struct entry *e)
{
	if (s->o.errnos && !e->errnos)
		e->errnos = calloc(1, sizeof(*e->errnos));
	return e->errnos;
}

/* The name a group shows: a process's is its main thread's, else the first one's. */
static void name_entry(struct entry *e, uint32_t pid, uint32_t tid, const char *comm, bool latest)
{
	if (!comm || !comm[0])
		return;
	if (latest || !e->c.comm[0] || (tid == pid && e->key.g.tid != pid))
		snprintf(e->c.comm, sizeof(e->c.comm), "%s", comm);
}

/* Thread mode, too many rows: an ended thread's count goes to its process's folded table. */
static bool fold_ended(const struct scsummary *s, const struct sysrec_count *c)
{
	size_t max = s->o.max_thread_rows ?: SCSUMMARY_THREAD_ROWS;

	return s->o.mode == SCSUMMARY_THREAD && (c->flags & SYSREC_COUNT_F_ENDED) && c->pid &&
	       s->used >= max;
}

int scsummary__add(struct scsummary *s, const struct sysrec_count_key *key,
		   const struct sysrec_count *c, const struct sysrec_errnos *errnos)
{
	struct key k = key_of(s, c->pid, key->tid, c->comm, c->cgroup, key->nr);
	struct entry *e;
	struct sysrec_errnos *n;

	if (fold_ended(s, c))
		k.g.tid = 0;
	e = lookup(s, &k);
	if (!e)
		return -ENOMEM;
	sysrec__count_add(&e->c, c);
	name_entry(e, c->pid, key->tid, c->comm, false);
	if (!e->c.pid)
		e->c.pid = c->pid;
	e->c.cgroup = c->cgroup;
	if (errnos && c->errors) {
		n = errnos_of(s, e);
		if (!n && s->o.errnos)
			return -ENOMEM;
		if (n)
			sysrec__errnos_add(n, errnos);
	}
	return 0;
}

int scsummary__call(struct scsummary *s, const struct scsummary_call *call)
{
	struct key k = key_of(s, call->pid, call->tid, call->comm, call->cgroup, call->nr);
	struct entry *e = lookup(s, &k);
	struct sysrec_count *c;
	struct sysrec_errnos *n;
	uint64_t ns = call->ns;

	if (!e)
		return -ENOMEM;
	c = &e->c;
	c->pid = call->pid;
	c->cgroup = call->cgroup;
	/* the latest: a thread is known by the name it has after its exec */
	name_entry(e, call->pid, call->tid, call->comm, s->o.mode == SCSUMMARY_THREAD);
	sysrec_count_call(c, ns);
	if (call->ret >= 0 || call->ret < -4095)
		return 0;
	c->errors++;
	n = errnos_of(s, e);
	if (!n && s->o.errnos)
		return -ENOMEM;
	if (n)
		n->n[sysrec_errno_slot((uint32_t)-call->ret)]++;
	return 0;
}

void scsummary__set_comm(struct scsummary *s, uint32_t tid, uint32_t pid, const char *comm)
{
	if (s->o.mode != SCSUMMARY_THREAD)
		return; /* the others name their groups as counts come */
	for (size_t i = 0; i < s->nr_slots; i++) {
		struct entry *e = &s->slots[i];

		if (!e->used || e->key.g.tid != tid)
			continue;
		e->c.pid = pid;
		if (comm)
			snprintf(e->c.comm, sizeof(e->c.comm), "%s", comm);
	}
}

/* ---- printing ---- */

static int cmp_group(const struct group *a, const struct group *b)
{
	if (a->tid != b->tid)
		return a->tid < b->tid ? -1 : 1;
	if (a->pid != b->pid)
		return a->pid < b->pid ? -1 : 1;
	if (a->cgroup != b->cgroup)
		return a->cgroup < b->cgroup ? -1 : 1;
	return strncmp(a->comm, b->comm, sizeof(a->comm));
}

static const char *call_name(struct sctable *t, uint32_t nr, char *buf, size_t size)
{
	const char *name = t ? sctable__name(t, (int)nr) : NULL;

	if (name)
		return name;
	snprintf(buf, size, "syscall_%u", nr);
	return buf;
}

/* A call's row, named in buf when the table has no name for it. */
static struct sccolumns_row row_of(const struct entry *e, struct sctable *t, uint64_t table_ns,
				   char *buf, size_t size)
{
	return (struct sccolumns_row){ .name = call_name(t, e->key.nr, buf, size),
				       .c = &e->c,
				       .table_ns = table_ns };
}

struct order {
	struct sctable *table;
	unsigned int by; /* enum sccolumns_id or SCCOL_BY_NUMBER */
};

/* Groups in order of their id (threads by tid), a group's calls as --summary-sort-by says. */
static int by_group_then_column(const void *a, const void *b, void *arg)
{
	const struct entry *x = *(struct entry *const *)a, *y = *(struct entry *const *)b;
	const struct order *o = arg;
	char bx[32], by[32];
	struct sccolumns_row rx = row_of(x, o->table, 0, bx, sizeof(bx));
	struct sccolumns_row ry = row_of(y, o->table, 0, by, sizeof(by));
	int cmp = cmp_group(&x->key.g, &y->key.g);

	if (cmp)
		return cmp;
	cmp = sccolumns__compare(o->by, &rx, &ry);
	if (cmp)
		return cmp;
	return x->key.nr < y->key.nr ? -1 : x->key.nr > y->key.nr;
}

/* The counts of no thread: the kernel's map had no room for their (thread, call) pair. */
static bool of_no_thread(const struct scsummary *s, const struct entry *e)
{
	switch (s->o.mode) {
	case SCSUMMARY_THREAD:
	case SCSUMMARY_PROCESS:
		return !e->key.g.pid && !e->key.g.tid;
	case SCSUMMARY_COMM:
		return !e->key.g.comm[0];
	default:
		return false;
	}
}

static const char *cgroup_path(struct scsummary *s, uint64_t id)
{
	if (!s->cgroups && id)
		s->cgroups = cgroups__new();
	return s->cgroups ? cgroups__path(s->cgroups, id) : NULL;
}

/*
 * Each errno n counted, by number (the kernel's own codes after the others): its name (NULL
 * when the table has none) and err (0: the slot of any other errno).
 */
static void each_errno(const struct sysrec_errnos *n,
		       void (*fn)(void *ctx, uint32_t err, const char *name, uint64_t count),
		       void *ctx)
{
	for (uint32_t i = 1; n && i <= SYSREC_ERRNO_SLOTS; i++) {
		uint32_t slot = i % SYSREC_ERRNO_SLOTS, err = sysrec_slot_errno(slot);

		if (n->n[slot])
			fn(ctx, err, err ? sysconst__name(&sysconst_errno, err) : NULL, n->n[slot]);
	}
}

static void json_errno(void *ctx, uint32_t err, const char *name, uint64_t count)
{
	char buf[16];

	if (!name)
		snprintf(buf, sizeof(buf), err ? "E%u" : "other", err);
	jsonw__kv_u64(ctx, name ? name : buf, count);
}

static void json_errnos(struct jsonw *w, const struct sysrec_errnos *n)
{
	jsonw__name(w, "errnos");
	jsonw__start_object(w);
	each_errno(n, json_errno, w);
	jsonw__end_object(w);
}

static void json_group(struct scsummary *s, const struct entry *e)
{
	struct jsonw *w = s->o.json;
	const struct sysrec_count *c = &e->c;
	struct container ct;
	const char *path;

	if (of_no_thread(s, e)) {
		jsonw__kv_bool(w, "other_threads", true);
		return;
	}
	switch (s->o.mode) {
	case SCSUMMARY_THREAD:
	case SCSUMMARY_PROCESS:
		jsonw__kv_u64(w, "pid", c->pid);
		if (s->o.mode == SCSUMMARY_THREAD && e->key.g.tid)
			jsonw__kv_u64(w, "tid", e->key.g.tid);
		else if (s->o.mode == SCSUMMARY_THREAD)
			jsonw__kv_bool(w, "ended_threads", true);
		if (c->comm[0])
			jsonw__kv_str(w, "comm", c->comm);
		break;
	case SCSUMMARY_COMM:
		jsonw__kv_str(w, "comm", e->key.g.comm);
		break;
	case SCSUMMARY_CGROUP:
		jsonw__kv_u64(w, "cgroup_id", e->key.g.cgroup);
		path = cgroup_path(s, e->key.g.cgroup);
		if (path)
			jsonw__kv_str(w, "cgroup", path);
		if (path && !container__of_cgroup(path, &ct)) {
			jsonw__kv_str(w, "container_runtime", ct.runtime);
			jsonw__kv_str(w, "container_id", ct.id);
		}
		break;
	case SCSUMMARY_TOTAL:
		break;
	}
}

static void json_row(struct scsummary *s, const struct sccolumns_row *r, const struct entry *e)
{
	struct jsonw *w = s->o.json;

	jsonw__start_object(w);
	jsonw__kv_str(w, "type", "syscall_summary");
	json_group(s, e);
	sccolumns__json(w, r);
	if (s->o.errnos)
		json_errnos(w, e->errnos);
	jsonw__end_object(w);
}

/*
 * --errno-summary: under a call's row, a line per errno it failed with, as perf trace
 * prints them, in the order of their numbers (the kernel's own codes after the others).
 */
static void errno_line(void *ctx, uint32_t err, const char *name, uint64_t count)
{
	if (name)
		fprintf(ctx, "\t\t\t\t%s: %llu\n", name, (unsigned long long)count);
	else if (err)
		fprintf(ctx, "\t\t\t\terrno %u: %llu\n", err, (unsigned long long)count);
	else
		fprintf(ctx, "\t\t\t\tother errno: %llu\n", (unsigned long long)count);
}

static void errno_lines(FILE *f, const struct sysrec_errnos *n)
{
	each_errno(n, errno_line, f);
}

/* A group's title line, before its table. */
static void group_title(struct scsummary *s, const struct entry *e, uint64_t calls, uint64_t all)
{
	FILE *f = s->o.out;
	double pc = all ? 100.0 * calls / all : 0.0;
	struct container ct;
	const char *path;

	fputc('\n', f);
	if (of_no_thread(s, e)) {
		fprintf(f, " other threads (the counting map was full)");
	} else if (s->o.mode == SCSUMMARY_COMM) {
		fprintf(f, " %s", e->key.g.comm);
	} else if (s->o.mode == SCSUMMARY_CGROUP) {
		path = cgroup_path(s, e->key.g.cgroup);
		if (path)
			fprintf(f, " cgroup %s", path);
		else if (e->key.g.cgroup)
			fprintf(f, " cgroup %llu (gone)", (unsigned long long)e->key.g.cgroup);
		else
			fprintf(f,
				" cgroup unknown (not recorded: record --all-cgroups records it)");
		if (path && !container__of_cgroup(path, &ct))
			fprintf(f, " (%s %.12s)", ct.runtime, ct.id);
	} else if (s->o.mode == SCSUMMARY_THREAD && !e->key.g.tid) {
		fprintf(f, " %s (%u), its threads that ended past %zu tables, folded",
			e->c.comm[0] ? e->c.comm : ":", e->key.g.pid,
			s->o.max_thread_rows ?: SCSUMMARY_THREAD_ROWS);
	} else {
		fprintf(f, " %s (%u)", e->c.comm[0] ? e->c.comm : ":",
			s->o.mode == SCSUMMARY_PROCESS ? e->key.g.pid : e->key.g.tid);
	}
	fprintf(f, ", %llu calls, %.1f%%\n", (unsigned long long)calls, pc);
}

/* The calls and time of the group of list[from], whose calls follow it in list. */
static void group_sum(struct entry **list, size_t from, size_t n, uint64_t *calls, uint64_t *ns)
{
	*calls = *ns = 0;
	for (size_t i = from; i < n && !cmp_group(&list[i]->key.g, &list[from]->key.g); i++) {
		*calls += list[i]->c.calls;
		*ns += list[i]->c.total_ns;
	}
}

/* perf trace's: a table per group, headed by its name, calls and share of them. */
static void print_perf(struct scsummary *s, struct sctable *table, struct entry **list, size_t n,
		       uint64_t all)
{
	struct sccolumns cols;
	uint64_t calls = 0, ns = 0;
	FILE *f = s->o.out;
	char buf[32];

	sccolumns__init(&cols, SCCOLUMNS_PERF, &s->o.columns);
	for (size_t i = 0; i < n; i++) {
		struct sccolumns_row r = row_of(list[i], table, 0, buf, sizeof(buf));

		sccolumns__fit(&cols, &r);
	}
	fprintf(f, "\n Summary of events:\n");
	for (size_t i = 0; i < n; i++) {
		const struct entry *e = list[i];
		struct sccolumns_row r;

		if (i == 0 || cmp_group(&e->key.g, &list[i - 1]->key.g)) {
			group_sum(list, i, n, &calls, &ns);
			group_title(s, e, calls, all);
			fputc('\n', f);
			sccolumns__head(&cols, f);
		}
		r = row_of(e, table, ns, buf, sizeof(buf));
		sccolumns__row(&cols, f, &r);
		if (s->o.errnos)
			errno_lines(f, e->errnos);
	}
	fputc('\n', f);
}

/* strace -c's: one table, a rule and the total row under it. */
static void print_strace(struct scsummary *s, struct sctable *table, struct entry **list, size_t n)
{
	struct sysrec_count sum = { .min_ns = UINT64_MAX };
	struct sccolumns_row total = { .name = "total", .c = &sum };
	struct sccolumns cols;
	FILE *f = s->o.out;
	char buf[32];

	for (size_t i = 0; i < n; i++)
		sysrec__count_add(&sum, &list[i]->c);
	total.table_ns = sum.total_ns;
	sccolumns__init(&cols, SCCOLUMNS_STRACE, &s->o.columns);
	sccolumns__fit(&cols, &total);
	for (size_t i = 0; i < n; i++) {
		struct sccolumns_row r = row_of(list[i], table, sum.total_ns, buf, sizeof(buf));

		sccolumns__fit(&cols, &r);
	}
	sccolumns__head(&cols, f);
	for (size_t i = 0; i < n; i++) {
		struct sccolumns_row r = row_of(list[i], table, sum.total_ns, buf, sizeof(buf));

		sccolumns__row(&cols, f, &r);
		if (s->o.errnos)
			errno_lines(f, list[i]->errnos);
	}
	sccolumns__rule(&cols, f);
	sccolumns__row(&cols, f, &total);
}

int scsummary__print(struct scsummary *s, struct sctable *table)
{
	struct order order = { .table = table, .by = s->o.columns.sort_by };
	struct entry **list;
	uint64_t all = 0;
	size_t n = 0;
	char buf[32];

	list = calloc(s->used ?: 1, sizeof(*list));
	if (!list)
		return -ENOMEM;
	for (size_t i = 0; i < s->nr_slots; i++)
		if (s->slots[i].used && s->slots[i].c.calls) {
			list[n++] = &s->slots[i];
			all += s->slots[i].c.calls;
		}
	qsort_r(list, n, sizeof(*list), by_group_then_column, &order);
	if (s->o.json) {
		for (size_t i = 0; i < n; i++) {
			struct sccolumns_row r = row_of(list[i], table, 0, buf, sizeof(buf));

			json_row(s, &r, list[i]);
		}
	} else if (s->o.mode == SCSUMMARY_TOTAL) {
		print_strace(s, table, list, n);
	} else {
		print_perf(s, table, list, n, all);
	}
	free(list);
	return ferror(s->o.out) ? -EIO : 0;
}
