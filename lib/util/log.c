// SPDX-License-Identifier: GPL-2.0
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <bpf/libbpf.h>

#include "util/log.h"

int verbose;
int quiet;

static bool progress_wanted(void)
{
	const char *env = secure_getenv("PERF_BPF_PROGRESS");

	if (env && *env)
		return !strcmp(env, "1");
	return isatty(STDERR_FILENO);
}

static void vprint(const char *prefix, const char *fmt, va_list ap)
{
	if (prefix)
		fputs(prefix, stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

#define DEFINE_PR(name, prefix, cond)    \
	void name(const char *fmt, ...)  \
	{                                \
		va_list ap;              \
		if (!(cond))             \
			return;          \
		va_start(ap, fmt);       \
		vprint(prefix, fmt, ap); \
		va_end(ap);              \
	}

DEFINE_PR(pr_err, "ERROR: ", 1)
DEFINE_PR(pr_raw, NULL, 1)
DEFINE_PR(pr_warn, "Warning: ", !quiet)
DEFINE_PR(pr_hint, "Hint: ", !quiet)
DEFINE_PR(pr_progress, "perf-bpf: ", !quiet && progress_wanted())

void pr_debug_level(int level, const char *fmt, ...)
{
	va_list ap;

	if (verbose < level)
		return;
	va_start(ap, fmt);
	vprint(NULL, fmt, ap);
	va_end(ap);
}

static int libbpf_print(enum libbpf_print_level level, const char *fmt, va_list ap)
{
	int need = level == LIBBPF_WARN ? 0 : level == LIBBPF_INFO ? 1 : 2;

	/*
	 * A map created again without its BTF is no failure: the kernel takes no value type
	 * on a ring buffer, and a typed channel names one on purpose (run/typed.h).
	 */
	if (level == LIBBPF_WARN && strstr(fmt, "Retrying without BTF"))
		need = 1;

	if (verbose < need || (quiet && level != LIBBPF_WARN))
		return 0;
	return vfprintf(stderr, fmt, ap);
}

void log__setup_libbpf(void)
{
	libbpf_set_print(libbpf_print);
}
