// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "run/evlist.h"
#include "util/closeall.h"
#include "util/errmsg.h"
#include "util/log.h"

struct evlist_id {
	uint64_t id;
	struct evsel *ev;
};

struct evlist {
	struct evsel **evsels;
	int nr;
	struct evlist_id *ids; /* every fd's id, sorted: found per record by bisection */
	int nr_ids;
	struct target target;
	struct ring *rings; /* one per target CPU */
	int nr_rings;
	int epfd;
	int extra_fd;
	int nr_hung_up; /* rings whose task is gone (EPOLLHUP): out of the poll set */
};

struct evlist *evlist__new(void)
{
	struct evlist *el = calloc(1, sizeof(*el));

	if (el) {
		el->epfd = -1;
		el->extra_fd = -1;
	}
	return el;
}

/*
 * Every event's fds closed at once: their grace periods overlap (util/closeall.h). Those
 * that wait for none are closed first, without a thread.
 */
static void close_events(struct evlist *el)
{
	size_t n = 0, k = 0;
	int *fds;

	for (int i = 0; i < el->nr; i++)
		n += el->evsels[i]->nr_fds + 1; /* and its program's carrier */
	fds = n ? malloc(n * sizeof(*fds)) : NULL;
	if (!fds)
		return; /* then evsel__free() closes them one by one */
	for (int i = 0; i < el->nr; i++) {
		struct evsel *ev = el->evsels[i];
		/* a software event with no program (the tracking one) waits for nothing */
		bool waits = ev->desc.attr.type != PERF_TYPE_SOFTWARE || ev->prog_fd >= 0;

		for (int j = 0; j < ev->nr_fds; j++) {
			if (waits)
				fds[k++] = ev->fds[j];
			else if (ev->fds[j] >= 0)
				close(ev->fds[j]);
			ev->fds[j] = -1;
		}
		if (ev->carrier_fd >= 0)
			fds[k++] = ev->carrier_fd;
		ev->carrier_fd = -1;
	}
	closeall(fds, k);
	free(fds);
}

void evlist__free(struct evlist *el)
{
	if (!el)
		return;
	for (int i = 0; i < el->nr_rings; i++)
		ring__unmap(&el->rings[i]);
	free(el->rings);
	close_events(el);
	for (int i = 0; i < el->nr; i++)
		evsel__free(el->evsels[i]);
	free(el->evsels);
	free(el->ids);
	if (el->epfd >= 0)
		close(el->epfd);
	free(el);
}

int evlist__add(struct evlist *el, struct evsel *ev)
{
	struct evsel **n = realloc(el->evsels, sizeof(*n) * (el->nr + 1));

	if (!n) {
		evsel__free(ev);
		return -ENOMEM;
	}
	el->evsels = n;
	ev->idx = el->nr;
	el->evsels[el->nr++] = ev;
	return 0;
}

int evlist__nr(const struct evlist *el)
{
	return el->nr;
}

struct evsel *evlist__at(const struct evlist *el, int i)
{
	return i >= 0 && i < el->nr ? el->evsels[i] : NULL;
}

static int cmp_id(const void *a, const void *b)
{
	const struct evlist_id *x = a, *y = b;

	return x->id < y->id ? -1 : x->id > y->id;
}

struct evsel *evlist__by_id(const struct evlist *el, uint64_t id)
{
	struct evlist_id key = { .id = id }, *m;

	if (!id || !el->nr_ids)
		return NULL;
	m = bsearch(&key, el->ids, el->nr_ids, sizeof(key), cmp_id);
	return m ? m->ev : NULL;
}

static int index_ids(struct evlist *el)
{
	int n = 0;

	for (int i = 0; i < el->nr; i++)
		n += el->evsels[i]->nr_fds;
	free(el->ids);
	el->ids = calloc(n ?: 1, sizeof(*el->ids));
	if (!el->ids)
		return -ENOMEM;
	el->nr_ids = 0;
	for (int i = 0; i < el->nr; i++)
		for (int c = 0; c < el->evsels[i]->nr_fds; c++)
			el->ids[el->nr_ids++] =
				(struct evlist_id){ el->evsels[i]->ids[c], el->evsels[i] };
	qsort(el->ids, el->nr_ids, sizeof(*el->ids), cmp_id);
	return 0;
}

const struct target *evlist__target(const struct evlist *el)
{
	return &el->target;
}

const struct perf_event_mmap_page *evlist__mmap_page(const struct evlist *el)
{
	return el->nr_rings ? el->rings[0].base : NULL;
}

static int mmap_rings(struct evlist *el, unsigned int pages)
{
	int n = el->target.nr_cpus;

	el->rings = calloc(n, sizeof(*el->rings));
	if (!el->rings)
		return -ENOMEM;
	for (int c = 0; c < n; c++) {
		struct evsel *first = el->evsels[0];
		int err = ring__mmap(&el->rings[c], first->fds[c], el->target.cpus[c], pages);

		if (err) {
			errmsg__set(err, "cannot map the ring buffer of cpu %d (%u pages): %s",
				    el->target.cpus[c], pages, strerror(-err));
			if (err == -EPERM || err == -ENOMEM)
				errmsg__hint(
					"use a smaller -m, or raise kernel.perf_event_mlock_kb");
			return err;
		}
		el->nr_rings++;
		/* every fd of CPU c, of every thread (fds[thread * n + c]), into that ring */
		for (int i = 0; i < el->nr; i++)
			for (int k = c; k < el->evsels[i]->nr_fds; k += n)
				if (el->evsels[i]->fds[k] >= 0 &&
				    el->evsels[i]->fds[k] != first->fds[c] &&
				    ioctl(el->evsels[i]->fds[k], PERF_EVENT_IOC_SET_OUTPUT,
					  first->fds[c]) < 0)
					return -errno;
	}
	return 0;
}

static int setup_poll(struct evlist *el)
{
	el->epfd = epoll_create1(EPOLL_CLOEXEC);
	if (el->epfd < 0)
		return -errno;
	for (int c = 0; c < el->nr_rings; c++) {
		struct epoll_event e = { .events = EPOLLIN, .data.u32 = c };

		if (epoll_ctl(el->epfd, EPOLL_CTL_ADD, el->rings[c].fd, &e) < 0)
			return -errno;
	}
	return 0;
}

int evlist__open(struct evlist *el, const struct target *target, unsigned int pages)
{
	int err;

	el->target = *target;
	if (!el->nr)
		return -EINVAL;
	for (int i = 0; i < el->nr; i++) {
		err = evsel__open(el->evsels[i], target);
		if (err)
			return err;
	}
	err = index_ids(el);
	if (!err)
		err = mmap_rings(el, pages);
	return err ? err : setup_poll(el);
}

int evlist__poll_add_fd(struct evlist *el, int fd)
{
	struct epoll_event e = { .events = EPOLLIN, .data.u32 = UINT32_MAX };

	el->extra_fd = fd;
	return epoll_ctl(el->epfd, EPOLL_CTL_ADD, fd, &e) < 0 ? -errno : 0;
}

int evlist__poll_add_wake_fd(struct evlist *el, int fd)
{
	struct epoll_event e = { .events = EPOLLIN, .data.u32 = UINT32_MAX - 1 };

	return epoll_ctl(el->epfd, EPOLL_CTL_ADD, fd, &e) < 0 ? -errno : 0;
}

int evlist__poll(struct evlist *el, int timeout_ms)
{
	struct epoll_event evs[16];
	int n = epoll_wait(el->epfd, evs, 16, timeout_ms);

	if (n < 0)
		return errno == EINTR ? 0 : -errno;
	for (int i = 0; i < n; i++) {
		uint32_t c = evs[i].data.u32;

		if (c == UINT32_MAX)
			return 1;
		/* its task exited: the ring stays readable, but would wake every poll from now on */
		if ((evs[i].events & (EPOLLHUP | EPOLLERR)) && c < (uint32_t)el->nr_rings &&
		    !epoll_ctl(el->epfd, EPOLL_CTL_DEL, el->rings[c].fd, NULL))
			el->nr_hung_up++;
	}
	return 0;
}

bool evlist__hung_up(const struct evlist *el)
{
	return el->nr_rings && el->nr_hung_up == el->nr_rings;
}

int evlist__read(struct evlist *el, ring_record_fn fn, void *ctx)
{
	int total = 0;

	for (int c = 0; c < el->nr_rings; c++) {
		int n = ring__read(&el->rings[c], fn, ctx);

		if (n < 0)
			return n;
		total += n;
	}
	return total;
}

int evlist__read_spans(struct evlist *el, const struct ring_span_ops *ops, uint32_t scan_type,
		       ring_record_fn scan, void *ctx)
{
	int total = 0, n;

	for (int c = 0; c < el->nr_rings; c++)
		ring__snap(&el->rings[c]);
	/* after every snap: what the scan sees includes all that led to the records read */
	for (int c = 0; scan && c < el->nr_rings; c++)
		if ((n = ring__peek(&el->rings[c], scan_type, scan, ctx)) < 0)
			return n;
	for (int c = 0; c < el->nr_rings; c++) {
		n = ring__read_spans(&el->rings[c], ops, ctx);
		if (n < 0)
			return n;
		total += n;
	}
	return total;
}

uint64_t evlist__lost(const struct evlist *el)
{
	uint64_t lost = 0;

	for (int c = 0; c < el->nr_rings; c++)
		lost += el->rings[c].lost;
	return lost;
}

uint64_t evlist__lost_samples(const struct evlist *el)
{
	uint64_t total = 0;

	for (int i = 0; i < el->nr; i++) {
		uint64_t n;

		if (el->evsels[i]->kind == EVSEL_TRACKING)
			continue; /* COMM, FORK, EXIT: not samples */
		if (evsel__read_lost(el->evsels[i], &n))
			return evlist__lost(el);
		total += n;
	}
	return total;
}

static int parse_cpu_list(const char *s, int *cpus, int max)
{
	int n = 0;

	while (*s && *s != '\n') {
		char *end;
		long a = strtol(s, &end, 10), b;

		if (end == s || a < 0)
			return -EINVAL;
		b = a;
		if (*end == '-') {
			s = end + 1;
			b = strtol(s, &end, 10);
			if (end == s || b < a)
				return -EINVAL;
		}
		for (long c = a; c <= b; c++) {
			if (n >= max)
				return -E2BIG;
			cpus[n++] = (int)c;
		}
		s = end;
		if (*s == ',')
			s++;
		else if (*s && *s != '\n')
			return -EINVAL;
	}
	return n;
}

int target__init_cpus(struct target *t, const char *list)
{
	char buf[4096] = "";
	int max = 4096;

	if (!list) {
		FILE *f = fopen("/sys/devices/system/cpu/possible", "r");

		if (!f || !fgets(buf, sizeof(buf), f)) {
			long n = sysconf(_SC_NPROCESSORS_CONF);

			snprintf(buf, sizeof(buf), "0-%ld", n > 0 ? n - 1 : 0);
		}
		if (f)
			fclose(f);
		list = buf;
	}
	t->cpus = malloc(sizeof(*t->cpus) * max);
	if (!t->cpus)
		return -ENOMEM;
	t->nr_cpus = parse_cpu_list(list, t->cpus, max);
	if (t->nr_cpus <= 0) {
		int err = t->nr_cpus ? t->nr_cpus : -EINVAL;

		free(t->cpus);
		t->cpus = NULL;
		return err;
	}
	return 0;
}

void target__exit(struct target *t)
{
	if (t->cgroup_fd > 0)
		close(t->cgroup_fd);
	t->cgroup_fd = 0;
	free(t->cpus);
	free(t->tids);
	t->cpus = NULL;
	t->tids = NULL;
	t->nr_tids = 0;
}
