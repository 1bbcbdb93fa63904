// SPDX-License-Identifier: GPL-2.0
/* The system-call summary: counts by (thread, call), printed as perf trace's tables. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util/jsonw.h"
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

/* Threads in order of their id, a thread's calls by total time, most first. */
static int by_thread_then_total(const void *a, const void *b)
{
	const struct entry *x = *(struct entry *const *)a, *y = *(struct entry *const *)b;

	if (x->key.tid != y->key.tid)
		return x->key.tid < y->key.tid ? -1 : 1;
	if (x->c.total_ns != y->c.total_ns)
		return x->c.total_ns > y->c.total_ns ? -1 : 1;
	return x->key.nr < y->key.nr ? -1 : x->key.nr > y->key.nr;
}

static const char *call_name(struct sctable *t, uint32_t nr, char *buf, size_t size)
{
	const char *name = t ? sctable__name(t, (int)nr) : NULL;

	if (name)
		return name;
	snprintf(buf, size, "syscall_%u", nr);
	return buf;
}

/* perf trace's stddev column: the standard error of the mean, in percent of the mean. */
static double rel_stddev(const struct sysrec_count *c)
{
	double mean = sysrec__mean_ns(c);

	return c->calls > 1 && mean > 0 ? 100.0 * sysrec__stddev_ns(c) / sqrt(c->calls) / mean :
					  0.0;
}

static void table_head(FILE *f)
{
	fprintf(f, "\n   syscall            calls  errors  total       min       avg       max"
		   "       stddev       p50       p99\n"
		   "                                     (msec)    (msec)    (msec)    (msec)"
		   "        (%%)    (msec)    (msec)\n"
		   "   --------------- --------  ------ -------- --------- --------- ---------"
		   "     ------ --------- ---------\n");
}

static void table_row(FILE *f, const char *name, const struct sysrec_count *c)
{
	fprintf(f, "   %-15s %8llu %7llu %8.3f %9.3f %9.3f %9.3f %9.2f%% %9.3f %9.3f\n", name,
		(unsigned long long)c->calls, (unsigned long long)c->errors, c->total_ns / 1e6,
		(c->calls ? c->min_ns : 0) / 1e6, sysrec__mean_ns(c) / 1e6, c->max_ns / 1e6,
		rel_stddev(c), sysrec__percentile(c, 0.5) / 1e6, sysrec__percentile(c, 0.99) / 1e6);
}

static void json_row(struct scsummary *s, const char *name, const struct entry *e)
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
	jsonw__kv_str(w, "name", name);
	jsonw__kv_u64(w, "calls", c->calls);
	jsonw__kv_u64(w, "errors", c->errors);
	jsonw__kv_u64(w, "total_ns", c->total_ns);
	jsonw__kv_u64(w, "min_ns", c->calls ? c->min_ns : 0);
	jsonw__kv_u64(w, "avg_ns", (uint64_t)sysrec__mean_ns(c));
	jsonw__kv_u64(w, "max_ns", c->max_ns);
	jsonw__kv_u64(w, "stddev_ns", (uint64_t)sysrec__stddev_ns(c));
	jsonw__kv_u64(w, "p50_ns", sysrec__percentile(c, 0.5));
	jsonw__kv_u64(w, "p99_ns", sysrec__percentile(c, 0.99));
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

static uint64_t thread_calls(struct entry **list, size_t from, size_t n)
{
	uint64_t calls = 0;

	for (size_t i = from; i < n && list[i]->key.tid == list[from]->key.tid; i++)
		calls += list[i]->c.calls;
	return calls;
}

int scsummary__print(struct scsummary *s, struct sctable *table)
{
	struct entry **list;
	uint64_t all = 0;
	size_t n = 0;
	char buf[32];
	FILE *f = s->o.out;

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
	qsort(list, n, sizeof(*list), by_thread_then_total);
	if (!s->o.json)
		fprintf(f, "\n Summary of events:\n");
	for (size_t i = 0; i < n; i++) {
		const struct entry *e = list[i];
		const char *name = call_name(table, e->key.nr, buf, sizeof(buf));

		if (s->o.json) {
			json_row(s, name, e);
			continue;
		}
		if (i == 0 || e->key.tid != list[i - 1]->key.tid) {
			uint64_t calls = thread_calls(list, i, n);

			if (s->o.total)
				fprintf(f, "\n all threads, %llu calls\n",
					(unsigned long long)calls);
			else
				fprintf(f, "\n %s (%u), %llu calls, %.1f%%\n",
					e->c.comm[0] ? e->c.comm : ":", e->key.tid,
					(unsigned long long)calls, 100.0 * calls / all);
			table_head(f);
		}
		table_row(f, name, &e->c);
	}
	if (!s->o.json)
		fputc('\n', f);
	free(list);
	return ferror(f) ? -EIO : 0;
}
