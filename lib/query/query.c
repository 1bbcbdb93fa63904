// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <inttypes.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "util/errmsg.h"
#include "util/log.h"
#include "query/query.h"
#include "query/queryerr.h"
#include "record/tpformat.h"

#define TRACEFS "/sys/kernel/tracing"
#define DEBUGFS_TRACING "/sys/kernel/debug/tracing"

void query__init(struct query *q)
{
	memset(q, 0, sizeof(*q));
}

static void free_hook(struct query_hook *h)
{
	free(h->name);
	free(h->progs);
}

void query__exit(struct query *q)
{
	if (!q)
		return;
	for (size_t i = 0; i < q->nr_hooks; i++)
		free_hook(&q->hooks[i]);
	free(q->hooks);
	free(q->links);
	for (size_t i = 0; i < q->nr_dynamic; i++)
		free(q->dynamic[i]);
	free(q->dynamic);
	memset(q, 0, sizeof(*q));
}

static bool is_dir(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISDIR(st.st_mode);
}

/* The tracefs events directory, mounting tracefs when it is missing; NULL + errno. */
static const char *query__events_dir(void)
{
	if (is_dir(TRACEFS "/events"))
		return TRACEFS "/events";
	if (is_dir(TRACEFS) && !mount("nodev", TRACEFS, "tracefs", 0, NULL)) {
		pr_debug("mounted tracefs on " TRACEFS);
		if (is_dir(TRACEFS "/events"))
			return TRACEFS "/events";
	}
	if (is_dir(DEBUGFS_TRACING "/events"))
		return DEBUGFS_TRACING "/events";
	if (!access(TRACEFS, F_OK) && access(TRACEFS, R_OK | X_OK))
		errno = EACCES;
	else
		errno = ENODEV;
	return NULL;
}

/* Id of tracepoint sys:name from tracefs: 0, -ENOENT when unknown. */
static int query__tracepoint_id(const char *sys, const char *name, uint64_t *id)
{
	const char *dir = query__events_dir();
	char path[512];
	int err = 0;
	FILE *f;

	if (!dir)
		return -errno;
	if (strchr(sys, '/') || strchr(name, '/') || !strcmp(sys, "..") || !strcmp(name, ".."))
		return -ENOENT;
	snprintf(path, sizeof(path), "%s/%s/%s/id", dir, sys, name);
	f = fopen(path, "r");
	if (!f)
		return -errno;
	if (fscanf(f, "%" SCNu64, id) != 1)
		err = -EINVAL;
	fclose(f);
	return err;
}

/* A disabled PERF_TYPE_TRACEPOINT event on CPU 0 for sys:name: fd, or -errno. */
static int query__open_tracepoint(const char *sys, const char *name)
{
	struct perf_event_attr attr;
	uint64_t id;
	int fd, err;

	err = query__tracepoint_id(sys, name, &id);
	if (err)
		return err;
	memset(&attr, 0, sizeof(attr));
	attr.type = PERF_TYPE_TRACEPOINT;
	attr.size = sizeof(attr);
	attr.config = id;
	attr.disabled = 1;
	fd = syscall(SYS_perf_event_open, &attr, -1, 0, -1, PERF_FLAG_FD_CLOEXEC);
	if (fd < 0)
		return -errno;
	return fd;
}

int query__event_progs(int fd, uint32_t **ids, uint32_t *cnt)
{
	struct perf_event_query_bpf *qb;
	struct perf_event_query_bpf head = { .ids_len = 0 };
	uint32_t len;
	int err;

	*ids = NULL;
	*cnt = 0;
	if (ioctl(fd, PERF_EVENT_IOC_QUERY_BPF, &head))
		return -errno;
	len = head.prog_cnt;
	for (int tries = 0; len && tries < 100; tries++) {
		if (len > QUERY_MAX_PROGS)
			len = QUERY_MAX_PROGS; /* more would be E2BIG */
		qb = calloc(1, sizeof(*qb) + len * sizeof(uint32_t));
		if (!qb)
			return -ENOMEM;
		qb->ids_len = len;
		if (!ioctl(fd, PERF_EVENT_IOC_QUERY_BPF, qb)) {
			*cnt = qb->prog_cnt < len ? qb->prog_cnt : len;
			if (*cnt)
				memmove(qb, qb->ids, *cnt * sizeof(uint32_t));
			*ids = (uint32_t *)qb;
			return 0;
		}
		err = -errno;
		free(qb);
		if (err != -ENOSPC || len == QUERY_MAX_PROGS)
			return err;
		if (ioctl(fd, PERF_EVENT_IOC_QUERY_BPF, &head)) /* more came meanwhile */
			return -errno;
		len = head.prog_cnt;
	}
	return len ? -EAGAIN : 0;
}

static struct query_hook *add_hook(struct query *q, const char *name, int kind)
{
	struct query_hook *h;

	if (q->nr_hooks == q->cap_hooks) {
		size_t cap = q->cap_hooks ? q->cap_hooks * 2 : 16;
		void *p = realloc(q->hooks, cap * sizeof(*q->hooks));

		if (!p)
			return NULL;
		q->hooks = p;
		q->cap_hooks = cap;
	}
	h = &q->hooks[q->nr_hooks];
	memset(h, 0, sizeof(*h));
	h->name = strdup(name);
	if (!h->name)
		return NULL;
	h->kind = kind;
	q->nr_hooks++;
	return h;
}

static struct query_hook *find_hook(struct query *q, const char *name)
{
	for (size_t i = 0; i < q->nr_hooks; i++)
		if (!strcmp(q->hooks[i].name, name))
			return &q->hooks[i];
	return NULL;
}

static struct query_prog *find_prog(struct query_hook *h, uint32_t id)
{
	for (size_t i = 0; i < h->nr_progs; i++)
		if (h->progs[i].id == id)
			return &h->progs[i];
	return NULL;
}

static int add_prog(struct query_hook *h, uint32_t id, uint32_t link_id)
{
	struct query_prog *p = realloc(h->progs, (h->nr_progs + 1) * sizeof(*p));

	if (!p)
		return -ENOMEM;
	h->progs = p;
	h->progs[h->nr_progs].id = id;
	h->progs[h->nr_progs].link_id = link_id;
	h->nr_progs++;
	return 0;
}

static int collect_link(const struct bpfinfo_link *l, void *ctx)
{
	struct query *q = ctx;

	if (q->nr_links == q->cap_links) {
		size_t cap = q->cap_links ? q->cap_links * 2 : 16;
		void *p = realloc(q->links, cap * sizeof(*q->links));

		if (!p)
			return -ENOMEM;
		q->links = p;
		q->cap_links = cap;
	}
	q->links[q->nr_links++] = *l;
	return 0;
}

static int load_links(struct query *q)
{
	int err;

	if (q->have_links)
		return 0;
	err = bpfinfo__links(collect_link, q);
	if (err)
		return err;
	q->have_links = true;
	return 0;
}

/* "p:kprobes/name func" lines of a tracefs *_events file, as "kprobes:name". */
static int read_probe_events(struct query *q, const char *dir, const char *file)
{
	char path[256], line[512], sys[128], name[128];
	int err = 0;
	FILE *f;

	snprintf(path, sizeof(path), "%s/../%s", dir, file);
	f = fopen(path, "r");
	if (!f)
		return -ENOENT;
	while (!err && fgets(line, sizeof(line), f)) {
		char **p;

		if (sscanf(line, "%*[^:]:%127[^/ ]/%127[^ \n]", sys, name) != 2)
			continue;
		p = realloc(q->dynamic, (q->nr_dynamic + 1) * sizeof(*p));
		if (p)
			q->dynamic = p;
		if (!p || asprintf(&p[q->nr_dynamic], "%s:%s", sys, name) < 0)
			err = -ENOMEM;
		else
			q->nr_dynamic++;
	}
	fclose(f);
	return err;
}

/* The kprobe/uprobe (and other dynamic) events created through tracefs. */
static int load_dynamic(struct query *q)
{
	const char *dir = query__events_dir();
	int err;

	if (q->have_dynamic || !dir)
		return 0;
	q->have_dynamic = true;
	err = read_probe_events(q, dir, "dynamic_events");
	if (err != -ENOENT)
		return err;
	/* kernels before 5.6 list them per kind; either may be missing */
	err = read_probe_events(q, dir, "kprobe_events");
	if (err != -ENOENT && err)
		return err;
	err = read_probe_events(q, dir, "uprobe_events");
	return err == -ENOENT ? 0 : err;
}

static bool is_dynamic(const struct query *q, const char *sys, const char *name)
{
	size_t ls = strlen(sys);

	for (size_t i = 0; i < q->nr_dynamic; i++)
		if (!strncmp(q->dynamic[i], sys, ls) && q->dynamic[i][ls] == ':' &&
		    !strcmp(q->dynamic[i] + ls + 1, name))
			return true;
	return false;
}

/* Could tracepoint sys:name have a program? (Something refers to it.) */
static bool is_candidate(const struct query *q, const struct query_opts *opts, const char *sys,
			 const char *name)
{
	size_t nr = 0;
	const struct bpfinfo_link *ev = opts->fds ? procfd__perf_events(opts->fds, &nr) : NULL;

	for (size_t i = 0; i < nr; i++)
		if (ev[i].kind == BPFINFO_TRACEPOINT && !strcmp(ev[i].target, name))
			return true;
	for (size_t i = 0; i < q->nr_links; i++)
		if (q->links[i].kind == BPFINFO_TRACEPOINT && !strcmp(q->links[i].target, name))
			return true;
	return is_dynamic(q, sys, name);
}

/* Link ids for the programs of a tracepoint hook, from the perf_event links. */
static void match_links(struct query *q, struct query_hook *h, const char *name)
{
	for (size_t i = 0; i < q->nr_links; i++) {
		const struct bpfinfo_link *l = &q->links[i];
		struct query_prog *p;

		if (l->kind != BPFINFO_TRACEPOINT || strcmp(l->target, name))
			continue;
		p = find_prog(h, l->prog_id);
		if (p && !p->link_id)
			p->link_id = l->id;
	}
}

/* Asks one tracepoint; adds its hook when it has programs (or keep_empty). Errors recorded. */
static int query_one(struct query *q, const char *sys, const char *name, bool keep_empty)
{
	char hook[256];
	struct query_hook *h;
	uint32_t *ids, cnt;
	int fd, err;

	snprintf(hook, sizeof(hook), "%s:%s", sys, name);
	if (find_hook(q, hook))
		return 0; /* named twice */
	fd = query__open_tracepoint(sys, name);
	if (fd < 0)
		return queryerr__set(hook, fd);
	err = query__event_progs(fd, &ids, &cnt);
	close(fd);
	if (err)
		return queryerr__set(hook, err);
	if (!cnt && !keep_empty)
		return 0;
	h = add_hook(q, hook, BPFINFO_TRACEPOINT);
	err = h ? 0 : -ENOMEM;
	for (uint32_t i = 0; !err && i < cnt; i++)
		err = add_prog(h, ids[i], 0);
	free(ids);
	if (err)
		return queryerr__set(hook, err);
	h->run_order = true;
	h->dynamic = is_dynamic(q, sys, name);
	match_links(q, h, name);
	return 0;
}

struct tp_match {
	char **names; /* "sys:name", sorted (tpformat__glob) */
	int nr;
};

static void match_free(struct tp_match *m)
{
	for (int i = 0; i < m->nr; i++)
		free(m->names[i]);
	free(m->names);
}

/* Every tracepoint whose system and name match the patterns, sorted. */
static int match_tracepoints(struct tp_match *m, const char *sys_pat, const char *name_pat)
{
	if (!query__events_dir()) /* mounts tracefs when it is missing */
		return -errno;
	m->nr = tpformat__glob(sys_pat, name_pat, &m->names);
	if (m->nr < 0) {
		int err = m->nr;

		m->nr = 0;
		return err;
	}
	return 0;
}

static int query_matches(struct query *q, const struct tp_match *m, bool exact,
			 const struct query_opts *opts)
{
	int err = 0;

	for (int i = 0; !err && i < m->nr; i++) {
		char *sys = m->names[i], *name = strchr(sys, ':');

		*name++ = '\0'; /* "sys:name" in place */
		/* ftrace's own events take no BPF program */
		if (!exact && !strcmp(sys, "ftrace"))
			continue;
		if (!exact && !opts->exhaustive && !is_candidate(q, opts, sys, name))
			continue;
		err = query_one(q, sys, name, opts->keep_empty || exact);
		/* a match removed meanwhile, or one that takes no perf event: not an error */
		if (!exact && (err == -ENOENT || err == -ENODEV || err == -EINVAL)) {
			pr_debug("skipping tracepoint '%s:%s': %s", sys, name, strerror(-err));
			errmsg__clear();
			err = 0;
		}
	}
	return err;
}

/*
 * strict: links are required (--all); else a caller without CAP_SYS_ADMIN goes on without.
 * Errors recorded, those of the dynamic events as asking what.
 */
static int gather(struct query *q, bool strict, const char *what)
{
	int err = load_links(q);

	if (err == -EPERM && !strict) {
		pr_debug("listing BPF links: %s; link ids not shown", strerror(-err));
		err = 0;
	}
	if (err)
		return queryerr__set("BPF links", err);
	err = load_dynamic(q);
	return err ? queryerr__set(what, err) : 0;
}

/* "sys:name", "sys/name" or "name": the system ("*" when not given) and the name. */
static bool split_pattern(const char *pattern, char *sys, char *name, size_t size)
{
	size_t n = strcspn(pattern, ":/");

	snprintf(sys, size, "*");
	if (pattern[n]) {
		snprintf(sys, size, "%.*s", (int)n, pattern);
		snprintf(name, size, "%s", pattern + n + 1);
	} else {
		snprintf(name, size, "%s", pattern);
	}
	return sys[0] && name[0] && !strchr(name, '/') && !strchr(name, ':');
}

bool query__is_pattern(const char *pattern)
{
	char sys[256], name[256];

	return split_pattern(pattern, sys, name, sizeof(name));
}

int query__tracepoints(struct query *q, const char *pattern, const struct query_opts *opts)
{
	char sys[256], name[256];
	struct tp_match m = { 0 };
	int err;

	if (!split_pattern(pattern, sys, name, sizeof(name)))
		return errmsg__set(-EINVAL,
				   "cannot query '%s': not a tracepoint name (SYSTEM:EVENT)",
				   pattern);
	err = gather(q, false, pattern);
	if (err)
		return err;
	err = match_tracepoints(&m, sys, name);
	if (!err && !m.nr)
		err = -ENOENT;
	if (err) {
		match_free(&m);
		return queryerr__set(pattern, err);
	}
	err = query_matches(q, &m, !strpbrk(pattern, "*?["), opts);
	match_free(&m);
	/* no such tracepoint: the name the user gave, not the hook made of it */
	return err == -ENOENT ? queryerr__set(pattern, err) : err;
}

/* A dynamic tracefs event hook already listing prog id (the same probe, seen
 * twice). */
static struct query_prog *in_dynamic_hook(struct query *q, uint32_t id)
{
	for (size_t i = 0; i < q->nr_hooks; i++) {
		struct query_prog *p = q->hooks[i].dynamic ? find_prog(&q->hooks[i], id) : NULL;

		if (p)
			return p;
	}
	return NULL;
}

/* A tracepoint hook for event name, whatever its system. */
static struct query_hook *tracepoint_hook(struct query *q, const char *name)
{
	for (size_t i = 0; i < q->nr_hooks; i++) {
		const char *c = strchr(q->hooks[i].name, ':');

		if (q->hooks[i].kind == BPFINFO_TRACEPOINT && c && !strcmp(c + 1, name))
			return &q->hooks[i];
	}
	return NULL;
}

/* A program attached by a link or a held perf event, outside the tracepoint
 * arrays. */
static int add_attachment(struct query *q, const struct bpfinfo_link *l)
{
	struct query_hook *h = NULL;
	struct query_prog *p;
	char name[320];

	if (l->kind == BPFINFO_TRACEPOINT) {
		h = tracepoint_hook(q, l->target);
	} else if (l->kind != BPFINFO_RAW_TP && l->kind != BPFINFO_TP_BTF) {
		p = in_dynamic_hook(q, l->prog_id);
		if (p) {
			if (!p->link_id)
				p->link_id = l->id;
			return 0;
		}
	}
	if (!h) {
		bpfinfo__hook_name(l, name, sizeof(name));
		h = find_hook(q, name);
	}
	if (!h)
		h = add_hook(q, name, l->kind);
	if (!h)
		return -ENOMEM;
	p = find_prog(h, l->prog_id);
	if (p) {
		if (!p->link_id)
			p->link_id = l->id;
		return 0;
	}
	return add_prog(h, l->prog_id, l->id);
}

static int cmp_hook(const void *a, const void *b)
{
	const struct query_hook *x = a, *y = b;

	return strcmp(x->name, y->name);
}

static int cmp_prog(const void *a, const void *b)
{
	const struct query_prog *x = a, *y = b;

	return x->id < y->id ? -1 : x->id > y->id;
}

int query__all(struct query *q, const struct query_opts *opts)
{
	struct tp_match m = { 0 };
	size_t nr_ev = 0;
	const struct bpfinfo_link *ev = opts->fds ? procfd__perf_events(opts->fds, &nr_ev) : NULL;
	int err;

	err = gather(q, true, "tracepoints");
	if (err)
		return err;
	err = match_tracepoints(&m, "*", "*");
	if (err) {
		match_free(&m);
		return queryerr__set("tracepoints", err);
	}
	err = query_matches(q, &m, false, opts);
	match_free(&m);
	if (err)
		return err;
	for (size_t i = 0; !err && i < q->nr_links; i++)
		err = add_attachment(q, &q->links[i]);
	for (size_t i = 0; !err && i < nr_ev; i++)
		if (ev[i].kind != BPFINFO_TRACEPOINT)
			err = add_attachment(q, &ev[i]);
	if (err)
		return queryerr__set("BPF links", err);
	for (size_t i = 0; i < q->nr_hooks; i++)
		if (!q->hooks[i].run_order && q->hooks[i].nr_progs > 1)
			qsort(q->hooks[i].progs, q->hooks[i].nr_progs, sizeof(struct query_prog),
			      cmp_prog);
	if (q->nr_hooks)
		qsort(q->hooks, q->nr_hooks, sizeof(*q->hooks), cmp_hook);
	return 0;
}
