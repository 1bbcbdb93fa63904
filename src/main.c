// SPDX-License-Identifier: GPL-2.0
/*
 * perf-bpf: run BPF scriptlets written in C the way `perf record -e prog.c` did.
 * Dispatch only: global options, then the subcommand named by the first operand.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cmds.h"
#include "util/fdlimit.h"
#include "util/log.h"
#include "util/opts.h"
#include "util/similar.h"
#include "version.h" /* PERF_BPF_VERSION, by the build (scripts/version.sh) */

struct cmd {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *summary;
};

/* clang-format off */
static const struct cmd cmds[] = { /* alphabetical */
	{ "compile", cmd_compile, "compile a BPF scriptlet to an object (cached)" },
	{ "query",   cmd_query,   "list the BPF programs attached to tracing hooks" },
	{ "record",  cmd_record,  "run BPF scriptlets and record their output to perf.data" },
	{ "script",  cmd_script,  "print a perf.data file as perf script does" },
	{ "trace",   cmd_trace,   "run BPF scriptlets and print their output live" },
};
/* clang-format on */

#define NR_CMDS (sizeof(cmds) / sizeof(cmds[0]))

/* The options before the command's name. */
struct main_args {
	bool version; /* -V */
	bool list_cmds; /* --list-cmds */
};

static const char *const main_usage[] = {
	"perf-bpf [-v] [-q] COMMAND [ARGS]",
	"perf bpf COMMAND [ARGS]",
	NULL,
};

static void print_commands(FILE *f)
{
	fputs("\nCommands:\n", f);
	for (size_t i = 0; i < NR_CMDS; i++)
		fprintf(f, "    %-10s %s\n", cmds[i].name, cmds[i].summary);
	fputs("\nRun 'perf-bpf COMMAND -h' for the options of a command.\n", f);
}

/* perf's commands that read a perf.data file: stock perf reads perf-bpf's files. */
static const char *const perf_readers[] = {
	"annotate", "buildid-list", "c2c",    "diff",  "evlist",    "inject", "kmem",
	"lock",	    "mem",	    "report", "sched", "timechart", "kwork",
};

static bool perf_reader(const char *word)
{
	for (size_t i = 0; i < sizeof(perf_readers) / sizeof(perf_readers[0]); i++)
		if (!strcmp(word, perf_readers[i]))
			return true;
	return false;
}

static int unknown_command(const char *word)
{
	pr_raw("perf-bpf: '%s' is not a perf-bpf command. See 'perf-bpf --help'.", word);
	if (perf_reader(word)) {
		pr_hint("perf-bpf's perf.data files are perf's: run stock 'perf %s -i perf.data'",
			word);
		return EXIT_USAGE;
	}
	for (size_t i = 0; i < NR_CMDS; i++)
		if (similar__distance(word, cmds[i].name) <= 2 ||
		    !strncmp(word, cmds[i].name, strlen(word)))
			pr_raw("\nThe most similar command is\n\t%s", cmds[i].name);
	return EXIT_USAGE;
}

/* A write error on stdout (a full disk, a closed pipe) must not pass as success. */
static int finish_stdout(int status)
{
	if (fflush(stdout) || ferror(stdout)) {
		if (errno != EPIPE)
			pr_err("write error on standard output: %s", strerror(errno));
		return status ? status : 1;
	}
	return status;
}

int main(int argc, char **argv)
{
	struct main_args m = { 0 };
	const struct opt rows[] = {
		OPT_FINAL('V', "version", &m.version, "print the version"),
		OPT_FINAL(0, "list-cmds", &m.list_cmds, "list the subcommands, one a line"),
		OPT_COMMON,
		OPT_END,
	};
	struct opts o;
	int ret;

	log__setup_libbpf();
	fdlimit__raise();
	ret = opts__parse(&o, rows, main_usage, argc, argv, OPTS_STOP_AT_OPERAND);
	if (ret == OPTS_HELP)
		print_commands(stdout);
	if (ret)
		return finish_stdout(opts__exit_status(ret));
	if (m.version) {
		printf("perf-bpf version %s\n", PERF_BPF_VERSION);
		return finish_stdout(0);
	}
	if (m.list_cmds) {
		for (size_t c = 0; c < NR_CMDS; c++)
			printf("%s\n", cmds[c].name);
		return finish_stdout(0);
	}
	if (!o.nr_operands) {
		opts__help(&o, stderr);
		print_commands(stderr);
		return EXIT_USAGE;
	}
	for (size_t c = 0; c < NR_CMDS; c++)
		if (!strcmp(o.operands[0], cmds[c].name))
			return finish_stdout(cmds[c].fn(o.nr_operands, o.operands));
	return unknown_command(o.operands[0]);
}
