/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What a run's programs say of their data with BTF: the record type of an output channel
 * (`__type(value, struct event)` in a PERF_EVENT_ARRAY or RINGBUF definition), and the
 * maps to show at the end (every map but output channels, maps the command line
 * configures, internal ones: .bss, .data, .rodata, .kconfig), as util/tfeat.h bytes.
 *
 *	t = typed__new();
 *	typed__prepare(t, obj);		each object, after open and before load: notes the
 *					channel types and sizes the maps as the kernel wants
 *					(value size 4 for a perf event array, 0 for a ring
 *					buffer; libbpf drops their BTF types at create)
 *	typed__bind(t, objconf);	once the events are planned: the event of each channel
 *					(the one a map term or the __bpf_stdout__ wiring
 *					puts in it; else the map's name, which the event
 *					that reads such a channel is to carry)
 *	typed__describe(t, &buf);	BTF and CHANNEL entries
 *	typed__snapshot(t, &buf, clear);	DUMP and MAP entries, now
 */
#ifndef PERF_BPF_TYPED_H
#define PERF_BPF_TYPED_H

#include <stdbool.h>

#include "util/tfeat.h"

struct bpf_map;
struct bpf_object;
struct btf;
struct objconf;
struct typed;

struct typed *typed__new(void);
void typed__free(struct typed *t);
int typed__prepare(struct typed *t, struct bpf_object *obj);
void typed__bind(struct typed *t, const struct objconf *oc);
/* The record type of output channel map, as typed__prepare() noted it: false when none. */
bool typed__channel_type(const struct typed *t, const struct bpf_map *map, const struct btf **btf,
			 uint32_t *type_id);
/* Are there maps to show? */
bool typed__has_maps(const struct typed *t);
void typed__describe(const struct typed *t, struct dbuf *b);
/* Does object obj (in the order typed__prepare() had them) have a STACK_TRACE map? */
bool typed__has_stacks(const struct typed *t, uint32_t obj);
/*
 * Stack id of object obj's (first) STACK_TRACE map, read now: its addresses, leaf first,
 * into ips (max of them); their number, 0 when the map holds no such id.
 */
uint32_t typed__stack(const struct typed *t, uint32_t obj, uint32_t id, uint64_t *ips,
		      uint32_t max);
/* The maps to show, read now; clear: emptied once read (arrays zeroed). 0 or -errno. */
int typed__snapshot(struct typed *t, struct dbuf *b, bool clear);

#endif
