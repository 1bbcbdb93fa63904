/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The BPF objects of one run: compiled (for .c), converted from legacy maps,
 * opened and loaded with libbpf, their programs sorted by how they attach.
 * Everything is held by fd: nothing outlives the process.
 */
#ifndef PERF_BPF_LOADER_H
#define PERF_BPF_LOADER_H

#include <stdbool.h>

#include "compile/compile.h"
#include "event/section.h"

struct bpf_object;
struct bpf_program;
struct loader;

/* How a program reaches its hook. */
enum loader_attach {
	LOADER_TRACEPOINT, /* perf style "sys:name": through a tracepoint perf event */
	LOADER_LIBBPF, /* a section libbpf knows: bpf_program__attach() */
	LOADER_PROBE, /* perf style kprobe/uprobe: "func=SYM", "exec=PATH;func=SYM" */
	LOADER_PERF_EVENT, /* SEC("perf_event"): on the -e events before its object (run/progevent.h) */
};

struct loader_prog {
	struct bpf_program *prog; /* borrowed from its object */
	const char *object; /* the file it came from */
	const char *section;
	enum loader_attach attach;
	bool load_only; /* "!sys:name": loaded, never attached */
	struct section sec; /* the parsed section name (tracepoints: group = sys, event = name) */
	struct probeprog *probe; /* LOADER_PROBE: its points, prologues and events (probeprog.h) */
};

struct loader *loader__new(const struct compile_opts *co);
void loader__free(struct loader *l);

/*
 * Compile (.c) or read (.o/.obj) path and open it. Like every function here that fails, it
 * records the ERROR (and Hint) line for the command (util/errmsg.h).
 */
int loader__add(struct loader *l, const char *path);
/*
 * Open the object in buf (size bytes, named path in messages; buf is the caller's, and may
 * be written to by libelf): what loader__add() does after reading a file. No bpf() call.
 */
int loader__add_mem(struct loader *l, const char *path, void *buf, size_t size);
/* Load every object into the kernel; on a verifier rejection libbpf prints the log. */
int loader__load(struct loader *l);
/*
 * Create the events of the probe sections (probeprog__open()), so that a session can sample
 * them before loader__attach() puts the programs on them.
 */
int loader__open_probes(struct loader *l);
/*
 * Attach the programs of libbpf-known and probe sections (tracepoints attach through their evsel).
 * A probe section attaches at every function its FUNC glob matches, through the kprobe/uprobe
 * PMU, else tracefs events that loader__free() removes.
 */
int loader__attach(struct loader *l);

int loader__nr_progs(const struct loader *l);
const struct loader_prog *loader__prog(const struct loader *l, int i);
int loader__nr_objects(const struct loader *l);
/* The object of the i-th loader__add() (borrowed: it lives as long as l), NULL past the end. */
struct bpf_object *loader__object(const struct loader *l, int i);

#endif
