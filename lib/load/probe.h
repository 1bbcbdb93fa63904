/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Probe points of perf-style kprobe and uprobe sections: a function name or glob expanded
 * against the kernel's symbols (/proc/kallsyms) or a binary's ELF symbols, and the perf events
 * that put a BPF program on each point.
 *
 * Events are created in tracefs (kprobe_events / uprobe_events) when the kernel has them, as
 * perf did (they can be sampled on every CPU: see probe__open()), else opened through the
 * kernel's kprobe/uprobe PMU.  tracefs events sit in the group PROBE_GROUP, named
 * "<EVENT>[_N]__<pid>" after the process that owns them.  probe__close() removes them; the
 * first probe__open() of a run removes those of processes that are gone.
 *
 *	struct probe_point *pts;
 *	int n;
 *
 *	err = probe__expand_elf("/bin/true", "main", 0, &pts, &n);
 *	struct probe_spec spec = { .event = "ev", .path = "/bin/true", .point = &pts[0] };
 *	struct probe_event ev;
 *	err = probe__open(&spec, &ev) ?: probe__set_prog(&ev, prog_fd);
 *	...
 *	probe__close(&ev);
 *	probe__free_points(pts, n);
 */
#ifndef PERF_BPF_PROBE_H
#define PERF_BPF_PROBE_H

#include <stdbool.h>
#include <stddef.h>

#define PROBE_GROUP "perf_bpf_probe"
#define PROBE_MAX_POINTS 128 /* per definition, as perf */

struct probe_point {
	char *func; /* the symbol */
	unsigned long addr; /* ELF: its address plus the offset asked for; kernel: 0 */
	unsigned long file_off; /* ELF: where that address sits in the file (what uprobes take) */
};

/* The functions probe events may be put on (kprobe events refuse the kernel's notrace ones) */
#define PROBE_TRACEABLE "/sys/kernel/tracing/available_filter_functions"

/*
 * Functions of /proc/kallsyms (or @path, same format) matching @pattern (a glob, or a name),
 * in @module only if not NULL, and for a glob only those @traceable lists (NULL:
 * PROBE_TRACEABLE; "" or a list that cannot be read: no such check).  A plain name is taken
 * as is, without looking it up.
 * Returns 0, -ENOENT (no match), -E2BIG (more than PROBE_MAX_POINTS), -errno.
 */
int probe__expand_ksyms(const char *path, const char *traceable, const char *module,
			const char *pattern, struct probe_point **pts, int *n);
/* Functions of the ELF file @path matching @pattern, at +@off into each.  Same returns. */
int probe__expand_elf(const char *path, const char *pattern, unsigned long off,
		      struct probe_point **pts, int *n);
void probe__free_points(struct probe_point *pts, int n);

enum probe_mode {
	PROBE_MODE_AUTO = 0, /* tracefs events when the kernel has them (sampled), else the PMU */
	PROBE_MODE_PMU,
	PROBE_MODE_TRACEFS,
	PROBE_MODE_FENTRY, /* kernel functions through fentry/fexit, as where there are no kprobes */
};

struct probe_spec {
	const char *event; /* the section's EVENT: tracefs names start with it */
	const char *path; /* uprobes: the binary; NULL for kprobes */
	const char *module; /* kprobes: module= or NULL */
	const struct probe_point *point;
	unsigned long offset; /* kprobes: +OFFS into the function */
	bool retprobe;
	int index; /* the point's number within its definition: names "EVENT_N" past 0 */
	enum probe_mode mode;
};

struct tracefs_dynevent;

struct probe_event {
	int fd; /* the perf event */
	char *name; /* tracefs: the event's name in PROBE_GROUP; NULL through the PMU */
	struct tracefs_dynevent *dyn; /* tracefs: its definition, removed by probe__close() */
};

/* PERF_BPF_PROBE_MODE=pmu|tracefs|fentry (perf-bpf(1), ENVIRONMENT), else PROBE_MODE_AUTO. */
enum probe_mode probe__mode_from_env(void);
/* Does the kernel have the kprobe (kernel) or uprobe PMU, or tracefs k/uprobe_events? */
bool probe__has_pmu(bool kernel);
bool probe__has_tracefs(bool kernel);

/* Open the perf event of one point; @ev is left with fd -1 on failure. */
int probe__open(const struct probe_spec *spec, struct probe_event *ev);
/*
 * Run @prog_fd on every hit of @ev, and enable it.  A tracefs probe holds one program for all
 * its perf events: one already put there through another of them is taken as attached.
 */
int probe__set_prog(struct probe_event *ev, int prog_fd);
/* Close the event and remove its tracefs definition; accepts a closed or zeroed event. */
void probe__close(struct probe_event *ev);

/* The pid in a tracefs event name "NAME__PID", or -1. */
int probe__owner(const char *event);
/*
 * The name a user sees for tracefs event @event, as perf named it: "perf_bpf_probe:NAME"
 * (without the owner's "__PID").  Returns snprintf's count.
 */
int probe__display_name(const char *event, char *buf, size_t size);

#endif
