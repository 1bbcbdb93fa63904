// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "util/errmsg.h"
#include "util/jsonw.h"
#include "util/log.h"
#include "output/view-json.h"
#include "output/view-timeline.h"
#include "output/view.h"

/* A thread seen, and the last name it had. */
struct tl_thread {
	uint32_t pid, tid;
	char comm[16];
};

struct timeline {
	FILE *out;
	const char *path;
	struct jsonw *w;
	bool any; /* an event written: the next one needs a ',' */
	struct tl_thread *threads; /* open addressing by tid */
	size_t mask, nr;
};

static struct tl_thread *slot(struct timeline *t, uint32_t tid)
{
	size_t i = (tid * 2654435761u) & t->mask;

	while (t->threads[i].tid && t->threads[i].tid != tid)
		i = (i + 1) & t->mask;
	return &t->threads[i];
}

/* Remember the thread's name (tid 0, the idle task, has none worth a track name). */
static int note_thread(struct timeline *t, uint32_t pid, uint32_t tid, const char *comm)
{
	struct tl_thread *th;

	if (!tid)
		return 0;
	if ((t->nr + 1) * 2 > t->mask) {
		struct tl_thread *old = t->threads;
		size_t n = t->mask + 1;

		t->threads = calloc(n * 2, sizeof(*t->threads));
		if (!t->threads) {
			t->threads = old;
			return -ENOMEM;
		}
		t->mask = n * 2 - 1;
		for (size_t i = 0; i < n; i++)
			if (old[i].tid)
				*slot(t, old[i].tid) = old[i];
		free(old);
	}
	th = slot(t, tid);
	if (!th->tid)
		t->nr++;
	th->pid = pid;
	th->tid = tid;
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

static unsigned tl_needs(void *priv, const struct event_desc *ev)
{
	return RESOLVE_SYM | RESOLVE_CHAIN | (ev->btf ? 0 : RESOLVE_STRING);
}

static int tl_sample(void *priv, const struct resolved_sample *rs)
{
	struct timeline *t = priv;
	const struct sample *s = rs->s;

	if (event_desc__is_sysrec(rs->ev) || !s->has_time)
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
	begin_event(t, "M", 0, th->pid, th->tid);
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

	for (size_t i = 0; i <= t->mask; i++) {
		const struct tl_thread *th = &t->threads[i];

		if (!th->tid)
			continue;
		name_event(t, th, "thread_name");
		if (th->tid == th->pid)
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
	free(t->threads);
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
	t->mask = 63;
	t->threads = calloc(t->mask + 1, sizeof(*t->threads));
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
