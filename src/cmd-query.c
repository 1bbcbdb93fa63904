// SPDX-License-Identifier: GPL-2.0
/*
 * perf-bpf query: which BPF programs sit on which tracing hook, in run order, with the
 * processes that hold them and, when the kernel counts them, their run statistics.
 */
#include <ctype.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "query/bpfinfo.h"
#include "cmds.h"
#include "util/errmsg.h"
#include "util/jsonw.h"
#include "util/opts.h"
#include "util/stopsig.h"
#include "query/procfd.h"
#include "query/query.h"

static const char *const query_usage[] = {
	"perf-bpf query [-j] [--stats [SECONDS]] [--exhaustive] TRACEPOINT...",
	"perf-bpf query --all [-j] [--stats [SECONDS]] [--exhaustive]",
	NULL,
};

struct query_cmd {
	/* the command line */
	bool all, json, stats, exhaustive;
	double window; /* seconds, with --stats */
	int nr_tps;
	char **tps; /* the operands */
	/* one entry per distinct program, in order of first appearance */
	struct bpfinfo_prog *progs;
	int *prog_err;
	size_t nr_progs;
	bool show_stats;
};

/* An operand that --stats would have taken for SECONDS, had it come right after it. */
static bool is_number(const char *s)
{
	return isdigit((unsigned char)s[0]) || (s[0] == '.' && isdigit((unsigned char)s[1]));
}

/* --stats [SECONDS]: the window is 1 second unless SECONDS is given. */
static int set_stats(const struct opts *o, const struct opt *row, const char *arg)
{
	struct query_cmd *c = row->value;
	char *end;
	double w;

	c->stats = true;
	if (!arg)
		return 0;
	w = strtod(arg, &end);
	if (end == arg || *end || !(w > 0 && w <= 3600))
		return opts__misuse(o, "%s needs SECONDS in (0, 3600], not '%s'", o->name, arg);
	c->window = w;
	return 0;
}

static int parse_args(struct query_cmd *c, int argc, char **argv)
{
	const struct opt rows[] = {
		OPT_BOOL('a', "all", &c->all, "every tracing hook that has BPF programs attached"),
		OPT_BOOL('j', "json", &c->json, "print one JSON document"),
		OPT_CALLBACK_OPTARG(0, "stats", c, "SECONDS", set_stats,
				    "count runs for SECONDS (default 1), then restore"),
		OPT_BOOL(0, "exhaustive", &c->exhaustive,
			 "open every tracepoint a pattern matches (slow)"),
		OPT_COMMON,
		OPT_END,
	};
	struct opts o;
	int ret;

	c->window = 1;
	ret = opts__parse(&o, rows, query_usage, argc, argv, 0);
	if (ret)
		return ret;
	c->tps = o.operands;
	c->nr_tps = o.nr_operands;
	for (int i = 0; c->stats && i < c->nr_tps; i++) /* no tracepoint is named by a number */
		if (is_number(c->tps[i]))
			return opts__misuse(
				&o, "'%s' is not a tracepoint: SECONDS goes right after --stats",
				c->tps[i]);
	if (c->all && c->nr_tps)
		return opts__misuse(&o, "--all takes no tracepoint, got '%s'", c->tps[0]);
	if (!c->all && !c->nr_tps)
		return opts__misuse(&o, "no tracepoint given (or --all)");
	return 0;
}

static int run_query(struct query_cmd *c, struct query *q, const struct procfd *fds)
{
	struct query_opts qo = { .fds = fds, .exhaustive = c->exhaustive };
	int err;

	if (c->all) {
		err = query__all(q, &qo);
		if (err)
			errmsg__print(err, "cannot query every hook");
		return err;
	}
	for (int i = 0; i < c->nr_tps; i++) {
		err = query__tracepoints(q, c->tps[i], &qo);
		if (err) {
			errmsg__print(err, "cannot query '%s'", c->tps[i]);
			return query__is_pattern(c->tps[i]) ? err : EXIT_USAGE;
		}
	}
	return 0;
}

static int prog_index(const struct query_cmd *c, uint32_t id)
{
	for (size_t i = 0; i < c->nr_progs; i++)
		if (c->progs[i].id == id)
			return (int)i;
	return -1;
}

/* One info entry per distinct program of the result. */
static int collect_progs(struct query_cmd *c, const struct query *q)
{
	size_t max = 0;

	for (size_t h = 0; h < q->nr_hooks; h++)
		max += q->hooks[h].nr_progs;
	c->progs = calloc(max + 1, sizeof(*c->progs));
	c->prog_err = calloc(max + 1, sizeof(*c->prog_err));
	if (!c->progs || !c->prog_err)
		return -ENOMEM;
	for (size_t h = 0; h < q->nr_hooks; h++)
		for (size_t i = 0; i < q->hooks[h].nr_progs; i++) {
			uint32_t id = q->hooks[h].progs[i].id;

			if (prog_index(c, id) >= 0)
				continue;
			c->prog_err[c->nr_progs] = bpfinfo__prog(id, &c->progs[c->nr_progs]);
			c->progs[c->nr_progs++].id = id;
		}
	return 0;
}

/*
 * The --stats window; Ctrl-C (or TERM, HUP) ends it early and the counts so far are
 * printed, the window's real length with them.
 */
static int sample_stats(struct query_cmd *c)
{
	sigset_t old;
	int err;

	stopsig__block(0, &old);
	err = bpfinfo__stats_window(c->progs, c->prog_err, c->nr_progs, c->window, true,
				    &c->window);
	stopsig__unblock(&old);
	if (err) {
		errmsg__print(err, "cannot query 'kernel.bpf_stats_enabled'");
		return err;
	}
	c->show_stats = true;
	return 0;
}

static void format_time(uint64_t ns, char *buf, size_t size)
{
	time_t t = (time_t)(ns / 1000000000ULL);
	struct tm tm;

	if (!localtime_r(&t, &tm) || !strftime(buf, size, "%Y-%m-%dT%H:%M:%S", &tm))
		snprintf(buf, size, "-");
}

static uint64_t avg_ns(const struct bpfinfo_prog *p)
{
	return p->run_cnt ? p->run_time_ns / p->run_cnt : 0;
}

/* "3 programs, in run order" */
static void print_hook_line(const struct query_hook *h, bool first)
{
	printf("%s%s  %s, ", first ? "" : "\n", h->name, bpfinfo__kind(h->kind));
	if (!h->nr_progs)
		printf("no programs\n");
	else
		printf("%zu program%s, %s\n", h->nr_progs, h->nr_progs == 1 ? "" : "s",
		       h->run_order ? "in run order" : "by program id");
}

static void print_pids(const struct procfd *fds, uint32_t id, FILE *f)
{
	size_t nr;
	const struct procfd_holder *hd = procfd__holders(fds, id, &nr);

	for (size_t i = 0; i < nr; i++)
		fprintf(f, "%s%s(%u)", i ? "," : "", hd[i].comm, hd[i].pid);
	if (!nr)
		fputc('-', f);
}

static void print_prog_row(const struct query_cmd *c, const struct query_prog *qp,
			   const struct procfd *fds)
{
	int k = prog_index(c, qp->id);
	const struct bpfinfo_prog *p = &c->progs[k];
	char when[32], link[16] = "-";

	if (qp->link_id)
		snprintf(link, sizeof(link), "%u", qp->link_id);
	if (c->prog_err[k]) {
		printf("  %8u  %-16s %-16s %-16s %-19s %6s", qp->id, "-",
		       c->prog_err[k] == -ENOENT ? "(gone)" : "(no info)", "-", "-", link);
	} else {
		format_time(p->load_time, when, sizeof(when));
		printf("  %8u  %-16s %-16s %-16s %-19s %6s", qp->id, bpfinfo__prog_type(p->type),
		       p->name[0] ? p->name : "-", p->tag, when, link);
	}
	if (c->show_stats)
		printf(" %10llu %8llu", c->prog_err[k] ? 0ULL : (unsigned long long)p->run_cnt,
		       c->prog_err[k] ? 0ULL : (unsigned long long)avg_ns(p));
	fputs("  ", stdout);
	print_pids(fds, qp->id, stdout);
	fputc('\n', stdout);
}

static void print_table(const struct query_cmd *c, const struct query *q, const struct procfd *fds)
{
	for (size_t h = 0; h < q->nr_hooks; h++) {
		const struct query_hook *hk = &q->hooks[h];

		print_hook_line(hk, h == 0);
		if (!hk->nr_progs)
			continue;
		printf("  %8s  %-16s %-16s %-16s %-19s %6s", "ID", "TYPE", "NAME", "TAG", "LOADED",
		       "LINK");
		if (c->show_stats)
			printf(" %10s %8s", "RUNS", "AVG_NS");
		printf("  PIDS\n");
		for (size_t i = 0; i < hk->nr_progs; i++)
			print_prog_row(c, &hk->progs[i], fds);
	}
	if (!q->nr_hooks && c->all)
		printf("no BPF program is attached to a tracing hook\n");
}

static void json_prog(struct jsonw *w, const struct query_cmd *c, const struct query_prog *qp,
		      const struct procfd *fds)
{
	int k = prog_index(c, qp->id);
	const struct bpfinfo_prog *p = &c->progs[k];
	const struct procfd_holder *hd;
	char when[32];
	size_t nr;

	jsonw__start_object(w);
	jsonw__kv_u64(w, "id", qp->id);
	if (qp->link_id)
		jsonw__kv_u64(w, "link_id", qp->link_id);
	jsonw__kv_bool(w, "gone", c->prog_err[k] == -ENOENT);
	if (!c->prog_err[k]) {
		format_time(p->load_time, when, sizeof(when));
		jsonw__kv_str(w, "type", bpfinfo__prog_type(p->type));
		jsonw__kv_str(w, "name", p->name);
		jsonw__kv_str(w, "tag", p->tag);
		jsonw__kv_str(w, "load_time", when);
		if (c->show_stats) {
			jsonw__kv_u64(w, "run_cnt", p->run_cnt);
			jsonw__kv_u64(w, "run_time_ns", p->run_time_ns);
			jsonw__kv_u64(w, "avg_ns", avg_ns(p));
		}
	}
	jsonw__name(w, "pids");
	jsonw__start_array(w);
	hd = procfd__holders(fds, qp->id, &nr);
	for (size_t i = 0; i < nr; i++) {
		jsonw__start_object(w);
		jsonw__kv_u64(w, "pid", hd[i].pid);
		jsonw__kv_str(w, "comm", hd[i].comm);
		jsonw__end_object(w);
	}
	jsonw__end_array(w);
	jsonw__end_object(w);
}

static int print_json(const struct query_cmd *c, const struct query *q, const struct procfd *fds)
{
	struct jsonw *w = jsonw__new(stdout, true);

	if (!w)
		return -errno;
	jsonw__start_object(w);
	jsonw__kv_bool(w, "stats", c->show_stats);
	if (c->stats)
		jsonw__kv_u64(w, "stats_window_ms", (uint64_t)(c->window * 1000 + 0.5));
	jsonw__name(w, "hooks");
	jsonw__start_array(w);
	for (size_t h = 0; h < q->nr_hooks; h++) {
		const struct query_hook *hk = &q->hooks[h];

		jsonw__start_object(w);
		jsonw__kv_str(w, "hook", hk->name);
		jsonw__kv_str(w, "kind", bpfinfo__kind(hk->kind));
		jsonw__kv_bool(w, "run_order", hk->run_order);
		jsonw__name(w, "programs");
		jsonw__start_array(w);
		for (size_t i = 0; i < hk->nr_progs; i++)
			json_prog(w, c, &hk->progs[i], fds);
		jsonw__end_array(w);
		jsonw__end_object(w);
	}
	jsonw__end_array(w);
	jsonw__end_object(w);
	jsonw__free(w);
	return 0;
}

static int query_and_print(struct query_cmd *c, struct query *q, const struct procfd *fds)
{
	int err = run_query(c, q, fds);

	if (err)
		return err;
	err = collect_progs(c, q);
	if (err) {
		errmsg__print(err, "cannot query 'programs'");
		return err;
	}
	if (c->stats) {
		err = sample_stats(c);
		if (err)
			return err;
	} else {
		c->show_stats = bpfinfo__stats_enabled() == 1;
	}
	if (c->json)
		return print_json(c, q, fds);
	print_table(c, q, fds);
	return 0;
}

int cmd_query(int argc, char **argv)
{
	struct query_cmd c = { 0 };
	struct procfd *fds;
	struct query q;
	int err;

	err = parse_args(&c, argc, argv);
	if (err)
		return opts__exit_status(err);
	fds = procfd__scan();
	if (!fds) {
		errmsg__print(errno, "cannot query '/proc'");
		return 1;
	}
	query__init(&q);
	err = query_and_print(&c, &q, fds);
	query__exit(&q);
	procfd__free(fds);
	free(c.progs);
	free(c.prog_err);
	if (err == EXIT_USAGE)
		return EXIT_USAGE;
	return err ? 1 : 0;
}
