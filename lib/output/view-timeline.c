// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "util/errmsg.h"
#include "util/jsonw.h"
#include "util/log.h"
#include "syscalls/scpair.h"
#include "syscalls/sctable.h"
#include "syscalls/sysrec.h"
#include "output/view-json.h"
#include "output/view-timeline.h"
#include "output/view.h"

#define TL_MEM_MAX 128 /* bytes of an argument's memory kept, as a string */

/* A thread seen, the last name it had, and its system call in flight. */
struct tl_thread {
	struct scpair_key key; /* its tid */
	uint32_t pid;
	char comm[16];
	bool in_call;
	uint32_t nr;
	uint8_t nargs;
	uint64_t args[SYSREC_ARGS];
	uint8_t mem_len[SYSREC_ARGS]; /* what the capture read of an argument: 0 none */
	char mem[SYSREC_ARGS][TL_MEM_MAX];
};

struct timeline {
	FILE *out;
	const char *path;
	struct jsonw *w;
	bool any; /* an event written: the next one needs a ',' */
	struct scpair *threads; /* struct tl_thread by tid */
	struct sysrec rec; /* the system-call record being shown */
	struct sctable *calls; /* their names, once one comes */
};

/* Remember the thread's name (tid 0, the idle task, has none worth a track name). */
static int note_thread(struct timeline *t, uint32_t pid, uint32_t tid, const char *comm)
{
	struct tl_thread *th;
	bool known;

	if (!tid)
		return 0;
	known = scpair__find(t->threads, tid);
	th = scpair__take(t->threads, tid);
	if (!th)
		return -ENOMEM;
	if (!known) {
		th->comm[0] = '\0';
		th->in_call = false;
	}
	th->pid = pid;
	if (comm)
		snprintf(th->comm, sizeof(th->comm), "%s", comm);
	return 0;
}

static void begin_event(struct timeline *t, const char *ph, uint64_t time, uint32_t pid,
			uint32_t tid)
{
	if (t->any)
		fputc(',', t->out);
	t->any = true;
	jsonw__start_object(t->w);
	jsonw__kv_str(t->w, "ph", ph);
	jsonw__name(t->w, "ts");
	jsonw__double(t->w, time / 1000.0);
	jsonw__kv_u64(t->w, "pid", pid);
	jsonw__kv_u64(t->w, "tid", tid);
}

/* What the JSON view says of the sample (output/view-json.h), as the event's args. */
static void sample_args(struct timeline *t, const struct resolved_sample *rs)
{
	jsonw__name(t->w, "args");
	print_json__sample_members(t->w, rs);
}

/* An entry: its arguments wait for the exit, which makes the slice. */
static void call_entry(struct timeline *t, const struct sysrec *r)
{
	struct tl_thread *th = scpair__find(t->threads, r->head.tid);

	if (!th)
		return;
	th->in_call = true;
	th->nr = r->head.nr;
	th->nargs = r->nargs;
	memcpy(th->args, r->args, sizeof(th->args));
	memset(th->mem_len, 0, sizeof(th->mem_len));
	for (int i = 0; i < r->nitems; i++) {
		const struct sysrec_data *d = &r->items[i];
		size_t n =
			strnlen((const char *)d->data, d->len < TL_MEM_MAX ? d->len : TL_MEM_MAX);

		/* a string the entry read (a path, a name): its text stands for the pointer */
		if (d->kind == SYSREC_KIND_STR && d->arg < SYSREC_ARGS && !d->fault && n) {
			memcpy(th->mem[d->arg], d->data, n);
			th->mem_len[d->arg] = n;
		}
	}
}

/* The call's arguments (as its entry had them) and its result, as the slice's args. */
static void call_args(struct timeline *t, const struct sc_desc *d, const struct tl_thread *th,
		      const struct sysrec *r)
{
	char name[16];

	jsonw__name(t->w, "args");
	jsonw__start_object(t->w);
	for (int i = 0; th && th->in_call && th->nr == r->head.nr && i < th->nargs; i++) {
		if (d && i < d->nr_args) {
			jsonw__name(t->w, d->args[i].name);
		} else {
			snprintf(name, sizeof(name), "arg%d", i);
			jsonw__name(t->w, name);
		}
		if (th->mem_len[i])
			jsonw__strn(t->w, th->mem[i], th->mem_len[i]);
		else
			jsonw__xu64(t->w, th->args[i]);
	}
	jsonw__kv_s64(t->w, "ret", r->ret);
	jsonw__end_object(t->w);
}

/* An exit: the call as a complete slice ("X") from its entry, as the capture timed it. */
static int call_exit(struct timeline *t, const struct resolved_sample *rs)
{
	const struct sysrec *r = &t->rec;
	struct tl_thread *th = scpair__find(t->threads, r->head.tid);
	const struct sc_desc *d;
	char unknown[24];

	if (!t->calls && !(t->calls = sctable__new()))
		return -errno;
	d = sctable__get(t->calls, (int)r->head.nr);
	snprintf(unknown, sizeof(unknown), "syscall_%u", r->head.nr);
	begin_event(t, "X", r->head.time - r->duration, r->head.pid, r->head.tid);
	jsonw__name(t->w, "dur");
	jsonw__double(t->w, r->duration / 1000.0);
	jsonw__kv_str(t->w, "name", d ? d->name : unknown);
	jsonw__kv_str(t->w, "cat", "syscall");
	call_args(t, d, th, r);
	jsonw__end_object(t->w);
	if (th)
		th->in_call = false;
	return 0;
}

/* A record of the system-call capture: a slice per call, at its exit. */
static int tl_syscall(struct timeline *t, const struct resolved_sample *rs)
{
	const struct sysrec *r = &t->rec;
	int err;

	if (!rs->s->has_raw || sysrec__decode(&t->rec, rs->s->raw, rs->s->raw_size))
		return 0;
	if (r->head.type != SYSREC_ENTER && r->head.type != SYSREC_EXIT)
		return 0;
	err = note_thread(t, r->head.pid, r->head.tid, rs->comm);
	if (err)
		return err;
	if (r->head.type == SYSREC_ENTER) {
		call_entry(t, r);
		return 0;
	}
	return r->duration ? call_exit(t, rs) : 0;
}

static unsigned tl_needs(void *priv, const struct event_desc *ev)
{
	return RESOLVE_SYM | RESOLVE_CHAIN | (ev->btf ? 0 : RESOLVE_STRING);
}

static int tl_sample(void *priv, const struct resolved_sample *rs)
{
	struct timeline *t = priv;
	const struct sample *s = rs->s;

	if (event_desc__is_sysrec(rs->ev))
		return tl_syscall(t, rs);
	if (!s->has_time)
		return 0;
	begin_event(t, "i", s->time, s->pid, s->tid);
	jsonw__kv_str(t->w, "s", "t");
	jsonw__kv_str(t->w, "name", rs->ev->name ?: "sample");
	jsonw__kv_str(t->w, "cat", event_desc__is_bpf_output(rs->ev) ? "bpf-output" : "sample");
	sample_args(t, rs);
	jsonw__end_object(t->w);
	return note_thread(t, s->pid, s->tid, rs->comm);
}

static int tl_task(void *priv, const struct record *rec)
{
	struct timeline *t = priv;

	if (rec->type != PERF_RECORD_COMM)
		return 0;
	return note_thread(t, rec->comm.pid, rec->comm.tid, rec->comm.comm);
}

static void name_event(struct timeline *t, const struct tl_thread *th, const char *what)
{
	begin_event(t, "M", 0, th->pid, th->key.tid);
	jsonw__kv_str(t->w, "name", what);
	jsonw__name(t->w, "args");
	jsonw__start_object(t->w);
	jsonw__kv_str(t->w, "name", th->comm[0] ? th->comm : "?");
	jsonw__end_object(t->w);
	jsonw__end_object(t->w);
}

/* The threads' names, then the end of the document. */
static int tl_end(void *priv)
{
	struct timeline *t = priv;

	const struct tl_thread *th;

	for (size_t i = 0; (th = scpair__at(t->threads, &i));) {
		name_event(t, th, "thread_name");
		if (th->key.tid == th->pid)
			name_event(t, th, "process_name");
	}
	fputs("]}\n", t->out);
	fflush(t->out);
	if (ferror(t->out)) {
		pr_err("cannot write '%s'", t->path);
		return -EIO;
	}
	return 0;
}

static void tl_free(void *priv)
{
	struct timeline *t = priv;

	jsonw__free(t->w);
	if (t->out)
		fclose(t->out);
	scpair__free(t->threads);
	sctable__free(t->calls);
	free(t);
}

static const struct view_ops timeline_ops = {
	.name = "timeline",
	.needs = tl_needs,
	.sample = tl_sample,
	.task = tl_task,
	.end = tl_end,
	.free = tl_free,
};

struct view *view_timeline__new(const char *path)
{
	struct timeline *t = calloc(1, sizeof(*t));

	if (!t)
		return NULL;
	t->path = path;
	t->threads = scpair__new(sizeof(struct tl_thread));
	t->out = fopen(path, "we");
	if (!t->out)
		errmsg__set(-errno, "cannot create '%s': %s", path, strerror(errno));
	t->w = t->out ? jsonw__new(t->out, false) : NULL;
	if (!t->threads || !t->w) {
		int err = t->out ? ENOMEM : errno;

		tl_free(t);
		errno = err;
		return NULL;
	}
	fputs("{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n", t->out);
	return view__new(&timeline_ops, t);
}
