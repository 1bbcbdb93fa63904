/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Between the generated scanner/parser (evparse.l, evparse.y) and lib/event/evparse.c. Not for
 * other modules: they use evparse.h.
 */
#ifndef PERF_BPF_EVPARSE_INT_H
#define PERF_BPF_EVPARSE_INT_H

#include "event/evparse.h"

enum evparse_val {
	EVPARSE_VAL_NONE, /* bare term: "no-inherit" */
	EVPARSE_VAL_NUM,
	EVPARSE_VAL_STR,
};

/* [all] or [a,b...c]: the slots a term selects. */
struct evparse_index {
	bool all;
	int col;
	size_t nr;
	struct evparse_range *ranges;
};

/* A term as written, before it is given a meaning by the event it belongs to. */
struct evparse_term {
	char *key;
	int col_key;
	struct evparse_index *index; /* NULL if none */
	enum evparse_val kind;
	uint64_t num;
	char *str;
	int col_val;
	struct evparse_term *next;
};

/* State of one evparse__add(): the scanner's extra data and the parser's parameter. */
struct evparse_scan {
	struct evparse_list *list;
	const char *str; /* list-owned copy of the argument */
	int col; /* scanner position */
	bool started; /* the scanner has entered EVSTART once */
	int ev_col; /* where the current event starts */
	struct evparse_event *head; /* events parsed so far, not yet in the list */
	struct evparse_event **tail;
	/* A token that looked like a BPF file but could not be found, in the current event. */
	char *missing;
	int missing_errno;
	/* The first error wins. */
	int err; /* 0, -EINVAL, -ENOMEM */
	int err_col;
	char *err_msg;
	const char *err_help;
	char *help_buf; /* err_help when it had to be built */
	bool plain; /* err_msg is an ERROR line of its own, not under the event string */
};

/* Scanner: length of the BPF file name text starts with (0: none), *source for ".c". */
int evparse__bpf_prefix(struct evparse_scan *s, const char *text, int len, bool *source);
void evparse__event_start(struct evparse_scan *s, int col);

/* Errors: record the first one; return -EINVAL (-ENOMEM if the message cannot be kept). */
int evparse__errorf(struct evparse_scan *s, int col, const char *help, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
void evparse__syntax_error(struct evparse_scan *s, int col);
int evparse__nomem(struct evparse_scan *s);

/* evglobal.c: a global:NAME=VALUE term of a BPF file, checked and kept in ev. */
int evparse__add_global_term(struct evparse_scan *s, struct evparse_event *ev,
			     const struct evparse_term *t);
void evparse__globals_free(struct evparse_event *ev);

/* Parser actions: they own every pointer they are given, on success and on error. */
void evparse__index_free(struct evparse_index *idx);
void evparse__term_free(struct evparse_term *t);
int evparse__add_bpf(struct evparse_scan *s, int col, char *path, bool source,
		     struct evparse_term *terms);
int evparse__add_symbol(struct evparse_scan *s, int col, char *name, struct evparse_term *terms);
int evparse__add_tracepoint(struct evparse_scan *s, int col, char *sys, char *name,
			    struct evparse_term *terms);

#endif
