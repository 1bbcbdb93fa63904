/* SPDX-License-Identifier: GPL-2.0 */
/*
 * How sampling events (cpu-clock, cycles, ...) sample when no period= or freq= term of
 * theirs says: record's -F FREQ / -F max and -c PERIOD (trace's --freq and -c), else
 * 4000 samples a second, as perf record. The event record samples with no -e at all is
 * cycles where the CPU counts them, else cpu-clock.
 */
#ifndef PERF_BPF_SAMPLING_H
#define PERF_BPF_SAMPLING_H

#include <stdbool.h>
#include <stdint.h>

#define SAMPLING_DEFAULT_FREQ 4000
#define SAMPLING_FREQ_MAX UINT32_MAX /* -F max: the kernel's limit, read at the start */
#define SAMPLING_MAX_RATE_FILE "/proc/sys/kernel/perf_event_max_sample_rate"

struct sampling {
	unsigned int freq; /* -F: samples a second, 0 when not given (or SAMPLING_FREQ_MAX) */
	uint64_t period; /* -c: a sample every period events, 0 when not given */
};

/* -F's argument: a number of samples a second from 1, or "max". 0, or -EINVAL. */
int sampling__parse_freq(const char *arg, unsigned int *freq);
/* -c's argument: a period from 1. 0, or -EINVAL. */
int sampling__parse_period(const char *arg, uint64_t *period);
/* The user gave -F or -c: they apply to plain tracepoints too, as perf's. */
bool sampling__given(const struct sampling *s);
/*
 * The frequency to ask the kernel for, with max_rate its limit: -F's (max_rate for "max"),
 * else the default, lowered to max_rate (*lowered says so). 0 when -c gives a period.
 */
unsigned int sampling__freq(const struct sampling *s, unsigned int max_rate, bool *lowered);
/* The kernel's limit of samples a second: 0, or -errno. */
int sampling__max_rate(unsigned int *rate);
/* The event to sample when none is given: "cycles" if the CPU counts them, else "cpu-clock". */
const char *sampling__default_event(void);

#endif
