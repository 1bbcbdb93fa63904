/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Where an address of a sample lies, as perf script names it: fed with the records that
 * describe the address spaces (MMAP/MMAP2 of user code, FORK, KSYMBOL), it
 * resolves a kernel or user address to {symbol, offset, dso}.
 *
 *	struct symbols *sy = symbols__new();
 *	symbols__set_ksyms(sy, ks);		(kernel symbols, borrowed)
 *	for each record: symbols__record(sy, &rec);
 *	symbols__resolve(sy, pid, cpumode, ip, &info);
 *	symbols__trim(sy);			(between samples)
 *
 * Processes: each pid has its maps, sorted, from its MMAP/MMAP2 records (a later map
 * replaces the part of older ones it overlaps); FORK gives a new process a copy of its
 * parent's maps. An exec drops nothing, as in perf: a sample taken inside execve still
 * has the old program's user stack, and the new program's maps replace the old ones
 * where they overlap. Kernel: BPF programs from KSYMBOL records (type BPF; unregistered
 * ones are dropped), then kallsyms.
 */
#ifndef PERF_BPF_SYMBOLS_H
#define PERF_BPF_SYMBOLS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "record/record.h"

struct ksyms;
struct dsos;
struct symbols;

struct sym_info {
	const char *name; /* NULL: no symbol ([unknown]) */
	uint64_t off; /* of the address in name */
	const char *module; /* a kernel module's name (perf prints "[name]"), else NULL */
	const char *dso; /* else "[kernel.kallsyms]", a BPF program, a path; NULL: [unknown] */
	/*
	 * What perf prints for a callchain frame: the offset in its dso for a mapped user
	 * address (ip - map start + pgoff), else the address itself
	 */
	uint64_t addr;
};

struct symbols *symbols__new(void);
void symbols__free(struct symbols *sy);
/* Kernel symbols from now on (borrowed; NULL: kernel addresses are unknown). */
void symbols__set_ksyms(struct symbols *sy, struct ksyms *ks);
/*
 * The build id of path as the file's build-id table gives it: used for the MMAP records
 * of path that carry none (perf's ~/.debug cache then finds the file as it was). 0,
 * -ENOSPC when the table has taken its share of memory (16 MiB: the rest is not kept),
 * -ENOMEM.
 */
int symbols__add_build_id(struct symbols *sy, const char *path, const unsigned char *id,
			  size_t size);
/*
 * Live (trace): a process that no MMAP record described has its executable maps read
 * from /proc/PID/maps at its first user address.
 */
void symbols__set_live(struct symbols *sy, bool live);
/* The user dso cache (for tests: its debug root). */
struct dsos *symbols__dsos(struct symbols *sy);

/*
 * Take in what a decoded record says of address spaces (others are ignored). 0,
 * -ENOMEM. Returns 1 when a KSYMBOL changed the BPF programs (cached kernel names
 * are stale).
 */
int symbols__record(struct symbols *sy, const struct record *rec);

/*
 * Resolve ip of process pid. cpumode: PERF_RECORD_MISC_KERNEL / _USER (others: by the
 * address, the upper half being the kernel's). info's strings stay valid until the next
 * symbols__trim() or symbols__record().
 */
void symbols__resolve(struct symbols *sy, uint32_t pid, uint8_t cpumode, uint64_t ip,
		      struct sym_info *info);

/* Between samples: drop the symbol tables loaded beyond the cache's bound. */
void symbols__trim(struct symbols *sy);

#endif
