// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include "lineopts.h"
#include "output/view-text.h"
#include "syscalls/sclines.h"
#include "util/log.h"

#define STATUS_HINT                                                           \
	"the set is of successful, failed, unfinished, detached, all, none, " \
	"a leading ! for all but those: --status=failed,unfinished"

/* --status=SET into sclines bits */
static int parse_status(const struct opts *o, const char *set, unsigned int *status)
{
	size_t bad_len;
	const char *bad = sclines__parse_status(set, status, &bad_len);

	if (bad)
		return opts__misuse_hint(o, STATUS_HINT, "unknown status '%.*s' in --status=%s",
					 (int)bad_len, bad, set);
	return 0;
}

int lineopts__timestamps(const struct opts *o, const struct opt *row, const char *arg)
{
	size_t bad_len;
	const char *bad = sctime__parse(row->value, arg, &bad_len);

	if (bad)
		return opts__misuse_hint(
			o, "FORMAT is time or unix, then s, ms, us or ns: --timestamps=time,us",
			"unknown time format '%.*s' in --timestamps=%s", (int)bad_len, bad, arg);
	return 0;
}

int lineopts__strace_tt(struct sctime *t, const char *arg)
{
	if (strcmp(arg, "t") && strcmp(arg, "tt"))
		return 0;
	*t = (struct sctime){ .kind = arg[1] ? SCTIME_UNIX : SCTIME_TIME, .digits = 6 };
	return 1;
}

int lineopts__strace_t(const struct opts *o, const struct opt *row, const char *arg)
{
	if (lineopts__strace_tt(row->value, arg))
		return 0;
	return opts__misuse_hint(o, "strace's -t is --timestamps here; -tt and -ttt are strace's",
				 "unknown option '-t'");
}

/* strace's qualifiers of -e, and what perf-bpf has for each (NULL: nothing) */
static const struct {
	const char *name;
	const char *hint;
} qualifiers[] = {
	{ "trace", "perf-bpf's -e takes the system calls themselves: -e %s" },
	{ "t", "perf-bpf's -e takes the system calls themselves: -e %s" },
	{ "abbrev", NULL },
	{ "a", NULL },
	{ "verbose", "every member of the structs shows with --verbose-structs" },
	{ "v", "every member of the structs shows with --verbose-structs" },
	{ "raw", "--json has every argument's raw value beside its decoded one" },
	{ "x", "--json has every argument's raw value beside its decoded one" },
	{ "read", "the data read shows on the lines: --strsize N bytes of it" },
	{ "r", "the data read shows on the lines: --strsize N bytes of it" },
	{ "write", "the data written shows on the lines: --strsize N bytes of it" },
	{ "w", "the data written shows on the lines: --strsize N bytes of it" },
	{ "fault", NULL },
	{ "inject", NULL },
	{ "quiet", "--no-exits leaves out the ends of processes, --no-signals the signals" },
	{ "silent", "--no-exits leaves out the ends of processes, --no-signals the signals" },
	{ "q", "--no-exits leaves out the ends of processes, --no-signals the signals" },
	{ "decode-fds", "-y shows descriptors with their paths, -yy sockets with addresses" },
	{ "decode-pids", NULL },
	{ "kvm", NULL },
};

/* An -e argument's strace qualifier, "name=": its row, or -1. */
static int qualifier(const char *arg)
{
	size_t len = strcspn(arg, "=");

	if (!arg[len])
		return -1;
	for (size_t i = 0; i < sizeof(qualifiers) / sizeof(qualifiers[0]); i++)
		if (strlen(qualifiers[i].name) == len && !strncmp(qualifiers[i].name, arg, len))
			return (int)i;
	return -1;
}

static int misuse_qualifier(const struct opts *o, const char *arg, int q)
{
	const char *value = strchr(arg, '=') + 1;
	char hint[256] = "";

	if (qualifiers[q].hint)
		snprintf(hint, sizeof(hint), qualifiers[q].hint, value);
	if (q <= 1)
		return opts__misuse_hint(o, hint, "'-e %s' is strace's qualifier, not an event",
					 arg);
	return opts__misuse_hint(o, hint,
				 "'-e %s' is strace's qualifier: perf-bpf has none like it", arg);
}

int lineopts__qualifiers(struct lineopts *lo, const struct opts *o, struct opt_list *event_args)
{
	int kept = 0;

	for (int i = 0; i < event_args->nr; i++) {
		const char *arg = event_args->items[i];
		int q = qualifier(arg);

		if (!strncmp(arg, "status=", 7)) {
			lo->status = arg + 7;
			continue;
		}
		if (q >= 0)
			return misuse_qualifier(o, arg, q);
		event_args->items[kept++] = arg;
	}
	event_args->nr = kept;
	return 0;
}

/* -F's fields on the lines of the calls: tod first, then the relative time unless -time. */
static int line_fields(const struct opts *o, unsigned int fields, bool only_calls, struct sctime *t)
{
	bool rel = fields & PF_DEFAULT;
	unsigned int on = fields & ~PF_DEFAULT & ((1U << PF_OFF_SHIFT) - 1);
	bool time = rel ? !(fields >> PF_OFF_SHIFT & PF_TIME) : (on & PF_TIME);

	if (only_calls && (on & ~(PF_TOD | PF_TIME)))
		return opts__bad_value(o, "fields",
				       "-F names fields of samples, and this run shows system "
				       "calls only: their lines take tod and time");
	if (only_calls && !time && !printer__wants_tod(fields))
		return opts__bad_value(o, "fields", "-F leaves the system-call lines no time");
	if (printer__wants_tod(fields))
		*t = (struct sctime){ .kind = SCTIME_TOD, .and_relative = time };
	return 0;
}

int lineopts__view(const struct lineopts *lo, const struct opts *o, unsigned int fields,
		   bool only_calls, struct view_syscalls_opts *v)
{
	unsigned int picked = 0;
	int err = 0;

	if (lo->status)
		err = parse_status(o, lo->status, &v->status);
	if (lo->successful_only)
		picked |= SCLINES_SUCCESSFUL;
	if (lo->failed_only)
		picked |= SCLINES_FAILED;
	if (picked) /* -z, -Z with --status: any of them shows a call */
		v->status = (v->status & ~(1U << 31)) | picked;
	if (!err && fields)
		err = line_fields(o, fields, only_calls, &v->time);
	if (!err && sctime__is_wall(&lo->time))
		v->time = lo->time;
	return err;
}
