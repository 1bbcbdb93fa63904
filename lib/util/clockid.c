// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "util/clockid.h"

#ifndef CLOCK_TAI
#define CLOCK_TAI 11
#endif

static const struct {
	const char *name;
	int id;
} clocks[] = {
	{ "monotonic", CLOCK_MONOTONIC },
	{ "monotonic_raw", CLOCK_MONOTONIC_RAW },
	{ "realtime", CLOCK_REALTIME },
	{ "boottime", CLOCK_BOOTTIME },
	{ "tai", CLOCK_TAI },
	/* perf's short names */
	{ "mono", CLOCK_MONOTONIC },
	{ "raw", CLOCK_MONOTONIC_RAW },
	{ "real", CLOCK_REALTIME },
	{ "boot", CLOCK_BOOTTIME },
};

int clockid__parse(const char *s, int *id)
{
	char *end;
	long v;

	if (!s || !*s)
		return -EINVAL;
	v = strtol(s, &end, 10);
	if (!*end && end != s) {
		if (v < 0 || v > 64)
			return -EINVAL;
		*id = (int)v;
		return 0;
	}
	if (!strncasecmp(s, "CLOCK_", 6))
		s += 6;
	for (size_t i = 0; i < sizeof(clocks) / sizeof(clocks[0]); i++) {
		if (!strcasecmp(s, clocks[i].name)) {
			*id = clocks[i].id;
			return 0;
		}
	}
	return -EINVAL;
}

const char *clockid__name(int id)
{
	if (id == CLOCKID_PERF)
		return "perf";
	for (size_t i = 0; i < sizeof(clocks) / sizeof(clocks[0]); i++)
		if (clocks[i].id == id)
			return clocks[i].name;
	return NULL;
}

static uint64_t ns(const struct timespec *t)
{
	return (uint64_t)t->tv_sec * 1000000000ull + (uint64_t)t->tv_nsec;
}

int clockid__offset(int id, int64_t *offset_ns, uint64_t *wall_ns, uint64_t *clock_ns)
{
	uint64_t best = UINT64_MAX;

	if (id == CLOCKID_PERF)
		return -EINVAL;
	for (int i = 0; i < 3; i++) {
		struct timespec w0, c, w1;

		if (clock_gettime(CLOCK_REALTIME, &w0) || clock_gettime(id, &c) ||
		    clock_gettime(CLOCK_REALTIME, &w1))
			return -errno;
		if (ns(&w1) - ns(&w0) >= best)
			continue;
		best = ns(&w1) - ns(&w0);
		*wall_ns = ns(&w0) + best / 2;
		*clock_ns = ns(&c);
		*offset_ns = (int64_t)(*wall_ns - *clock_ns);
	}
	if (id == CLOCK_REALTIME) { /* the same clock: no reading error */
		*clock_ns = *wall_ns;
		*offset_ns = 0;
	}
	return 0;
}
