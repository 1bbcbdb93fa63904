// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "run/evsel.h"
#include "util/errmsg.h"
#include "util/log.h"
#include "record/tpfilter.h"
#include "record/tpformat.h"

/* The strings of an evsel's description are its own, strdup'ed here. */
static void free_str(const char *s)
{
	free((char *)s);
}

static struct evsel *evsel__alloc(const char *name, enum evsel_kind kind)
{
	struct evsel *ev = calloc(1, sizeof(*ev));

	if (!ev)
		return NULL;
	ev->desc.name = strdup(name);
	if (!ev->desc.name) {
		free(ev);
		return NULL;
	}
	ev->kind = kind;
	ev->prog_fd = -1;
	ev->carrier_pid = ev->carrier_fd = -1;
	ev->desc.attr.size = sizeof(ev->desc.attr);
	ev->desc.attr.sample_period = 1;
	ev->desc.attr.sample_type = EVSEL_SAMPLE_TYPE;
	ev->desc.attr.sample_id_all = 1;
	ev->desc.attr.exclude_guest = 1;
	/* read() tells how many samples the kernel dropped, even those no LOST record reports */
	ev->desc.attr.read_format = PERF_FORMAT_LOST;
	return ev;
}

struct evsel *evsel__new_bpf_output(const char *name)
{
	struct evsel *ev = evsel__alloc(name, EVSEL_BPF_OUTPUT);

	if (!ev)
		return NULL;
	ev->desc.attr.type = PERF_TYPE_SOFTWARE;
	ev->desc.attr.config = PERF_COUNT_SW_BPF_OUTPUT;
	/* a slot of a PERF_EVENT_ARRAY per CPU: never per task, never inherited */
	ev->desc.attr.inherit = 0;
	return ev;
}

struct evsel *evsel__new_tracepoint(const char *sys, const char *name)
{
	struct evsel *ev;
	char full[512];
	int id = tpformat__id(sys, name);

	if (id < 0) {
		errno = -id;
		return NULL;
	}
	snprintf(full, sizeof(full), "%s:%s", sys, name);
	ev = evsel__alloc(full, EVSEL_TRACEPOINT);
	if (!ev)
		return NULL;
	ev->desc.tp_sys = strdup(sys);
	ev->desc.tp_name = strdup(name);
	if (!ev->desc.tp_sys || !ev->desc.tp_name) {
		evsel__free(ev);
		errno = ENOMEM;
		return NULL;
	}
	ev->desc.attr.type = PERF_TYPE_TRACEPOINT;
	ev->desc.attr.config = id;
	ev->per_task = true;
	return ev;
}

struct evsel *evsel__new_counter(const char *name, uint32_t type, uint64_t config)
{
	struct evsel *ev = evsel__alloc(name, EVSEL_COUNTER);

	if (!ev)
		return NULL;
	ev->desc.attr.type = type;
	ev->desc.attr.config = config;
	ev->per_task = true;
	return ev;
}

struct evsel *evsel__new_tracking(void)
{
	struct evsel *ev = evsel__alloc("dummy:u", EVSEL_TRACKING);

	if (!ev)
		return NULL;
	ev->desc.attr.type = PERF_TYPE_SOFTWARE;
	ev->desc.attr.config = PERF_COUNT_SW_DUMMY;
	ev->desc.attr.comm = 1;
	ev->desc.attr.comm_exec = 1;
	ev->desc.attr.task = 1;
	/*
	 * executable mappings and BPF programs as they come and go. Not attr.build_id: the
	 * kernel marks its shared MMAP2 record as carrying a build id for such an event and
	 * does not clear the mark for the next one, so every other perf user on the system
	 * would get device/inode bodies flagged as build ids (stock perf record aborts on
	 * them). The writer reads the files' build ids instead.
	 */
	ev->desc.attr.mmap = 1;
	ev->desc.attr.mmap2 = 1;
	ev->desc.attr.ksymbol = 1;
	ev->desc.attr.bpf_event = 1;
	ev->desc.attr.exclude_kernel = 1;
	ev->per_task = true;
	return ev;
}

static void evsel__close(struct evsel *ev)
{
	if (!ev)
		return;
	if (ev->carrier_fd >= 0)
		close(ev->carrier_fd);
	ev->carrier_fd = -1;
	if (!ev->fds)
		return;
	for (int i = 0; i < ev->nr_fds; i++)
		if (ev->fds[i] >= 0)
			close(ev->fds[i]);
	free(ev->fds);
	free(ev->ids);
	ev->fds = NULL;
	ev->ids = NULL;
	ev->nr_fds = 0;
}

void evsel__free(struct evsel *ev)
{
	if (!ev)
		return;
	evsel__close(ev);
	free_str(ev->desc.name);
	free_str(ev->desc.tp_sys);
	free_str(ev->desc.tp_name);
	free(ev);
}

int evsel__rename(struct evsel *ev, const char *name)
{
	char *dup = strdup(name);

	if (!dup)
		return -ENOMEM;
	free_str(ev->desc.name);
	ev->desc.name = dup;
	return 0;
}

/* pid -1 and a cgroup fd: the event of the cgroup's tasks on cpu (PERF_FLAG_PID_CGROUP). */
static int open_one(struct evsel *ev, int pid, int cpu, int cgroup_fd)
{
	unsigned long flags = PERF_FLAG_FD_CLOEXEC |
			      (pid < 0 && cgroup_fd > 0 ? PERF_FLAG_PID_CGROUP : 0);
	int fd = syscall(SYS_perf_event_open, &ev->desc.attr,
			 flags & PERF_FLAG_PID_CGROUP ? cgroup_fd : pid, cpu, -1, flags);

	if (fd < 0 && errno == EINVAL && (ev->desc.attr.read_format & PERF_FORMAT_LOST)) {
		ev->desc.attr.read_format &= ~PERF_FORMAT_LOST; /* before Linux 6.0 */
		return open_one(ev, pid, cpu, cgroup_fd);
	}
	return fd < 0 ? -errno : fd;
}

static void open_error(const struct evsel *ev, int err, int pid, int cpu)
{
	errmsg__set(err, "cannot open event '%s' (cpu %d%s): %s", ev->desc.name, cpu,
		    pid > 0 ? ", task" : "", strerror(-err));
	if (err == -EACCES || err == -EPERM)
		errmsg__hint("run as root, or give the CAP_PERFMON and CAP_BPF capabilities");
	else if (err == -ENOENT && ev->kind == EVSEL_COUNTER)
		errmsg__hint("this machine has no such counter (no hardware PMU?): try cpu-clock");
	else if (err == -ESRCH)
		errmsg__hint("the task %d is gone", pid);
	else if (err == -EINVAL && ev->desc.attr.use_clockid && ev->kind == EVSEL_TRACEPOINT)
		errmsg__hint("tracepoints take NMI-safe clocks only: -k monotonic or monotonic_raw "
			     "(trace --json's header gives their offset to wall-clock time)");
}

int evsel__open(struct evsel *ev, const struct target *target)
{
	bool per_task = ev->per_task && target->pid > 0 && !target->system_wide;
	int nr_tasks = per_task && target->nr_tids > 0 ? target->nr_tids : 1;
	int n = nr_tasks * target->nr_cpus;

	ev->desc.attr.inherit = per_task && ev->kind != EVSEL_BPF_OUTPUT && ev->desc.attr.inherit;
	ev->fds = malloc(sizeof(*ev->fds) * n);
	ev->ids = calloc(n, sizeof(*ev->ids));
	if (!ev->fds || !ev->ids) {
		free(ev->fds);
		free(ev->ids);
		ev->fds = NULL;
		ev->ids = NULL;
		return -ENOMEM;
	}
	ev->nr_fds = ev->synthetic ? 1 : n;
	/* a tracepoint's program is the tracepoint's (a counter's is each event's own) */
	ev->carrier_pid = ev->desc.attr.inherit && ev->kind == EVSEL_TRACEPOINT ?
				  (target->nr_tids > 0 ? target->tids[0] : target->pid) :
				  -1;
	for (int i = 0; i < ev->nr_fds; i++)
		ev->fds[i] = -1;
	if (ev->synthetic) {
		ev->ids[0] = ev->synth_id;
		return 0;
	}
	for (int i = 0; i < ev->nr_fds; i++) {
		int t = i / target->nr_cpus, cpu = target->cpus[i % target->nr_cpus];
		int pid = !per_task ? -1 : target->nr_tids > 0 ? target->tids[t] : target->pid;
		/* the tracking event follows every task: the workload's may leave the cgroup */
		int fd = open_one(ev, pid, cpu, ev->kind == EVSEL_TRACKING ? 0 : target->cgroup_fd);

		if (fd < 0) {
			open_error(ev, fd, pid, cpu);
			evsel__close(ev);
			return fd;
		}
		ev->fds[i] = fd;
		if (ev->filter) {
			int err = tpfilter__set(fd, ev->desc.tp_sys, ev->desc.tp_name, ev->filter);

			if (err) {
				evsel__close(ev);
				return err;
			}
		}
		if (ioctl(fd, PERF_EVENT_IOC_ID, &ev->ids[i]) < 0) {
			int err = -errno;

			evsel__close(ev);
			return err;
		}
	}
	return 0;
}

/*
 * The kernel gives an inherited copy of an event its program too, and when the task of
 * the copy exits, the copy takes the program off the tracepoint for every task: a
 * workload's child that ended would stop the program for the rest of the run. So with
 * inherited events the program is held by an event of its own, on the task, never
 * inherited and never enabled. The program runs for the tracepoint as before; a sample
 * it lets through still reaches the workload's events.
 */
static int attach_carrier(struct evsel *ev)
{
	struct perf_event_attr attr = ev->desc.attr;

	attr.inherit = 0;
	attr.disabled = 1;
	attr.enable_on_exec = 0;
	ev->carrier_fd =
		syscall(SYS_perf_event_open, &attr, ev->carrier_pid, -1, -1, PERF_FLAG_FD_CLOEXEC);
	if (ev->carrier_fd < 0)
		return -errno;
	if (ioctl(ev->carrier_fd, PERF_EVENT_IOC_SET_BPF, ev->prog_fd) == 0)
		return 1;
	return errno == EEXIST ? 0 : -errno;
}

/* The program on every fd: how many took it, or -errno. */
static int attach_fds(struct evsel *ev)
{
	int attached = 0;

	for (int i = 0; i < ev->nr_fds; i++) {
		/* one program per tracepoint array: the first fd adds it, the others see EEXIST */
		if (ioctl(ev->fds[i], PERF_EVENT_IOC_SET_BPF, ev->prog_fd) == 0)
			attached++;
		else if (errno != EEXIST)
			return -errno;
	}
	return attached;
}

static int attach_error(const struct evsel *ev, int err)
{
	errmsg__set(err, "cannot attach the BPF program to '%s': %s", ev->desc.name,
		    strerror(-err));
	if (err == -E2BIG)
		errmsg__hint("a tracepoint takes at most 64 programs: see 'perf-bpf query %s'",
			     ev->desc.name);
	return err;
}

int evsel__attach_bpf(struct evsel *ev)
{
	int attached, err;

	if (ev->prog_fd < 0)
		return 0;
	attached = ev->carrier_pid > 0 ? attach_carrier(ev) : attach_fds(ev);
	if (attached < 0)
		return attach_error(ev, attached);
	pr_debug("attached program fd %d to %s (%d of %d fds%s)", ev->prog_fd, ev->desc.name,
		 attached, ev->nr_fds,
		 ev->carrier_fd >= 0 ? ", held by a task event of its own" : "");
	for (int i = 0; ev->desc.attr.disabled && i < ev->nr_fds; i++) {
		if (ioctl(ev->fds[i], PERF_EVENT_IOC_ENABLE, 0) < 0) {
			err = -errno;
			return errmsg__set(err, "cannot enable '%s': %s", ev->desc.name,
					   strerror(-err));
		}
	}
	return 0;
}

int evsel__read_lost(const struct evsel *ev, uint64_t *lost)
{
	uint64_t v[2]; /* value, lost */

	*lost = 0;
	if (!(ev->desc.attr.read_format & PERF_FORMAT_LOST))
		return -EOPNOTSUPP;
	for (int i = 0; i < ev->nr_fds; i++) {
		if (ev->fds[i] < 0)
			continue;
		if (read(ev->fds[i], v, sizeof(v)) != sizeof(v))
			return errno ? -errno : -EIO;
		*lost += v[1];
	}
	return 0;
}
