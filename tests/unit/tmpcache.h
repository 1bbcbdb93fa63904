/* SPDX-License-Identifier: GPL-2.0 */
/*
 * For unit tests that compile scriptlets: a private compile cache in a temporary directory,
 * made by the group setup and removed by its teardown.
 *
 *	static char dir[] = "/tmp/perf-bpf-NAME.XXXXXX";
 *	cmocka_run_group_tests(tests, tmpcache__setup, tmpcache__teardown)  with *state = dir
 */
#ifndef PERF_BPF_TESTS_TMPCACHE_H
#define PERF_BPF_TESTS_TMPCACHE_H

#include <stdio.h>
#include <stdlib.h>

/* dir: a mkdtemp template; XDG_CACHE_HOME points into it. */
static inline int tmpcache__make(char *dir)
{
	char cache[64];

	if (!mkdtemp(dir))
		return -1;
	snprintf(cache, sizeof(cache), "%s/cache", dir);
	return setenv("XDG_CACHE_HOME", cache, 1);
}

static inline int tmpcache__remove(const char *dir)
{
	char cmd[64];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	return system(cmd);
}

#endif
