// SPDX-License-Identifier: GPL-2.0
/*
 * The BPF loader's error texts, perf's words. The codes and their use: lib/event/loaderr.h.
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <bpf/libbpf.h>

#include "event/loaderr.h"

#define IDX(code) [LOADERR__##code - LOADERR__START]

/* clang-format off */
static const char *const texts[LOADERR__END - LOADERR__START] = {
	IDX(CONFIG) = "Invalid config string",
	IDX(GROUP) = "Invalid group name",
	IDX(EVENTNAME) = "No event name found in config string",
	IDX(INTERNAL) = "BPF loader internal error",
	IDX(COMPILE) = "Error when compiling BPF scriptlet",
	IDX(PROGCONF_TERM) = "Invalid program config term in config string",
	IDX(PROLOGUE) = "Failed to generate prologue",
	IDX(PROLOGUE2BIG) = "Prologue too big for program",
	IDX(PROLOGUEOOB) = "Offset out of bound for prologue",
	IDX(OBJCONF_OPT) = "Invalid object config option",
	IDX(OBJCONF_CONF) = "Config value not set (missing '=')",
	IDX(OBJCONF_MAP_OPT) = "Invalid object map config option",
	IDX(OBJCONF_MAP_NOTEXIST) = "Target map doesn't exist",
	IDX(OBJCONF_MAP_VALUE) = "Incorrect value type for map",
	IDX(OBJCONF_MAP_TYPE) = "Incorrect map type",
	IDX(OBJCONF_MAP_KEYSIZE) = "Incorrect map key size",
	IDX(OBJCONF_MAP_VALUESIZE) = "Incorrect map value size",
	IDX(OBJCONF_MAP_NOEVT) = "Event not found for map setting",
	IDX(OBJCONF_MAP_MAPSIZE) = "Invalid map size for event setting",
	IDX(OBJCONF_MAP_EVTDIM) = "Event dimension too large",
	IDX(OBJCONF_MAP_EVTINH) = "Doesn't support inherit event",
	IDX(OBJCONF_MAP_EVTTYPE) = "Wrong event type for map",
	IDX(OBJCONF_MAP_IDX2BIG) = "Index too large",
};
/* clang-format on */

/* perf's wording of a code at a stage, or NULL for the table's. */
static const char *stage_text(long long code, enum loaderr_stage stage)
{
	if (stage == LOADERR_STAGE_CONFIG && code == LOADERR__OBJCONF_MAP_TYPE)
		return "Can't use this config term with this map type";
	if (stage != LOADERR_STAGE_APPLY)
		return NULL;
	switch (code) {
	case LOADERR__OBJCONF_MAP_EVTDIM:
		return "Cannot set event to BPF map in multi-thread tracing";
	case LOADERR__OBJCONF_MAP_EVTINH:
		return "Doesn't support inherit event (Hint: use -i to turn off inherit)";
	case LOADERR__OBJCONF_MAP_EVTTYPE:
		return "Can only put raw, hardware and BPF output event into a BPF map";
	}
	return NULL;
}

const char *loaderr__strerror(int err, enum loaderr_stage stage, char *buf, size_t size)
{
	long long code = err < 0 ? -(long long)err : err; /* -INT_MIN does not fit an int */
	const char *text;
	char tmp[LOADERR_BUFSIZE];

	if (code >= LOADERR__START && code < LOADERR__END) {
		text = stage_text(code, stage);
		return text ? text : texts[code - LOADERR__START];
	}
	if (!buf || !size)
		return "";
	if (code > INT_MAX ||
	    (code >= __LIBBPF_ERRNO__START && libbpf_strerror((int)code, tmp, sizeof(tmp))))
		snprintf(buf, size, "Unknown libbpf error %lld", code);
	else if (code >= __LIBBPF_ERRNO__START)
		snprintf(buf, size, "%s", tmp);
	else if (code >= LOADERR__END)
		snprintf(buf, size, "Unknown bpf loader error %lld", code);
	else
		snprintf(buf, size, "%s", strerror_r((int)code, tmp, sizeof(tmp)));
	return buf;
}
