/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Stacks in maps: what programs written as libbpf-tools' profile and offcputime keep. A
 * STACK_TRACE map holds stacks by id (bpf_get_stackid()); another map's key or a typed
 * record names them by id, in a field. Such a field is an integer member of a struct
 * whose name has "stack" in it (kern_stack_id, user_stack_id, kstack, ustack, stackid),
 * in an object that has a STACK_TRACE map: the id is that map's (the object's first one,
 * when it has several). The thread the stack is of is named by a member "tgid" (else
 * "pid"); its name, by a char array member "comm" (else "name", "task").
 *
 * A look at the maps (a tfeat DUMP) carries the STACK_TRACE maps' entries as any map's, so
 * a file keeps the stacks its other maps name:
 *
 *	struct mapstacks *ms = mapstacks__new(buf, len);
 *	if (mapstacks__key(btf, key_type, &sk))	a key with stack ids
 *		n = mapstacks__get(ms, obj, id, &ips);	the stack's addresses, leaf first
 *	mapstacks__free(ms);
 *
 * A negative id is the error bpf_get_stackid() returned (-EFAULT: no stack, -EEXIST: a
 * hash collision the program did not let replace, -ENOMEM: the map was full); an id the
 * map no longer holds has no frames.
 */
#ifndef PERF_BPF_MAPSTACKS_H
#define PERF_BPF_MAPSTACKS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/dbuf.h"
#include "resolve/resolver.h"
#include "output/fold.h"

struct btf;
struct jsonw;

#define MAPSTACKS_MAX_FIELDS 4
/* Frames of a stack kept at most (the kernel's default perf_event_max_stack) */
#define MAPSTACKS_MAX_DEPTH 127

struct stackfield {
	const char *name; /* the member's (borrowed from the BTF) */
	uint32_t off, size;
	bool is_signed;
};

/* What a struct type says of stacks: its stack id fields, the thread's id and name. */
struct stackkey {
	struct stackfield ids[MAPSTACKS_MAX_FIELDS];
	int nr_ids;
	int pid_off, pid_size; /* -1: none */
	int comm_off, comm_len; /* -1: none */
};

struct mapstacks;

/* The STACK_TRACE maps of the look in buf (copied). NULL + errno. */
struct mapstacks *mapstacks__new(const void *buf, size_t len);
void mapstacks__free(struct mapstacks *ms);
/* Does object obj have a STACK_TRACE map in the look? */
bool mapstacks__has(const struct mapstacks *ms, uint32_t obj);

/* The stack fields of struct type id (typedefs and qualifiers followed): false if none. */
bool mapstacks__key(const struct btf *btf, uint32_t id, struct stackkey *sk);
/* Field i's id in data (sign-extended). */
int64_t mapstacks__id(const struct stackkey *sk, int i, const void *data);
/* The thread id of data, 0 when the type names none. */
uint32_t mapstacks__pid(const struct stackkey *sk, const void *data);
/*
 * The addresses of stack id of object obj, leaf first, *ips pointing into the look (as u64s,
 * not aligned: read them with mapstacks__ip()): their number, 0 when the id is negative or
 * unknown.
 */
uint32_t mapstacks__get(struct mapstacks *ms, uint32_t obj, int64_t id, const void **ips);

static inline uint64_t mapstacks__ip(const void *ips, uint32_t i)
{
	uint64_t ip;

	__builtin_memcpy(&ip, (const char *)ips + 8 * (size_t)i, 8);
	return ip;
}

/*
 * Live: stacks read from the kernel's maps when asked. get fills ips (max of them) with
 * stack id of object obj's STACK_TRACE map and returns their number (0: none); has tells
 * whether object obj has one.
 */
struct mapstacks_live {
	uint32_t (*get)(void *ctx, uint32_t obj, uint32_t id, uint64_t *ips, uint32_t max);
	bool (*has)(void *ctx, uint32_t obj);
	void *ctx;
};

/* Stacks from the kernel's maps, through live (copied). NULL + errno. */
struct mapstacks *mapstacks__new_live(const struct mapstacks_live *live);

/*
 * The stacks data names, resolved by res for process pid (0: the one data names) into
 * out[MAPSTACKS_MAX_FIELDS]: their number. The frames live in ms until the next call.
 */
uint32_t mapstacks__resolve(struct mapstacks *ms, struct resolver *res, uint32_t obj,
			    const struct stackkey *sk, const void *data, uint32_t pid,
			    struct resolved_stack *out);
/*
 * Resolved stacks as text after their record's or key's line: for each, "\tFIELD:" then a
 * line per frame "\t    ADDR sym+0xoff (dso)" (perf script's callchain lines), or
 * "\tFIELD: -EFAULT" for an error, "\tFIELD: ID unknown" for an id no longer held.
 */
void mapstacks__text(struct dbuf *b, const struct resolved_stack *st, uint32_t n);
/*
 * The same as a JSON member "stacks": {FIELD: [{"ip":"0x..","sym":S,"off":N,"dso":D},...]
 * or {"error":"EFAULT"} or []}.
 */
void mapstacks__json(struct jsonw *w, const struct resolved_stack *st, uint32_t n);
/*
 * The stacks of data under the thread's name (or fallback), user frames from the root then
 * kernel ones, weighing weight, into f. 0 or -ENOMEM.
 */
int mapstacks__fold(struct mapstacks *ms, struct resolver *res, uint32_t obj,
		    const struct stackkey *sk, const void *data, const char *fallback,
		    uint64_t weight, struct fold *f);

#endif
