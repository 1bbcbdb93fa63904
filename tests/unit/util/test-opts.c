// SPDX-License-Identifier: GPL-2.0
/*
 * The option table: each kind of row sets its variable, optional arguments, numbers out of
 * range, unknown and ambiguous options, `--`, operands mixed with options or ending them,
 * and the help text. What the parser prints is captured and compared byte for byte.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/log.h"
#include "util/opts.h"

struct args {
	bool all, all_cpus, json, version, no_cache;
	int level;
	const char *output, *clang_path, *clang_opt;
	unsigned int pages;
	int pid;
	struct opt_list events;
	size_t fields; /* -F: the length of its argument */
	const char *stats; /* --stats: its argument, "-" when left out */
	int stats_calls;
};

/* One parse: argv (permuted by it), what it printed on stdout and stderr, its result. */
struct run {
	char *argv[32];
	int argc;
	struct opts o;
	struct args a;
	char *out, *err;
	int ret;
};

static const char *const usage[] = {
	"test [-a] [-o FILE] OPERAND...",
	"test --version",
	NULL,
};

static int set_fields(const struct opts *o, const struct opt *row, const char *arg)
{
	if (!strcmp(arg, "bad")) {
		pr_err("invalid field '%s'", arg); /* its own message: no usage lines after it */
		return OPTS_USAGE;
	}
	if (!strcmp(arg, "worse"))
		return opts__misuse(o, "%s: '%s' is worse", o->name, arg);
	*(size_t *)row->value = strlen(arg);
	return 0;
}

static int set_stats(const struct opts *o, const struct opt *row, const char *arg)
{
	struct args *a = row->value;

	a->stats = arg ? arg : "-";
	a->stats_calls++;
	return 0;
}

struct capture {
	FILE *f;
	int fd, saved;
};

static void capture_start(struct capture *c, int fd)
{
	fflush(NULL);
	c->f = tmpfile();
	assert_non_null(c->f);
	c->fd = fd;
	c->saved = dup(fd);
	assert_true(c->saved >= 0);
	assert_true(dup2(fileno(c->f), fd) >= 0);
}

static char *capture_end(struct capture *c)
{
	char *text;
	long len;

	fflush(NULL);
	dup2(c->saved, c->fd);
	close(c->saved);
	len = ftell(c->f);
	text = calloc(1, len + 1);
	rewind(c->f);
	if (len && fread(text, 1, len, c->f) != (size_t)len)
		text[0] = '\0';
	fclose(c->f);
	return text;
}

/* Parse words (NULL-terminated, the command name first) along the test table. */
static struct run *run_flags(int flags, const char *const *words)
{
	struct run *r = calloc(1, sizeof(*r));
	struct args *a = &r->a;
	const struct opt rows[] = {
		OPT_BOOL('a', "all", &a->all, "every hook"),
		OPT_BOOL(0, "all-cpus", &a->all_cpus, "every CPU"),
		OPT_BOOL('j', "json", &a->json, "print JSON"),
		OPT_COUNT('l', "level", &a->level, "one level more"),
		OPT_STRING('o', "output", &a->output, "FILE", "write to FILE"),
		OPT_UINT('m', "mmap-pages", &a->pages, "PAGES", 1, 1024, "ring pages"),
		OPT_INT('p', "pid", &a->pid, "PID", -5, 4194304, "a process"),
		OPT_LIST('e', "event", &a->events, "EVENT", "an event"),
		OPT_CALLBACK('F', "fields", &a->fields, "FIELDS", set_fields, "the fields"),
		OPT_CALLBACK_OPTARG('s', "stats", a, "SECONDS", set_stats, "count for SECONDS"),
		OPT_STRING(0, "clang-path", &a->clang_path, "PATH", "clang to run"),
		OPT_STRING_OR_EMPTY(0, "clang-opt", &a->clang_opt, "OPTS", "more clang options"),
		OPT_HABIT('f', "follow-forks", "children are followed by default"),
		OPT_BOOL(0, "no-cache", &a->no_cache, "no cache"),
		OPT_FINAL('V', "version", &a->version, "print the version"),
		OPT_COMMON,
		OPT_END,
	};
	struct capture out, err;

	assert_non_null(r);
	while (words[r->argc])
		r->argv[r->argc] = (char *)words[r->argc], r->argc++;
	verbose = 0;
	quiet = 0;
	capture_start(&out, STDOUT_FILENO);
	capture_start(&err, STDERR_FILENO);
	r->ret = opts__parse(&r->o, rows, usage, r->argc, r->argv, flags);
	r->err = capture_end(&err);
	r->out = capture_end(&out);
	return r;
}

#define run(...) run_flags(0, (const char *const[]){ "test", __VA_ARGS__, NULL })
#define run_stop(...) \
	run_flags(OPTS_STOP_AT_OPERAND, (const char *const[]){ "test", __VA_ARGS__, NULL })

static void run_free(struct run *r)
{
	opts__free_list(&r->a.events);
	free(r->out);
	free(r->err);
	free(r);
}

#define USAGE_LINES                               \
	"usage: test [-a] [-o FILE] OPERAND...\n" \
	"   or: test --version\n"                 \
	"Run with -h for the list of options.\n"

/* The misuse reported: its ERROR line, its Hint line if hint (NULL: none), the usage. */
static void assert_misuse_hint(struct run *r, const char *msg, const char *hint)
{
	char want[512];

	snprintf(want, sizeof(want), "ERROR: %s\n%s%s%s" USAGE_LINES, msg, hint ? "Hint: " : "",
		 hint ? hint : "", hint ? "\n" : "");
	assert_int_equal(r->ret, OPTS_USAGE);
	assert_string_equal(r->err, want);
	assert_string_equal(r->out, "");
	run_free(r);
}

static void assert_misuse(struct run *r, const char *msg)
{
	assert_misuse_hint(r, msg, NULL);
}

static void assert_operands(struct run *r, int nr, ...)
{
	va_list ap;

	assert_int_equal(r->o.nr_operands, nr);
	va_start(ap, nr);
	for (int i = 0; i < nr; i++)
		assert_string_equal(r->o.operands[i], va_arg(ap, const char *));
	va_end(ap);
	assert_null(r->o.operands[nr]); /* still NULL-terminated, as argv */
}

static void test_opts__flags(void **state)
{
	struct run *r = run("-a", "--json", "-llv", "--level", "-q");

	assert_int_equal(r->ret, 0);
	assert_true(r->a.all);
	assert_true(r->a.json);
	assert_false(r->a.no_cache);
	assert_int_equal(r->a.level, 3);
	assert_int_equal(verbose, 1);
	assert_int_equal(quiet, 1);
	assert_operands(r, 0);
	assert_string_equal(r->err, "");
	run_free(r);

	r = run("-ja");
	assert_true(r->a.all && r->a.json);
	run_free(r);
}

static void test_opts__string(void **state)
{
	static const char *const forms[][3] = {
		{ "-o", "f1", NULL },	       { "-of1", NULL, NULL },	{ "--output", "f1", NULL },
		{ "--output=f1", NULL, NULL }, { "--out", "f1", NULL }, { "-ajof1", NULL, NULL },
	};
	struct run *r;

	for (size_t i = 0; i < sizeof(forms) / sizeof(forms[0]); i++) {
		r = forms[i][1] ? run(forms[i][0], forms[i][1]) : run(forms[i][0]);
		assert_int_equal(r->ret, 0);
		assert_string_equal(r->a.output, "f1");
		assert_operands(r, 0);
		run_free(r);
	}
	/* the last one wins; an argument may begin with '-' or be empty */
	r = run("-o", "f1", "-o", "-", "--clang-opt=", "--clang-path", "-x");

	assert_int_equal(r->ret, 0);
	assert_string_equal(r->a.output, "-");
	assert_string_equal(r->a.clang_opt, "");
	assert_string_equal(r->a.clang_path, "-x");
	run_free(r);
}

static void test_opts__numbers(void **state)
{
	struct run *r = run("-m", "64", "--pid=-5");

	assert_int_equal(r->ret, 0);
	assert_int_equal(r->a.pages, 64);
	assert_int_equal(r->a.pid, -5);
	run_free(r);

	r = run("-m0x10", "-p", "4194304");
	assert_int_equal(r->ret, 0);
	assert_int_equal(r->a.pages, 16);
	assert_int_equal(r->a.pid, 4194304);
	run_free(r);
}

static void test_opts__bad_numbers(void **state)
{
	static const char m[] = "-m, --mmap-pages PAGES: ring pages",
			  p[] = "-p, --pid PID: a process";
	struct run *r;

	assert_misuse_hint(run("-m", "abc"), "option '-m' wants a number from 1 to 1024, not 'abc'",
			   m);
	assert_misuse_hint(run("--mmap-pages", "0"),
			   "option '--mmap-pages' wants a number from 1 to 1024, not '0'", m);
	assert_misuse_hint(run("-m", "1025"),
			   "option '-m' wants a number from 1 to 1024, not '1025'", m);
	assert_misuse_hint(run("-m", "-1"), "option '-m' wants a number from 1 to 1024, not '-1'",
			   m);
	assert_misuse_hint(run("-m", "12k"), "option '-m' wants a number from 1 to 1024, not '12k'",
			   m);
	assert_misuse_hint(run("-m", ""), "option '-m' wants PAGES, not an empty word", m);
	assert_misuse_hint(run("-p", "-6"),
			   "option '-p' wants a number from -5 to 4194304, not '-6'", p);
	assert_misuse_hint(
		run("-p", "99999999999999999999"),
		"option '-p' wants a number from -5 to 4194304, not '99999999999999999999'", p);

	/* the first bad option ends the parse: what follows is not applied */
	r = run("-m", "x", "-a");

	assert_int_equal(r->ret, OPTS_USAGE);
	assert_false(r->a.all);
	run_free(r);
}

static void test_opts__list(void **state)
{
	struct run *r = run("-e", "one", "x", "--event=two", "-ethree", "--ev", "four");

	assert_int_equal(r->ret, 0);
	assert_int_equal(r->a.events.nr, 4);
	assert_string_equal(r->a.events.items[0], "one");
	assert_string_equal(r->a.events.items[1], "two");
	assert_string_equal(r->a.events.items[2], "three");
	assert_string_equal(r->a.events.items[3], "four");
	assert_operands(r, 1, "x");
	run_free(r);

	r = run("-a");
	assert_int_equal(r->a.events.nr, 0);
	assert_null(r->a.events.items);
	run_free(r);
}

static void test_opts__callback(void **state)
{
	struct run *r = run("-F", "comm,tid", "--fields=x");

	assert_int_equal(r->ret, 0);
	assert_int_equal(r->a.fields, 1);
	run_free(r);

	/* a callback's own message: nothing is added to it */
	r = run("-F", "bad", "-a");
	assert_int_equal(r->ret, OPTS_USAGE);
	assert_string_equal(r->err, "ERROR: invalid field 'bad'\n");
	assert_false(r->a.all);
	run_free(r);

	/* or opts__misuse, which knows the option as it was written */
	assert_misuse_hint(run("--fields", "worse"), "--fields: 'worse' is worse",
			   "-F, --fields FIELDS: the fields");
}

static void test_opts__optional_argument(void **state)
{
	struct run *r = run("--stats");

	assert_int_equal(r->ret, 0);
	assert_string_equal(r->a.stats, "-");
	assert_operands(r, 0);
	run_free(r);

	/* the next word is taken when it is a number, and only then */
	r = run("--stats", "2", "sys:tp");
	assert_string_equal(r->a.stats, "2");
	assert_operands(r, 1, "sys:tp");
	run_free(r);

	r = run("--stats", ".5");
	assert_string_equal(r->a.stats, ".5");
	assert_operands(r, 0);
	run_free(r);

	r = run("--stats", "sys:tp", "2");
	assert_string_equal(r->a.stats, "-");
	assert_operands(r, 2, "sys:tp", "2");
	run_free(r);

	r = run("--stats", "-a");
	assert_string_equal(r->a.stats, "-");
	assert_true(r->a.all);
	run_free(r);

	r = run("--stats", ".x", "nan");
	assert_string_equal(r->a.stats, "-");
	assert_operands(r, 2, ".x", "nan");
	run_free(r);

	/* attached, anything is the argument */
	r = run("--stats=abc", "3");
	assert_string_equal(r->a.stats, "abc");
	assert_operands(r, 1, "3");
	run_free(r);

	r = run("-s7", "-as", "8");
	assert_int_equal(r->a.stats_calls, 2);
	assert_string_equal(r->a.stats, "8");
	assert_true(r->a.all);
	assert_operands(r, 0);
	run_free(r);

	/* attached and empty, it is no value */
	assert_misuse_hint(run("--st="), "option '--stats' wants SECONDS, not an empty word",
			   "-s, --stats SECONDS: count for SECONDS");

	r = run("-s", "--stats", "--", "4");
	assert_int_equal(r->a.stats_calls, 2);
	assert_string_equal(r->a.stats, "-");
	assert_operands(r, 1, "4");
	run_free(r);
}

static void test_opts__unknown_options(void **state)
{
	struct run *r;

	assert_misuse(run("--bogus"), "unknown option '--bogus'");
	assert_misuse(run("--bogus=1"), "unknown option '--bogus'");
	assert_misuse(run("-x"), "unknown option '-x'");
	assert_misuse(run("-ajx"), "unknown option '-x'");
	assert_misuse(run("---all"), "unknown option '---all'");
	assert_misuse(run("--clang", "x"),
		      "option '--clang' is ambiguous: --clang-path, --clang-opt");
	assert_misuse(run("--json=yes"), "option '--json' takes no argument");
	assert_misuse_hint(run("-o"), "option '-o' needs an argument",
			   "-o, --output FILE: write to FILE");
	assert_misuse_hint(run("--out"), "option '--output' needs an argument",
			   "-o, --output FILE: write to FILE");
	assert_misuse_hint(run("-a", "-e"), "option '-e' needs an argument",
			   "-e, --event EVENT: an event");
	/* an empty word is no value, but where the row says it is one */
	assert_misuse_hint(run("-o", ""), "option '-o' wants FILE, not an empty word",
			   "-o, --output FILE: write to FILE");
	assert_misuse_hint(run("--event="), "option '--event' wants EVENT, not an empty word",
			   "-e, --event EVENT: an event");
	/* another tool's option: the Hint names ours, and the row is in no list */
	assert_misuse_hint(run("-f"), "unknown option '-f'", "children are followed by default");
	assert_misuse_hint(run("-af"), "unknown option '-f'", "children are followed by default");
	assert_misuse_hint(run("--follow-forks"), "unknown option '--follow-forks'",
			   "children are followed by default");
	assert_misuse(run("--follow"), "unknown option '--follow'");

	assert_misuse(run("--al"), "option '--al' is ambiguous: --all, --all-cpus");

	/* a whole long name is that option, even as the prefix of another */
	r = run("--all", "--no-cache", "--j");
	assert_int_equal(r->ret, 0);
	assert_true(r->a.all && r->a.no_cache && r->a.json);
	assert_false(r->a.all_cpus);
	run_free(r);

	r = run("--all-");
	assert_true(r->a.all_cpus);
	assert_false(r->a.all);
	run_free(r);
}

static void test_opts__double_dash(void **state)
{
	struct run *r = run("x", "-a", "--", "-j", "--", "y");

	assert_int_equal(r->ret, 0);
	assert_true(r->a.all);
	assert_false(r->a.json);
	assert_operands(r, 4, "x", "-j", "--", "y");
	assert_string_equal(r->argv[1], "-a"); /* the words taken stay before the operands */
	assert_string_equal(r->argv[2], "--");
	run_free(r);

	r = run("--");
	assert_int_equal(r->ret, 0);
	assert_operands(r, 0);
	run_free(r);

	r = run("-", "-o", "-", "--", "-");
	assert_string_equal(r->a.output, "-");
	assert_operands(r, 2, "-", "-");
	run_free(r);
}

static void test_opts__operands_mixed(void **state)
{
	struct run *r = run("a", "-j", "b", "-o", "out", "c", "--stats", "1", "d");

	assert_int_equal(r->ret, 0);
	assert_true(r->a.json);
	assert_string_equal(r->a.output, "out");
	assert_string_equal(r->a.stats, "1");
	assert_operands(r, 4, "a", "b", "c", "d");
	assert_string_equal(r->argv[0], "test");
	assert_string_equal(r->argv[1], "-j");
	assert_string_equal(r->argv[2], "-o");
	assert_string_equal(r->argv[3], "out");
	assert_string_equal(r->argv[4], "--stats");
	assert_string_equal(r->argv[5], "1");
	run_free(r);
}

static void test_opts__stop_at_operand(void **state)
{
	struct run *r = run_stop("-a", "cmd", "-j", "--", "-o");

	assert_int_equal(r->ret, 0);
	assert_true(r->a.all);
	assert_false(r->a.json);
	assert_null(r->a.output);
	assert_operands(r, 4, "cmd", "-j", "--", "-o");
	run_free(r);

	/* `--` before the first operand is taken, and what follows it is left alone */
	r = run_stop("-j", "--", "-a", "x");
	assert_int_equal(r->ret, 0);
	assert_true(r->a.json);
	assert_false(r->a.all);
	assert_operands(r, 2, "-a", "x");
	run_free(r);

	/* an option's argument is no operand */
	r = run_stop("-o", "file", "cmd");
	assert_string_equal(r->a.output, "file");
	assert_operands(r, 1, "cmd");
	run_free(r);

	assert_misuse(run_stop("--bogus", "cmd"), "unknown option '--bogus'");
}

static void test_opts__final_option(void **state)
{
	struct run *r = run_stop("-V", "--bogus", "x");

	assert_int_equal(r->ret, 0);
	assert_true(r->a.version);
	assert_operands(r, 2, "--bogus", "x");
	run_free(r);

	r = run("-aVj");
	assert_int_equal(r->ret, 0);
	assert_true(r->a.all && r->a.version);
	assert_false(r->a.json);
	run_free(r);

	assert_misuse(run("--bogus", "-V"), "unknown option '--bogus'");
}

static const char help_text[] =
	"usage: test [-a] [-o FILE] OPERAND...\n"
	"   or: test --version\n"
	"\n"
	"    -a, --all                    every hook\n"
	"        --all-cpus               every CPU\n"
	"    -j, --json                   print JSON\n"
	"    -l, --level                  one level more\n"
	"    -o, --output FILE            write to FILE\n"
	"    -m, --mmap-pages PAGES       ring pages\n"
	"    -p, --pid PID                a process\n"
	"    -e, --event EVENT            an event\n"
	"    -F, --fields FIELDS          the fields\n"
	"    -s, --stats                  [SECONDS] count for SECONDS\n"
	"        --clang-path PATH        clang to run\n"
	"        --clang-opt OPTS         more clang options\n"
	"        --no-cache               no cache\n"
	"    -V, --version                print the version\n"
	"    -v, --verbose                be more verbose (repeat for more)\n"
	"    -q, --quiet                  print errors only\n"
	"    -h, --help                   show this help\n";

static void test_opts__help(void **state)
{
	struct run *r = run("-a", "--help", "--bogus");

	assert_int_equal(r->ret, OPTS_HELP);
	assert_string_equal(r->out, help_text);
	assert_string_equal(r->err, "");
	run_free(r);

	r = run("-ah");
	assert_int_equal(r->ret, OPTS_HELP);
	assert_string_equal(r->out, help_text);
	run_free(r);

	/* what comes before -h is parsed first */
	assert_misuse(run("--bogus", "-h"), "unknown option '--bogus'");
}

static void test_opts__misuse_after_parse(void **state)
{
	struct run *r = run("x", "y");
	struct capture err;
	char *text;
	int ret;

	assert_int_equal(r->ret, 0);
	capture_start(&err, STDERR_FILENO);
	ret = opts__misuse(&r->o, "one operand only, got '%s' too", r->o.operands[1]);
	text = capture_end(&err);
	assert_int_equal(ret, OPTS_USAGE);
	assert_string_equal(text, "ERROR: one operand only, got 'y' too\n" USAGE_LINES);
	free(text);
	run_free(r);
}

static void test_opts__exit_status(void **state)
{
	assert_int_equal(opts__exit_status(OPTS_HELP), 0);
	assert_int_equal(opts__exit_status(OPTS_USAGE), EXIT_USAGE);
	assert_int_equal(opts__exit_status(OPTS_ERROR), 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_opts__flags),
		cmocka_unit_test(test_opts__string),
		cmocka_unit_test(test_opts__numbers),
		cmocka_unit_test(test_opts__bad_numbers),
		cmocka_unit_test(test_opts__list),
		cmocka_unit_test(test_opts__callback),
		cmocka_unit_test(test_opts__optional_argument),
		cmocka_unit_test(test_opts__unknown_options),
		cmocka_unit_test(test_opts__double_dash),
		cmocka_unit_test(test_opts__operands_mixed),
		cmocka_unit_test(test_opts__stop_at_operand),
		cmocka_unit_test(test_opts__final_option),
		cmocka_unit_test(test_opts__help),
		cmocka_unit_test(test_opts__misuse_after_parse),
		cmocka_unit_test(test_opts__exit_status),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
