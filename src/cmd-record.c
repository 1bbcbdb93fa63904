// SPDX-License-Identifier: GPL-2.0
/*
 * perf-bpf record: run scriptlets and write what they emit, with the events they
 * filter, to a perf.data file that perf-bpf script and stock perf script both read.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmds.h"
#include "evopts.h"
#include "util/errmsg.h"
#include "util/log.h"
#include "perfdata/writer.h"
#include "run/session.h"

static const char *const record_usage[] = {
	"perf-bpf record -e EVENT [-e EVENT]... [-o FILE] [-a | -p PID] [--] [CMD [ARG]...]",
	NULL,
};

struct record {
	struct pdwriter *writer;
	unsigned long samples;
	int err;
};

static int record_record(void *ctx, const struct perf_event_header *rec, int cpu, struct evsel *ev)
{
	struct record *r = ctx;
	int err;

	if (rec->type == PERF_RECORD_SAMPLE && ev && ev->kind != EVSEL_TRACKING)
		r->samples++;
	err = pdwriter__write(r->writer, rec, rec->size);
	if (err)
		r->err = err;
	return err;
}

static int record_round(void *ctx)
{
	struct record *r = ctx;
	int err = pdwriter__finish_round(r->writer);

	if (err)
		r->err = err;
	return err;
}

/* CMDLINE gets the program's name, then record's own argv ("record", ...), as perf writes it. */
static struct pdwriter *open_writer(struct evlist *el, const char *path, int argc, char **argv)
{
	int n = evlist__nr(el);
	struct pdwriter_event *evs = calloc(n, sizeof(*evs));
	char *prog = program_invocation_name;
	char **full = malloc(sizeof(*full) * (argc + 1));
	struct pdwriter_opts po = { .argc = argc + 1, .argv = full };
	struct pdwriter *w;

	if (!evs || !full) {
		free(evs);
		free(full);
		return NULL;
	}
	full[0] = prog;
	memcpy(full + 1, argv, sizeof(*full) * argc);
	for (int i = 0; i < n; i++) {
		struct evsel *ev = evlist__at(el, i);

		evs[i] = (struct pdwriter_event){ .name = ev->name,
						  .attr = &ev->attr,
						  .ids = ev->ids,
						  .nr_ids = ev->nr_fds,
						  .tp_sys = ev->tp_sys,
						  .tp_name = ev->tp_name };
	}
	w = pdwriter__open(path, evs, n, &po);
	free(evs);
	free(full);
	return w;
}

static void synth_task_comms(struct pdwriter *w, const char *pid)
{
	char path[300], comm[64];
	struct dirent *d;
	DIR *dir;

	snprintf(path, sizeof(path), "/proc/%s/task", pid);
	dir = opendir(path);
	if (!dir)
		return;
	while ((d = readdir(dir))) {
		FILE *f;

		if (d->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "/proc/%s/task/%s/comm", pid, d->d_name);
		f = fopen(path, "r");
		if (!f)
			continue;
		if (fgets(comm, sizeof(comm), f)) {
			comm[strcspn(comm, "\n")] = '\0';
			pdwriter__synth_comm(w, atoi(pid), atoi(d->d_name), comm);
		}
		fclose(f);
	}
	closedir(dir);
}

/* Tasks that existed before the recording started have no COMM record: make them. */
static void synth_comms(struct pdwriter *w, const struct session_opts *so)
{
	char pid[16];
	struct dirent *d;
	DIR *dir;

	if (so->pid && !so->argv) {
		snprintf(pid, sizeof(pid), "%d", so->pid);
		synth_task_comms(w, pid);
		return;
	}
	if (!so->system_wide)
		return; /* the workload's exec reports its own comm */
	dir = opendir("/proc");
	if (!dir)
		return;
	while ((d = readdir(dir)))
		if (d->d_name[0] >= '1' && d->d_name[0] <= '9')
			synth_task_comms(w, d->d_name);
	closedir(dir);
}

/* Losses at the very end have no LOST record from the kernel: write one for them. */
static int write_unreported_lost(struct pdwriter *w, const struct evlist *el)
{
	uint64_t reported = evlist__lost(el), total = evlist__lost_samples(el);

	return total > reported ? pdwriter__synth_lost(w, total - reported) : 0;
}

static void report(const struct record *r, struct session *s, const char *path, uint64_t bytes)
{
	uint64_t lost = evlist__lost_samples(session__evlist(s));

	fprintf(stderr, "[ perf-bpf record: Captured and wrote %.3f MB %s (%lu samples) ]\n",
		bytes / 1024.0 / 1024.0, path, r->samples);
	if (lost)
		pr_warn("%llu samples lost: the writer fell behind (try a bigger -m)",
			(unsigned long long)lost);
}

static int run(struct evopts *eo, int argc, char **argv)
{
	const char *path = eo->output ? eo->output : "perf.data";
	struct record r = { 0 };
	struct session *s = session__new(&eo->session);
	uint64_t bytes;
	int err, cerr;

	if (!s) {
		errmsg__print(errno, "cannot start recording");
		return 1;
	}
	r.writer = open_writer(session__evlist(s), path, argc, argv);
	if (!r.writer) {
		pr_err("cannot create '%s': %s", path, strerror(errno));
		session__free(s);
		return 1;
	}
	pdwriter__synth_kernel_mmap(r.writer);
	synth_comms(r.writer, &eo->session);
	session__set_round_fn(s, record_round, &r);
	err = session__run(s, record_record, &r);
	if (!r.err)
		r.err = write_unreported_lost(r.writer, session__evlist(s));
	bytes = pdwriter__bytes(r.writer);
	cerr = pdwriter__close(r.writer);
	if (r.err || cerr) {
		pr_err("cannot write '%s': %s", path, strerror(-(r.err ? r.err : cerr)));
		if ((r.err ? r.err : cerr) == -ENOSPC)
			pr_hint("the disk is full; what was written before is readable");
	} else if (err) {
		pr_err("recording stopped: %s", strerror(-err));
	}
	report(&r, s, path, bytes);
	err = (err || r.err || cerr) ? 1 : session__exit_code(s);
	session__free(s);
	return err;
}

int cmd_record(int argc, char **argv)
{
	struct evopts eo;
	int err = evopts__parse(&eo, argc, argv, record_usage, EVOPTS_RECORD);

	if (err)
		return err == OPTS_HELP ? 0 : err == OPTS_USAGE ? EXIT_USAGE : 1;
	err = run(&eo, argc, argv);
	evopts__exit(&eo);
	return err;
}
