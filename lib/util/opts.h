/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One option table per command: each row names an option, binds the variable it sets and
 * gives its help line, so the parse, the variables and the -h text cannot drift apart.
 *
 *	struct args a = { .window = 1 };
 *	const struct opt rows[] = {
 *		OPT_BOOL('a', "all", &a.all, "every hook"),
 *		OPT_UINT('m', "mmap-pages", &a.pages, "PAGES", 1, 1024, "ring pages"),
 *		OPT_COMMON,
 *		OPT_END,
 *	};
 *	struct opts o;
 *	int ret = opts__parse(&o, rows, usage, argc, argv, 0);
 *
 *	if (ret)
 *		return opts__exit_status(ret);
 *	a is filled; the operands are o.operands[0 .. o.nr_operands).
 *
 * The command line, read as getopt_long reads it:
 *	-a -j, -aj	flags, alone or clustered
 *	-m 4, -m4	a short option's argument: the rest of its word, else the next word
 *	--mmap-pages 4, --mmap-pages=4, --mmap 4
 *			a long option's argument; a long name may be cut to any prefix that
 *			no other long name of the table shares
 *	--		ends the options: every word after it is an operand
 *	-		an operand (stdin, by convention)
 * Options and operands mix; argv is permuted so that the operands come last, in their
 * order. With OPTS_STOP_AT_OPERAND the first operand ends the options instead, so that a
 * workload's own flags after it are left alone.
 *
 * An optional argument (OPT_CALLBACK_OPTARG) is the rest of the word (--stats=2, -s2), or
 * the next word only when that word is a number: it starts with a digit, or with '.' and a
 * digit. `--stats 2 TP` gives 2, `--stats TP` gives none; anything else than a number must
 * be attached with '='. The help shows such an argument in brackets before the row's help.
 */
#ifndef PERF_BPF_OPTS_H
#define PERF_BPF_OPTS_H

#include <stdbool.h>
#include <stdio.h>

#include "util/log.h"

enum opt_kind {
	OPT_KIND_END, /* OPT_END: no option (a row with neither name ends the table) */
	OPT_KIND_BOOL, /* bool: set to true */
	OPT_KIND_COUNT, /* int: one more at each use (-vv) */
	OPT_KIND_STRING, /* const char *: the argument (the last one given wins) */
	OPT_KIND_UINT, /* unsigned int: the argument, a number in [min, max] */
	OPT_KIND_INT, /* int: the argument, a number in [min, max] */
	OPT_KIND_LIST, /* struct opt_list: every argument, in order (repeated -e) */
	OPT_KIND_CALLBACK, /* cb(o, row, arg) does what it wants with value */
	OPT_KIND_HELP, /* print the help on stdout and end the parse with OPTS_HELP */
	OPT_KIND_HABIT, /* another tool's option (OPT_HABIT): a misuse with a Hint */
};

enum opt_flags {
	OPT_F_OPTARG = 1 << 0, /* the argument may be left out: the callback gets NULL */
	OPT_F_STOP = 1 << 1, /* the parse ends after this option, as after --: -V */
	OPT_F_EMPTY = 1 << 2, /* an empty argument is a value ('--clang-opt='), not a misuse */
	OPT_F_HIDDEN = 1 << 3, /* left out of the help and of --list-opts */
};

struct opts;
struct opt;

/*
 * A callback row's action: 0, or OPTS_USAGE once the misuse is reported (by opts__misuse(),
 * or by a message of its own: nothing more is printed), or OPTS_ERROR once reported.
 */
typedef int (*opt_cb)(const struct opts *o, const struct opt *row, const char *arg);

struct opt {
	enum opt_kind kind;
	int short_name; /* 0: long only */
	const char *long_name; /* NULL: short only; a row with neither name ends the table */
	const char *arg; /* name of the argument, NULL when the option takes none */
	const char *help;
	void *value; /* the variable the row sets, of the kind's type */
	long long min, max; /* OPT_UINT, OPT_INT: the accepted range */
	opt_cb cb; /* OPT_CALLBACK */
	unsigned int flags; /* enum opt_flags */
};

/* The arguments of an OPT_LIST row; they point into argv. Free with opts__free_list(). */
struct opt_list {
	const char **items;
	int nr;
};

/* The variable v, if it has the type the row kind sets; a compile error otherwise. */
#define OPT__VALUE(v, type) _Generic((v), type : (v))

/* clang-format off */
#define OPT_BOOL(s, l, v, h) \
	{ .kind = OPT_KIND_BOOL, .short_name = (s), .long_name = (l), .help = (h), \
	  .value = OPT__VALUE(v, bool *) }
/* A flag that is an action of its own (-V, --list-cmds): the parse ends with it. */
#define OPT_FINAL(s, l, v, h) \
	{ .kind = OPT_KIND_BOOL, .short_name = (s), .long_name = (l), .help = (h), \
	  .value = OPT__VALUE(v, bool *), .flags = OPT_F_STOP }
#define OPT_COUNT(s, l, v, h) \
	{ .kind = OPT_KIND_COUNT, .short_name = (s), .long_name = (l), .help = (h), \
	  .value = OPT__VALUE(v, int *) }
#define OPT_STRING(s, l, v, a, h) \
	{ .kind = OPT_KIND_STRING, .short_name = (s), .long_name = (l), .arg = (a), .help = (h), \
	  .value = OPT__VALUE(v, const char **) }
/* A string that may be empty, as a word that clears a configured value. */
#define OPT_STRING_OR_EMPTY(s, l, v, a, h) \
	{ .kind = OPT_KIND_STRING, .short_name = (s), .long_name = (l), .arg = (a), .help = (h), \
	  .value = OPT__VALUE(v, const char **), .flags = OPT_F_EMPTY }
#define OPT_UINT(s, l, v, a, lo, hi, h) \
	{ .kind = OPT_KIND_UINT, .short_name = (s), .long_name = (l), .arg = (a), .help = (h), \
	  .value = OPT__VALUE(v, unsigned int *), .min = (lo), .max = (hi) }
#define OPT_INT(s, l, v, a, lo, hi, h) \
	{ .kind = OPT_KIND_INT, .short_name = (s), .long_name = (l), .arg = (a), .help = (h), \
	  .value = OPT__VALUE(v, int *), .min = (lo), .max = (hi) }
#define OPT_LIST(s, l, v, a, h) \
	{ .kind = OPT_KIND_LIST, .short_name = (s), .long_name = (l), .arg = (a), .help = (h), \
	  .value = OPT__VALUE(v, struct opt_list *) }
/* a: the argument's name, NULL for a flag; fn gets the row, value is row->value. */
#define OPT_CALLBACK(s, l, v, a, fn, h) \
	{ .kind = OPT_KIND_CALLBACK, .short_name = (s), .long_name = (l), .arg = (a), \
	  .help = (h), .value = (v), .cb = (fn) }
/* fn gets NULL for a left-out argument. */
#define OPT_CALLBACK_OPTARG(s, l, v, a, fn, h) \
	{ .kind = OPT_KIND_CALLBACK, .short_name = (s), .long_name = (l), .arg = (a), \
	  .help = (h), .value = (v), .cb = (fn), .flags = OPT_F_OPTARG }
/*
 * An option of another tool that users type from habit (strace's -f): hidden, and when
 * given, an ERROR saying it is no option of ours with a Hint, h, naming what is.
 */
#define OPT_HABIT(s, l, h) \
	{ .kind = OPT_KIND_HABIT, .short_name = (s), .long_name = (l), .help = (h), \
	  .flags = OPT_F_HIDDEN }
/* A callback row left out of the help and of --list-opts (another spelling of a shown one). */
#define OPT_CALLBACK_HIDDEN(s, l, v, a, fn) \
	{ .kind = OPT_KIND_CALLBACK, .short_name = (s), .long_name = (l), .arg = (a), \
	  .help = "", .value = (v), .cb = (fn), .flags = OPT_F_HIDDEN }
#define OPT_END { .kind = OPT_KIND_END }
/* Rows every command has: -q counts like -v, and any count mutes. */
#define OPT_COMMON \
	OPT_COUNT('v', "verbose", &verbose, "be more verbose (repeat for more)"), \
	OPT_COUNT('q', "quiet", &quiet, "print errors only"), \
	{ .kind = OPT_KIND_HELP, .short_name = 'h', .long_name = "help", .help = "show this help" }
/* clang-format on */

/* What opts__parse() returns when the command is not to go on. */
enum {
	OPTS_HELP = -1, /* -h printed the help on stdout: exit 0 */
	OPTS_USAGE = -2, /* misuse reported on stderr with the short usage: exit 129 */
	OPTS_ERROR = -3, /* another error, reported: exit 1 */
	OPTS_LISTED = -4, /* --list-opts (hidden, for shell completion) printed the table: exit 0 */
};

enum opts_flags {
	OPTS_STOP_AT_OPERAND = 1, /* the workload's own flags follow the first operand */
};

struct opts {
	const struct opt *table;
	const char *const *usage;
	char **operands; /* after opts__parse(): the operands, in command line order */
	int nr_operands;
	char name[64]; /* the option being applied, as -x or --name, for messages */
	const struct opt *row; /* its row, while it is applied; NULL after the parse */
};

/*
 * Parse argv[1 .. argc) along table: every option sets its row's variable, in command line
 * order. 0, then o->operands holds the operands; or OPTS_HELP (-h printed the help: exit 0),
 * OPTS_USAGE (the misuse reported with the usage: exit 129), OPTS_ERROR (reported: exit 1).
 * o stays usable for opts__misuse() about the operands.
 */
int opts__parse(struct opts *o, const struct opt *table, const char *const *usage, int argc,
		char **argv, int flags);
/* The exit status of a command whose opts__parse() returned ret, not 0. */
int opts__exit_status(int ret);
void opts__free_list(struct opt_list *l);

void opts__help(const struct opts *o, FILE *f);
/*
 * Every row of table, one a line, for shell completion: its names, then the name of its
 * argument if it takes one ("-e --event EVENT", "--no-cache", "-h --help"). The hidden
 * option --list-opts of every command prints this and ends the parse with OPTS_LISTED.
 */
void opts__list(const struct opt *table, FILE *f);

/*
 * Report misuse on stderr: an ERROR: line (as pr_err), while an option is applied a Hint:
 * line with its row's help (what it wants), then the usage lines; returns OPTS_USAGE.
 */
int opts__misuse(const struct opts *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The same with the Hint given (NULL: none). */
int opts__misuse_hint(const struct opts *o, const char *hint, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/*
 * A bad value found once the options are read (a check across options): the misuse, with
 * the help of the row named long_name as its Hint.
 */
int opts__bad_value(const struct opts *o, const char *long_name, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Exit status for a usage error, as git and perf use it. */
#define EXIT_USAGE 129

#endif
