// SPDX-License-Identifier: GPL-2.0
/*
 * The BTF of the converted maps (legacy.h): one struct per map definition, its members
 * encoded as __uint() encodes them, and the ".maps" DATASEC listing one VAR per map.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <linux/bpf.h>
#include <bpf/btf.h>

#include "load/legacy-int.h"

static const char *const field_names[DEF_NR_FIELDS] = {
	"type", "key_size", "value_size", "max_entries", "map_flags", NULL, "numa_node",
};

static bool is_map_in_map(const struct legacy_map *m)
{
	uint32_t t = m->field[F_TYPE];

	return m->nr_fields > F_INNER_IDX &&
	       (t == BPF_MAP_TYPE_ARRAY_OF_MAPS || t == BPF_MAP_TYPE_HASH_OF_MAPS);
}

static bool has_numa_node(const struct legacy_map *m)
{
	return m->nr_fields > F_NUMA_NODE &&
	       (m->field[F_NUMA_NODE] || (m->field[F_MAP_FLAGS] & BPF_F_NUMA_NODE));
}

static int find_int(struct btf *btf)
{
	int id = btf__find_by_name_kind(btf, "int", BTF_KIND_INT);
	const struct btf_type *t = id > 0 ? btf__type_by_id(btf, id) : NULL;

	if (t && t->size == 4 && btf_int_bits(t) == 32 && !btf_int_offset(t) &&
	    (btf_int_encoding(t) & BTF_INT_SIGNED))
		return id;
	return btf__add_int(btf, "int", 4, BTF_INT_SIGNED);
}

/*
 * The type of a member `__uint(name, val)`: a pointer to an array of val ints.
 * An array of ints that would pass 4 GiB (the kernel refuses such BTF) is made of
 * chars instead; libbpf reads only the element count.
 */
static int uint_type(struct conv *c, uint32_t val)
{
	int i, id, elem = c->int_id;

	for (i = 0; i < c->nr_uints; i++)
		if (c->uints[i].val == val)
			return c->uints[i].id;
	if (val > UINT32_MAX / 4) {
		if (!c->char_id)
			c->char_id = btf__add_int(c->btf, "char", 1, BTF_INT_SIGNED);
		if (c->char_id < 0)
			return c->char_id;
		elem = c->char_id;
	}
	id = btf__add_array(c->btf, c->int_id, elem, val);
	if (id < 0)
		return id;
	id = btf__add_ptr(c->btf, id);
	if (id > 0 && c->nr_uints < NR_UINT_CACHE)
		c->uints[c->nr_uints++] = (struct uint_type){ val, id };
	return id;
}

/* The definition struct of m; inner_struct > 0 adds `values` (map-in-map). */
static int add_def_struct(struct conv *c, struct legacy_map *m, int inner_struct)
{
	const char *names[DEF_NR_FIELDS];
	int ids[DEF_NR_FIELDS];
	int f, i, n = 0, id;

	for (f = F_TYPE; f <= F_NUMA_NODE; f++) {
		if (f == F_INNER_IDX || (f == F_NUMA_NODE && !has_numa_node(m)))
			continue;
		id = uint_type(c, f < m->nr_fields ? m->field[f] : 0);
		if (id < 0)
			return id;
		names[n] = field_names[f];
		ids[n++] = id;
	}
	if (inner_struct > 0) {
		id = btf__add_ptr(c->btf, inner_struct);
		if (id < 0)
			return id;
		id = btf__add_array(c->btf, c->int_id, id, 0);
		if (id < 0)
			return id;
		names[n] = "values";
		ids[n++] = id;
	}
	m->new_size = n * 8;
	id = btf__add_struct(c->btf, NULL, m->new_size);
	for (i = 0; id > 0 && i < n; i++) {
		int err = btf__add_field(c->btf, names[i], ids[i], i * 64, 0);

		if (err)
			return err;
	}
	return id;
}

/* Plain maps first, so that a map-in-map can point at its inner map's struct. */
static int add_def_structs(struct conv *c)
{
	int pass, i, inner, id;

	for (pass = 0; pass < 2; pass++) {
		for (i = 0; i < c->nr_maps; i++) {
			struct legacy_map *m = &c->maps[i];
			uint32_t idx = m->field[F_INNER_IDX];

			if (is_map_in_map(m) != pass)
				continue;
			inner = 0;
			if (pass) {
				if (idx >= (uint32_t)c->nr_maps || is_map_in_map(&c->maps[idx]))
					return bad("map '%s': bad inner map index %u", m->name,
						   idx);
				inner = c->maps[idx].struct_id;
			}
			id = add_def_struct(c, m, inner);
			if (id < 0)
				return id;
			m->struct_id = id;
		}
	}
	return 0;
}

static int add_datasec(struct conv *c)
{
	int i, id, err;

	for (i = 0; i < c->nr_maps; i++) {
		struct legacy_map *m = &c->maps[i];

		m->var_id = btf__add_var(c->btf, m->name, BTF_VAR_GLOBAL_ALLOCATED, m->struct_id);
		if (m->var_id < 0)
			return m->var_id;
	}
	id = btf__add_datasec(c->btf, ".maps", c->maps_size);
	if (id < 0)
		return id;
	for (i = 0; i < c->nr_maps; i++) {
		struct legacy_map *m = &c->maps[i];

		err = btf__add_datasec_var_info(c->btf, m->var_id, m->new_off, m->new_size);
		if (err)
			return err;
	}
	return 0;
}

static struct legacy_map *map_by_name(struct conv *c, const char *name)
{
	int i;

	for (i = 0; name && i < c->nr_maps; i++)
		if (!strcmp(c->maps[i].name, name))
			return &c->maps[i];
	return NULL;
}

static int cmp_vsi(const void *a, const void *b)
{
	const struct btf_var_secinfo *x = a, *y = b;

	return x->offset < y->offset ? -1 : x->offset > y->offset;
}

/*
 * The compiler's DATASEC "maps" (objects built with -g) keeps its id and becomes
 * ".maps"; its VARs keep theirs and get the new definition structs as types.
 */
static int retarget_datasec(struct conv *c, int ds_id)
{
	int name_off = btf__add_str(c->btf, ".maps");
	struct btf_type *ds = (struct btf_type *)btf__type_by_id(c->btf, ds_id);
	struct btf_var_secinfo *vsi = btf_var_secinfos(ds);
	int i, n = btf_vlen(ds);

	if (name_off < 0)
		return name_off;
	if (n != c->nr_maps)
		return bad("DATASEC 'maps' has %d variables for %d map symbols", n, c->nr_maps);
	for (i = 0; i < n; i++) {
		struct btf_type *var = (struct btf_type *)btf__type_by_id(c->btf, vsi[i].type);
		struct legacy_map *m;

		if (!var || !btf_is_var(var))
			return bad("DATASEC 'maps' lists a non-variable");
		m = map_by_name(c, btf__name_by_offset(c->btf, var->name_off));
		if (!m || m->var_id)
			return bad("DATASEC 'maps': variable %d matches no map symbol", i);
		m->var_id = vsi[i].type;
		var->type = m->struct_id;
		btf_var(var)->linkage = BTF_VAR_GLOBAL_ALLOCATED;
		vsi[i].offset = m->new_off;
		vsi[i].size = m->new_size;
	}
	qsort(vsi, n, sizeof(*vsi), cmp_vsi);
	ds->name_off = name_off;
	ds->size = c->maps_size;
	return 0;
}

static int save_btf(struct conv *c)
{
	struct repl *r = c->btf_idx ? &c->repl[c->btf_idx] : &c->new_btf;
	const void *raw;
	__u32 size;

	raw = btf__raw_data(c->btf, &size);
	if (!raw)
		return -ENOMEM;
	r->buf = malloc(size);
	if (!r->buf)
		return -ENOMEM;
	memcpy(r->buf, raw, size);
	r->size = size;
	return 0;
}

int legacy__build_btf(struct conv *c)
{
	int i, err, ds;

	if (c->btf_idx) {
		Elf_Data *d = scn_data(c, c->btf_idx);

		if (!d || !d->d_buf)
			return bad("unreadable .BTF");
		c->btf = btf__new(d->d_buf, d->d_size);
	} else {
		c->btf = btf__new_empty();
	}
	if (!c->btf)
		return bad(".BTF: %s", strerror(errno));
	c->int_id = find_int(c->btf);
	if (c->int_id < 0)
		return c->int_id;
	err = add_def_structs(c);
	if (err)
		return err;
	for (i = 0; i < c->nr_maps; i++) {
		c->maps[i].new_off = c->maps_size;
		c->maps_size += c->maps[i].new_size;
	}
	ds = btf__find_by_name_kind(c->btf, "maps", BTF_KIND_DATASEC);
	err = ds > 0 ? retarget_datasec(c, ds) : add_datasec(c);
	return err ? err : save_btf(c);
}
