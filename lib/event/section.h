/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Program section names: what a BPF program's SEC("...") asks perf-bpf to do with it.
 *
 * perf's syntax:
 *	[KEY=VALUE;]... MAIN		KEY: exec, module, inlines, force
 *	MAIN = [!]CATEGORY:NAME		tracepoint
 *	     | [!][[GROUP:]EVENT=]FUNC[@SRC][:RLN|+OFFS|%return] [ARG ...]
 *	     | [!][[GROUP:]EVENT=]SRC:ALN [ARG ...]
 *	ARG  = [NAME=]VAR[->FIELD|.FIELD|[N]]...|$retval|$comm|$argN|$stackN|%REG|@SYM[+-OFF]
 *	       |+OFF(ARG)|-OFF(ARG)|+uOFF(ARG)  then an optional :TYPE
 * plus every section libbpf itself knows (tp/, raw_tp/, kprobe/, uprobe/, fentry/, perf_event,
 * ...), and the ELF sections that hold no program (license, version, maps, .maps, .BTF, ...).
 *
 *	struct section sec;
 *	int err = section__parse(name, &sec);
 *
 *	if (err)
 *		return err;		the ERROR and Hint lines are recorded (util/errmsg.h)
 *	... sec.kind, sec.event, sec.args[i] ...
 *	section__exit(&sec);
 */
#ifndef PERF_BPF_SECTION_H
#define PERF_BPF_SECTION_H

#include <stdbool.h>
#include <stddef.h>
#include <linux/bpf.h>

#include "event/loaderr.h"

enum section_kind {
	SECTION_TRACEPOINT = 1, /* CATEGORY:NAME; group = category, event = name */
	SECTION_KPROBE, /* EVENT=FUNC ..., no exec= */
	SECTION_KRETPROBE, /* EVENT=FUNC%return ... */
	SECTION_UPROBE, /* exec=PATH;EVENT=FUNC ... */
	SECTION_URETPROBE, /* exec=PATH;EVENT=FUNC%return ... */
	SECTION_LIBBPF, /* a section libbpf recognizes: load and attach the way libbpf does */
	SECTION_SPECIAL, /* an ELF section that is not a program: license, maps, .BTF, ... */
};

enum section_arg_kind {
	SECTION_ARG_VAR = 1, /* a C variable, base = its name, fields = its member chain */
	SECTION_ARG_REG, /* %REG: base = register name without '%' ("di", "ax") */
	SECTION_ARG_SYMBOL, /* @SYM: base = symbol name without '@', sym_off = +-OFF */
	SECTION_ARG_RETVAL, /* $retval (return probes only): base = "$retval" */
	SECTION_ARG_SPECIAL, /* $comm, $argN, $stackN, $stack, $vars, $params: base = as written */
};

/* One step of a member chain: "->name" (ref), ".name", or "[index]" (name NULL). */
struct section_field {
	const char *name;
	bool ref;
	long index;
};

/* One dereference of a +OFF(...) form; "+u8(...)" reads user memory. */
struct section_deref {
	long off;
	bool user;
};

struct section_arg {
	const char *name; /* NAME= as written, or NULL (the attach stage names it) */
	enum section_arg_kind kind;
	const char *base;
	long sym_off;
	struct section_field *fields; /* a->b.c[2]: {"b", ref}, {"c"}, {NULL, index 2} */
	int nr_fields;
	/* +8(+16(%di)): applied innermost first: derefs[0].off = 16, derefs[1].off = 8 */
	struct section_deref *derefs;
	int nr_derefs;
	const char *type; /* :TYPE as written ("u32", "string", "b4@3/8"), or NULL */
};

/*
 * A parsed section.  Strings point into memory the section owns, valid until section__exit().
 * Fields that do not apply to the kind are zero / NULL.
 */
struct section {
	enum section_kind kind;
	bool load_only; /* leading '!': load the program, attach it nowhere (tail-call targets) */
	/* SECTION_LIBBPF: libbpf's answer for the name */
	enum bpf_prog_type prog_type;
	enum bpf_attach_type attach_type;
	/* tracepoints and probes */
	const char *group; /* tracepoint category; for probes always "perf_bpf_probe" */
	const char *event; /* tracepoint name (may be a glob) or the probe's EVENT */
	/* probes */
	const char *target; /* exec= path (uprobes) or module= name (kprobes), or NULL */
	const char *func; /* function, or a glob pattern (func_is_glob); NULL for SRC:ALN */
	bool func_is_glob;
	const char *src; /* @SRC, or the SRC of SRC:ALN */
	bool has_line; /* :RLN (relative to func) or, without func, SRC:ALN (absolute) */
	int line;
	bool has_offset; /* +OFFS */
	unsigned long offset;
	bool retprobe; /* %return: the kind is SECTION_KRETPROBE or SECTION_URETPROBE */
	bool inlines; /* inlines=, default yes: also probe inlined instances */
	bool force; /* force=, default no: add even if an event of that name exists */
	struct section_arg *args;
	int nr_args; /* may exceed what the prologue fetches: it warns and drops the rest */
	char *buf; /* owned storage behind the strings above */
};

/*
 * Parse @name into @sec.  Returns 0, or a negative error (-LOADERR__CONFIG, _GROUP, _EVENTNAME,
 * _PROGCONF_TERM; -EINVAL for a bad boolean, -ENOMEM) with @sec left empty and the ERROR line
 * recorded (util/errmsg.h): "bad program section 'NAME': MESSAGE: DETAIL", MESSAGE the error's
 * loaderr text, DETAIL the particulars ("'sys_nanosleep' is not a valid tracepoint"), and a
 * Hint line when there is a fix.  A config segment without '=' is warned about and skipped,
 * as perf did.
 */
int section__parse(const char *name, struct section *sec);
/* Free what section__parse() allocated; accepts NULL and an empty section. */
void section__exit(struct section *sec);

/* Does @name match the shell glob @pattern ('*', '?', '[...]', '\' escapes)? */
bool section__glob_match(const char *pattern, const char *name);

#endif
