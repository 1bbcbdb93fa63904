/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One option table per command drives both getopt_long and the -h text, so the help
 * cannot drift from what is parsed.
 *
 *	static const struct opt rows[] = {
 *		{ 'o', "output", "FILE", "write to FILE" },
 *		OPT_COMMON,
 *		OPT_END,
 *	};
 *	opts__init(&o, rows, usage, argc, argv, OPTS_STOP_AT_NONOPT);
 *	while ((i = opts__next(&o, &arg)) >= 0)
 *		switch (rows[i].short_name) ...
 */
#ifndef PERF_BPF_OPTS_H
#define PERF_BPF_OPTS_H

#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>

struct opt {
	int short_name; /* 0: long only */
	const char *long_name; /* NULL: short only */
	const char *arg; /* name of the argument, NULL for a flag */
	const char *help;
};

#define OPT_END                     \
	{                           \
		0, NULL, NULL, NULL \
	}
/* Rows every command has; opts__next() handles them itself. */
#define OPT_COMMON                                                     \
	{ 'v', "verbose", NULL, "be more verbose (repeat for more)" }, \
		{ 'q', "quiet", NULL, "print errors only" },           \
	{                                                              \
		'h', "help", NULL, "show this help"                    \
	}

#define OPTS_MAX 64

enum {
	OPTS_DONE = -1, /* no more options: opts__rest() gives the first operand */
	OPTS_HELP = -2, /* -h printed the help on stdout: exit 0 */
	OPTS_USAGE = -3, /* misuse reported on stderr with the short usage: exit 129 */
};

enum opts_flags {
	OPTS_STOP_AT_NONOPT = 1, /* the workload's own flags follow the first operand */
};

struct opts {
	const struct opt *table;
	const char *const *usage;
	int argc;
	char **argv;
	struct option longopts[OPTS_MAX + 1];
	char optstring[OPTS_MAX * 2 + 3];
};

void opts__init(struct opts *o, const struct opt *table, const char *const *usage, int argc,
		char **argv, int flags);
/* Index of the row matched, or one of OPTS_DONE, OPTS_HELP, OPTS_USAGE; *arg gets its argument. */
int opts__next(struct opts *o, char **arg);
int opts__rest(const struct opts *o);
void opts__help(const struct opts *o, FILE *f);
/* Report misuse (an ERROR: line, as pr_err) and the usage lines on stderr; returns OPTS_USAGE. */
int opts__misuse(const struct opts *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Exit status for a usage error, as git and perf use it. */
#define EXIT_USAGE 129

#endif
