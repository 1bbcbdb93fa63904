/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Object config: the map terms of `-e FILE.c/TERMS/` checked against the loaded objects and
 * written into their maps, and `__bpf_stdout__` wired to a bpf-output event.
 *
 *	map:NAME.value=N		every slot of the ARRAY map NAME holds N
 *	map:NAME.value[0,3...6]=N	slots 0 and 3 to 6 only
 *	map:NAME.event=EVT		the PERF_EVENT_ARRAY NAME holds EVT's fd of CPU c in slot c
 *	map:NAME.event[0,2]=EVT		slots (CPUs) 0 and 2 only
 *
 * Slots of an event map are CPU numbers: EVT is opened once per CPU of the run (every CPU,
 * or those of -C), system-wide and not inherited, so that a program finds the event of the
 * CPU it runs on with BPF_F_CURRENT_CPU (bpf_perf_event_output, bpf_perf_event_read_value).
 *
 *	oc = objconf__new(&opts);	after loader__load(), before evlist__open(): checks the
 *					terms (perf's caret errors), marks the events maps take,
 *					adds the __bpf_stdout__ event to the evlist if one is needed
 *	objconf__apply(oc);		after evlist__open(): writes values and fds
 *					("Apply config to BPF failed: ..." errors, recorded
 *					for the command: util/errmsg.h)
 *	objconf__free(oc);
 *
 * `__bpf_stdout__`, perf's three rules: a map of that name configured with
 * map:__bpf_stdout__.event=EVT keeps its terms; when none is configured, one bpf-output
 * event named __bpf_stdout__ is made for all of them; when some are, every unconfigured
 * one takes the terms of the first configured one (they share its event, none is made).
 */
#ifndef PERF_BPF_OBJCONF_H
#define PERF_BPF_OBJCONF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct bpf_map;
struct bpf_object;
struct evlist;
struct evparse_event;
struct evparse_list;
struct evparse_map_term;
struct evsel;

#define OBJCONF_STDOUT_MAP "__bpf_stdout__"

/* What one -e event became: an object (BPF files) or the first perf event made of it. */
struct objconf_bind {
	const struct evparse_event *pe;
	struct bpf_object *obj; /* BPF files (borrowed) */
	struct evsel *evsel; /* other events (borrowed), NULL when none was made */
};

struct objconf_opts {
	const struct evparse_list *events; /* the parsed -e arguments */
	const struct objconf_bind *binds; /* one per event, in command-line order */
	int nr_binds;
	struct evlist *evlist; /* gets the __bpf_stdout__ event when one is needed */
	bool no_inherit; /* -i */
	int nr_threads; /* threads per-task events would follow: > 1 for -p of a threaded process */
};

struct objconf;

/*
 * Check every term (errors printed in perf's caret layout, marked shown: util/errmsg.h);
 * NULL + errno (EINVAL, ENOMEM).
 */
struct objconf *objconf__new(const struct objconf_opts *opts);
void objconf__free(struct objconf *oc);
/* Has map terms, or shares __bpf_stdout__'s event? */
bool objconf__configured(const struct objconf *oc, const struct bpf_map *map);
/* The PERF_EVENT_ARRAY map gets evsel's fd of each CPU in its slots (run/channels.h). */
int objconf__add_channel(struct objconf *oc, struct bpf_map *map, const char *object,
			 struct evsel *evsel);
/* Write every value and event fd into its map. 0 or -errno, the ERROR line recorded. */
int objconf__apply(struct objconf *oc);

/* The perf event whose fds the map gets (NULL when none), once objconf__new() planned it. */
struct evsel *objconf__map_event(const struct objconf *oc, const struct bpf_map *map);
/* Does the command line (map:NAME terms) or the __bpf_stdout__ wiring write into map? */
bool objconf__configures(const struct objconf *oc, const struct bpf_map *map);

/* ---- the parts that need no kernel ---- */

/* A map as the checks see it. */
struct objconf_map_desc {
	uint32_t type; /* BPF_MAP_TYPE_* */
	uint32_t key_size;
	uint32_t value_size;
	uint32_t max_entries;
};

/*
 * Check a term against its map: 0 or -LOADERR__OBJCONF_MAP_{TYPE,KEYSIZE,VALUESIZE,
 * IDX2BIG}; *col gets the column to point at.
 */
int objconf__check_term(const struct evparse_map_term *t, const struct objconf_map_desc *m,
			int *col);

/*
 * The slots a term names, ascending without repeats: [all] (or none) is 0..max_entries-1.
 * *keys is malloc'ed. -LOADERR__OBJCONF_MAP_IDX2BIG when one is >= max_entries.
 */
int objconf__keys(const struct evparse_map_term *t, uint32_t max_entries, uint32_t **keys,
		  size_t *nr);

/* v in value_size bytes (host order, truncated), zero-filled to value_size. */
int objconf__encode_value(uint64_t v, uint32_t value_size, void *buf);
/* Key k in key_size (>= 4) bytes: a host-order u32, the rest zero. */
int objconf__encode_key(uint32_t k, uint32_t key_size, void *buf);

/*
 * Can an event go into an event map? 0 or -LOADERR__OBJCONF_MAP_{EVTDIM,EVTINH,
 * EVTTYPE}, in perf's order. inherit: what the user asked for (term, else not -i).
 */
int objconf__check_event(const struct evparse_event *ev, bool inherit, int nr_threads);

enum objconf_stdout_plan {
	OBJCONF_STDOUT_NONE, /* no __bpf_stdout__ map, or all are configured */
	OBJCONF_STDOUT_CREATE, /* none configured: make one event for all */
	OBJCONF_STDOUT_CLONE, /* some configured: the others copy the first one's terms */
};

/* configured[i]: the i-th __bpf_stdout__ map has terms. *from: the first configured one. */
enum objconf_stdout_plan objconf__stdout_plan(const bool *configured, int n, int *from);

#endif
