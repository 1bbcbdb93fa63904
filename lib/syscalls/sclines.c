// SPDX-License-Identifier: GPL-2.0
/*
 * System-call lines: entries wait for their exit by thread, in a small hash table, and
 * print as one line with it; what another line interrupts prints in two parts.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "util/cgroups.h"
#include "util/jsonw.h"
#include "util/numfmt.h"
#include "syscalls/sysconst.h"
#include "syscalls/scsig.h"
#include "syscalls/scarray.h"
#include "syscalls/sclines.h"
#include "syscalls/scorder.h"
#include "syscalls/scpair.h"

#define CALL_WIDTH 69 /* perf trace pads the call so that " = " starts here */
#define LINE_MAX_BYTES 16384
#define COMM_MAX 16
#define HEAD_MAX (96 + SCTIME_MAX) /* "[wall-clock ]%10.3f (%6.3f ms): comm/tid " */
#define RET_MAX 768 /* " = ", the result, -y's "<name>" of a descriptor, "\n" */
#define SPARE_MAX 64 /* buffers of entries' bytes kept for reuse */
#define SPARE_MIN 256

/* A call in flight on one thread: its entry, copied. */
struct inflight {
	struct scpair_key key; /* its thread */
	uint32_t pid, cpu;
	uint64_t time;
	uint64_t cgroup; /* 0: unknown */
	char comm[COMM_MAX + 1];
	bool entry_printed;
	bool no_entry; /* an exit whose entry came before the capture */
	struct sc_call call;
	char *mem; /* the bytes call.mem[] point into */
	size_t mem_size;
};

struct sclines {
	struct sclines_opts o;
	struct scpair *inflight; /* struct inflight by thread */
	/* the bytes of entries gone, kept for the next ones: no malloc a call */
	char *spare[SPARE_MAX];
	size_t spare_size[SPARE_MAX], nr_spare;
	uint64_t base_time;
	bool have_base;
	uint64_t printed;
	size_t unprinted; /* calls in flight whose entry is not printed */
	/* filtered lines go out at their calls' ends: they wait for the calls before them */
	bool ordered;
	struct scorder order;
	uint64_t oldest; /* the entry of the oldest call in flight, when oldest_known */
	bool oldest_known;
	uint64_t newest; /* the latest record's time */
	FILE *json_f; /* ordered JSON: each object written here, then kept in order */
	char *json_buf;
	size_t json_len;
	struct jsonw *json;
	char arg[LINE_MAX_BYTES]; /* JSON: an argument's value */
	/* a line: its head, the call (cut at LINE_MAX_BYTES) padded to CALL_WIDTH, the result */
	char line[HEAD_MAX + LINE_MAX_BYTES + CALL_WIDTH + RET_MAX];
};

/* A slot for tid (whose call in flight, if any, is dropped by the caller first). */
static struct inflight *take(struct sclines *sv, uint32_t tid)
{
	struct inflight *f = scpair__take(sv->inflight, tid);

	if (f) {
		f->entry_printed = f->no_entry = false;
		f->mem = NULL;
		f->mem_size = 0;
	}
	return f;
}

static struct inflight *find(struct sclines *sv, uint32_t tid)
{
	return scpair__find(sv->inflight, tid);
}

/* Room for need bytes of an entry's memory at f->mem: a spare buffer, grown if need be. */
static int mem_for(struct sclines *sv, struct inflight *f, size_t need)
{
	char *p = NULL;
	size_t size = 0;

	if (sv->nr_spare) {
		sv->nr_spare--;
		p = sv->spare[sv->nr_spare];
		size = sv->spare_size[sv->nr_spare];
	}
	if (size < need) {
		size_t want = need > SPARE_MIN ? need : SPARE_MIN;
		char *more = realloc(p, want);

		if (!more) {
			free(p);
			return -ENOMEM;
		}
		p = more;
		size = want;
	}
	f->mem = p;
	f->mem_size = size;
	return 0;
}

/* Free a slot; the bytes its entry kept wait for the next entry. */
static void drop(struct sclines *sv, struct inflight *f)
{
	char *mem = f->mem;
	size_t size = f->mem_size;

	if (!f->entry_printed && sv->unprinted)
		sv->unprinted--;
	if (sv->oldest_known && f->time <= sv->oldest)
		sv->oldest_known = false;
	scpair__drop(sv->inflight, f);
	if (mem && sv->nr_spare < SPARE_MAX) {
		sv->spare[sv->nr_spare] = mem;
		sv->spare_size[sv->nr_spare++] = size;
	} else {
		free(mem);
	}
}

static bool filtered(const struct sclines *sv)
{
	return sv->o.failure_only || sv->o.min_duration_ns || sv->o.status;
}

/* Ordered JSON: objects go to a stream of memory first, to wait in order as text lines do. */
static int json_in_memory(struct sclines *sv)
{
	sv->json_f = open_memstream(&sv->json_buf, &sv->json_len);
	sv->json = sv->json_f ? jsonw__new(sv->json_f, false) : NULL;
	return sv->json ? 0 : -ENOMEM;
}

struct sclines *sclines__new(const struct sclines_opts *o)
{
	struct sclines *sv = calloc(1, sizeof(*sv));

	if (!sv)
		return NULL;
	sv->o = *o;
	sv->json = o->json;
	sv->ordered = filtered(sv);
	sv->inflight = scpair__new(sizeof(struct inflight));
	if (!sv->inflight || (sv->ordered && o->json && json_in_memory(sv))) {
		sclines__free(sv);
		return NULL;
	}
	return sv;
}

/* ---- the order of filtered lines ---- */

/* The entry time of the oldest call in flight, UINT64_MAX when none is. */
static uint64_t oldest_in_flight(struct sclines *sv)
{
	struct inflight *f;

	if (sv->oldest_known)
		return sv->oldest;
	sv->oldest = UINT64_MAX;
	for (size_t i = 0; (f = scpair__at(sv->inflight, &i));)
		if (f->time < sv->oldest)
			sv->oldest = f->time;
	sv->oldest_known = true;
	return sv->oldest;
}

/* The lines that no call in flight comes before (or that waited long enough) go out. */
static void release(struct sclines *sv)
{
	if (sv->ordered && scorder__waiting(&sv->order))
		scorder__release(&sv->order, sv->o.out, oldest_in_flight(sv), sv->newest);
}

/* A line of len bytes for time: out now, or kept until the calls before it end. */
static void emit(struct sclines *sv, uint64_t time, const char *line, size_t len)
{
	if (sv->ordered && (scorder__waiting(&sv->order) || time > oldest_in_flight(sv)) &&
	    !scorder__add(&sv->order, time, line, len))
		return;
	fwrite_unlocked(line, 1, len, sv->o.out);
}

/* Ordered JSON: the object just written is a line to emit. */
static void json_done(struct sclines *sv, uint64_t time)
{
	if (!sv->json_f)
		return;
	fflush(sv->json_f);
	emit(sv, time, sv->json_buf, sv->json_len);
	rewind(sv->json_f);
}

static void note_time(struct sclines *sv, uint64_t time)
{
	if (time > sv->newest)
		sv->newest = time;
}

/* ---- text ---- */

/* The head's time: relative milliseconds, or the wall-clock time (then maybe the former). */
static char *head_time(struct sclines *sv, char *p, uint64_t time)
{
	struct sctime *t = &sv->o.time;

	if (sctime__is_wall(t)) {
		p = sctime__wall(t, p, time);
		*p++ = ' ';
		if (!t->and_relative)
			return p;
	}
	p = numfmt__ms(p, time - (sv->o.absolute_time ? 0 : sv->base_time), 10);
	*p++ = ' ';
	return p;
}

/* The head of a line, "    12.345 ( 0.055 ms): comm/tid ", into buf (HEAD_MAX bytes). */
static size_t head(struct sclines *sv, char *buf, bool has_time, uint64_t time, bool has_dur,
		   uint64_t dur, const char *comm, uint32_t tid)
{
	char *p = buf;

	if (has_time) {
		p = head_time(sv, p, time);
	} else {
		if (sctime__is_wall(&sv->o.time))
			p = stpcpy(p, "? ");
		if (!sctime__is_wall(&sv->o.time) || sv->o.time.and_relative)
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
	fo.pid = f->pid;
	n = strnlen(f->call.desc->name, LINE_MAX_BYTES / 2);
	memcpy(p, cont, sizeof(cont) - 1);
	memcpy(p + sizeof(cont) - 1, f->call.desc->name, n);
	n += sizeof(cont) - 1;
	p[n++] = '(';
	/* what the call filled: the entry's line had the pointers */
	n += scfmt__filled(p + n, LINE_MAX_BYTES - n - 3, &f->call, &fo);
	memcpy(p + n, "))", 3);
	return n + 2;
}

/* Spaces after the call at p, up to width; returns where the rest of the line goes. */
static char *pad(char *call, size_t len, int width)
{
	size_t n = len < (size_t)width ? (size_t)width - len : 0;

	memset(call + len, ' ', n);
	return call + len + n;
}

/* The line, from its start to end, in one write (or kept in order, for time). */
static void write_line(struct sclines *sv, uint64_t time, const char *end)
{
	emit(sv, time, sv->line, (size_t)(end - sv->line));
}

/* "name(args) ...": the entry, when another line comes before the exit. */
static void print_entry(struct sclines *sv, struct inflight *f)
{
	char *call = sv->line + head(sv, sv->line, true, f->time, false, 0, f->comm, f->key.tid);
	char *p = pad(call, put_call(sv, call, f, true), CALL_WIDTH - 3);

	write_line(sv, f->time, mempcpy(p, " ...\n", 5));
	f->entry_printed = true;
}

/* "args": {"name": {"raw": N, "value": decoded}, ...} */
static void print_json_args(struct sclines *sv, const struct inflight *f, const struct sc_call *c)
{
	struct jsonw *w = sv->json;
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

/* "cgroup_id" and "cgroup" (its path, or null when it is gone), if the capture gave one. */
static void print_json_cgroup(struct sclines *sv, uint64_t id)
{
	struct jsonw *w = sv->json;
	const char *path;

	if (!id)
		return;
	jsonw__kv_u64(w, "cgroup_id", id);
	path = sv->o.cgroups ? cgroups__path(sv->o.cgroups, id) : NULL;
	if (path) {
		jsonw__kv_str(w, "cgroup", path);
	} else {
		jsonw__key(w, "cgroup");
		jsonw__null(w);
	}
}

/* -y: the name of the descriptor the call returned into buf, its length; 0: none. */
static size_t ret_fd(struct sclines *sv, const struct inflight *f, char *buf, size_t size)
{
	struct scfmt_opts fo = sv->o.fmt;

	if (f->no_entry)
		return 0; /* its arguments are unknown: fcntl's command too */
	fo.pid = f->pid;
	return scfmt__ret_fd(buf, size, &f->call, &fo);
}

static void print_json_call(struct sclines *sv, const struct inflight *f, const struct sc_call *c,
			    bool has_dur, uint64_t dur)
{
	struct jsonw *w = sv->json;

	jsonw__start_object(w);
	jsonw__kv_str(w, "type", "syscall");
	jsonw__kv_u64(w, "time", f->time);
	if (has_dur)
		jsonw__kv_u64(w, "duration", dur);
	jsonw__kv_u64(w, "pid", f->pid);
	jsonw__kv_u64(w, "tid", f->key.tid);
	if (f->comm[0])
		jsonw__kv_str(w, "comm", f->comm);
	jsonw__kv_u64(w, "cpu", f->cpu);
	jsonw__kv_str(w, "name", c->desc->name);
	if (!f->no_entry)
		print_json_args(sv, f, c);
	if (c->exited) {
		jsonw__kv_s64(w, "ret", c->ret);
		if (ret_fd(sv, f, sv->arg, sizeof(sv->arg)))
			jsonw__kv_str(w, "ret_fd", sv->arg); /* -y: "/etc/hostname" */
		if (c->ret < 0 && c->ret >= -4095 && sysconst__name(&sysconst_errno, -c->ret))
			jsonw__kv_str(w, "errno", sysconst__name(&sysconst_errno, -c->ret));
	} else {
		jsonw__key(w, "ret");
		jsonw__null(w);
	}
	print_json_cgroup(sv, f->cgroup); /* last: the keys before it keep their places */
	jsonw__end_object(w);
	json_done(sv, f->time);
}

/* The result at p (RET_MAX - 4 bytes of room), "3" or, with -y, "3</etc/hostname>"; its end. */
static char *put_ret(struct sclines *sv, const struct inflight *f, char *p)
{
	size_t n = scfmt__ret(p, RET_MAX / 4, &f->call), fd;

	fd = ret_fd(sv, f, p + n + 1, RET_MAX - 8 - n);
	if (!fd)
		return p + n;
	p[n] = '<';
	p[n + 1 + fd] = '>';
	return p + n + fd + 2;
}

/* "head call = result": the call whole, or what follows its entry's line. */
static void print_text_call(struct sclines *sv, const struct inflight *f, bool whole, bool has_dur,
			    uint64_t dur)
{
	size_t n = head(sv, sv->line, !f->no_entry, f->time, has_dur, dur, f->comm, f->key.tid);
	char *call = sv->line + n;
	char *p = pad(call, put_call(sv, call, f, whole), CALL_WIDTH);

	p = mempcpy(p, " = ", 3);
	p = put_ret(sv, f, p);
	*p++ = '\n';
	write_line(sv, f->time, p);
}

static bool failed(const struct sc_call *c)
{
	return c->exited && c->ret < 0 && c->ret >= -4095;
}

/* How c ended, as enum sclines_status bits: open, those of a call that did not return. */
static unsigned int status_of(const struct sc_call *c, unsigned int open)
{
	if (!c->exited)
		return open;
	return failed(c) ? SCLINES_FAILED : SCLINES_SUCCESSFUL;
}

/*
 * The call's line (or its continuation), if the filters keep it; open: how it ended when it
 * did not return (enum sclines_status).
 */
static int print_call(struct sclines *sv, struct inflight *f, bool whole, bool has_dur,
		      uint64_t dur, unsigned int open)
{
	const struct sc_call *c = &f->call;

	if (sv->o.failure_only && !failed(c))
		return 0;
	if (sv->o.status && !(sv->o.status & status_of(c, open)))
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

static int copy_entry(struct sclines *sv, struct inflight *f, const struct sc_event *ev)
{
	size_t need = 0, at = 0;

	for (int i = 0; i < SC_MAX_ARGS; i++)
		need += ev->call.mem[i].p ? ev->call.mem[i].len : 0;
	if (need && mem_for(sv, f, need))
		return -ENOMEM;
	f->pid = ev->pid;
	f->cpu = ev->cpu;
	f->time = ev->time;
	f->cgroup = ev->cgroup;
	copy_comm(f->comm, ev->comm);
	f->entry_printed = false;
	/* member by member: a whole struct's copy is a rep movs of what an entry leaves empty */
	f->call.desc = ev->call.desc;
	memcpy(f->call.args, ev->call.args, sizeof(f->call.args));
	f->call.exited = false;
	f->call.ret = 0;
	for (int i = 0; i < SC_MAX_ARGS; i++) {
		f->call.out[i].p = NULL;
		f->call.mem[i].p = NULL;
		if (!ev->call.mem[i].p)
			continue;
		f->call.mem[i] = ev->call.mem[i];
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
	note_time(sv, ev->time);
	if (f) { /* an entry with no exit before it: that call never returned (execve) */
		err = print_call(sv, f, !f->entry_printed, false, 0, SCLINES_UNFINISHED);
		drop(sv, f);
	}
	release(sv); /* what waited long enough, by this record's time */
	sclines__interrupt(sv); /* the calls in flight on other threads */
	f = take(sv, ev->tid);
	if (!f)
		return -ENOMEM;
	if (sv->oldest_known && ev->time < sv->oldest)
		sv->oldest = ev->time;
	sv->unprinted++;
	if (copy_entry(sv, f, ev)) {
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

	note_time(sv, ev->time);
	if (!f || f->call.desc != ev->call.desc) {
		/* no entry seen (it came before the capture): only the result is known */
		orphan = (struct inflight){ .key = { .tid = ev->tid },
					    .pid = ev->pid,
					    .cpu = ev->cpu,
					    .no_entry = true,
					    .time = ev->time,
					    .cgroup = ev->cgroup,
					    .call = ev->call };
		snprintf(orphan.comm, sizeof(orphan.comm), "%s", ev->comm ?: "");
		note_base(sv, ev->time);
		return print_call(sv, &orphan, sv->o.json || filtered(sv), false, 0, 0);
	}
	dur = ev->duration ?: ev->time - f->time;
	if (!f->cgroup)
		f->cgroup = ev->cgroup;
	if (!f->comm[0] && ev->comm) /* a task first named at its exit: the workload's execve */
		snprintf(f->comm, sizeof(f->comm), "%s", ev->comm);
	f->call.exited = true;
	f->call.ret = ev->call.ret;
	memcpy(f->call.out, ev->call.out, sizeof(f->call.out));
	/* what could not be read at entry and was read at exit, the page made present */
	for (int i = 0; i < SC_MAX_ARGS; i++)
		if (ev->call.mem[i].p &&
		    (!f->call.mem[i].p || f->call.mem[i].fault || f->call.mem[i].part)) {
			f->call.mem[i] = ev->call.mem[i];
			f->call.mem[i].late = f->entry_printed;
		}
	err = print_call(sv, f, !f->entry_printed, true, dur, 0);
	drop(sv, f);
	release(sv);
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
	struct inflight **list = calloc(scpair__count(sv->inflight) + 1, sizeof(*list)), *f;
	size_t n = 0;

	for (size_t i = 0; list && (f = scpair__at(sv->inflight, &i));)
		if (!(unprinted && f->entry_printed))
			list[n++] = f;
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
	/* "name(args) = ?" as one line, or the rest of its entry's line: never twice */
	print_call(sv, f, !f->entry_printed, false, 0, SCLINES_UNFINISHED);
	drop(sv, f);
	release(sv);
}

void sclines__end(struct sclines *sv)
{
	struct inflight **left = in_flight(sv, false);

	struct inflight *f;

	for (size_t i = 0; left && left[i]; i++)
		print_call(sv, left[i], !left[i]->entry_printed, false, 0,
			   SCLINES_UNFINISHED | SCLINES_DETACHED);
	free(left);
	for (size_t i = 0; (f = scpair__at(sv->inflight, &i)); i = 0)
		drop(sv, f); /* from the start again: a drop moves slots back */
	if (sv->ordered)
		scorder__release(&sv->order, sv->o.out, UINT64_MAX, 0);
}

/* ---- signals and the ends of processes ---- */

/* {"type": type, "time": ..., "pid": ..., "tid": ..., "comm": ..., "cpu": ...: open */
static void json_head(struct sclines *sv, const char *type, const struct sc_event *ev, uint32_t tid)
{
	struct jsonw *w = sv->json;

	jsonw__start_object(w);
	jsonw__kv_str(w, "type", type);
	jsonw__kv_u64(w, "time", ev->time);
	jsonw__kv_u64(w, "pid", ev->pid);
	jsonw__kv_u64(w, "tid", tid);
	if (ev->comm && *ev->comm)
		jsonw__kv_str(w, "comm", ev->comm);
	jsonw__kv_u64(w, "cpu", ev->cpu);
}

/* "head text": a line of no call, after the entries of the calls it falls inside. */
static void print_other(struct sclines *sv, const struct sc_event *ev, uint32_t tid,
			const char *text, size_t len)
{
	char *p;

	sclines__interrupt(sv); /* first: it writes its lines in sv->line too */
	p = sv->line + head(sv, sv->line, true, ev->time, false, 0, ev->comm, tid);
	if (len > LINE_MAX_BYTES)
		len = LINE_MAX_BYTES;
	p = mempcpy(p, text, len);
	*p++ = '\n';
	write_line(sv, ev->time, p);
}

int sclines__signal(struct sclines *sv, const struct sc_event *ev, const struct sysrec_signal *s)
{
	char text[RET_MAX];

	note_base(sv, ev->time);
	note_time(sv, ev->time);
	if (sv->o.json) {
		json_head(sv, "signal", ev, ev->tid);
		scsig__json_signal(sv->json, s);
		print_json_cgroup(sv, ev->cgroup);
		jsonw__end_object(sv->json);
		json_done(sv, ev->time);
		return 0;
	}
	print_other(sv, ev, ev->tid, text, scsig__signal(text, sizeof(text), s));
	return 0;
}

/* A task's end: a process's (by its pid) or a thread's (by its tid), as strace prints them. */
static int task_end(struct sclines *sv, const struct sc_event *ev, int32_t status, bool process)
{
	uint32_t id = process ? ev->pid : ev->tid;
	char text[RET_MAX];

	note_base(sv, ev->time);
	note_time(sv, ev->time);
	sclines__task_exit(sv, ev->tid); /* its last call, exit_group's or exit's "= ?", first */
	if (sv->o.json) {
		json_head(sv, process ? "exit" : "thread_exit", ev, id);
		scsig__json_exit(sv->json, status);
		print_json_cgroup(sv, ev->cgroup);
		jsonw__end_object(sv->json);
		json_done(sv, ev->time);
		return 0;
	}
	print_other(sv, ev, id, text, scsig__exit(text, sizeof(text), status));
	return 0;
}

int sclines__process_exit(struct sclines *sv, const struct sc_event *ev, int32_t status)
{
	return task_end(sv, ev, status, true);
}

int sclines__thread_exit(struct sclines *sv, const struct sc_event *ev, int32_t status)
{
	return task_end(sv, ev, status, false);
}

uint64_t sclines__printed(const struct sclines *sv)
{
	return sv->printed;
}

void sclines__free(struct sclines *sv)
{
	if (!sv)
		return;
	if (sv->inflight)
		sclines__end(sv);
	scpair__free(sv->inflight);
	scorder__exit(&sv->order);
	if (sv->json_f) {
		jsonw__free(sv->json);
		fclose(sv->json_f);
		free(sv->json_buf);
	}
	while (sv->nr_spare)
		free(sv->spare[--sv->nr_spare]);
	free(sv);
}

static const struct {
	const char *name;
	unsigned int bits;
} status_words[] = {
	{ "successful", SCLINES_SUCCESSFUL },
	{ "failed", SCLINES_FAILED },
	{ "unfinished", SCLINES_UNFINISHED },
	{ "detached", SCLINES_DETACHED },
	{ "unavailable", 0 },
	{ "all", SCLINES_SUCCESSFUL | SCLINES_FAILED | SCLINES_UNFINISHED | SCLINES_DETACHED },
	{ "none", 0 },
};

/* The bits of one word of a --status set, or -1. */
static int status_word(const char *w, size_t len)
{
	for (size_t i = 0; i < sizeof(status_words) / sizeof(status_words[0]); i++)
		if (strlen(status_words[i].name) == len && !strncmp(status_words[i].name, w, len))
			return (int)status_words[i].bits;
	return -1;
}

const char *sclines__parse_status(const char *set, unsigned int *bits, size_t *bad_len)
{
	bool all_but = *set == '!';
	unsigned int on = 0;

	for (const char *p = set + all_but; *p || p == set + all_but;) {
		size_t len = strcspn(p, ",");
		int b = status_word(p, len);

		if (b < 0) {
			*bad_len = len;
			return p;
		}
		on = len == 4 && !strncmp(p, "none", 4) ? 0 : on | (unsigned int)b;
		p += len;
		if (!*p)
			break;
		p++;
	}
	if (all_but)
		on = ~on & (unsigned int)status_word("all", 3);
	*bits = on ? on : 1U << 31;
	return NULL;
}
