/* SPDX-License-Identifier: GPL-2.0 */
/*
 * -k/--clockid, as perf record takes it: a clock's name (monotonic, monotonic_raw, realtime,
 * boottime, tai; mono, raw, real, boot; a CLOCK_ prefix and any case accepted) or its
 * number. The events then stamp their records with that clock (attr.use_clockid).
 */
#ifndef PERF_BPF_CLOCKID_H
#define PERF_BPF_CLOCKID_H

#include <stdint.h>

/* No -k: the kernel's perf clock (local_clock), which no clock_gettime() reads. */
#define CLOCKID_PERF (-1)

/* The clock s names into *id: 0, or -EINVAL. */
int clockid__parse(const char *s, int *id);
/* A clock's name ("monotonic"), "perf" for CLOCKID_PERF, NULL for a number without one. */
const char *clockid__name(int id);
/*
 * Wall-clock time minus the clock's time, in ns, read back to back (the smaller of three
 * tries' spans): add it to a record's time for the wall-clock time. CLOCKID_PERF's time is
 * that of a record the kernel stamps between two wall-clock readings (microseconds apart).
 * -errno when the clock cannot be read.
 */
int clockid__offset(int id, int64_t *offset_ns, uint64_t *wall_ns, uint64_t *clock_ns);
/*
 * One reading of perf's clock into *perf_ns, paired with the clock ref's (a CLOCK_ id) into
 * *ref_ns, microseconds apart; -errno when perf's clock cannot be read.
 */
int clockid__perf_reading(int ref, uint64_t *ref_ns, uint64_t *perf_ns);

#endif
