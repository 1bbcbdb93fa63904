// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "event/sampling.h"

/* A whole decimal number from 1 to max. */
static int parse_count(const char *arg, uint64_t max, uint64_t *val)
{
	char *end;
	unsigned long long v;

	if (!arg || *arg < '0' || *arg > '9')
		return -EINVAL;
	errno = 0;
	v = strtoull(arg, &end, 10);
	if (errno || *end || !v || v > max)
		return -EINVAL;
	*val = v;
	return 0;
}

int sampling__parse_freq(const char *arg, unsigned int *freq)
{
	uint64_t v;

	if (arg && !strcmp(arg, "max")) {
		*freq = SAMPLING_FREQ_MAX;
		return 0;
	}
	if (parse_count(arg, SAMPLING_FREQ_MAX - 1, &v))
		return -EINVAL;
	*freq = (unsigned int)v;
	return 0;
}

int sampling__parse_period(const char *arg, uint64_t *period)
{
	return parse_count(arg, INT64_MAX, period); /* the kernel takes no period above */
}

bool sampling__given(const struct sampling *s)
{
	return s->freq || s->period;
}

unsigned int sampling__freq(const struct sampling *s, unsigned int max_rate, bool *lowered)
{
	unsigned int want = s->freq ? s->freq : SAMPLING_DEFAULT_FREQ;

	*lowered = false;
	if (s->period)
		return 0;
	if (want == SAMPLING_FREQ_MAX)
		return max_rate;
	if (max_rate && want > max_rate) {
		*lowered = true;
		return max_rate;
	}
	return want;
}

int sampling__max_rate(unsigned int *rate)
{
	FILE *f = fopen(SAMPLING_MAX_RATE_FILE, "re");
	int n;

	if (!f)
		return -errno;
	n = fscanf(f, "%u", rate);
	fclose(f);
	return n == 1 ? 0 : -EINVAL;
}

const char *sampling__default_event(void)
{
	struct perf_event_attr attr = {
		.size = sizeof(attr),
		.type = PERF_TYPE_HARDWARE,
		.config = PERF_COUNT_HW_CPU_CYCLES,
		.disabled = 1,
		.exclude_kernel = 1,
		.exclude_hv = 1,
	};
	int fd = (int)syscall(SYS_perf_event_open, &attr, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);

	if (fd >= 0) {
		close(fd);
		return "cycles";
	}
	/* no PMU, or no such counter on it; any other failure is the real open's to report */
	return errno == ENOENT || errno == EOPNOTSUPP || errno == ENODEV ? "cpu-clock" : "cycles";
}
