/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The legacy-map converter's internals (legacy.h), shared by its parts: legacy.c reads the
 * input object and its map definitions, legacy-btf.c builds their BTF, legacy-write.c
 * rewrites the sections and writes the output object.
 */
#ifndef PERF_BPF_LEGACY_INT_H
#define PERF_BPF_LEGACY_INT_H

#include <endian.h>
#include <gelf.h>
#include <libelf.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <bpf/btf.h>

#define DEF_NR_FIELDS 7
#define NR_UINT_CACHE 64

enum def_field {
	F_TYPE,
	F_KEY_SIZE,
	F_VALUE_SIZE,
	F_MAX_ENTRIES,
	F_MAP_FLAGS,
	F_INNER_IDX,
	F_NUMA_NODE,
};

struct legacy_map {
	const char *name; /* in the input's string table */
	size_t sym;
	uint64_t old_off;
	uint32_t field[DEF_NR_FIELDS];
	int nr_fields;
	uint32_t new_off;
	uint32_t new_size;
	int struct_id;
	int var_id;
};

/* New contents for a section, owned here. */
struct repl {
	void *buf;
	size_t size;
};

struct uint_type {
	uint32_t val;
	int id;
};

struct conv {
	Elf *elf;
	bool msb;
	size_t nr_scns;
	size_t shstrndx;
	size_t maps_idx;
	size_t symtab_idx;
	size_t strtab_idx;
	size_t btf_idx; /* 0: the object has no .BTF */
	Elf_Data *maps_data;
	Elf64_Sym *syms; /* == repl[symtab_idx].buf */
	size_t nr_syms;
	struct legacy_map *maps;
	int nr_maps;
	size_t def_size;
	uint32_t maps_size;
	struct btf *btf;
	int int_id;
	int char_id;
	struct uint_type uints[NR_UINT_CACHE];
	int nr_uints;
	struct repl *repl; /* one per section index */
	struct repl new_btf;
	uint32_t maps_name; /* offsets in the new section name table */
	uint32_t btf_name;
};

static inline uint32_t read32(const struct conv *c, const void *p)
{
	uint32_t v;

	memcpy(&v, p, sizeof(v));
	return c->msb ? be32toh(v) : le32toh(v);
}

static inline Elf_Data *scn_data(struct conv *c, size_t idx)
{
	Elf_Scn *scn = elf_getscn(c->elf, idx);

	return scn ? elf_getdata(scn, NULL) : NULL;
}

/*
 * legacy-btf.c: the definition structs and the DATASEC into the object's .BTF (or a new one),
 * at the maps' new offsets; the result in repl (or new_btf). 0 or -errno.
 */
int legacy__build_btf(struct conv *c);

/*
 * legacy-write.c. A copy of section idx's data that becomes its contents in the output, made
 * once; NULL when it cannot be read or copied.
 */
void *legacy__repl_copy(struct conv *c, size_t idx);
/* Point the relocations that reached a map through the "maps" section symbol at the map's own. */
int legacy__fix_relocs(struct conv *c);
/* Each map symbol to its .maps slot, global, object, default visibility. */
void legacy__move_symbols(struct conv *c);
/* The section name table with ".maps" and ".BTF" added, and the zeroed .maps contents. */
int legacy__new_section_names(struct conv *c);
/* The output ELF, malloc'ed in *out. 0 or -errno. */
int legacy__write_elf(struct conv *c, void **out, size_t *out_size);

/* Keep why the input is refused for the ERROR line, say it at debug level; returns -EINVAL. */
int legacy__fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
#define bad(...) legacy__fail(__VA_ARGS__)

#endif
