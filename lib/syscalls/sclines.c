// SPDX-License-Identifier: GPL-2.0
/*
 * System-call lines: entries wait for their exit by thread, in a small hash table, and
 * print as one line with it; what another line interrupts prints in two parts.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "util/jsonw.h"
#include "util/numfmt.h"
#include "syscalls/sysconst.h"
#include "syscalls/scarray.h"
#include "syscalls/sclines.h"

#define CALL_WIDTH 69 /* perf trace pads the call so that " = " starts here */
#define LINE_MAX_BYTES 16384
#define COMM_MAX 16
#define HEAD_MAX 96 /* "%10.3f (%6.3f ms): comm/tid " */
#define RET_MAX 256 /* " = ", the result, "\n" */

/* A call in flight on one thread: its entry, copied. */
struct inflight {
	uint32_t tid, pid, cpu;
	uint64_t time;
	char comm[COMM_MAX + 1];
	bool used, entry_printed;
	bool no_entry; /* an exit whose entry came before the capture */
	struct sc_call call;
	char *mem; /* the bytes call.mem[] point into */
};

struct sclines {
	struct sclines_opts o;
	struct inflight *slots; /* open addressing by tid, a power of two */
	size_t nr_slots, used;
	uint64_t base_time;
	bool have_base;
	uint64_t printed;
	size_t unprinted; /* calls in flight whose entry is not printed */
	char arg[LINE_MAX_BYTES]; /* JSON: an argument's value */
	/* a line: its head, the call (cut at LINE_MAX_BYTES) padded to CALL_WIDTH, the result */
	char line[HEAD_MAX + LINE_MAX_BYTES + CALL_WIDTH + RET_MAX];
};

static size_t slot_of(const struct sclines *sv, uint32_t tid)
{
	return (size_t)(tid * 2654435761u) & (sv->nr_slots - 1);
}

static struct inflight *find(struct sclines *sv, uint32_t tid)
{
	for (size_t i = slot_of(sv, tid);; i = (i + 1) & (sv->nr_slots - 1)) {
		if (!sv->slots[i].used)
			return NULL;
		if (sv->slots[i].tid == tid)
			return &sv->slots[i];
	}
}

static int grow(struct sclines *sv)
{
	struct inflight *old = sv->slots;
	size_t n = sv->nr_slots;

	sv->slots = calloc(n * 2, sizeof(*sv->slots));
	if (!sv->slots) {
		sv->slots = old;
		return -ENOMEM;
	}
	sv->nr_slots = n * 2;
	for (size_t i = 0; i < n; i++) {
		size_t k;

		if (!old[i].used)
			continue;
		for (k = slot_of(sv, old[i].tid); sv->slots[k].used;
		     k = (k + 1) & (sv->nr_slots - 1))
			;
		sv->slots[k] = old[i];
	}
	free(old);
	return 0;
}

/* A free slot for tid (whose call in flight, if any, is dropped by the caller first). */
static struct inflight *take(struct sclines *sv, uint32_t tid)
{
	size_t i;

	if ((sv->used + 1) * 2 > sv->nr_slots && grow(sv))
		return NULL;
	for (i = slot_of(sv, tid); sv->slots[i].used; i = (i + 1) & (sv->nr_slots - 1))
		;
	sv->used++;
	sv->slots[i].used = true;
	sv->slots[i].tid = tid;
	sv->slots[i].entry_printed = sv->slots[i].no_entry = false;
	return &sv->slots[i];
}

/* A slot free again: the rest of it is set by the next take() and copy_entry(). */
static void vacate(struct inflight *f)
{
	f->used = false;
	f->tid = 0;
	f->mem = NULL;
}

/* Free a slot, moving back the ones its probe sequence kept apart (no tombstones). */
static void drop(struct sclines *sv, struct inflight *f)
{
	size_t mask = sv->nr_slots - 1, hole = (size_t)(f - sv->slots), i = hole;
	char *mem = f->mem;

	if (!f->entry_printed && sv->unprinted)
		sv->unprinted--;
	vacate(f);
	sv->used--;
	for (;;) {
		size_t home;

		i = (i + 1) & mask;
		if (!sv->slots[i].used)
			break;
		home = slot_of(sv, sv->slots[i].tid);
		/* it may move to the hole if the hole lies on its way from home */
		if (((i - home) & mask) >= ((i - hole) & mask)) {
			sv->slots[hole] = sv->slots[i];
			vacate(&sv->slots[i]);
			hole = i;
		}
	}
	free(mem);
}

struct sclines *sclines__new(const struct sclines_opts *o)
{
	struct sclines *sv = calloc(1, sizeof(*sv));

	if (!sv)
		return NULL;
	sv->o = *o;
	sv->nr_slots = 64;
	sv->slots = calloc(sv->nr_slots, sizeof(*sv->slots));
	if (!sv->slots) {
		free(sv);
		return NULL;
	}
	return sv;
}

/* ---- text ---- */

static bool filtered(const struct sclines *sv)
{
	return sv->o.failure_only || sv->o.min_duration_ns;
}

/* The head of a line, "    12.345 ( 0.055 ms): comm/tid ", into buf (HEAD_MAX bytes). */
static size_t head(struct sclines *sv, char *buf, bool has_time, uint64_t time, bool has_dur,
		   uint64_t dur, const char *comm, uint32_t tid)
{
	char *p = buf;

	if (has_time) {
		p = numfmt__ms(p, time - (sv->o.absolute_time ? 0 : sv->base_time), 10);
		*p++ = ' ';
	} else {
		p = stpcpy(p, "         ? ");
	}
	if (has_dur) {
		p = stpcpy(p, "(");
		p = numfmt__ms(p, dur, 6);
		p = stpcpy(p, " ms): ");
	} else {
		p = stpcpy(p, "(         ): ");
	}
	if (comm && *comm) {
		size_t n = strnlen(comm, COMM_MAX);

		memcpy(p, comm, n);
		p += n;
	} else {
		*p++ = ':';
		p = numfmt__dec(p, tid, 1);
	}
	*p++ = '/';
	p = numfmt__dec(p, tid, 1);
	*p++ = ' ';
	return (size_t)(p - buf);
}

/* The call's text at p (LINE_MAX_BYTES of room): whole, or what follows its entry's line. */
static size_t put_call(struct sclines *sv, char *p, const struct inflight *f, bool whole)
{
	static const char cont[] = " ... [continued]: ";
	struct scfmt_opts fo = sv->o.fmt;
	size_t n;

	if (whole) {
		fo.pid = f->pid;
		return scfmt__call(p, LINE_MAX_BYTES, &f->call, &fo);
	}
	n = strnlen(f->call.desc->name, LINE_MAX_BYTES - sizeof(cont) - 3);
	memcpy(p, cont, sizeof(cont) - 1);
	memcpy(p + sizeof(cont) - 1, f->call.desc->name, n);
	memcpy(p + sizeof(cont) - 1 + n, "())", 4);
	return sizeof(cont) - 1 + n + 3;
}

/* Spaces after the call at p, up to width; returns where the rest of the line goes. */
static char *pad(char *call, size_t len, int width)
{
	size_t n = len < (size_t)width ? (size_t)width - len : 0;

	memset(call + len, ' ', n);
	return call + len + n;
}

/* The line, from its start to end, in one write. */
static void write_line(struct sclines *sv, const char *end)
{
	fwrite_unlocked(sv->line, 1, (size_t)(end - sv->line), sv->o.out);
}

/* "name(args) ...": the entry, when another line comes before the exit. */
static void print_entry(struct sclines *sv, struct inflight *f)
{
	char *call = sv->line + head(sv, sv->line, true, f->time, false, 0, f->comm, f->tid);
	char *p = pad(call, put_call(sv, call, f, true), CALL_WIDTH - 3);

	write_line(sv, mempcpy(p, " ...\n", 5));
	f->entry_printed = true;
}

/* "args": {"name": {"raw": N, "value": decoded}, ...} */
static void print_json_args(struct sclines *sv, const struct inflight *f, const struct sc_call *c)
{
	struct jsonw *w = sv->o.json;
	struct scfmt_opts fo = sv->o.fmt;
	struct sc_bytes path;

	fo.pid = f->pid;
	jsonw__key(w, "args");
	jsonw__start_object(w);
	for (int i = 0; i < c->desc->nr_args; i++) {
		const struct sc_arg *a = &c->desc->args[i];
		bool shown;

		jsonw__name(w, a->name);
		jsonw__start_object(w);
		jsonw__key(w, "raw");
		if (a->kind == SCA_INT || a->kind == SCA_FD || a->kind == SCA_DFD)
			jsonw__s64(w, a->size == 4 ? (int32_t)c->args[i] : (int64_t)c->args[i]);
		else
			jsonw__u64(w, a->size == 4 ? (uint32_t)c->args[i] : c->args[i]);
		if (a->kind == SCA_STRING && c->mem[i].p && !c->mem[i].fault) {
			jsonw__key(w, "value");
			jsonw__strn(w, c->mem[i].p, c->mem[i].len);
			if (c->mem[i].truncated)
				jsonw__kv_bool(w, "truncated", true);
		} else if (a->kind == SCA_EXEC_PATH && scarray__exec_filename(c, i, &path)) {
			jsonw__key(w, "value"); /* a path, as a string's */
			jsonw__strn(w, path.p, path.len);
		} else {
			scfmt__arg(sv->arg, sizeof(sv->arg), c, i, &fo, &shown);
			jsonw__kv_str(w, "value", sv->arg);
		}
		jsonw__end_object(w);
	}
	jsonw__end_object(w);
}

static void print_json_call(struct sclines *sv, const struct inflight *f, const struct sc_call *c,
			    bool has_dur, uint64_t dur)
{
	struct jsonw *w = sv->o.json;

	jsonw__start_object(w);
	jsonw__kv_str(w, "type", "syscall");
	jsonw__kv_u64(w, "time", f->time);
	if (has_dur)
		jsonw__kv_u64(w, "duration", dur);
	jsonw__kv_u64(w, "pid", f->pid);
	jsonw__kv_u64(w, "tid", f->tid);
	if (f->comm[0])
		jsonw__kv_str(w, "comm", f->comm);
	jsonw__kv_u64(w, "cpu", f->cpu);
	jsonw__kv_str(w, "name", c->desc->name);
	if (!f->no_entry)
		print_json_args(sv, f, c);
	if (c->exited) {
		jsonw__kv_s64(w, "ret", c->ret);
		if (c->ret < 0 && c->ret >= -4095 && sysconst__name(&sysconst_errno, -c->ret))
			jsonw__kv_str(w, "errno", sysconst__name(&sysconst_errno, -c->ret));
	} else {
		jsonw__key(w, "ret");
		jsonw__null(w);
	}
	jsonw__end_object(w);
}

/* "head call = result": the call whole, or what follows its entry's line. */
static void print_text_call(struct sclines *sv, const struct inflight *f, bool whole, bool has_dur,
			    uint64_t dur)
{
	size_t n = head(sv, sv->line, !f->no_entry, f->time, has_dur, dur, f->comm, f->tid);
	char *call = sv->line + n;
	char *p = pad(call, put_call(sv, call, f, whole), CALL_WIDTH);

	p = mempcpy(p, " = ", 3);
	p += scfmt__ret(p, RET_MAX - 4, &f->call);
	*p++ = '\n';
	write_line(sv, p);
}

/* The call's line (or its continuation), if the filters keep it. */
static int print_call(struct sclines *sv, struct inflight *f, bool whole, bool has_dur,
		      uint64_t dur)
{
	const struct sc_call *c = &f->call;

	if (sv->o.failure_only && !(c->exited && c->ret < 0 && c->ret >= -4095))
		return 0;
	if (sv->o.min_duration_ns && (!has_dur || dur <= sv->o.min_duration_ns))
		return 0;
	if (sv->o.max_events && sv->printed >= sv->o.max_events)
		return -ECANCELED;
	sv->printed++;
	if (sv->o.json)
		print_json_call(sv, f, c, has_dur, dur);
	else
		print_text_call(sv, f, whole, has_dur, dur);
	return sv->o.max_events && sv->printed >= sv->o.max_events ? -ECANCELED : 0;
}

/* ---- entries and exits ---- */

static void copy_comm(char *to, const char *comm)
{
	size_t n = comm ? strnlen(comm, COMM_MAX) : 0;

	memcpy(to, comm ? comm : "", n);
	to[n] = '\0';
}

static int copy_entry(struct inflight *f, const struct sc_event *ev)
{
	size_t need = 0, at = 0;

	for (int i = 0; i < SC_MAX_ARGS; i++)
		need += ev->call.mem[i].p ? ev->call.mem[i].len : 0;
	if (need) {
		f->mem = malloc(need);
		if (!f->mem)
			return -ENOMEM;
	}
	f->pid = ev->pid;
	f->cpu = ev->cpu;
	f->time = ev->time;
	copy_comm(f->comm, ev->comm);
	f->entry_printed = false;
	f->call = ev->call;
	f->call.exited = false;
	for (int i = 0; i < SC_MAX_ARGS; i++) {
		if (!ev->call.mem[i].p)
			continue;
		if (!ev->call.mem[i].len) { /* a fault, an empty string: nothing to keep */
			f->call.mem[i].p = "";
			continue;
		}
		memcpy(f->mem + at, ev->call.mem[i].p, ev->call.mem[i].len);
		f->call.mem[i].p = f->mem + at;
		at += ev->call.mem[i].len;
	}
	return 0;
}

static void note_base(struct sclines *sv, uint64_t time)
{
	if (!sv->have_base) {
		sv->have_base = true;
		sv->base_time = time;
	}
}

int sclines__enter(struct sclines *sv, const struct sc_event *ev)
{
	struct inflight *f = find(sv, ev->tid);
	int err = 0;

	note_base(sv, ev->time);
	if (f) { /* an entry with no exit before it: that call never returned (execve) */
		err = print_call(sv, f, true, false, 0);
		drop(sv, f);
	}
	sclines__interrupt(sv); /* the calls in flight on other threads */
	f = take(sv, ev->tid);
	if (!f)
		return -ENOMEM;
	sv->unprinted++;
	if (copy_entry(f, ev)) {
		drop(sv, f);
		return -ENOMEM;
	}
	return err;
}

int sclines__exit(struct sclines *sv, const struct sc_event *ev)
{
	struct inflight *f = find(sv, ev->tid), orphan;
	uint64_t dur;
	int err;

	if (!f || f->call.desc != ev->call.desc) {
		/* no entry seen (it came before the capture): only the result is known */
		orphan = (struct inflight){ .tid = ev->tid,
					    .pid = ev->pid,
					    .cpu = ev->cpu,
					    .no_entry = true,
					    .time = ev->time,
					    .call = ev->call };
		snprintf(orphan.comm, sizeof(orphan.comm), "%s", ev->comm ?: "");
		note_base(sv, ev->time);
		return print_call(sv, &orphan, sv->o.json || filtered(sv), false, 0);
	}
	dur = ev->duration ?: ev->time - f->time;
	if (!f->comm[0] && ev->comm) /* a task first named at its exit: the workload's execve */
		snprintf(f->comm, sizeof(f->comm), "%s", ev->comm);
	f->call.exited = true;
	f->call.ret = ev->call.ret;
	memcpy(f->call.out, ev->call.out, sizeof(f->call.out));
	/* what could not be read at entry and was read at exit, the page made present */
	for (int i = 0; i < SC_MAX_ARGS; i++)
		if (ev->call.mem[i].p &&
		    (!f->call.mem[i].p || f->call.mem[i].fault || f->call.mem[i].part))
			f->call.mem[i] = ev->call.mem[i];
	err = print_call(sv, f, !f->entry_printed, true, dur);
	drop(sv, f);
	return err;
}

static int by_time(const void *a, const void *b)
{
	const struct inflight *x = *(struct inflight *const *)a, *y = *(struct inflight *const *)b;

	return x->time < y->time ? -1 : x->time > y->time;
}

/* The calls in flight (only those whose entry is not printed yet), oldest first, NULL-ended. */
static struct inflight **in_flight(struct sclines *sv, bool unprinted)
{
	struct inflight **list = calloc(sv->used + 1, sizeof(*list));
	size_t n = 0;

	for (size_t i = 0; i < sv->nr_slots && list; i++)
		if (sv->slots[i].used && !(unprinted && sv->slots[i].entry_printed))
			list[n++] = &sv->slots[i];
	if (list)
		qsort(list, n, sizeof(*list), by_time);
	return list;
}

void sclines__interrupt(struct sclines *sv)
{
	struct inflight **list;

	if (sv->o.json || filtered(sv) || !sv->unprinted)
		return;
	list = in_flight(sv, true);
	for (size_t i = 0; list && list[i]; i++)
		print_entry(sv, list[i]);
	free(list);
	sv->unprinted = 0;
}

void sclines__task_exit(struct sclines *sv, uint32_t tid)
{
	struct inflight *f = find(sv, tid);

	if (!f)
		return;
	print_call(sv, f, true, false, 0); /* "name(args) = ?" as one line */
	drop(sv, f);
}

void sclines__end(struct sclines *sv)
{
	struct inflight **left = in_flight(sv, false);

	for (size_t i = 0; left && left[i]; i++)
		print_call(sv, left[i], true, false, 0);
	free(left);
	for (size_t i = 0; i < sv->nr_slots; i++) {
		free(sv->slots[i].mem);
		sv->slots[i] = (struct inflight){ 0 };
	}
	sv->used = 0;
}

uint64_t sclines__printed(const struct sclines *sv)
{
	return sv->printed;
}

void sclines__free(struct sclines *sv)
{
	if (!sv)
		return;
	sclines__end(sv);
	free(sv->slots);
	free(sv);
}
