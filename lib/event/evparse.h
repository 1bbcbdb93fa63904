/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The -e event grammar (lib/event/evparse.l, lib/event/evparse.y) and its semantics.
 *
 *	struct evparse_list *l = evparse__new();
 *	for each -e ARG: if (evparse__add(l, ARG)) exit(129);	(the caret error is printed)
 *	evparse__for_each(ev, l) ...
 *	evparse__free(l);
 *
 * Forms of one -e argument (several events separated by ','):
 *	./prog.c  ./prog.o  ./prog.obj [/TERM,.../]	BPF source/object; the token is a BPF file
 *		only if it ends in .c, .o or .obj and stat() finds it
 *	cycles, cpu-clock, page-faults, ... [/TERM,.../]	hardware and software events
 *	rNNN [/TERM,.../]				raw hardware event (hex config)
 *	bpf-output [/TERM,.../]				PERF_COUNT_SW_BPF_OUTPUT
 *	sys:name [/TERM,.../]				tracepoint, globs allowed (syscalls:sys_enter_*)
 * Terms every event takes: period=N freq=N name=S inherit[=N] no-inherit[=N] call-graph=S.
 * Terms only BPF files take (object config):
 *	map:NAME.value[INDICES]=N	map:NAME.event[INDICES]=EVENT	INDICES: [all] or [0,3...6]
 *	global:NAME=N	the global variable NAME (a `const volatile` one in .rodata, or in .data,
 *			.bss) holds N when the object loads
 *
 * Errors are printed in perf's layout: the event string (elided with '..' when long), a
 * '\___ message' marker under the offending column, and a help text after a blank line.
 * Columns are byte offsets in the -e string; every event and term keeps its own so that a
 * later stage (the loader) can print the same caret error with evparse__error_at().
 * A syntax error points at the token the parser could not take ("parser error"; perf put
 * the caret one token earlier); a name that is no event is an "unknown event", with a hint
 * when its text looked like a BPF file that stat() could not find.
 */
#ifndef PERF_BPF_EVPARSE_H
#define PERF_BPF_EVPARSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum evparse_kind {
	EVPARSE_BPF_SOURCE,
	EVPARSE_BPF_OBJECT,
	EVPARSE_TRACEPOINT,
	EVPARSE_HARDWARE,
	EVPARSE_SOFTWARE,
	EVPARSE_BPF_OUTPUT,
	EVPARSE_RAW,
};

enum evparse_map_opt {
	EVPARSE_MAP_VALUE, /* map:NAME.value=N: store N in the selected slots */
	EVPARSE_MAP_EVENT, /* map:NAME.event=EVENT: store EVENT's per-CPU fds */
};

/* Inclusive range of map slots. */
struct evparse_range {
	uint64_t first;
	uint64_t last;
};

/* One map:NAME.OPT[INDICES]=VALUE term of a BPF file. */
struct evparse_map_term {
	char *map; /* map name (may be empty: "map:.value=1") */
	enum evparse_map_opt opt;
	bool all; /* no indices, or [all] */
	size_t nr_ranges; /* when !all */
	struct evparse_range *ranges;
	uint64_t value; /* EVPARSE_MAP_VALUE */
	char *event; /* EVPARSE_MAP_EVENT: name of an earlier event */
	/* Columns in the event string, for evparse__error_at(); -1 when absent. */
	int col_term; /* the 'm' of "map:" */
	int col_map; /* first character of NAME */
	int col_opt; /* first character of OPT (perf's column for most map errors) */
	int col_index; /* the '[' */
	int col_value; /* first character of VALUE */
};

/* One global:NAME=VALUE term of a BPF file: a global variable set before the object loads. */
struct evparse_global_term {
	char *name;
	uint64_t value;
	int col_term; /* the 'g' of "global:" */
	int col_name; /* first character of NAME */
	int col_value; /* first character of VALUE */
};

struct evparse_list;

/* One parsed event. Owned by its list; pointers stay valid until evparse__free(). */
struct evparse_event {
	enum evparse_kind kind;
	const char *str; /* the whole -e argument the event came from */
	int col; /* where this event starts in str */
	char *path; /* BPF_SOURCE, BPF_OBJECT: the file as written */
	char *sys; /* TRACEPOINT: system pattern (globs kept) */
	char *name; /* TRACEPOINT: event pattern; others: the symbol as written */
	uint32_t type; /* PERF_TYPE_*; 0 for BPF files */
	uint64_t config; /* 0 for tracepoints: the id comes from tracefs when opened */
	/* Terms; for a BPF file they apply to every event its programs create. */
	bool has_period;
	uint64_t period;
	bool has_freq;
	uint64_t freq;
	char *evname; /* name=S, NULL if unset */
	int inherit; /* -1 unset, 0 no-inherit, 1 inherit */
	char *call_graph; /* call-graph=S, NULL if unset */
	const char *filter; /* TRACEPOINT: --filter EXPR given after it (the kernel's), NULL */
	/* Columns of the terms above (their keys), -1 when not given. */
	int col_period, col_freq, col_evname, col_inherit, col_call_graph;
	size_t nr_maps; /* BPF files: object config terms, in order */
	struct evparse_map_term *maps;
	size_t nr_globals; /* BPF files: global:NAME=VALUE terms, in order */
	struct evparse_global_term *globals;
	/* private */
	char *tp_name; /* TRACEPOINT: "sys:name" */
	struct evparse_list *list;
	struct evparse_event *next;
};

/* Help printed under every object config error (perf's text); its last line only without -v. */
#define EVPARSE_HELP_OBJCONF_VTAIL "\n     \t(add -v to see detail)"
#define EVPARSE_HELP_OBJCONF                               \
	"Hint:\tValid config terms:\n"                     \
	"     \tmap:[<arraymap>].value<indices>=[value]\n" \
	"     \tmap:[<eventmap>].event<indices>=[event]\n" \
	"\n"                                               \
	"     \twhere <indices> is something like [0,3...5] or [all]" EVPARSE_HELP_OBJCONF_VTAIL

struct evparse_list *evparse__new(void);
void evparse__free(struct evparse_list *list);

/* Errors go to out (default stderr) cut for width columns (0: $COLUMNS, the tty, or 80). */
void evparse__set_output(struct evparse_list *list, FILE *out, int width);

/*
 * Parse one -e argument and append its events. On error prints the caret message, leaves
 * the list as it was and returns -EINVAL (-ENOMEM when out of memory).
 */
int evparse__add(struct evparse_list *list, const char *str);

size_t evparse__count(const struct evparse_list *list);
/* The event after prev (the first if prev is NULL), NULL at the end. */
struct evparse_event *evparse__next(const struct evparse_list *list,
				    const struct evparse_event *prev);
#define evparse__for_each(ev, list) \
	for ((ev) = evparse__next((list), NULL); (ev); (ev) = evparse__next((list), (ev)))

/* The name an event is known by: name=, else "sys:name", the symbol, or the path. */
const char *evparse__event_name(const struct evparse_event *ev);

/*
 * The first event named name (evparse__event_name) that comes before 'before' on the
 * command line (all events if before is NULL); NULL if none. For map:X.event=NAME.
 */
struct evparse_event *evparse__find(const struct evparse_list *list, const char *name,
				    const struct evparse_event *before);

/* Print perf's caret error for column of ev's string (help may be NULL). */
void evparse__error_at(const struct evparse_event *ev, int column, const char *msg,
		       const char *help);

/* The same layout for any string, to out, cut for width columns (0: as above). */
void evparse__print_error(FILE *out, int width, const char *str, int column, const char *msg,
			  const char *help);

#endif
