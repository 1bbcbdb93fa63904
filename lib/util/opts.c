// SPDX-License-Identifier: GPL-2.0
#include <stdarg.h>
#include <string.h>

#include "util/log.h"
#include "util/opts.h"

#define LONG_ONLY_BASE 256

void opts__init(struct opts *o, const struct opt *table, const char *const *usage, int argc,
		char **argv, int flags)
{
	char *s;
	int n = 0;

	memset(o, 0, sizeof(*o));
	o->table = table;
	o->usage = usage;
	o->argc = argc;
	o->argv = argv;
	s = o->optstring;
	/* '+' stops at the first operand; a leading ':' reports a missing argument as ':'. */
	if (flags & OPTS_STOP_AT_NONOPT)
		*s++ = '+';
	*s++ = ':';
	for (const struct opt *r = table; (r->short_name || r->long_name) && n < OPTS_MAX;
	     r++, n++) {
		int val = r->short_name ? r->short_name : LONG_ONLY_BASE + n;

		if (r->short_name) {
			*s++ = (char)r->short_name;
			if (r->arg)
				*s++ = ':';
		}
		if (r->long_name) {
			struct option *lo = &o->longopts[n];

			lo->name = r->long_name;
			lo->has_arg = r->arg ? required_argument : no_argument;
			lo->val = val;
		}
	}
	*s = '\0';
	/* getopt_long stops at the first hole in longopts: pack the table. */
	for (int i = 0, j = 0; i <= n; i++)
		if (o->longopts[i].name || i == n)
			o->longopts[j++] = o->longopts[i];
	optind = 0; /* glibc: full reset, as each command parses its own argv */
	opterr = 0;
}

static int row_of(const struct opts *o, int val)
{
	int n = 0;

	for (const struct opt *r = o->table; r->short_name || r->long_name; r++, n++)
		if ((r->short_name && r->short_name == val) || val == LONG_ONLY_BASE + n)
			return n;
	return -1;
}

int opts__misuse(const struct opts *o, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	pr_err("%s", msg); /* one prefix on stderr for every error: ERROR: */
	for (const char *const *u = o->usage; u && *u; u++)
		fprintf(stderr, "%s %s\n", u == o->usage ? "usage:" : "   or:", *u);
	fputs("Run with -h for the list of options.\n", stderr);
	return OPTS_USAGE;
}

static const char *opt_text(const struct opts *o)
{
	const char *a = o->argv[optind - 1];

	return a ? a : "?";
}

int opts__next(struct opts *o, char **arg)
{
	for (;;) {
		int c = getopt_long(o->argc, o->argv, o->optstring, o->longopts, NULL);
		int row;

		if (c == -1)
			return OPTS_DONE;
		if (c == '?')
			return opts__misuse(o, "unknown option '%s'", opt_text(o));
		if (c == ':')
			return opts__misuse(o, "option '%s' needs an argument", opt_text(o));
		row = row_of(o, c);
		if (row < 0)
			return opts__misuse(o, "unknown option '%s'", opt_text(o));
		*arg = optarg;
		switch (o->table[row].short_name) {
		case 'v':
			verbose++;
			continue;
		case 'q':
			quiet = 1;
			continue;
		case 'h':
			opts__help(o, stdout);
			return OPTS_HELP;
		default:
			return row;
		}
	}
}

int opts__rest(const struct opts *o)
{
	(void)o;
	return optind;
}

void opts__help(const struct opts *o, FILE *f)
{
	for (const char *const *u = o->usage; u && *u; u++)
		fprintf(f, "%s %s\n", u == o->usage ? "usage:" : "   or:", *u);
	fputc('\n', f);
	for (const struct opt *r = o->table; r->short_name || r->long_name; r++) {
		char left[64];
		int n = 0;

		if (r->short_name)
			n += snprintf(left + n, sizeof(left) - n, "-%c", r->short_name);
		else
			n += snprintf(left + n, sizeof(left) - n, "  ");
		if (r->long_name)
			n += snprintf(left + n, sizeof(left) - n, "%s--%s",
				      r->short_name ? ", " : "  ", r->long_name);
		if (r->arg)
			snprintf(left + n, sizeof(left) - n, " %s", r->arg);
		fprintf(f, "    %-28s %s\n", left, r->help);
	}
}
