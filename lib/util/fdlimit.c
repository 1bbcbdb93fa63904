// SPDX-License-Identifier: GPL-2.0
#include <stdbool.h>
#include <sys/resource.h>

#include "util/fdlimit.h"

static struct rlimit given;
static bool raised;

void fdlimit__raise(void)
{
	struct rlimit r;

	if (getrlimit(RLIMIT_NOFILE, &r) || r.rlim_cur >= r.rlim_max)
		return;
	given = r;
	r.rlim_cur = r.rlim_max;
	raised = !setrlimit(RLIMIT_NOFILE, &r);
}

void fdlimit__restore(void)
{
	if (raised)
		setrlimit(RLIMIT_NOFILE, &given);
}
