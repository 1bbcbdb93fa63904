// SPDX-License-Identifier: GPL-2.0
/*
 * Legacy "maps" section to BTF-defined ".maps" (see legacy.h): the input's sections, its
 * map symbols and their definitions, and the steps of the conversion in order.
 *
 * The input is read with elf_memory() from a private copy.  Every section keeps its
 * index; changed sections get replacement contents, and a missing .BTF is appended as
 * the last section (legacy-write.c).
 */
#include <errno.h>
#include <stdarg.h>
#include <gelf.h>
#include <libelf.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <bpf/btf.h>

#include "load/legacy.h"
#include "load/legacy-int.h"
#include "util/errmsg.h"
#include "util/log.h"

/* The reason of a failure: kept for the ERROR line, and said at debug level. */
static __thread char why[160];

int legacy__fail(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	pr_debug("legacy maps: %s", why);
	return -EINVAL;
}

#define DEF_MIN_SIZE 16

static int check_special_scn(struct conv *c, size_t idx, const char *name, GElf_Shdr *sh)
{
	if (sh->sh_type == SHT_SYMTAB) {
		if (c->symtab_idx)
			return bad("two symbol tables");
		c->symtab_idx = idx;
		c->strtab_idx = sh->sh_link;
	} else if (!strcmp(name, "maps")) {
		if (c->maps_idx)
			return bad("two 'maps' sections");
		if (sh->sh_type != SHT_PROGBITS || (sh->sh_flags & SHF_EXECINSTR))
			return bad("section 'maps' does not hold data");
		c->maps_idx = idx;
	} else if (!strcmp(name, ".BTF")) {
		if (c->btf_idx || sh->sh_type != SHT_PROGBITS)
			return bad("unusable .BTF section");
		c->btf_idx = idx;
	}
	return 0;
}

static int scan_sections(struct conv *c)
{
	Elf_Scn *scn = NULL;
	bool btf_maps = false;
	const char *name;
	GElf_Shdr sh;
	int err;

	if (elf_getshdrnum(c->elf, &c->nr_scns) || elf_getshdrstrndx(c->elf, &c->shstrndx))
		return bad("no section headers: %s", elf_errmsg(-1));
	if (c->nr_scns >= SHN_LORESERVE || !c->shstrndx || c->shstrndx >= c->nr_scns)
		return bad("%zu sections, names in section %zu", c->nr_scns, c->shstrndx);
	while ((scn = elf_nextscn(c->elf, scn))) {
		size_t idx = elf_ndxscn(scn);

		if (!gelf_getshdr(scn, &sh))
			return bad("section %zu: %s", idx, elf_errmsg(-1));
		name = elf_strptr(c->elf, c->shstrndx, sh.sh_name);
		if (!name)
			return bad("section %zu has no name", idx);
		if (!strcmp(name, ".maps"))
			btf_maps = true;
		err = check_special_scn(c, idx, name, &sh);
		if (err)
			return err;
	}
	if (!c->maps_idx)
		return 0;
	if (btf_maps) {
		pr_debug("legacy maps: both 'maps' and '.maps' sections: not supported");
		return -ENOTSUP;
	}
	if (!c->symtab_idx)
		return bad("no symbol table");
	return 0;
}

static bool is_map_sym(const struct conv *c, const Elf64_Sym *s)
{
	return s->st_shndx == c->maps_idx && ELF64_ST_TYPE(s->st_info) != STT_SECTION;
}

static int cmp_old_off(const void *a, const void *b)
{
	const struct legacy_map *x = a, *y = b;

	return x->old_off < y->old_off ? -1 : x->old_off > y->old_off;
}

static int read_def(struct conv *c, struct legacy_map *m)
{
	const unsigned char *p = (const unsigned char *)c->maps_data->d_buf + m->old_off;
	size_t i;

	m->nr_fields = c->def_size / 4 < DEF_NR_FIELDS ? c->def_size / 4 : DEF_NR_FIELDS;
	for (i = 0; i < (size_t)m->nr_fields; i++)
		m->field[i] = read32(c, p + 4 * i);
	for (i = 4 * DEF_NR_FIELDS; i < c->def_size; i++)
		if (p[i])
			return bad("map '%s': non-zero bytes past numa_node", m->name);
	return 0;
}

static int read_defs(struct conv *c)
{
	size_t size = c->maps_data->d_size;
	int i, err;

	if (size % c->nr_maps)
		return bad("section size %zu is not a multiple of %d map symbols", size,
			   c->nr_maps);
	c->def_size = size / c->nr_maps;
	if (c->def_size < DEF_MIN_SIZE || c->def_size % 4)
		return bad("map definitions of %zu bytes", c->def_size);
	for (i = 0; i < c->nr_maps; i++) {
		struct legacy_map *m = &c->maps[i];

		if (m->old_off % c->def_size || m->old_off > size - c->def_size)
			return bad("map '%s' at offset %llu is outside the definitions", m->name,
				   (unsigned long long)m->old_off);
		if (i && m->old_off == c->maps[i - 1].old_off)
			return bad("maps '%s' and '%s' share a definition", c->maps[i - 1].name,
				   m->name);
		err = read_def(c, m);
		if (err)
			return err;
	}
	return 0;
}

static int collect_maps(struct conv *c)
{
	Elf_Data *d = scn_data(c, c->symtab_idx);
	size_t i, n = 0;

	if (!d || !d->d_buf || d->d_type != ELF_T_SYM)
		return bad("unreadable symbol table");
	c->syms = legacy__repl_copy(c, c->symtab_idx);
	if (!c->syms)
		return -ENOMEM;
	c->nr_syms = d->d_size / sizeof(Elf64_Sym);
	c->maps_data = scn_data(c, c->maps_idx);
	if (!c->maps_data || !c->maps_data->d_buf)
		return bad("unreadable 'maps' section");
	for (i = 1; i < c->nr_syms; i++)
		n += is_map_sym(c, &c->syms[i]);
	if (!n)
		return bad("no map symbols in section 'maps'");
	c->maps = calloc(n, sizeof(*c->maps));
	if (!c->maps)
		return -ENOMEM;
	for (i = 1; i < c->nr_syms; i++) {
		struct legacy_map *m;

		if (!is_map_sym(c, &c->syms[i]))
			continue;
		m = &c->maps[c->nr_maps++];
		m->sym = i;
		m->old_off = c->syms[i].st_value;
		m->name = elf_strptr(c->elf, c->strtab_idx, c->syms[i].st_name);
		if (!m->name || !m->name[0])
			return bad("map symbol %zu has no name", i);
	}
	qsort(c->maps, c->nr_maps, sizeof(*c->maps), cmp_old_off);
	return read_defs(c);
}

static int convert(struct conv *c, void **out, size_t *out_size)
{
	int err;

	err = scan_sections(c);
	if (err || !c->maps_idx)
		return err;
	c->repl = calloc(c->nr_scns, sizeof(*c->repl));
	if (!c->repl)
		return -ENOMEM;
	err = collect_maps(c);
	if (!err)
		err = legacy__build_btf(c);
	if (!err)
		err = legacy__fix_relocs(c);
	if (err)
		return err;
	legacy__move_symbols(c);
	err = legacy__new_section_names(c);
	return err ? err : legacy__write_elf(c, out, out_size);
}

static int convert_object(const void *obj, size_t size, void **out, size_t *out_size)
{
	struct conv c = { 0 };
	void *image;
	size_t i;
	int err;

	why[0] = 0;
	*out = NULL;
	*out_size = 0;
	if (!obj || !size || elf_version(EV_CURRENT) == EV_NONE)
		return bad("no ELF input");
	image = malloc(size);
	if (!image)
		return -ENOMEM;
	memcpy(image, obj, size);
	c.elf = elf_memory(image, size);
	if (!c.elf || elf_kind(c.elf) != ELF_K_ELF || gelf_getclass(c.elf) != ELFCLASS64) {
		err = bad("not a 64-bit ELF object");
	} else {
		c.msb = elf_getident(c.elf, NULL)[EI_DATA] == ELFDATA2MSB;
		err = convert(&c, out, out_size);
	}
	for (i = 0; c.repl && i < c.nr_scns; i++)
		free(c.repl[i].buf);
	free(c.repl);
	free(c.new_btf.buf);
	free(c.maps);
	btf__free(c.btf);
	elf_end(c.elf);
	free(image);
	return err;
}

/* The ERROR line of an object refused, and a Hint when the reason is not in it. */
static int refused(const char *path, int err)
{
	if (err == -ENOTSUP)
		errmsg__set(err, "BPF object '%s' has both a legacy 'maps' and a '.maps' section",
			    path);
	else if (err == -EINVAL && why[0])
		errmsg__set(err, "'%s' is not a valid BPF object: legacy maps: %s", path, why);
	else
		errmsg__set(err, "'%s' is not a valid BPF object: %s", path, strerror(-err));
	if (err != -EINVAL || !why[0])
		errmsg__hint("-v says what is wrong with it");
	return err;
}

int legacy__convert(const char *path, const void *obj, size_t size, void **out, size_t *out_size)
{
	int err = convert_object(obj, size, out, out_size);

	return err ? refused(path, err) : 0;
}
