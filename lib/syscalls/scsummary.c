// SPDX-License-Identifier: GPL-2.0
/* The system-call summary: counts by (thread, call), as perf trace's or strace -c's tables. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "util/jsonw.h"
#include "syscalls/sccolumns.h"
#include "syscalls/sctable.h"
#include "syscalls/sysrec.h"
#include "syscalls/scsummary.h"

struct entry {
	bool used;
	struct sysrec_count_key key;
	struct sysrec_count c;
};

struct scsummary {
	struct scsummary_opts o;
	struct entry *slots; /* open addressing by (tid, nr), a power of two */
	size_t nr_slots, used;
};

static size_t slot_of(const struct scsummary *s, const struct sysrec_count_key *k)
{
	uint64_t h = ((uint64_t)k->tid << 32 | k->nr) * 0x9e3779b97f4a7c15ull;

	return (size_t)(h >> 32) & (s->nr_slots - 1);
}

static struct entry *lookup(struct scsummary *s, const struct sysrec_count_key *k, bool add)
{
	size_t i;

	if (add && (s->used + 1) * 2 > s->nr_slots) {
		struct entry *old = s->slots;
		size_t n = s->nr_slots;

		s->slots = calloc(n * 2, sizeof(*s->slots));
		if (!s->slots) {
			s->slots = old;
			return NULL;
		}
		s->nr_slots = n * 2;
		s->used = 0;
		for (size_t j = 0; j < n; j++)
			if (old[j].used)
				*lookup(s, &old[j].key, true) = old[j];
		free(old);
	}
	for (i = slot_of(s, k); s->slots[i].used; i = (i + 1) & (s->nr_slots - 1))
		if (s->slots[i].key.tid == k->tid && s->slots[i].key.nr == k->nr)
			return &s->slots[i];
	if (!add)
		return NULL;
	s->used++;
	s->slots[i].used = true;
	s->slots[i].key = *k;
	s->slots[i].c.min_ns = UINT64_MAX;
	return &s->slots[i];
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
	free(s->slots);
	free(s);
}

int scsummary__add(struct scsummary *s, const struct sysrec_count_key *key,
		   const struct sysrec_count *c)
{
	struct entry *e = lookup(s, key, true);

	if (!e)
		return -ENOMEM;
	sysrec__count_add(&e->c, c);
	if (!e->c.comm[0])
		memcpy(e->c.comm, c->comm, sizeof(e->c.comm) - 1);
	if (!e->c.pid)
		e->c.pid = c->pid;
	return 0;
}

int scsummary__call(struct scsummary *s, uint32_t pid, uint32_t tid, const char *comm, uint32_t nr,
		    uint64_t ns, int64_t ret)
{
	struct sysrec_count_key key = { .tid = tid, .nr = nr };
	struct entry *e = lookup(s, &key, true);

	if (!e)
		return -ENOMEM;
	e->c.pid = pid;
	if (comm) /* the latest: a thread is known by the name it has after its exec */
		strncpy(e->c.comm, comm, sizeof(e->c.comm) - 1);
	e->c.calls++;
	e->c.errors += ret < 0 && ret >= -4095;
	e->c.total_ns += ns;
	if (ns < e->c.min_ns)
		e->c.min_ns = ns;
	if (ns > e->c.max_ns)
		e->c.max_ns = ns;
	sysrec_add_square(&e->c.sumsq_lo, &e->c.sumsq_hi, ns);
	e->c.hist[sysrec_hist_bucket(ns)]++;
	return 0;
}

void scsummary__set_comm(struct scsummary *s, uint32_t tid, uint32_t pid, const char *comm)
{
	for (size_t i = 0; i < s->nr_slots; i++) {
		struct entry *e = &s->slots[i];

		if (!e->used || e->key.tid != tid)
			continue;
		e->c.pid = pid;
		if (comm)
			snprintf(e->c.comm, sizeof(e->c.comm), "%s", comm);
	}
}

/* ---- printing ---- */

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

/* Threads in order of their id, a thread's calls as --summary-sort-by says (by total time). */
static int by_thread_then_column(const void *a, const void *b, void *arg)
{
	const struct entry *x = *(struct entry *const *)a, *y = *(struct entry *const *)b;
	const struct order *o = arg;
	char bx[32], by[32];
	struct sccolumns_row rx = row_of(x, o->table, 0, bx, sizeof(bx));
	struct sccolumns_row ry = row_of(y, o->table, 0, by, sizeof(by));
	int cmp;

	if (x->key.tid != y->key.tid)
		return x->key.tid < y->key.tid ? -1 : 1;
	cmp = sccolumns__compare(o->by, &rx, &ry);
	if (cmp)
		return cmp;
	return x->key.nr < y->key.nr ? -1 : x->key.nr > y->key.nr;
}

static void json_row(struct scsummary *s, const struct sccolumns_row *r, const struct entry *e)
{
	struct jsonw *w = s->o.json;
	const struct sysrec_count *c = &e->c;

	jsonw__start_object(w);
	jsonw__kv_str(w, "type", "syscall_summary");
	if (!s->o.total) {
		jsonw__kv_u64(w, "pid", c->pid);
		jsonw__kv_u64(w, "tid", e->key.tid);
		if (c->comm[0])
			jsonw__kv_str(w, "comm", c->comm);
	}
	sccolumns__json(w, r);
	jsonw__end_object(w);
}

/* --summary-mode=total: the threads' counts of each call summed, tid 0. */
static int fold_threads(struct scsummary *s)
{
	struct scsummary *t = scsummary__new(&s->o);

	if (!t)
		return -ENOMEM;
	for (size_t i = 0; i < s->nr_slots; i++) {
		struct sysrec_count_key k = { .nr = s->slots[i].key.nr };

		if (s->slots[i].used && scsummary__add(t, &k, &s->slots[i].c)) {
			scsummary__free(t);
			return -ENOMEM;
		}
	}
	free(s->slots);
	*s = *t;
	free(t);
	return 0;
}

/* The calls and time of the thread of list[from], whose calls follow it in list. */
static void thread_sum(struct entry **list, size_t from, size_t n, uint64_t *calls, uint64_t *ns)
{
	*calls = *ns = 0;
	for (size_t i = from; i < n && list[i]->key.tid == list[from]->key.tid; i++) {
		*calls += list[i]->c.calls;
		*ns += list[i]->c.total_ns;
	}
}

/* perf trace's: a table per thread, headed by its name, id, calls and share of them. */
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

		if (i == 0 || e->key.tid != list[i - 1]->key.tid) {
			thread_sum(list, i, n, &calls, &ns);
			fprintf(f, "\n %s (%u), %llu calls, %.1f%%\n\n",
				e->c.comm[0] ? e->c.comm : ":", e->key.tid,
				(unsigned long long)calls, 100.0 * calls / all);
			sccolumns__head(&cols, f);
		}
		r = row_of(e, table, ns, buf, sizeof(buf));
		sccolumns__row(&cols, f, &r);
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

	if (s->o.total && fold_threads(s))
		return -ENOMEM;
	list = calloc(s->used ?: 1, sizeof(*list));
	if (!list)
		return -ENOMEM;
	for (size_t i = 0; i < s->nr_slots; i++)
		if (s->slots[i].used && s->slots[i].c.calls) {
			list[n++] = &s->slots[i];
			all += s->slots[i].c.calls;
		}
	qsort_r(list, n, sizeof(*list), by_thread_then_column, &order);
	if (s->o.json) {
		for (size_t i = 0; i < n; i++) {
			struct sccolumns_row r = row_of(list[i], table, 0, buf, sizeof(buf));

			json_row(s, &r, list[i]);
		}
	} else if (s->o.total) {
		print_strace(s, table, list, n);
	} else {
		print_perf(s, table, list, n, all);
	}
	free(list);
	return ferror(s->o.out) ? -EIO : 0;
}
