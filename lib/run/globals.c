// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "util/errmsg.h"
#include "util/log.h"
#include "util/similar.h"
#include "run/globals.h"

#define NR_GUESSES 3

/* A data section's variable: where it is in the map's initial value. */
struct global_var {
	struct bpf_map *map;
	const struct btf_type *type; /* the variable's type, typedefs resolved */
	uint32_t offset, size;
};

static bool data_map(const struct bpf_map *map)
{
	const char *name = bpf_map__name(map), *dot = strrchr(name, '.');

	return bpf_map__is_internal(map) && dot &&
	       (!strcmp(dot, ".rodata") || !strcmp(dot, ".data") || !strcmp(dot, ".bss"));
}

/* Calls fn on each variable of obj's data sections until it returns non-zero. */
static int for_each_var(struct bpf_object *obj,
			int (*fn)(const char *name, const struct global_var *v, void *ctx),
			void *ctx)
{
	const struct btf *btf = bpf_object__btf(obj);
	struct bpf_map *map;

	if (!btf)
		return 0;
	bpf_object__for_each_map(map, obj) {
		const struct btf_type *sec;
		const struct btf_var_secinfo *vi;
		int id;

		if (!data_map(map))
			continue;
		id = btf__find_by_name_kind(btf, strrchr(bpf_map__name(map), '.'),
					    BTF_KIND_DATASEC);
		sec = id > 0 ? btf__type_by_id(btf, id) : NULL;
		if (!sec)
			continue;
		vi = btf_var_secinfos(sec);
		for (int i = 0; i < btf_vlen(sec); i++, vi++) {
			const struct btf_type *var = btf__type_by_id(btf, vi->type);
			struct global_var v = { map, NULL, vi->offset, vi->size };
			int err;

			if (!var || !btf_is_var(var))
				continue;
			v.type = btf__type_by_id(btf, btf__resolve_type(btf, var->type));
			err = fn(btf__name_by_offset(btf, var->name_off), &v, ctx);
			if (err)
				return err;
		}
	}
	return 0;
}

struct set_ctx {
	const char *name;
	uint64_t value;
};

static int write_var(const struct global_var *v, uint64_t value)
{
	size_t size;
	const char *data = bpf_map__initial_value(v->map, &size);
	char *copy;
	int err;
	union {
		uint8_t u8;
		uint16_t u16;
		uint32_t u32;
		uint64_t u64;
	} u;

	if (!v->type || !(btf_is_int(v->type) || btf_is_any_enum(v->type)))
		return -EINVAL;
	if (!data || v->offset + (size_t)v->size > size)
		return -EINVAL;
	switch (v->size) {
	case 1:
		u.u8 = value;
		break;
	case 2:
		u.u16 = value;
		break;
	case 4:
		u.u32 = value;
		break;
	case 8:
		u.u64 = value;
		break;
	default:
		return -EINVAL;
	}
	/* libbpf's copy is written through its own setter */
	copy = malloc(size);
	if (!copy)
		return -ENOMEM;
	memcpy(copy, data, size);
	memcpy(copy + v->offset, &u, v->size);
	err = bpf_map__set_initial_value(v->map, copy, size);
	free(copy);
	return err ? err : 1;
}

static int set_one(const char *name, const struct global_var *v, void *ctx)
{
	struct set_ctx *c = ctx;

	return strcmp(name, c->name) ? 0 : write_var(v, c->value);
}

int globals__set(struct bpf_object *obj, const char *name, uint64_t value)
{
	struct set_ctx c = { name, value };
	int err = for_each_var(obj, set_one, &c);

	return err == 1 ? 0 : err ? err : -ENOENT;
}

struct names_ctx {
	const char **v;
	size_t nr;
};

static int add_name(const char *name, const struct global_var *v, void *ctx)
{
	struct names_ctx *c = ctx;
	const char **n = reallocarray(c->v, c->nr + 1, sizeof(*n));

	(void)v;
	if (!n)
		return -ENOMEM;
	c->v = n;
	c->v[c->nr++] = name;
	return 0;
}

/* No such global: the object's own, the closest first. */
static int no_such_global(struct bpf_object *obj, const struct evparse_event *pe,
			  const struct evparse_global_term *g)
{
	struct names_ctx c = { 0 };
	const char *best[NR_GUESSES];
	char help[1024];
	size_t nr, len = 0;

	for_each_var(obj, add_name, &c);
	nr = similar__closest(g->name, c.v, c.nr, best, NR_GUESSES);
	len = snprintf(help, sizeof(help),
		       "Hint:\t%s%s%sthe globals of '%s':", nr ? "did you mean '" : "",
		       nr ? best[0] : "", nr ? "'? " : "", pe->path);
	for (size_t i = 0; i < c.nr && len < sizeof(help); i++)
		len += snprintf(help + len, sizeof(help) - len, " '%s'", c.v[i]);
	if (!c.nr && len < sizeof(help))
		snprintf(help + len, sizeof(help) - len, " none");
	evparse__error_at(pe, g->col_name, "Global variable not found", help);
	free(c.v);
	return errmsg__shown(-ENOENT);
}

static bool term_sets(const struct evparse_event *pe, const char *name)
{
	for (size_t i = 0; i < pe->nr_globals; i++)
		if (!strcmp(pe->globals[i].name, name))
			return true;
	return false;
}

/* The target's id into a libbpf-tools name, unless the user's terms set it. */
static void set_target(struct bpf_object *obj, const struct evparse_event *pe, const char *name,
		       pid_t id)
{
	if (id <= 0 || term_sets(pe, name))
		return;
	if (!globals__set(obj, name, (uint64_t)id))
		pr_debug("'%s': %s=%d, the target's (global:%s=N sets another)", pe->path, name,
			 (int)id, name);
}

int globals__apply(struct bpf_object *obj, const struct evparse_event *pe,
		   const struct globals_target *t)
{
	for (size_t i = 0; i < pe->nr_globals; i++) {
		const struct evparse_global_term *g = &pe->globals[i];
		int err = globals__set(obj, g->name, g->value);

		if (err == -ENOENT)
			return no_such_global(obj, pe, g);
		if (err) {
			evparse__error_at(pe, g->col_name, "Global variable is not an integer",
					  NULL);
			return errmsg__shown(err);
		}
	}
	set_target(obj, pe, "targ_tgid", t->tgid);
	set_target(obj, pe, "targ_pid", t->tid);
	return 0;
}
