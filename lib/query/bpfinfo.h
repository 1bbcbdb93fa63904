/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the kernel says about loaded BPF programs and links: one program's info by id
 * (type, name, tag, load time, run statistics), and the links attached to tracing hooks
 * (raw tracepoints, tp_btf, fentry & co, perf_event links to tracepoints, kprobes and
 * uprobes). Every call opens the kernel object by id and closes it before returning.
 */
#ifndef PERF_BPF_BPFINFO_H
#define PERF_BPF_BPFINFO_H

#include <stddef.h>
#include <stdbool.h>
#include <stdint.h>

struct bpfinfo_prog {
	uint32_t id;
	uint32_t type; /* enum bpf_prog_type */
	char name[16];
	char tag[17]; /* hex */
	uint64_t load_time; /* wall clock, ns since the epoch */
	uint64_t run_cnt; /* counted while kernel.bpf_stats_enabled is on */
	uint64_t run_time_ns;
};

/* The kind of hook a link or a perf event attaches a program to. */
enum bpfinfo_kind {
	BPFINFO_TRACEPOINT,
	BPFINFO_RAW_TP,
	BPFINFO_TP_BTF,
	BPFINFO_KPROBE,
	BPFINFO_KRETPROBE,
	BPFINFO_UPROBE,
	BPFINFO_URETPROBE,
	BPFINFO_FENTRY,
	BPFINFO_FEXIT,
	BPFINFO_FMOD_RET,
	BPFINFO_LSM,
	BPFINFO_PERF_EVENT, /* a hardware/software perf event */
};

/* One attachment: a kernel link (id != 0) or a perf event found in a process (id == 0). */
struct bpfinfo_link {
	uint32_t id;
	uint32_t prog_id;
	int kind; /* enum bpfinfo_kind */
	char target[256]; /* event name, raw tracepoint, function, path */
	uint64_t offset; /* kprobe/uprobe offset; perf event config */
	uint64_t addr; /* kprobe address when there is no symbol; perf event type */
};

/* 0; -ENOENT when the program is gone; -EPERM without privilege. */
int bpfinfo__prog(uint32_t id, struct bpfinfo_prog *p);
/* "tracepoint", "raw_tracepoint", ... or "type N" in a static buffer. */
const char *bpfinfo__prog_type(uint32_t type);
/* "tracepoint", "raw_tp", "tp_btf", "kprobe", ... */
const char *bpfinfo__kind(int kind);
/*
 * The hook's name as the user writes it: "raw_tp:NAME", "tp_btf:NAME", "fentry:FUNC",
 * "kprobe:FUNC+0x10", "uprobe:/bin/bash:0x4f2d0". Tracepoints give their bare event
 * name (the system is not known here). Returns the length snprintf would write.
 */
int bpfinfo__hook_name(const struct bpfinfo_link *l, char *buf, size_t size);

/*
 * Calls fn for every link the kernel lists that attaches to a tracing hook; stops at the
 * first non-zero return of fn and returns it. Links that vanish while listed are skipped.
 */
int bpfinfo__links(int (*fn)(const struct bpfinfo_link *l, void *ctx), void *ctx);

/*
 * Run statistics over a window of seconds: BPF_ENABLE_STATS keeps them on while its fd is
 * open (the kernel restores the previous state when it closes, even if we die). Leaves in
 * progs[i] the runs counted during the window; err[i] is each program's bpfinfo__prog()
 * status, in and out (programs already in error are skipped). When stoppable, a stop signal
 * (util/stopsig.h, blocked by the caller) ends the window early, taken; *elapsed (may be
 * NULL) gets its length in seconds (exactly seconds when it was not cut short). 0, or -errno
 * with the ERROR recorded (util/errmsg.h).
 */
int bpfinfo__stats_window(struct bpfinfo_prog *progs, int *err, size_t nr, double seconds,
			  bool stoppable, double *elapsed);

/* kernel.bpf_stats_enabled: 1 on, 0 off, -errno when unreadable. */
int bpfinfo__stats_enabled(void);

#endif
