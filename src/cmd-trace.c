// SPDX-License-Identifier: GPL-2.0
/*
 * perf-bpf trace: run scriptlets and print what they emit, live, as perf script would
 * print it from a recording.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmds.h"
#include "evopts.h"
#include "util/errmsg.h"
#include "util/log.h"
#include "util/pipeout.h"
#include "util/clockid.h"
#include "run/session.h"
#include "output/pipeline.h"

static const char *const trace_usage[] = {
	"perf-bpf trace [-e EVENT|SYSCALLS]... [--ev EVENT]... [-s | -S] [-g] [-a | -p PID] [--json] [-o FILE] [-k CLOCK] [--] [CMD [ARG]...]",
	NULL,
};

struct trace {
	struct pipeline *p;
	FILE *out; /* stdout, or a stream a stop signal can end when stdout is a pipe */
	bool own_out;
};

/* -o FILE: created (or truncated, as perf trace -o does) before anything is compiled. */
static int open_output(struct trace *t, const char *path)
{
	t->out = fopen(path, "we");
	if (!t->out)
		return errmsg__set(-errno, "cannot create '%s': %s", path, strerror(errno));
	t->own_out = true;
	return 0;
}

/*
 * A line per record or call, written 64 KiB at a time, not a file block's 4 KiB; each
 * round hands on what it printed, so the output stays live. A terminal keeps its lines.
 */
static void buffer_output(FILE *f)
{
	static char buf[1 << 16];

	if (!isatty(fileno(f)))
		setvbuf(f, buf, _IOFBF, sizeof(buf));
}

static void report_losses(struct session *s)
{
	unsigned long bad = session__bad_records(s);
	uint64_t lost = evlist__lost_samples(session__evlist(s));

	if (lost)
		pr_warn("%llu samples lost: the reader fell behind (try a bigger -m)",
			(unsigned long long)lost);
	if (session__filtered(s))
		pr_debug("%lu outputs of tasks outside the target not shown (use -a to see them)",
			 session__filtered(s));
	if (bad)
		pr_debug("%lu records too short for their type not shown", bad);
}

/*
 * System calls print on stderr, as perf trace's and strace's lines do (the command's own
 * output stays on stdout), buffered: a line per call must not cost a write per line.
 */
static FILE *text_to_stderr(void)
{
	FILE *f = pipeout__stream(STDERR_FILENO);
	int fd;

	if (f || errno)
		return f;
	fd = dup(STDERR_FILENO);
	f = fd < 0 ? NULL : fdopen(fd, "w");
	if (!f && fd >= 0)
		close(fd);
	return f;
}

/*
 * -y: whose descriptors are read before the run: the workload's as it will exec them (it
 * waits at its gate), -p's or -t's process, or every process under -a.
 */
static void fd_target(struct evopts *eo, const struct session *s)
{
	struct view_syscalls_opts *v = &eo->sc.view;

	v->fd_target = session__workload_pid(s);
	v->fd_at_exec = v->fd_target > 0;
	v->fd_stdout_to_stderr = eo->session.workload_stdout_to_stderr;
	if (!v->fd_target && eo->tids.nr + eo->pids.nr == 1)
		v->fd_target = eo->tids.nr ? eo->tids.ids[0] : eo->pids.ids[0];
	/* -a, or several processes: every process's (each call says whose) */
	v->fd_all_procs = !v->fd_target && (eo->session.system_wide || eo->tids.nr + eo->pids.nr);
}

/* The run, shown by the views the options pick. */
static int show(struct trace *t, struct session *s, const struct evopts *eo)
{
	struct pipeline_opts po = {
		.views = { .out = t->out,
			   .fields = eo->fields,
			   .json = eo->json,
			   .maps_out = t->out,
			   .syscalls = eo->sc.on ? &eo->sc.view : NULL,
			   .fmt = eo->fmt },
		.maps = eo->maps,
		.clockid = eo->session.use_clockid ? eo->session.clockid : CLOCKID_PERF,
	};
	int err;

	t->p = pipeline__live(&po, s);
	if (!t->p)
		return -errno;
	session__set_round_fn(s, pipeline__round, t->p);
	session__set_hold_fn(s, pipeline__busy, t->p);
	err = session__run(s, pipeline__session_record, t->p);
	if (err == -ECANCELED)
		err = 0; /* --max-events were shown */
	return err ?: pipeline__end(t->p, NULL);
}

int cmd_trace(int argc, char **argv)
{
	struct evopts eo;
	struct trace t = { 0 };
	struct session *s;
	int err;

	err = evopts__parse(&eo, argc, argv, trace_usage, EVOPTS_TRACE);
	if (err)
		return opts__exit_status(err);
	/* the JSON stream on stdout is ours alone: the command's stdout goes to stderr */
	eo.session.workload_stdout_to_stderr = eo.json && !eo.output;
	if (eo.output && open_output(&t, eo.output)) {
		errmsg__print(errno, "cannot create '%s'", eo.output);
		evopts__exit(&eo);
		return 1;
	}
	s = evopts__check_privileges(&eo) ? NULL : session__new(&eo.session);
	if (!s) {
		errmsg__print(errno, "cannot start tracing");
		if (t.own_out) {
			fclose(t.out);
			unlink(eo.output); /* nothing was written */
		}
		evopts__exit(&eo);
		return 1;
	}
	if (!t.out && eo.sc.on && !eo.json) {
		t.out = text_to_stderr();
		t.own_out = t.out;
	}
	if (!t.out) {
		t.out = pipeout__stream(STDOUT_FILENO);
		t.own_out = t.out;
		if (!t.out && errno)
			pr_debug("stdout: a pipe, written as a file: %s", strerror(errno));
	}
	if (!t.out)
		t.out = stdout;
	buffer_output(t.out);
	eo.sc.view.out = t.out;
	eo.sc.view.json = eo.json;
	fd_target(&eo, s);
	err = show(&t, s, &eo);
	fflush(stdout);
	report_losses(s);
	if (err && ferror(t.out) && eo.output)
		pr_err("tracing stopped: cannot write '%s'", eo.output);
	else if (err && ferror(t.out))
		pr_err("tracing stopped: stdout is a full pipe and a stop signal came");
	else if (err && errmsg__text())
		errmsg__print(err, NULL);
	else if (err)
		pr_err("tracing stopped: %s", strerror(-err));
	pipeline__free(t.p);
	if (t.own_out && fclose(t.out) && !err) {
		pr_err("cannot write '%s': %s", eo.output ?: "the output", strerror(errno));
		err = -EIO;
	}
	err = err ? 1 : session__exit_code(s);
	session__free(s);
	evopts__exit(&eo);
	return err;
}
