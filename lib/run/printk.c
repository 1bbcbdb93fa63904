// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <tracefs/tracefs.h>
#include <traceevent/kbuffer.h>

#include "util/errmsg.h"
#include "util/log.h"
#include "util/testhook.h"
#include "record/tpformat.h"
#include "run/printk.h"

#define PRINTK_SYS "bpf_trace"
#define PRINTK_EVENT "bpf_trace_printk"

struct printk {
	struct tracefs_instance *inst;
	char name[64];
	int nr_cpus;
	struct tracefs_cpu **cpus;
	struct kbuffer *kbuf;
	void *page;
	int page_size;
	int type; /* the event's id: common_type of its entries */
	uint64_t lost;
	bool lost_unknown;
};

/* Is PID a live perf-bpf (or perf) that may still read its instance? */
static bool owner_alive(int pid)
{
	char path[64], comm[32] = "";
	FILE *f;

	if (pid <= 0 || (kill(pid, 0) < 0 && errno == ESRCH))
		return false;
	snprintf(path, sizeof(path), "/proc/%d/comm", pid);
	f = fopen(path, "re");
	if (!f)
		return true; /* another pid namespace's: leave it */
	if (!fgets(comm, sizeof(comm), f))
		comm[0] = '\0';
	fclose(f);
	return !strncmp(comm, "perf", 4);
}

int printk__clean_stale(void)
{
	char **names = tracefs_instances(NULL);
	size_t plen = strlen(PRINTK_INSTANCE_PREFIX);
	int n = 0;

	for (int i = 0; names && names[i]; i++) {
		const char *digits = names[i] + plen;
		struct tracefs_instance *inst;
		int pid;

		/* perf-bpf-PID exactly */
		if (strncmp(names[i], PRINTK_INSTANCE_PREFIX, plen) || !*digits ||
		    strspn(digits, "0123456789") != strlen(digits))
			continue;
		pid = atoi(digits);
		if (pid == getpid() || owner_alive(pid))
			continue;
		inst = tracefs_instance_alloc(NULL, names[i]);
		if (inst && !tracefs_instance_destroy(inst)) {
			pr_debug("removed the tracefs instance '%s' of a run that is gone",
				 names[i]);
			n++;
		}
		tracefs_instance_free(inst);
	}
	tracefs_list_free(names);
	return n;
}

static int open_cpus(struct printk *p)
{
	long n = sysconf(_SC_NPROCESSORS_CONF);

	p->nr_cpus = n > 0 ? (int)n : 1;
	p->cpus = calloc(p->nr_cpus, sizeof(*p->cpus));
	if (!p->cpus)
		return -ENOMEM;
	for (int c = 0; c < p->nr_cpus; c++) {
		p->cpus[c] = tracefs_cpu_open(p->inst, c, true);
		if (!p->cpus[c] && errno != ENOENT)
			return errno ? -errno : -EIO;
		if (p->cpus[c] && !p->page_size)
			p->page_size = tracefs_cpu_read_size(p->cpus[c]);
	}
	if (p->page_size <= 0)
		return -ENODEV;
	p->page = malloc(p->page_size);
	p->kbuf = kbuffer_alloc(KBUFFER_LSIZE_SAME_AS_HOST, KBUFFER_ENDIAN_SAME_AS_HOST);
	return p->page && p->kbuf ? 0 : -ENOMEM;
}

static int setup(struct printk *p, const char *clock)
{
	const char *test_kb = testhook__printk_kb();
	int err;

	snprintf(p->name, sizeof(p->name), PRINTK_INSTANCE_PREFIX "%d", (int)getpid());
	p->type = tpformat__id(PRINTK_SYS, PRINTK_EVENT);
	if (p->type < 0)
		return errmsg__set(p->type, "cannot read bpf_printk lines: no %s:%s tracepoint",
				   PRINTK_SYS, PRINTK_EVENT);
	p->inst = tracefs_instance_create(p->name);
	if (!p->inst)
		return errmsg__set(errno ? -errno : -EIO,
				   "cannot make the tracefs instance '%s' for bpf_printk lines: %s",
				   p->name, strerror(errno ? errno : EIO));
	if (test_kb && tracefs_instance_file_write(p->inst, "buffer_size_kb", test_kb) < 0)
		pr_warn("cannot set the buffer size of '%s' to %s KiB", p->name, test_kb);
	if (tracefs_instance_file_write(p->inst, "trace_clock", clock) < 0)
		return errmsg__set(-EINVAL, "tracefs instance '%s': no trace_clock '%s'", p->name,
				   clock);
	if (tracefs_event_enable(p->inst, PRINTK_SYS, PRINTK_EVENT) < 0)
		return errmsg__set(errno ? -errno : -EIO, "cannot enable %s:%s in '%s'", PRINTK_SYS,
				   PRINTK_EVENT, p->name);
	err = open_cpus(p);
	if (err)
		errmsg__set(err, "cannot read the buffers of tracefs instance '%s': %s", p->name,
			    strerror(-err));
	return err;
}

struct printk *printk__new(const char *clock)
{
	struct printk *p = calloc(1, sizeof(*p));
	int err;

	if (!p)
		return NULL;
	printk__clean_stale();
	err = setup(p, clock);
	if (err) {
		printk__free(p);
		errno = -err;
		return NULL;
	}
	pr_debug("bpf_printk lines read from tracefs instance '%s' (clock %s)", p->name, clock);
	return p;
}

/* The lines of one sub-buffer page. */
static int read_page(struct printk *p, int cpu, printk_line_fn fn, void *ctx)
{
	unsigned long long ts;
	int n = 0, missed;
	void *data;

	if (kbuffer_load_subbuffer(p->kbuf, p->page) < 0)
		return 0;
	missed = kbuffer_missed_events(p->kbuf);
	if (missed > 0)
		p->lost += (uint64_t)missed;
	else if (missed < 0)
		p->lost_unknown = true; /* the page says some were lost, not how many */
	for (data = kbuffer_read_event(p->kbuf, &ts); data;
	     data = kbuffer_next_event(p->kbuf, &ts)) {
		int size = kbuffer_event_size(p->kbuf), tid, err;
		uint16_t type;

		if (size < 8)
			continue;
		memcpy(&type, data, sizeof(type));
		if (type != p->type)
			continue;
		memcpy(&tid, (const char *)data + 4, sizeof(tid)); /* common_pid */
		err = fn(ctx, cpu, ts, tid, data, (uint32_t)size);
		if (err)
			return err;
		n++;
	}
	return n;
}

int printk__read(struct printk *p, printk_line_fn fn, void *ctx)
{
	int total = 0;

	for (int c = 0; c < p->nr_cpus; c++) {
		if (!p->cpus[c])
			continue;
		/* a page at a time, the CPU's lines in order, until it has no more */
		while (tracefs_cpu_read(p->cpus[c], p->page, true) > 0) {
			int n = read_page(p, c, fn, ctx);

			if (n < 0)
				return n;
			total += n;
		}
	}
	return total;
}

/* "overrun:" (overwritten) plus "dropped events:" of a CPU's stats: -1 when unreadable. */
static long long cpu_lost(struct printk *p, int cpu)
{
	char file[64], *buf, *at;
	long long n = 0, v;

	snprintf(file, sizeof(file), "per_cpu/cpu%d/stats", cpu);
	buf = tracefs_instance_file_read(p->inst, file, NULL);
	if (!buf)
		return -1;
	at = strstr(buf, "overrun:");
	if (at && sscanf(at, "overrun: %lld", &v) == 1)
		n += v;
	at = strstr(buf, "dropped events:");
	if (at && sscanf(at, "dropped events: %lld", &v) == 1)
		n += v;
	free(buf);
	return n;
}

uint64_t printk__lost(struct printk *p, bool *unknown)
{
	uint64_t total = 0;

	*unknown = false;
	for (int c = 0; c < p->nr_cpus; c++) {
		long long n = p->cpus[c] ? cpu_lost(p, c) : 0;

		if (n < 0) /* no stats: what the pages said */
			break;
		total += (uint64_t)n;
		if (c == p->nr_cpus - 1)
			return total;
	}
	*unknown = p->lost_unknown;
	return p->lost;
}

void printk__free(struct printk *p)
{
	if (!p)
		return;
	for (int c = 0; p->cpus && c < p->nr_cpus; c++)
		if (p->cpus[c])
			tracefs_cpu_close(p->cpus[c]);
	free(p->cpus);
	if (p->inst) {
		if (tracefs_instance_destroy(p->inst))
			pr_warn("cannot remove the tracefs instance '%s': %s", p->name,
				strerror(errno));
		tracefs_instance_free(p->inst);
	}
	if (p->kbuf)
		kbuffer_free(p->kbuf);
	free(p->page);
	free(p);
}
