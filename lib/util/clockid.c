// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>
#include <linux/perf_event.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>

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

/* The time of the one record a task event wrote into its ring: a COMM with its sample id. */
static int ring_time(const struct perf_event_mmap_page *pg, const char *data, uint64_t *t)
{
	const struct perf_event_header *h = (const void *)data;
	uint64_t head = __atomic_load_n(&pg->data_head, __ATOMIC_ACQUIRE);

	if (head < sizeof(*h) + 8 || h->type != PERF_RECORD_COMM || h->size > head || h->size < 16)
		return -EIO;
	memcpy(t, data + h->size - 8, 8); /* sample_id: TIME alone, last */
	return 0;
}

/*
 * perf's clock (the kernel's local_clock) has no clock_gettime(): a COMM record, which
 * renaming the task to its own name makes, carries its time, read between two readings of
 * the clock ref.
 */
int clockid__perf_reading(int ref, uint64_t *ref_ns, uint64_t *perf_ns)
{
	struct perf_event_attr a = {
		.size = sizeof(a),
		.type = PERF_TYPE_SOFTWARE,
		.config = PERF_COUNT_SW_DUMMY,
		.comm = 1,
		.sample_id_all = 1,
		.sample_type = PERF_SAMPLE_TIME,
		.exclude_kernel = 1,
		.exclude_hv = 1,
	};
	long page = sysconf(_SC_PAGESIZE);
	int fd = (int)syscall(SYS_perf_event_open, &a, 0, -1, -1, PERF_FLAG_FD_CLOEXEC), err;
	struct timespec w0, w1;
	char name[17] = "";
	void *ring;

	if (fd < 0)
		return -errno;
	ring = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	err = ring == MAP_FAILED ? -errno : 0;
	if (!err && (prctl(PR_GET_NAME, name) || clock_gettime(ref, &w0) ||
		     prctl(PR_SET_NAME, name) || clock_gettime(ref, &w1)))
		err = -errno;
	if (!err)
		err = ring_time(ring, (char *)ring + page, perf_ns);
	if (!err)
		*ref_ns = ns(&w0) + (ns(&w1) - ns(&w0)) / 2;
	if (ring != MAP_FAILED)
		munmap(ring, 2 * page);
	close(fd);
	return err;
}

int clockid__offset(int id, int64_t *offset_ns, uint64_t *wall_ns, uint64_t *clock_ns)
{
	uint64_t best = UINT64_MAX;

	if (id == CLOCKID_PERF) {
		int err = clockid__perf_reading(CLOCK_REALTIME, wall_ns, clock_ns);

		if (!err)
			*offset_ns = (int64_t)(*wall_ns - *clock_ns);
		return err;
	}
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
