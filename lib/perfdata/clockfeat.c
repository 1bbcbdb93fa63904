// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <string.h>
#include <time.h>

#include "perfdata/clockfeat.h"
#include "util/clockid.h"

void clockfeat__encode(const struct clockfeat_data *d, void *buf)
{
	uint32_t v[2] = { 1, (uint32_t)d->clockid };
	char *p = buf;

	memcpy(p, v, sizeof(v));
	memcpy(p + 8, &d->wall_ns, 8);
	memcpy(p + 16, &d->clock_ns, 8);
}

int clockfeat__decode(const void *buf, size_t len, struct clockfeat_data *d)
{
	const char *p = buf;
	uint32_t v[2];

	if (len < CLOCKFEAT_CLOCK_DATA_SIZE)
		return -EINVAL;
	memcpy(v, p, sizeof(v));
	if (v[0] != 1)
		return -EINVAL;
	d->clockid = (int)v[1];
	memcpy(&d->wall_ns, p + 8, 8);
	memcpy(&d->clock_ns, p + 16, 8);
	return 0;
}

int clockfeat__add(struct pdwriter *w, int clockid)
{
	char data[CLOCKFEAT_CLOCK_DATA_SIZE];
	struct clockfeat_data d = { .clockid = clockid };
	struct timespec res;
	uint64_t res_ns;
	int64_t off;
	int err;

	if (clockid != CLOCKID_PERF && clock_getres(clockid, &res))
		return -errno;
	err = clockid__offset(clockid, &off, &d.wall_ns, &d.clock_ns);
	if (err && clockid == CLOCKID_PERF)
		return 0; /* a mapping is a help, not a need */
	res_ns = (uint64_t)res.tv_sec * 1000000000ull + (uint64_t)res.tv_nsec;
	if (!err && clockid != CLOCKID_PERF)
		err = pdwriter__add_feature(w, CLOCKFEAT_CLOCKID, &res_ns, sizeof(res_ns));
	if (!err) {
		clockfeat__encode(&d, data);
		err = pdwriter__add_feature(w, CLOCKFEAT_CLOCK_DATA, data, sizeof(data));
	}
	return err;
}
