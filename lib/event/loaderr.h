/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The BPF loader's error numbers and their texts, perf's (3900 + n), in one place: the -e
 * object config terms (lib/event/evparse.c, lib/run/objconf.c), program section names
 * (lib/event/section.c) and prologues (lib/load/prologue.c) return their negatives.
 *
 *	char buf[LOADERR_BUFSIZE];
 *
 *	err = section__parse(name, &sec);		err == -LOADERR__GROUP
 *	loaderr__strerror(err, LOADERR_STAGE_NONE, buf, sizeof(buf));	"Invalid group name"
 *
 * loaderr__strerror() also names libbpf's own codes (4000 and up, LIBBPF_ERRNO__*) and
 * plain errnos, so that any error the loader returns has one way to be said.
 */
#ifndef PERF_BPF_LOADERR_H
#define PERF_BPF_LOADERR_H

#include <stddef.h>

enum loaderr {
	LOADERR__START = 3900,
	LOADERR__CONFIG = LOADERR__START, /* "Invalid config string" */
	LOADERR__GROUP, /* "Invalid group name" */
	LOADERR__EVENTNAME, /* "No event name found in config string" */
	LOADERR__INTERNAL, /* "BPF loader internal error" */
	LOADERR__COMPILE, /* "Error when compiling BPF scriptlet" */
	LOADERR__PROGCONF_TERM, /* "Invalid program config term in config string" */
	LOADERR__PROLOGUE, /* "Failed to generate prologue" */
	LOADERR__PROLOGUE2BIG, /* "Prologue too big for program" */
	LOADERR__PROLOGUEOOB, /* "Offset out of bound for prologue" */
	LOADERR__OBJCONF_OPT, /* "Invalid object config option" */
	LOADERR__OBJCONF_CONF, /* "Config value not set (missing '=')" */
	LOADERR__OBJCONF_MAP_OPT, /* "Invalid object map config option" */
	LOADERR__OBJCONF_MAP_NOTEXIST, /* "Target map doesn't exist" */
	LOADERR__OBJCONF_MAP_VALUE, /* "Incorrect value type for map" */
	LOADERR__OBJCONF_MAP_TYPE, /* "Incorrect map type" */
	LOADERR__OBJCONF_MAP_KEYSIZE, /* "Incorrect map key size" */
	LOADERR__OBJCONF_MAP_VALUESIZE, /* "Incorrect map value size" */
	LOADERR__OBJCONF_MAP_NOEVT, /* "Event not found for map setting" */
	LOADERR__OBJCONF_MAP_MAPSIZE, /* "Invalid map size for event setting" */
	LOADERR__OBJCONF_MAP_EVTDIM, /* "Event dimension too large" */
	LOADERR__OBJCONF_MAP_EVTINH, /* "Doesn't support inherit event" */
	LOADERR__OBJCONF_MAP_EVTTYPE, /* "Wrong event type for map" */
	LOADERR__OBJCONF_MAP_IDX2BIG, /* "Index too large" */
	LOADERR__END,
};

/*
 * Where a text is shown. perf words a few codes differently when it checks the map terms
 * against the objects (the caret line) and when it writes them ("Apply config to BPF failed").
 */
enum loaderr_stage {
	LOADERR_STAGE_NONE, /* the table as it is */
	LOADERR_STAGE_CONFIG, /* OBJCONF_MAP_TYPE: "Can't use this config term with this map type" */
	LOADERR_STAGE_APPLY, /* OBJCONF_MAP_EVTDIM, _EVTINH, _EVTTYPE: perf's longer texts */
};

/* Room for every text loaderr__strerror() writes into its buffer. */
#define LOADERR_BUFSIZE 128

/*
 * The text of err, either sign: 3900..3922 from the table (stage picks perf's variant),
 * 3923..3999 "Unknown bpf loader error N", 4000 and up libbpf's text ("Unknown libbpf
 * error N" past its table), below 3900 strerror(). Returns a static string or buf, which
 * receives the texts that are not in the table (cut to size); without a buffer (NULL or
 * size 0) those come back as "".
 */
const char *loaderr__strerror(int err, enum loaderr_stage stage, char *buf, size_t size);

#endif
