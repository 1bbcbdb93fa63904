// SPDX-License-Identifier: GPL-2.0
/*
 * Stacks in maps: the STACK_TRACE maps of a look indexed by object, and the fields of a
 * struct that name their stacks.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <linux/bpf.h>
#include <bpf/btf.h>

#include "util/jsonw.h"
#include "syscalls/sysconst.h"
#include "util/tfeat.h"
#include "output/btfprint.h"
#include "output/mapstacks.h"

/* One STACK_TRACE map of the look: its entries, key (u32 id) then value (u64 ips). */
struct stackmap {
	uint32_t obj;
	const uint8_t *ents;
	uint32_t nr, key_size, value_size;
	uint64_t *by_id; /* id << 32 | entry, sorted */
};

struct mapstacks {
	struct stackmap *maps;
	size_t nr;
	void *copy; /* of the STACK_TRACE maps' entries of the look */
	struct mapstacks_live live; /* get NULL: the maps of a look */
	uint64_t ips[MAPSTACKS_MAX_FIELDS][MAPSTACKS_MAX_DEPTH]; /* read live */
	struct resolved_frame frames[MAPSTACKS_MAX_FIELDS][MAPSTACKS_MAX_DEPTH];
	int slot; /* the ips row the next live read fills */
};

/* A STACK_TRACE map of a MAP entry: false for any other map or a damaged one. */
static bool stackmap_of(const struct tfeat_entry *e, struct stackmap *sm)
{
	struct tfeat_map m;
	uint64_t stride;

	if (e->tag != TFEAT_MAP || e->len < sizeof(m))
		return false;
	memcpy(&m, e->data, sizeof(m));
	stride = (uint64_t)m.key_size + (uint64_t)m.value_size * m.nr_values;
	if (m.map_type != BPF_MAP_TYPE_STACK_TRACE || m.key_size != 4 || m.nr_values != 1 ||
	    m.value_size % 8 || m.name_len > e->len - sizeof(m) ||
	    stride * m.nr_entries > e->len - sizeof(m) - m.name_len)
		return false;
	*sm = (struct stackmap){ .obj = m.btf,
				 .ents = e->data + sizeof(m) + m.name_len,
				 .nr = m.nr_entries,
				 .key_size = m.key_size,
				 .value_size = m.value_size };
	return true;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

/* The entries by id, for lookups in log time. */
static int index_ids(struct stackmap *sm)
{
	uint32_t stride = sm->key_size + sm->value_size, id;

	sm->by_id = malloc((sm->nr ?: 1) * sizeof(*sm->by_id));
	if (!sm->by_id)
		return -ENOMEM;
	for (uint32_t i = 0; i < sm->nr; i++) {
		memcpy(&id, sm->ents + (size_t)i * stride, 4);
		sm->by_id[i] = (uint64_t)id << 32 | i;
	}
	qsort(sm->by_id, sm->nr, sizeof(*sm->by_id), cmp_u64);
	return 0;
}

struct mapstacks *mapstacks__new_live(const struct mapstacks_live *live)
{
	struct mapstacks *ms = calloc(1, sizeof(*ms));

	if (ms)
		ms->live = *live;
	return ms;
}

/* A copy of the look's STACK_TRACE maps: the look may go before ms does. */
static int copy_stack_maps(struct dbuf *b, const void *buf, size_t len)
{
	struct tfeat_entry e;
	struct stackmap sm;
	size_t off = 0;

	while (tfeat__next(buf, len, &off, &e))
		if (stackmap_of(&e, &sm))
			tfeat__put(b, e.tag, 1, (const void *[]){ e.data }, &e.len);
	return b->err;
}

struct mapstacks *mapstacks__new(const void *buf, size_t len)
{
	struct mapstacks *ms = calloc(1, sizeof(*ms));
	struct dbuf b = { 0 };
	struct tfeat_entry e;
	struct stackmap sm;
	size_t off = 0;

	if (!ms || copy_stack_maps(&b, buf, len))
		goto fail;
	ms->copy = b.p;
	while (tfeat__next(b.p, b.len, &off, &e)) {
		struct stackmap *n;

		if (!stackmap_of(&e, &sm))
			continue;
		n = realloc(ms->maps, (ms->nr + 1) * sizeof(*n));
		if (n)
			ms->maps = n;
		if (!n || index_ids(&sm))
			goto fail;
		ms->maps[ms->nr++] = sm;
	}
	return ms;
fail:
	if (ms && !ms->copy)
		dbuf__free(&b);
	mapstacks__free(ms);
	errno = ENOMEM;
	return NULL;
}

void mapstacks__free(struct mapstacks *ms)
{
	if (!ms)
		return;
	for (size_t i = 0; i < ms->nr; i++)
		free(ms->maps[i].by_id);
	free(ms->maps);
	free(ms->copy);
	free(ms);
}

static const struct stackmap *map_of(const struct mapstacks *ms, uint32_t obj)
{
	for (size_t i = 0; ms && i < ms->nr; i++)
		if (ms->maps[i].obj == obj)
			return &ms->maps[i];
	return NULL;
}

bool mapstacks__has(const struct mapstacks *ms, uint32_t obj)
{
	if (ms && ms->live.has)
		return ms->live.has(ms->live.ctx, obj);
	return map_of(ms, obj) != NULL;
}

/* A stack read from the kernel's map into the next row of ips. */
static uint32_t get_live(struct mapstacks *ms, uint32_t obj, uint32_t id, const void **ips)
{
	uint64_t *row = ms->ips[ms->slot++ % MAPSTACKS_MAX_FIELDS];

	*ips = row;
	return ms->live.get(ms->live.ctx, obj, id, row, MAPSTACKS_MAX_DEPTH);
}

/* The entry of id: its index, or -1. */
static long find_id(const struct stackmap *sm, uint32_t id)
{
	size_t lo = 0, hi = sm->nr;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		uint32_t at = sm->by_id[mid] >> 32;

		if (at == id)
			return (long)(uint32_t)sm->by_id[mid];
		if (at < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return -1;
}

uint32_t mapstacks__get(struct mapstacks *ms, uint32_t obj, int64_t id, const void **ips)
{
	const struct stackmap *sm = map_of(ms, obj);
	const uint8_t *p;
	uint32_t n;
	long i;

	if (!ms)
		return 0;
	if (ms->live.get && id >= 0 && id <= UINT32_MAX)
		return get_live(ms, obj, (uint32_t)id, ips);
	if (!sm || id < 0 || id > UINT32_MAX || (i = find_id(sm, (uint32_t)id)) < 0)
		return 0;
	p = sm->ents + (size_t)i * (sm->key_size + sm->value_size) + sm->key_size;
	*ips = p;
	/* the kernel zeroes the slots past the stack's depth */
	for (n = 0; n < sm->value_size / 8 && n < MAPSTACKS_MAX_DEPTH; n++)
		if (!mapstacks__ip(p, n))
			break;
	return n;
}

/* ---- the fields ---- */

static bool is_stack_name(const char *name)
{
	return strcasestr(name, "stack") != NULL;
}

static void note_member(const struct btf *btf, const struct btf_member *m, uint32_t off,
			struct stackkey *sk)
{
	const char *name = btf__name_by_offset(btf, m->name_off);
	uint32_t id = btfprint__resolve(btf, m->type);
	const struct btf_type *t = btf__type_by_id(btf, id);
	bool sgn = false;

	if (!name || !t)
		return;
	if (btfprint__is_int(btf, id, &sgn)) {
		uint32_t size = t->size;

		if (is_stack_name(name) && sk->nr_ids < MAPSTACKS_MAX_FIELDS && size >= 4)
			sk->ids[sk->nr_ids++] = (struct stackfield){
				.name = name, .off = off, .size = size, .is_signed = sgn
			};
		else if (!strcmp(name, "tgid") || (!strcmp(name, "pid") && sk->pid_off < 0))
			sk->pid_off = off, sk->pid_size = size;
	} else if (btf_is_array(t) &&
		   (!strcmp(name, "comm") || !strcmp(name, "name") || !strcmp(name, "task"))) {
		const struct btf_array *a = btf_array(t);

		if (btf__resolve_size(btf, a->type) == 1 &&
		    (sk->comm_off < 0 || !strcmp(name, "comm")))
			sk->comm_off = off, sk->comm_len = a->nelems;
	}
}

bool mapstacks__key(const struct btf *btf, uint32_t id, struct stackkey *sk)
{
	const struct btf_type *t;
	const struct btf_member *m;

	*sk = (struct stackkey){ .pid_off = -1, .comm_off = -1 };
	id = btf ? btfprint__resolve(btf, id) : 0;
	t = id ? btf__type_by_id(btf, id) : NULL;
	if (!t || !btf_is_struct(t))
		return false;
	m = btf_members(t);
	for (int i = 0; i < btf_vlen(t); i++, m++) {
		uint32_t bits = btf_member_bit_offset(t, i);

		if (bits % 8 == 0 && !btf_member_bitfield_size(t, i))
			note_member(btf, m, bits / 8, sk);
	}
	return sk->nr_ids > 0;
}

int64_t mapstacks__id(const struct stackkey *sk, int i, const void *data)
{
	const struct stackfield *f = &sk->ids[i];

	return btfprint__int_value((const uint8_t *)data + f->off, f->size, f->is_signed);
}

uint32_t mapstacks__pid(const struct stackkey *sk, const void *data)
{
	if (sk->pid_off < 0)
		return 0;
	return (uint32_t)btfprint__int_value((const uint8_t *)data + sk->pid_off, sk->pid_size,
					     false);
}

/* ---- resolved ---- */

uint32_t mapstacks__resolve(struct mapstacks *ms, struct resolver *res, uint32_t obj,
			    const struct stackkey *sk, const void *data, uint32_t pid,
			    struct resolved_stack *out)
{
	if (!pid)
		pid = mapstacks__pid(sk, data);
	for (int i = 0; i < sk->nr_ids; i++) {
		int64_t id = mapstacks__id(sk, i, data);
		const void *ips;
		uint32_t n = mapstacks__get(ms, obj, id, &ips);

		for (uint32_t k = 0; k < n; k++)
			resolver__frame(res, pid, mapstacks__ip(ips, k), &ms->frames[i][k]);
		out[i] = (struct resolved_stack){
			.field = sk->ids[i].name, .id = id, .frames = ms->frames[i], .nr_frames = n
		};
	}
	return sk->nr_ids;
}

/* ---- shown ---- */

static void text_frame(struct dbuf *b, const struct resolved_frame *fr)
{
	char line[96];
	const struct resolved_sym *s = &fr->sym;
	int n = snprintf(line, sizeof(line), "\t    %16llx ", (unsigned long long)fr->addr);

	dbuf__text(b, line, n);
	if (s->name) {
		dbuf__text(b, s->name, strlen(s->name));
		n = snprintf(line, sizeof(line), "+0x%llx", (unsigned long long)s->off);
		dbuf__text(b, line, n);
	} else {
		dbuf__text(b, "[unknown]", 9);
	}
	dbuf__text(b, " (", 2);
	if (s->module) {
		dbuf__text(b, "[", 1);
		dbuf__text(b, s->module, strlen(s->module));
		dbuf__text(b, "]", 1);
	} else {
		dbuf__text(b, s->dso ?: "[unknown]", strlen(s->dso ?: "[unknown]"));
	}
	dbuf__text(b, ")\n", 2);
}

/* "-EFAULT" for an error id, else NULL. */
static const char *error_of(int64_t id, char *buf, size_t size)
{
	const char *name;

	if (id >= 0)
		return NULL;
	name = sysconst__name(&sysconst_errno, -id);
	if (name)
		snprintf(buf, size, "-%s", name);
	else
		snprintf(buf, size, "%lld", (long long)id);
	return buf;
}

void mapstacks__text(struct dbuf *b, const struct resolved_stack *st, uint32_t n)
{
	char err[32];

	for (uint32_t i = 0; i < n; i++) {
		dbuf__text(b, "\t", 1);
		dbuf__text(b, st[i].field, strlen(st[i].field));
		dbuf__text(b, ":", 1);
		if (error_of(st[i].id, err, sizeof(err))) {
			dbuf__text(b, " ", 1);
			dbuf__text(b, err, strlen(err));
		} else if (!st[i].nr_frames) {
			snprintf(err, sizeof(err), " %lld unknown", (long long)st[i].id);
			dbuf__text(b, err, strlen(err));
		}
		dbuf__text(b, "\n", 1);
		for (uint32_t k = 0; k < st[i].nr_frames; k++)
			text_frame(b, &st[i].frames[k]);
	}
}

static void json_frame(struct jsonw *w, const struct resolved_frame *fr)
{
	jsonw__start_object(w);
	jsonw__kv_xu64(w, "ip", fr->addr);
	if (fr->sym.name) {
		jsonw__kv_str(w, "sym", fr->sym.name);
		jsonw__kv_u64(w, "off", fr->sym.off);
	}
	if (fr->sym.module || fr->sym.dso)
		jsonw__kv_str(w, "dso", fr->sym.module ?: fr->sym.dso);
	jsonw__end_object(w);
}

void mapstacks__json(struct jsonw *w, const struct resolved_stack *st, uint32_t n)
{
	char err[32];

	jsonw__name(w, "stacks");
	jsonw__start_object(w);
	for (uint32_t i = 0; i < n; i++) {
		jsonw__name(w, st[i].field);
		if (error_of(st[i].id, err, sizeof(err))) {
			jsonw__start_object(w);
			jsonw__kv_str(w, "error", err + (err[0] == '-' && err[1] == 'E'));
			jsonw__end_object(w);
			continue;
		}
		jsonw__start_array(w);
		for (uint32_t k = 0; k < st[i].nr_frames; k++)
			json_frame(w, &st[i].frames[k]);
		jsonw__end_array(w);
	}
	jsonw__end_object(w);
}

/* The frames of one stack, root first, after the n in ids. */
static uint32_t fold_stack(struct fold *f, const struct resolved_stack *st, uint32_t *ids,
			   uint32_t n)
{
	for (uint32_t k = st->nr_frames; k-- > 0 && n < FOLD_MAX_DEPTH;)
		ids[n++] = fold__intern_sym(f, st->frames[k].ip, &st->frames[k].sym);
	return n;
}

static bool is_user(const struct resolved_stack *st)
{
	return st->nr_frames && (int64_t)st->frames[0].ip >= 0;
}

int mapstacks__fold(struct mapstacks *ms, struct resolver *res, uint32_t obj,
		    const struct stackkey *sk, const void *data, const char *fallback,
		    uint64_t weight, struct fold *f)
{
	struct resolved_stack st[MAPSTACKS_MAX_FIELDS];
	uint32_t ids[FOLD_MAX_DEPTH], n = 0, nr = mapstacks__resolve(ms, res, obj, sk, data, 0, st);
	const char *comm = fallback;
	size_t len = strlen(fallback);

	if (sk->comm_off >= 0) {
		comm = (const char *)data + sk->comm_off;
		len = strnlen(comm, sk->comm_len);
	}
	ids[n++] = fold__intern(f, comm, len, FOLD_COMM);
	/* user stacks first: they are the callers of the kernel's */
	for (uint32_t i = 0; i < nr; i++)
		if (is_user(&st[i]))
			n = fold_stack(f, &st[i], ids, n);
	for (uint32_t i = 0; i < nr; i++)
		if (!is_user(&st[i]))
			n = fold_stack(f, &st[i], ids, n);
	if (n == 1) /* its weight stays in the picture */
		ids[n++] = fold__intern(f, "[no stack]", 10, FOLD_OTHER);
	return fold__add(f, ids, n, weight);
}
