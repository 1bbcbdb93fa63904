// SPDX-License-Identifier: GPL-2.0
/* The system-call view (output/view-syscalls.h): capture records to lines and summaries. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "syscalls/scfds.h"
#include "syscalls/scfdtrack.h"
#include "syscalls/scsummary.h"
#include "syscalls/sclines.h"
#include "output/view-syscalls.h"
#include "output/view.h"
#include "syscalls/sctable.h"
#include "syscalls/sysrec.h"
#include "util/cgroups.h"
#include "util/jsonw.h"
#include "util/log.h"

struct sys_view {
	struct view_syscalls_opts o;
	struct sctable *table;
	struct sclines *lines;
	struct scsummary *summary;
	struct jsonw *json;
	struct cgroups *cgroups; /* JSON: the paths of the records' cgroups */
	const struct sc_desc *descs[SYSREC_NR_MAX]; /* each call's, once found */
	struct sc_desc *unknown[SYSREC_NR_MAX]; /* calls this machine's headers do not name */
	struct sysrec rec;
	struct sc_event ev; /* rec as the lines take it */
	struct sysrec_memo memo;
	struct scfdtrack *fds; /* -y */
	uint64_t bad; /* samples that are no whole record */
};

/* -y: a descriptor as the tables know it (syscalls/scfdtrack.h). */
static bool fd_name(void *ctx, uint32_t pid, int fd, char *buf, size_t size)
{
	struct sys_view *v = ctx;

	return scfdtrack__name(v->fds, pid, fd, buf, size);
}

/*
 * -y: a descriptor the call being shown made (its result, pipe2's pair): named once its
 * exit has changed the tables, while its arguments were named as they were before it.
 */
static bool fd_made_name(void *ctx, uint32_t pid, int fd, char *buf, size_t size)
{
	struct sys_view *v = ctx;

	if (v->ev.call.exited)
		scfdtrack__exit(v->fds, &v->ev); /* once: the exit is not applied twice */
	return scfdtrack__name(v->fds, pid, fd, buf, size);
}

/* "syscall_NR", with 6 arguments in hex, for a call the headers do not name. */
static const struct sc_desc *unknown_desc(struct sys_view *v, unsigned int nr)
{
	struct sc_desc *u;
	char *name;

	if (v->unknown[nr])
		return v->unknown[nr];
	u = calloc(1, sizeof(*u));
	name = malloc(24);
	if (!u || !name) {
		free(u);
		free(name);
		return NULL;
	}
	snprintf(name, 24, "syscall_%u", nr);
	u->nr = (int)nr;
	u->name = name;
	u->nr_args = SC_MAX_ARGS;
	for (int i = 0; i < SC_MAX_ARGS; i++) {
		snprintf(u->args[i].name, sizeof(u->args[i].name), "arg%d", i);
		u->args[i].kind = SCA_HEX;
		u->args[i].size = 8;
	}
	v->unknown[nr] = u;
	return u;
}

/* The call of number nr: this kernel's, or "syscall_NR" for one the headers do not name. */
static const struct sc_desc *desc_of(struct sys_view *v, unsigned int nr)
{
	const struct sc_desc *d;

	if (nr < SYSREC_NR_MAX && v->descs[nr])
		return v->descs[nr]; /* found once: its format is read, it moves no more */
	d = sctable__get(v->table, (int)nr);
	if (!d && nr < SYSREC_NR_MAX)
		d = unknown_desc(v, nr);
	if (d && nr < SYSREC_NR_MAX)
		v->descs[nr] = d;
	return d;
}

static struct sc_bytes bytes_of(const struct sysrec_data *d)
{
	return (struct sc_bytes){
		.p = d->data,
		.len = d->len,
		.truncated = d->truncated,
		.fault = d->fault,
		.part = d->part,
	};
}

/* The record's items into the call: what it read at entry, what it filled at exit. */
static void take_items(struct sc_call *call, const struct sysrec *r)
{
	for (int i = 0; i < r->nitems; i++) {
		const struct sysrec_data *d = &r->items[i];

		if (d->arg >= SC_MAX_ARGS)
			continue;
		if (d->out)
			call->out[d->arg] = bytes_of(d);
		else
			call->mem[d->arg] = bytes_of(d);
	}
}

/*
 * The record as a call, set field by field: zeroing the whole struct for every record
 * costs more than the rest of this.
 */
static void call_of(struct sc_call *call, const struct sc_desc *desc, const struct sysrec *r)
{
	call->desc = desc;
	memcpy(call->args, r->args, sizeof(r->args));
	/* p alone says whether anything was read (scfmt.h): 12 stores, not a rep stos */
	for (int i = 0; i < SC_MAX_ARGS; i++)
		call->mem[i].p = call->out[i].p = NULL;
	call->exited = r->head.type == SYSREC_EXIT;
	call->ret = call->exited ? r->ret : 0;
	take_items(call, r);
}

/* -y: what the capture read of the call's descriptors. */
static void fds_of(struct sc_event *ev, const struct sysrec *r)
{
	ev->nfds = r->nfds;
	ev->fds = r->fds;
}

static int show_call(struct sys_view *v, const struct resolved_sample *rs)
{
	const struct sysrec *r = &v->rec;
	const struct sc_desc *desc = desc_of(v, r->head.nr);
	struct sc_event *ev = &v->ev;
	int err;

	if (!desc)
		return -ENOMEM;
	ev->time = rs->s->time;
	ev->pid = r->head.pid;
	ev->tid = r->head.tid;
	ev->cpu = r->head.cpu;
	ev->comm = rs->comm;
	ev->duration = r->duration;
	ev->cgroup = r->cgroup;
	call_of(&ev->call, desc, r);
	fds_of(ev, r);
	if (r->head.type == SYSREC_ENTER) {
		if (v->fds)
			scfdtrack__enter(v->fds, ev);
		return sclines__enter(v->lines, ev);
	}
	err = sclines__exit(v->lines, ev);
	if (v->fds) /* after the line: a close shows the path it closes */
		scfdtrack__exit(v->fds, ev);
	return err;
}

static int count_call(struct sys_view *v, const struct resolved_sample *rs)
{
	const struct sysrec *r = &v->rec;
	struct sysrec_count_key key = { .tid = r->head.tid, .nr = r->head.nr };
	struct scsummary_call call;

	if (r->head.type == SYSREC_COUNT && (r->head.flags & SYSREC_F_NO_THREAD)) {
		key.tid = v->rec.count.pid = 0; /* counted by call only: 'other threads' */
		v->rec.count.comm[0] = '\0';
	} else if (r->head.type == SYSREC_COUNT && !(r->count.flags & SYSREC_COUNT_F_ENDED)) {
		if (rs->comm) /* the name after its exec, not the one of its first call */
			snprintf(v->rec.count.comm, sizeof(v->rec.count.comm), "%s", rs->comm);
	}
	if (r->head.type == SYSREC_COUNT)
		return scsummary__add(v->summary, &key, &r->count,
				      r->has_errnos ? &r->errnos : NULL);
	if (r->head.type != SYSREC_EXIT || r->no_entry)
		return 0;
	/* the cgroup, when the records carry it (record --all-cgroups; live, -S --json) */
	call = (struct scsummary_call){ .pid = r->head.pid,
					.tid = r->head.tid,
					.comm = rs->comm,
					.cgroup = r->cgroup,
					.nr = r->head.nr,
					.ns = r->duration,
					.ret = r->ret };
	return scsummary__call(v->summary, &call);
}

static bool shown(const struct sys_view *v, unsigned int nr)
{
	return !v->o.shown || (nr < SYSREC_NR_MAX && (v->o.shown[nr / 64] >> (nr % 64) & 1));
}

/* A call read only for -y: what it says of descriptors, no line. */
static void track_only(struct sys_view *v)
{
	const struct sysrec *r = &v->rec;
	const struct sc_desc *desc = desc_of(v, r->head.nr);
	struct sc_event *ev = &v->ev;

	if (!v->fds || !desc)
		return;
	ev->pid = r->head.pid;
	ev->tid = r->head.tid;
	call_of(&ev->call, desc, r);
	fds_of(ev, r);
	if (r->head.type == SYSREC_ENTER)
		scfdtrack__enter(v->fds, ev);
	else if (r->head.type == SYSREC_EXIT)
		scfdtrack__exit(v->fds, ev);
}

/* A signal or a process's end: a line of its own among the calls, unless left out. */
static int show_signal_or_exit(struct sys_view *v, const struct resolved_sample *rs)
{
	const struct sysrec *r = &v->rec;
	struct sc_event *ev = &v->ev;
	int signo = r->signal.signo;

	if (!v->lines)
		return 0;
	if (r->head.type == SYSREC_SIGNAL && signo >= 1 && signo <= 64 &&
	    (v->o.hidden_signals >> (signo - 1) & 1))
		return 0;
	if (r->head.type == SYSREC_TASK_EXIT && v->o.no_exits)
		return 0;
	ev->time = rs->s->time;
	ev->pid = r->head.pid;
	ev->tid = r->head.tid;
	ev->cpu = r->head.cpu;
	ev->comm = rs->comm;
	ev->cgroup = r->cgroup;
	if (r->head.type == SYSREC_SIGNAL)
		return sclines__signal(v->lines, ev, &r->signal);
	if (r->head.flags & SYSREC_EXIT_F_THREAD)
		return sclines__thread_exit(v->lines, ev, r->exit_status);
	return sclines__process_exit(v->lines, ev, r->exit_status);
}

static int sys_sample(void *priv, const struct resolved_sample *rs)
{
	struct sys_view *v = priv;
	int err = 0;

	if (!event_desc__is_sysrec_memo(&v->memo, rs->ev)) {
		if (v->lines)
			sclines__interrupt(v->lines); /* another view prints a line now */
		return 0;
	}
	if (!rs->s->has_raw || sysrec__decode(&v->rec, rs->s->raw, rs->s->raw_size)) {
		v->bad++;
		return 0;
	}
	if (v->rec.head.type == SYSREC_SIGNAL || v->rec.head.type == SYSREC_TASK_EXIT)
		return show_signal_or_exit(v, rs);
	if (!shown(v, v->rec.head.nr)) {
		track_only(v);
		return 0;
	}
	if (v->lines && v->rec.head.type != SYSREC_COUNT)
		err = show_call(v, rs);
	if (!err && v->summary)
		err = count_call(v, rs);
	return err;
}

static int sys_task(void *priv, const struct record *rec)
{
	struct sys_view *v = priv;

	if (!rec->decoded)
		return 0;
	if (v->cgroups && rec->type == PERF_RECORD_CGROUP)
		return cgroups__note(v->cgroups, rec->cgroup.id, rec->cgroup.path);
	if (v->lines && rec->type == PERF_RECORD_EXIT)
		sclines__task_exit(v->lines, rec->task.tid);
	if (v->fds && rec->type == PERF_RECORD_FORK)
		scfdtrack__fork(v->fds, rec->task.ppid, rec->task.pid, rec->task.ptid);
	if (v->fds && rec->type == PERF_RECORD_EXIT)
		scfdtrack__task_exit(v->fds, rec->task.pid, rec->task.tid);
	return 0;
}

static int sys_flush(void *priv)
{
	struct sys_view *v = priv;

	fflush(v->o.out);
	return ferror(v->o.out) ? -EIO : 0;
}

static int sys_end(void *priv)
{
	struct sys_view *v = priv;

	if (v->lines)
		sclines__end(v->lines);
	if (v->summary && scsummary__print(v->summary, v->table))
		return -EIO;
	if (v->bad)
		pr_warn("%llu system-call records damaged, not shown", (unsigned long long)v->bad);
	return sys_flush(v);
}

static void sys_free(void *priv)
{
	struct sys_view *v = priv;

	if (!v)
		return;
	sclines__free(v->lines);
	scsummary__free(v->summary);
	jsonw__free(v->json);
	cgroups__free(v->cgroups);
	sctable__free(v->table);
	scfdtrack__free(v->fds);
	for (int i = 0; i < SYSREC_NR_MAX; i++) {
		if (v->unknown[i])
			free((char *)v->unknown[i]->name);
		free(v->unknown[i]);
	}
	free(v);
}

static const struct view_ops sys_ops = {
	.name = "syscalls",
	.sample = sys_sample,
	.task = sys_task,
	.flush = sys_flush,
	.end = sys_end,
	.free = sys_free,
};

/* -y: what the target holds before the run; one that is gone is known from its calls only. */
static void start_fds(struct sys_view *v)
{
	const struct view_syscalls_opts *o = &v->o;
	int err = scfdtrack__start(v->fds, o->fd_all_procs ? 0 : (uint32_t)o->fd_target,
				   o->fd_at_exec);

	if (err)
		pr_debug("-y: the descriptors before the run are unknown: %s", strerror(-err));
	if (!err && o->fd_at_exec && o->fd_stdout_to_stderr)
		scfds__dup(scfdtrack__fds(v->fds), (uint32_t)o->fd_target, STDERR_FILENO,
			   STDOUT_FILENO, false);
}

static int make_parts(struct sys_view *v)
{
	const struct view_syscalls_opts *o = &v->o;
	struct sclines_opts lo = {
		.out = o->out,
		.failure_only = o->failure_only,
		.min_duration_ns = o->min_duration_ns,
		.max_events = o->max_events,
		.absolute_time = o->absolute_time,
		.status = o->status,
		.time = o->time,
		.fmt = { .strsize = o->strsize,
			 .verbose = o->verbose_structs,
			 .fd_path = o->fd_paths ? fd_name : NULL,
			 .fd_made = o->fd_paths ? fd_made_name : NULL,
			 .ctx = v },
	};
	struct scsummary_opts so = {
		.out = o->out,
		.mode = o->summary_mode,
		.errnos = o->errno_summary,
		.columns = o->summary_columns,
	};

	v->table = sctable__new();
	if (!v->table)
		return -errno;
	if (o->fd_paths && !(v->fds = scfdtrack__new(o->fd_paths)))
		return -ENOMEM;
	if (v->fds && (o->fd_target > 0 || o->fd_all_procs))
		start_fds(v);
	if (o->json) {
		v->json = jsonw__new(o->out, false);
		if (!v->json)
			return -ENOMEM;
		lo.json = so.json = v->json;
		/* no cgroup2 mount: the records carry no cgroup, nor paths to find */
		lo.cgroups = v->cgroups = cgroups__new();
	}
	if (o->lines && !(v->lines = sclines__new(&lo)))
		return -ENOMEM;
	if (o->summary && !(v->summary = scsummary__new(&so)))
		return -ENOMEM;
	return 0;
}

struct view *view_syscalls__new(const struct view_syscalls_opts *o)
{
	struct sys_view *v = calloc(1, sizeof(*v));
	int err;

	if (!v)
		return NULL;
	v->o = *o;
	err = make_parts(v);
	if (err) {
		sys_free(v);
		errno = -err;
		return NULL;
	}
	return view__new(&sys_ops, v);
}
