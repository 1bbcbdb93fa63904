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
#include "util/log.h"
#include "util/opts.h"

#ifndef PERF_BPF_VERSION
#define PERF_BPF_VERSION "0.1"
#endif

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

/* Edit distance small enough to be a typo (git's did-you-mean, simplified). */
static int distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	int row[64];

	if (lb >= 63)
		return 99;
	for (size_t j = 0; j <= lb; j++)
		row[j] = (int)j;
	for (size_t i = 1; i <= la; i++) {
		int prev = row[0];

		row[0] = (int)i;
		for (size_t j = 1; j <= lb; j++) {
			int cur = row[j];
			int sub = prev + (a[i - 1] != b[j - 1]);
			int del = row[j] + 1, ins = row[j - 1] + 1;

			row[j] = sub < del ? (sub < ins ? sub : ins) : (del < ins ? del : ins);
			prev = cur;
		}
	}
	return row[lb];
}

static int unknown_command(const char *word)
{
	pr_raw("perf-bpf: '%s' is not a perf-bpf command. See 'perf-bpf --help'.", word);
	for (size_t i = 0; i < NR_CMDS; i++)
		if (distance(word, cmds[i].name) <= 2 || !strncmp(word, cmds[i].name, strlen(word)))
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
