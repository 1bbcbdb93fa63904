// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "util/log.h"
#include "util/opts.h"

static bool is_end(const struct opt *r)
{
	return !r->short_name && !r->long_name;
}

/* The value an optional argument may take from the next word: a number. */
static bool is_number_word(const char *s)
{
	return isdigit((unsigned char)s[0]) || (s[0] == '.' && isdigit((unsigned char)s[1]));
}

static int set_number(struct opts *o, const struct opt *row, const char *arg)
{
	long long v;
	char *end;

	errno = 0;
	v = strtoll(arg, &end, 0); /* as C reads it: 0x10 is 16, 010 is 8 */
	if (errno || end == arg || *end || v < row->min || v > row->max)
		return opts__misuse(o, "option '%s' wants a number from %lld to %lld, not '%s'",
				    o->name, row->min, row->max, arg);
	if (row->kind == OPT_KIND_UINT)
		*(unsigned int *)row->value = (unsigned int)v;
	else
		*(int *)row->value = (int)v;
	return 0;
}

static int append(struct opt_list *l, const char *arg)
{
	const char **items = realloc(l->items, sizeof(*items) * (l->nr + 1));

	if (!items) {
		pr_err("cannot parse the options: %s", strerror(ENOMEM));
		return OPTS_ERROR;
	}
	items[l->nr++] = arg;
	l->items = items;
	return 0;
}

/* What row does with arg (NULL: none given); 0, or the OPTS_ code that ends the parse. */
static int apply(struct opts *o, const struct opt *row, const char *arg)
{
	switch (row->kind) {
	case OPT_KIND_END:
		return 0;
	case OPT_KIND_BOOL:
		*(bool *)row->value = true;
		return 0;
	case OPT_KIND_COUNT:
		(*(int *)row->value)++;
		return 0;
	case OPT_KIND_STRING:
		*(const char **)row->value = arg;
		return 0;
	case OPT_KIND_UINT:
	case OPT_KIND_INT:
		return set_number(o, row, arg);
	case OPT_KIND_LIST:
		return append(row->value, arg);
	case OPT_KIND_CALLBACK:
		return row->cb(o, row, arg);
	case OPT_KIND_HELP:
		opts__help(o, stdout);
		return OPTS_HELP;
	case OPT_KIND_HABIT:
		return opts__misuse_hint(o, row->help, "unknown option '%s'", o->name);
	}
	return 0;
}

static const struct opt *find_short(const struct opt *table, int c)
{
	for (const struct opt *r = table; !is_end(r); r++)
		if (r->short_name == c)
			return r;
	return NULL;
}

/* The row of --name (len bytes): an exact name, else the one long name it begins. */
static int find_long(struct opts *o, const char *name, size_t len, const struct opt **row)
{
	char also[256] = "";
	int n = 0, nr = 0;

	*row = NULL;
	for (const struct opt *r = o->table; len && !is_end(r); r++) {
		if (!r->long_name || strncmp(r->long_name, name, len))
			continue;
		if (!r->long_name[len]) {
			*row = r;
			return 0;
		}
		if (r->flags &
		    OPT_F_HIDDEN) /* whole names only: no prefix of a shown one clashes */
			continue;
		if (!nr++)
			*row = r;
		else if (n < (int)sizeof(also))
			n += snprintf(also + n, sizeof(also) - n, ", --%s", r->long_name);
	}
	if (nr == 1)
		return 0;
	if (!nr)
		return opts__misuse(o, "unknown option '--%.*s'", (int)len, name);
	return opts__misuse(o, "option '--%.*s' is ambiguous: --%s%s", (int)len, name,
			    (*row)->long_name, also);
}

/*
 * The argument of row: attached (the rest of the word, or after '='), else the next word
 * (*used becomes 2); NULL for a left-out optional one. 0, or OPTS_USAGE.
 */
static int take_arg(struct opts *o, const struct opt *row, const char *attached, int argc,
		    char **argv, int i, const char **arg, int *used)
{
	const char *next = i + 1 < argc ? argv[i + 1] : NULL;

	*arg = attached;
	if (attached)
		return 0;
	if (row->flags & OPT_F_OPTARG) {
		if (next && is_number_word(next))
			*arg = next, *used = 2;
		return 0;
	}
	if (!next)
		return opts__misuse(o, "option '%s' needs an argument", o->name);
	*arg = next;
	*used = 2;
	return 0;
}

#define OPTS__STOP 1 /* an OPT_F_STOP row was applied: the words after it are operands */

/* Row, met at argv[i] with its attached argument if any: take its argument and apply it. */
static int use_row(struct opts *o, const struct opt *row, const char *attached, int argc,
		   char **argv, int i, int *used)
{
	const char *arg = NULL;
	int ret = 0;

	o->row = row;
	if (row->arg)
		ret = take_arg(o, row, attached, argc, argv, i, &arg, used);
	if (!ret && arg && !*arg && !(row->flags & OPT_F_EMPTY))
		ret = opts__misuse(o, "option '%s' wants %s, not an empty word", o->name, row->arg);
	if (!ret)
		ret = apply(o, row, arg);
	if (!ret && (row->flags & OPT_F_STOP))
		ret = OPTS__STOP;
	return ret;
}

/* Apply the option(s) of argv[i], which begins with '-'; *used: the words it took. */
static int parse_word(struct opts *o, int argc, char **argv, int i, int *used)
{
	const char *word = argv[i];
	const struct opt *row;
	int ret;

	*used = 1;
	o->row = NULL;
	if (!strcmp(word, "--list-opts")) {
		opts__list(o->table, stdout);
		return OPTS_LISTED;
	}
	if (word[1] == '-') {
		const char *name = word + 2, *eq = strchr(name, '=');

		ret = find_long(o, name, eq ? (size_t)(eq - name) : strlen(name), &row);
		if (ret)
			return ret;
		snprintf(o->name, sizeof(o->name), "--%s", row->long_name);
		if (!row->arg && eq)
			return opts__misuse(o, "option '%s' takes no argument", o->name);
		return use_row(o, row, eq ? eq + 1 : NULL, argc, argv, i, used);
	}
	for (const char *p = word + 1; *p; p++) { /* -abc: a cluster of short options */
		snprintf(o->name, sizeof(o->name), "-%c", *p);
		o->row = NULL;
		row = find_short(o->table, (unsigned char)*p);
		if (!row)
			return opts__misuse(o, "unknown option '%s'", o->name);
		if (row->arg) /* its argument is the rest of the word, if any */
			return use_row(o, row, p[1] ? p + 1 : NULL, argc, argv, i, used);
		ret = use_row(o, row, NULL, argc, argv, i, used);
		if (ret)
			return ret;
	}
	return 0;
}

/* Move argv[k] to argv[*w], the end of the options taken so far, past skipped operands. */
static void keep_option_word(char **argv, int *w, int k)
{
	char *word = argv[k];

	memmove(&argv[*w + 1], &argv[*w], sizeof(*argv) * (k - *w));
	argv[(*w)++] = word;
}

int opts__parse(struct opts *o, const struct opt *table, const char *const *usage, int argc,
		char **argv, int flags)
{
	int i = 1, w = 1; /* argv[1 .. w): option words, argv[w .. i): operands met */
	int ret = 0, used;

	memset(o, 0, sizeof(*o));
	o->table = table;
	o->usage = usage;
	while (i < argc) {
		if (argv[i][0] != '-' || !argv[i][1]) { /* an operand, '-' included */
			if (flags & OPTS_STOP_AT_OPERAND)
				break;
			i++;
			continue;
		}
		if (!strcmp(argv[i], "--")) {
			keep_option_word(argv, &w, i++);
			break;
		}
		ret = parse_word(o, argc, argv, i, &used);
		for (int k = 0; k < used; k++)
			keep_option_word(argv, &w, i + k);
		i += used;
		if (ret)
			break;
	}
	if (ret == OPTS__STOP)
		ret = 0;
	o->row = NULL;
	o->operands = argv + w;
	o->nr_operands = argc - w;
	return ret;
}

int opts__exit_status(int ret)
{
	return ret == OPTS_HELP || ret == OPTS_LISTED ? 0 : ret == OPTS_USAGE ? EXIT_USAGE : 1;
}

void opts__list(const struct opt *table, FILE *f)
{
	for (const struct opt *r = table; !is_end(r); r++) {
		if (r->flags & OPT_F_HIDDEN)
			continue;
		if (r->short_name)
			fprintf(f, "-%c%s", r->short_name, r->long_name ? " " : "");
		if (r->long_name)
			fprintf(f, "--%s", r->long_name);
		fprintf(f, "%s%s\n", r->arg ? " " : "", r->arg ? r->arg : "");
	}
}

void opts__free_list(struct opt_list *l)
{
	free(l->items);
	l->items = NULL;
	l->nr = 0;
}

/* "-p, --pid PID: follow existing processes": what a row wants, for a Hint line. */
static void row_hint(const struct opt *r, char *buf, size_t size)
{
	int n = 0;

	if (r->short_name)
		n += snprintf(buf + n, size - n, "-%c%s", r->short_name, r->long_name ? ", " : "");
	if (r->long_name && n < (int)size)
		n += snprintf(buf + n, size - n, "--%s", r->long_name);
	if (r->arg && n < (int)size)
		n += snprintf(buf + n, size - n, " %s", r->arg);
	if (n < (int)size)
		snprintf(buf + n, size - n, ": %s", r->help);
}

static int report(const struct opts *o, const char *hint, const char *fmt, va_list ap)
{
	char msg[1024];

	vsnprintf(msg, sizeof(msg), fmt, ap);
	pr_err("%s", msg); /* one prefix on stderr for every error: ERROR: */
	if (hint && *hint)
		pr_hint("%s", hint);
	for (const char *const *u = o->usage; u && *u; u++)
		fprintf(stderr, "%s %s\n", u == o->usage ? "usage:" : "   or:", *u);
	fputs("Run with -h for the list of options.\n", stderr);
	return OPTS_USAGE;
}

int opts__misuse(const struct opts *o, const char *fmt, ...)
{
	char hint[512] = "";
	va_list ap;
	int ret;

	if (o->row && o->row->help && !(o->row->flags & OPT_F_HIDDEN))
		row_hint(o->row, hint, sizeof(hint));
	va_start(ap, fmt);
	ret = report(o, hint, fmt, ap);
	va_end(ap);
	return ret;
}

int opts__misuse_hint(const struct opts *o, const char *hint, const char *fmt, ...)
{
	va_list ap;
	int ret;

	va_start(ap, fmt);
	ret = report(o, hint, fmt, ap);
	va_end(ap);
	return ret;
}

int opts__bad_value(const struct opts *o, const char *long_name, const char *fmt, ...)
{
	char hint[512] = "";
	va_list ap;
	int ret;

	for (const struct opt *r = o->table; r && !is_end(r); r++)
		if (r->long_name && !strcmp(r->long_name, long_name)) {
			row_hint(r, hint, sizeof(hint));
			break;
		}
	va_start(ap, fmt);
	ret = report(o, hint, fmt, ap);
	va_end(ap);
	return ret;
}

void opts__help(const struct opts *o, FILE *f)
{
	for (const char *const *u = o->usage; u && *u; u++)
		fprintf(f, "%s %s\n", u == o->usage ? "usage:" : "   or:", *u);
	fputc('\n', f);
	for (const struct opt *r = o->table; !is_end(r); r++) {
		bool optional = r->arg && (r->flags & OPT_F_OPTARG);
		char left[64];
		int n = 0;

		if (r->flags & OPT_F_HIDDEN)
			continue;
		if (r->short_name)
			n += snprintf(left + n, sizeof(left) - n, "-%c", r->short_name);
		else
			n += snprintf(left + n, sizeof(left) - n, "  ");
		if (r->long_name)
			n += snprintf(left + n, sizeof(left) - n, "%s--%s",
				      r->short_name ? ", " : "  ", r->long_name);
		if (r->arg && !optional)
			snprintf(left + n, sizeof(left) - n, " %s", r->arg);
		if (optional) /* the column stays narrow: the argument goes first in the help */
			fprintf(f, "    %-28s [%s] %s\n", left, r->arg, r->help);
		else
			fprintf(f, "    %-28s %s\n", left, r->help);
	}
}
