// SPDX-License-Identifier: GPL-2.0
/* Why a query failed (queryerr.h). */
#include <errno.h>
#include <string.h>

#include "util/caps.h"
#include "util/errmsg.h"
#include "query/queryerr.h"

/* Tracepoint perf events need CAP_PERFMON; BPF objects by id need CAP_SYS_ADMIN. */
static int set_privilege(const char *what, int err)
{
	const char *missing = NULL;

	if (strchr(what, ':')) {
		if (!caps__has(CAPS_PERFMON) && !caps__has(CAPS_SYS_ADMIN))
			missing = "CAP_PERFMON (or CAP_SYS_ADMIN)";
	} else if (!caps__has(CAPS_SYS_ADMIN)) {
		missing = "CAP_SYS_ADMIN";
	}
	if (!missing) /* privileged, and still refused (ftrace's own events, lockdown) */
		return errmsg__set(err, "cannot query '%s': %s", what, strerror(-err));
	errmsg__set(err, "cannot query '%s': missing capability %s", what, missing);
	errmsg__hint("run perf-bpf query as root");
	return err;
}

int queryerr__set(const char *what, int err)
{
	const char *why, *hint = NULL;

	switch (err) {
	case -EPERM:
	case -EACCES:
		return set_privilege(what, err);
	case -ENOENT:
		why = "no such tracepoint";
		hint = "list them with 'perf list tracepoint' or 'ls /sys/kernel/tracing/events/'";
		break;
	case -ENOTTY:
		why = "the kernel lacks PERF_EVENT_IOC_QUERY_BPF (Linux 4.16+)";
		break;
	case -EOPNOTSUPP:
		why = "the kernel has no BPF events (CONFIG_BPF_EVENTS is off)";
		break;
	case -ENODEV:
		why = "tracefs is not available";
		hint = "mount it: mount -t tracefs nodev /sys/kernel/tracing";
		break;
	default:
		why = strerror(-err);
	}
	errmsg__set(err, "cannot query '%s': %s", what, why);
	if (hint)
		errmsg__hint("%s", hint);
	return err;
}
