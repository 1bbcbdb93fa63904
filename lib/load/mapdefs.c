// SPDX-License-Identifier: GPL-2.0
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <gelf.h>
#include <libelf.h>
#include <linux/bpf.h>
#include <bpf/btf.h>

#include "load/mapdefs.h"
#include "util/log.h"

/* The .BTF section's bytes inside buf, NULL when the object has none. */
static uint8_t *btf_section(void *buf, size_t size, size_t *len)
{
	Elf *elf;
	Elf_Scn *scn = NULL;
	size_t shstrndx;
	uint8_t *found = NULL;

	elf_version(EV_CURRENT);
	elf = elf_memory(buf, size);
	if (!elf || elf_getshdrstrndx(elf, &shstrndx)) {
		elf_end(elf);
		return NULL;
	}
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		const char *name;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type == SHT_NOBITS)
			continue;
		name = elf_strptr(elf, shstrndx, sh.sh_name);
		if (name && !strcmp(name, ".BTF") && sh.sh_offset <= size &&
		    sh.sh_size <= size - sh.sh_offset) {
			found = (uint8_t *)buf + sh.sh_offset;
			*len = sh.sh_size;
			break;
		}
	}
	elf_end(elf);
	return found;
}

/* A definition member's number, as __uint(name, N) encodes it: a pointer to int[N]. */
static bool member_uint(const struct btf *btf, const struct btf_member *m, uint32_t *v)
{
	const struct btf_type *t = btf__type_by_id(btf, m->type);

	t = t && btf_is_ptr(t) ? btf__type_by_id(btf, t->type) : NULL;
	if (!t || !btf_is_array(t))
		return false;
	*v = btf_array(t)->nelems;
	return true;
}

static const struct btf_member *member(const struct btf *btf, const struct btf_type *def,
				       const char *name)
{
	const struct btf_member *m = btf_members(def);

	for (uint16_t i = 0; i < btf_vlen(def); i++)
		if (!strcmp(btf__name_by_offset(btf, m[i].name_off), name))
			return &m[i];
	return NULL;
}

/*
 * The value_size member of map definition def, when it and a `value` member both give the
 * value's size, differently, in an output map; else NULL.
 */
static const struct btf_member *conflicting_size(const struct btf *btf, const struct btf_type *def,
						 const struct btf_member **value)
{
	const struct btf_member *type = member(btf, def, "type"), *vsize;
	const struct btf_type *vt;
	uint32_t map_type, n;
	int64_t sz;

	*value = member(btf, def, "value");
	vsize = member(btf, def, "value_size");
	if (!type || !*value || !vsize || !member_uint(btf, type, &map_type) ||
	    (map_type != BPF_MAP_TYPE_PERF_EVENT_ARRAY && map_type != BPF_MAP_TYPE_RINGBUF) ||
	    !member_uint(btf, vsize, &n))
		return NULL;
	vt = btf__type_by_id(btf, (*value)->type);
	sz = vt && btf_is_ptr(vt) ? btf__resolve_size(btf, vt->type) : -1;
	return sz >= 0 && sz != n ? vsize : NULL;
}

/*
 * Make member m of the BTF in raw (len bytes; btf parsed from a copy of it) a copy of to;
 * false when m is not found there.
 */
static bool copy_member(const struct btf *btf, uint8_t *raw, size_t len, const struct btf_member *m,
			const struct btf_member *to)
{
	uint32_t size;
	const uint8_t *copy = btf__raw_data(btf, &size);
	size_t off = (const uint8_t *)m - copy;

	if (!copy || size != len || (const uint8_t *)m < copy || off > len - sizeof(*m) ||
	    memcmp(raw + off, m, sizeof(*m)))
		return false;
	memcpy(raw + off, to, sizeof(*to));
	return true;
}

int mapdefs__fix_btf(void *raw, size_t len, const char *path)
{
	struct btf *btf = btf__new(raw, len);
	int maps = btf ? btf__find_by_name_kind(btf, ".maps", BTF_KIND_DATASEC) : -1, nr = 0;
	const struct btf_type *sec = maps > 0 ? btf__type_by_id(btf, maps) : NULL;

	for (uint16_t i = 0; sec && i < btf_vlen(sec); i++) {
		const struct btf_type *var = btf__type_by_id(btf, btf_var_secinfos(sec)[i].type);
		const struct btf_type *def = var ? btf__type_by_id(btf, var->type) : NULL;
		const struct btf_member *value, *vsize;

		if (!def || !btf_is_struct(def))
			continue;
		vsize = conflicting_size(btf, def, &value);
		if (!vsize || !copy_member(btf, raw, len, vsize, value))
			continue;
		pr_debug("map '%s' of '%s': value_size left to perf-bpf: its __type(value, ...) "
			 "is the type of its records",
			 btf__name_by_offset(btf, var->name_off), path);
		nr++;
	}
	btf__free(btf);
	return nr;
}

void mapdefs__fix_channels(void *buf, size_t size, const char *path)
{
	size_t len = 0;
	uint8_t *raw = btf_section(buf, size, &len);

	if (raw)
		mapdefs__fix_btf(raw, len, path);
}
