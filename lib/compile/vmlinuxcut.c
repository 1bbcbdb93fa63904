// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/btf.h>

#include "compile/srcnames.h"
#include "compile/vmlinuxcut.h"
#include "util/grow.h"

#define NAMED 1u /* a name of the source's is its own or one of its enumerators' */
#define WHOLE 2u /* a struct or union dumped whole */
#define MEMBER 4u /* a struct behind a pointer member the source names */
#define FIRST 8u /* dumped first: the one of several types of its name that keeps it */

/* libbpf's dumper numbers the types of a name apart in two spaces: tags, and identifiers */
enum space { TAGS, IDENTS };

/* a type of a name the source uses */
struct use {
	const char *name;
	enum space space;
	__u32 id;
};

struct pick {
	const struct btf *btf;
	const struct nameset *names;
	__u32 n;
	unsigned char *mark;
	__u32 *pending; /* whole structs whose members are still to look at */
	size_t nr_pending, cap_pending;
	struct use *uses;
	size_t nr_uses, cap_uses;
};

static unsigned int name_flags(struct pick *p, __u32 name_off)
{
	const char *name = btf__name_by_offset(p->btf, name_off);

	return name && *name ? nameset__flags(p->names, name, strlen(name)) : 0;
}

static int add_use(struct pick *p, __u32 name_off, enum space space, __u32 id)
{
	if (grow__array(&p->uses, &p->cap_uses, p->nr_uses, sizeof(*p->uses), 64))
		return -ENOMEM;
	p->uses[p->nr_uses++] = (struct use){ btf__name_by_offset(p->btf, name_off), space, id };
	return 0;
}

/* An enum's own name and its enumerators'. */
static int pick_enum(struct pick *p, const struct btf_type *t, __u32 id)
{
	int err = 0;

	for (__u16 i = 0; i < btf_vlen(t) && !err; i++) {
		__u32 off = btf_is_enum(t) ? btf_enum(t)[i].name_off : btf_enum64(t)[i].name_off;

		if (name_flags(p, off)) {
			p->mark[id] |= NAMED;
			err = add_use(p, off, IDENTS, id);
		}
	}
	return err;
}

/* The types a name of the source's names, and where it may mean one of several. */
static int pick_named(struct pick *p)
{
	int err = 0;

	for (__u32 id = 1; id < p->n && !err; id++) {
		const struct btf_type *t = btf__type_by_id(p->btf, id);
		bool own_name = false;

		switch (btf_kind(t)) {
		case BTF_KIND_ENUM:
		case BTF_KIND_ENUM64:
			err = pick_enum(p, t, id);
			/* fallthrough */
		case BTF_KIND_STRUCT:
		case BTF_KIND_UNION:
		case BTF_KIND_TYPEDEF:
		case BTF_KIND_FWD:
			own_name = name_flags(p, t->name_off);
			break;
		default:
			break;
		}
		if (!own_name || err)
			continue;
		p->mark[id] |= NAMED;
		/* a declaration or an empty enum keeps its name: the dumper counts neither */
		if (!btf_is_fwd(t) && !(btf_is_any_enum(t) && !btf_vlen(t)))
			err = add_use(p, t->name_off, btf_is_typedef(t) ? IDENTS : TAGS, id);
	}
	return err;
}

/* The types t refers to: each given to visit, which stops the walk with non-zero. */
static int type_refs(const struct btf_type *t, int (*visit)(void *ctx, __u32 id), void *ctx)
{
	int stop = 0;

	switch (btf_kind(t)) {
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
		for (__u16 i = 0; i < btf_vlen(t) && !stop; i++)
			stop = visit(ctx, btf_members(t)[i].type);
		return stop;
	case BTF_KIND_ARRAY:
		return visit(ctx, btf_array(t)->type) ?: visit(ctx, btf_array(t)->index_type);
	case BTF_KIND_FUNC_PROTO:
		stop = visit(ctx, t->type);
		for (__u16 i = 0; i < btf_vlen(t) && !stop; i++)
			stop = visit(ctx, btf_params(t)[i].type);
		return stop;
	case BTF_KIND_DATASEC:
		for (__u16 i = 0; i < btf_vlen(t) && !stop; i++)
			stop = visit(ctx, btf_var_secinfos(t)[i].type);
		return stop;
	case BTF_KIND_PTR:
	case BTF_KIND_TYPEDEF:
	case BTF_KIND_VOLATILE:
	case BTF_KIND_CONST:
	case BTF_KIND_RESTRICT:
	case BTF_KIND_TYPE_TAG:
	case BTF_KIND_FUNC:
	case BTF_KIND_VAR:
	case BTF_KIND_DECL_TAG:
		return visit(ctx, t->type);
	default:
		return 0;
	}
}

/* Everything reachable from some types: a mark a type and a stack of types to look into. */
struct reach {
	const struct btf *btf;
	unsigned char *seen;
	__u32 *stack;
	size_t nr, cap;
	__u32 watch; /* stop at a type of this name... */
	const struct use *group; /* ...one of these but the first */
	size_t group_nr;
};

static int reach_visit(void *ctx, __u32 id)
{
	struct reach *r = ctx;

	if (r->seen[id])
		return 0;
	r->seen[id] = 1;
	for (size_t i = 1; i < r->group_nr; i++)
		if (r->group[i].id == id)
			return 1;
	if (grow__array(&r->stack, &r->cap, r->nr, sizeof(*r->stack), 256))
		return -ENOMEM;
	r->stack[r->nr++] = id;
	return 0;
}

/*
 * Does the whole header give the name to the group's first type (the lowest id)? It dumps
 * the types in id order, each after what it needs: yes, unless a type before it, or one it
 * needs, leads to another of the group (everything a type refers to counts: more than the
 * dumper follows, never less). The cut dumps that first type first: the same one keeps it.
 */
static int first_keeps_name(const struct btf *btf, __u32 n, const struct use *group, size_t nr)
{
	struct reach r = { .btf = btf, .group = group, .group_nr = nr };
	int stop = 0;

	r.seen = calloc(n, 1);
	if (!r.seen)
		return -ENOMEM;
	r.seen[group[0].id] = 1;
	for (__u32 id = 1; id < group[0].id && !stop; id++)
		stop = reach_visit(&r, id);
	if (!stop)
		stop = type_refs(btf__type_by_id(btf, group[0].id), reach_visit, &r);
	while (!stop && r.nr)
		stop = type_refs(btf__type_by_id(btf, r.stack[--r.nr]), reach_visit, &r);
	free(r.seen);
	free(r.stack);
	return stop < 0 ? stop : !stop;
}

static int use_cmp(const void *a, const void *b)
{
	const struct use *x = a, *y = b;
	int c = (int)x->space - (int)y->space;

	if (!c)
		c = strcmp(x->name, y->name);
	return c ? c : (x->id > y->id) - (x->id < y->id);
}

/* Each name of the source's that several types have: the first keeps it, or no cut. */
static int pick_firsts(struct pick *p)
{
	size_t i = 0, j;
	int keeps;

	qsort(p->uses, p->nr_uses, sizeof(*p->uses), use_cmp);
	for (; i < p->nr_uses; i = j) {
		for (j = i + 1; j < p->nr_uses && p->uses[j].space == p->uses[i].space &&
				!strcmp(p->uses[j].name, p->uses[i].name);
		     j++)
			;
		if (j - i == 1 || p->uses[j - 1].id == p->uses[i].id)
			continue;
		keeps = first_keeps_name(p->btf, p->n, p->uses + i, j - i);
		if (keeps <= 0)
			return keeps < 0 ? keeps : -EDOM;
		p->mark[p->uses[i].id] |= FIRST;
	}
	return 0;
}

/* What a type needs whole where it is used by value: a struct or union, and what it embeds. */
static int need_whole(struct pick *p, __u32 id)
{
	for (;;) {
		const struct btf_type *t = btf__type_by_id(p->btf, id);

		if (!t)
			return 0;
		if (btf_is_mod(t) || btf_is_typedef(t) || btf_is_type_tag(t)) {
			id = t->type;
		} else if (btf_is_array(t)) {
			id = btf_array(t)->type;
		} else if (btf_is_composite(t)) {
			if (p->mark[id] & WHOLE)
				return 0;
			p->mark[id] |= WHOLE;
			if (grow__array(&p->pending, &p->cap_pending, p->nr_pending,
					sizeof(*p->pending), 256))
				return -ENOMEM;
			p->pending[p->nr_pending++] = id;
			return 0;
		} else {
			return 0;
		}
	}
}

/* The type under modifiers and typedefs. */
static const struct btf_type *skip_mods(const struct btf *btf, __u32 *id)
{
	const struct btf_type *t = btf__type_by_id(btf, *id);

	while (t && (btf_is_mod(t) || btf_is_typedef(t) || btf_is_type_tag(t))) {
		*id = t->type;
		t = btf__type_by_id(btf, *id);
	}
	return t;
}

/*
 * A whole struct's members: what they embed is whole too; a pointer member the source's own
 * files name leads to a struct the source may read through it (BPF_CORE_READ(t, mm, ...)).
 */
static int look_into(struct pick *p, __u32 id)
{
	const struct btf_type *t = btf__type_by_id(p->btf, id), *m;
	const struct btf_member *mem = btf_members(t);
	int err = 0;

	for (__u16 i = 0; i < btf_vlen(t) && !err; i++) {
		__u32 to = mem[i].type;

		err = need_whole(p, to);
		if (err || !(name_flags(p, mem[i].name_off) & SRCNAMES_OWN))
			continue;
		m = skip_mods(p->btf, &to);
		if (!m || !btf_is_ptr(m))
			continue;
		to = m->type;
		m = skip_mods(p->btf, &to);
		if (!m || !btf_is_composite(m) || (p->mark[to] & WHOLE))
			continue;
		if (m->name_off) /* an anonymous one is dumped whole where it is pointed to */
			p->mark[to] |= MEMBER;
		err = need_whole(p, to);
	}
	return err;
}

static int pick_whole(struct pick *p)
{
	int err = 0;

	for (__u32 id = 1; id < p->n && !err; id++)
		if (p->mark[id] & NAMED)
			err = need_whole(p, id);
	while (!err && p->nr_pending)
		err = look_into(p, p->pending[--p->nr_pending]);
	return err;
}

/* Those that keep a name several types have first, then the others in id order. */
static int cut_ids(struct pick *p, struct vmlinuxcut *cut)
{
	size_t nr = 0;

	for (__u32 id = 1; id < p->n; id++)
		nr += !!(p->mark[id] & (NAMED | MEMBER));
	cut->ids = calloc(nr ? nr : 1, sizeof(*cut->ids));
	if (!cut->ids)
		return -ENOMEM;
	for (__u32 id = 1; id < p->n; id++)
		if (p->mark[id] & FIRST)
			cut->ids[cut->nr++] = id;
	for (__u32 id = 1; id < p->n; id++) {
		if ((p->mark[id] & (NAMED | MEMBER)) && !(p->mark[id] & FIRST))
			cut->ids[cut->nr++] = id;
		cut->named += !!(p->mark[id] & NAMED);
	}
	return 0;
}

int vmlinuxcut__select(const struct btf *btf, const struct nameset *names, struct vmlinuxcut *cut)
{
	struct pick p = { .btf = btf, .names = names, .n = btf__type_cnt(btf) };
	int err;

	memset(cut, 0, sizeof(*cut));
	p.mark = calloc(p.n, 1);
	if (!p.mark)
		return -ENOMEM;
	err = pick_named(&p);
	if (!err)
		err = pick_firsts(&p);
	if (!err)
		err = pick_whole(&p);
	if (!err)
		err = cut_ids(&p, cut);
	free(p.mark);
	free(p.pending);
	free(p.uses);
	return err;
}

void vmlinuxcut__free(struct vmlinuxcut *cut)
{
	free(cut->ids);
	memset(cut, 0, sizeof(*cut));
}
