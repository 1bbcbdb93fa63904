// SPDX-License-Identifier: GPL-2.0
/*
 * The ELF checks of a BPF object (see objcheck.h). Only 64-bit objects of the host's byte
 * order are looked at; anything else is left to libbpf, which refuses it.
 */
#include <elf.h>
#include <endian.h>
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "load/btfcheck.h"
#include "load/btfext.h"
#include "load/objcheck.h"
#include "util/bytes.h"
#include "util/errmsg.h"

struct obj {
	const uint8_t *buf;
	size_t size;
	const char *path;
	Elf64_Shdr *sh; /* copies, aligned */
	size_t nr;
};

struct range {
	uint64_t off, size;
	size_t idx;
};

#define bad(o, fmt, ...) \
	errmsg__set(-EINVAL, "'%s' is not a valid BPF object: " fmt, (o)->path, ##__VA_ARGS__)

static int cmp_range(const void *a, const void *b)
{
	const struct range *x = a, *y = b;

	return x->off < y->off ? -1 : x->off > y->off;
}

/* Whether section s has bytes in the file (check_layout checked those of such sections). */
static bool has_bytes(const Elf64_Shdr *s)
{
	return s->sh_type != SHT_NOBITS && s->sh_type != SHT_NULL;
}

/* Section i's bytes (checked to be in the file by then). */
static const uint8_t *data(const struct obj *o, size_t i)
{
	return o->buf + o->sh[i].sh_offset;
}

/* The NUL-terminated string at off of string table section i, or NULL. */
static const char *str(const struct obj *o, size_t i, uint64_t off)
{
	const Elf64_Shdr *s = &o->sh[i];

	if (s->sh_type != SHT_STRTAB || off >= s->sh_size ||
	    !memchr(data(o, i) + off, 0, s->sh_size - off))
		return NULL;
	return (const char *)data(o, i) + off;
}

/* Sections inside the file, apart from each other and from the headers. */
static int check_layout(struct obj *o, uint64_t shoff)
{
	struct range *v = malloc((o->nr + 2) * sizeof(*v));
	size_t n = 0;
	int err = 0;

	if (!v)
		return -ENOMEM;
	v[n++] = (struct range){ 0, sizeof(Elf64_Ehdr), 0 };
	v[n++] = (struct range){ shoff, o->nr * sizeof(Elf64_Shdr), 0 };
	for (size_t i = 1; i < o->nr && !err; i++) {
		const Elf64_Shdr *s = &o->sh[i];

		if (!has_bytes(s))
			continue;
		if (!bytes__inside(s->sh_offset, s->sh_size, 0, o->size))
			err = bad(o, "section %zu ([%#llx, +%#llx)) runs past the end of the file",
				  i, (unsigned long long)s->sh_offset,
				  (unsigned long long)s->sh_size);
		else if (s->sh_size)
			v[n++] = (struct range){ s->sh_offset, s->sh_size, i };
	}
	if (!err)
		qsort(v, n, sizeof(*v), cmp_range);
	for (size_t i = 1; i < n && !err; i++) {
		if (v[i].off - v[i - 1].off >= v[i - 1].size)
			continue;
		if (!v[i - 1].idx || !v[i].idx)
			err = bad(o, "section %zu overlaps the ELF headers",
				  v[i - 1].idx ? v[i - 1].idx : v[i].idx);
		else
			err = bad(o, "sections %zu and %zu overlap",
				  v[i - 1].idx < v[i].idx ? v[i - 1].idx : v[i].idx,
				  v[i - 1].idx < v[i].idx ? v[i].idx : v[i - 1].idx);
	}
	free(v);
	return err;
}

/* A symbol table's entries name strings of its string table and existing sections. */
static int check_symtab(const struct obj *o, size_t i)
{
	const Elf64_Shdr *s = &o->sh[i];
	Elf64_Sym sym;

	if (s->sh_entsize != sizeof(sym) || s->sh_size % sizeof(sym))
		return bad(o, "symbol table %zu holds %llu bytes of %llu-byte entries", i,
			   (unsigned long long)s->sh_size, (unsigned long long)s->sh_entsize);
	if (s->sh_link >= o->nr || o->sh[s->sh_link].sh_type != SHT_STRTAB)
		return bad(o, "symbol table %zu has no string table", i);
	for (uint64_t k = 1; k < s->sh_size / sizeof(sym); k++) {
		memcpy(&sym, data(o, i) + k * sizeof(sym), sizeof(sym));
		if (sym.st_name && !str(o, s->sh_link, sym.st_name))
			return bad(o, "symbol %llu has no name", (unsigned long long)k);
		if (sym.st_shndx >= o->nr && sym.st_shndx < SHN_LORESERVE)
			return bad(o, "symbol %llu is in section %u, which does not exist",
				   (unsigned long long)k, sym.st_shndx);
	}
	return 0;
}

/* A relocation section: whole entries, existing symbols, offsets inside the target. */
static int check_rel(const struct obj *o, size_t i)
{
	const Elf64_Shdr *s = &o->sh[i], *t, *symtab;
	uint64_t nr_syms;
	Elf64_Rel rel;

	if (s->sh_entsize != sizeof(rel) || s->sh_size % sizeof(rel))
		return bad(o, "relocation section %zu holds %llu bytes of %llu-byte entries", i,
			   (unsigned long long)s->sh_size, (unsigned long long)s->sh_entsize);
	if (s->sh_link >= o->nr || o->sh[s->sh_link].sh_type != SHT_SYMTAB)
		return bad(o, "relocation section %zu has no symbol table", i);
	if (!s->sh_info || s->sh_info >= o->nr)
		return bad(o, "relocation section %zu applies to section %u, which does not exist",
			   i, s->sh_info);
	symtab = &o->sh[s->sh_link];
	t = &o->sh[s->sh_info];
	nr_syms = symtab->sh_size / sizeof(Elf64_Sym);
	for (uint64_t k = 0; k < s->sh_size / sizeof(rel); k++) {
		bool code = t->sh_flags & SHF_EXECINSTR;

		memcpy(&rel, data(o, i) + k * sizeof(rel), sizeof(rel));
		if (ELF64_R_SYM(rel.r_info) >= nr_syms)
			return bad(o, "relocation %llu of section %zu names symbol %llu of %llu",
				   (unsigned long long)k, i,
				   (unsigned long long)ELF64_R_SYM(rel.r_info),
				   (unsigned long long)nr_syms);
		/* an instruction is 8 bytes (16 for a 64-bit load: libbpf checks the pair) */
		if (!bytes__inside(rel.r_offset, code ? 8 : 1, 0, t->sh_size) ||
		    (code && rel.r_offset % 8))
			return bad(o,
				   "relocation %llu of section %zu is at %#llx, outside section %u",
				   (unsigned long long)k, i, (unsigned long long)rel.r_offset,
				   s->sh_info);
	}
	return 0;
}

/* The BTF, which libbpf reads first and trusts. */
static int check_btf(const struct obj *o, size_t i, struct btfcheck_info *info)
{
	char why[160];
	int err;

	if (!has_bytes(&o->sh[i]))
		return bad(o, "its BTF section holds no bytes");
	err = btfcheck__validate(data(o, i), o->sh[i].sh_size, info, why, sizeof(why));
	return err == -EINVAL ? bad(o, "its BTF: %s", why) : err;
}

struct named {
	const struct obj *o;
	size_t shstrndx;
};

static int64_t size_of(const char *name, void *ctx)
{
	const struct named *n = ctx;

	for (size_t i = 1; i < n->o->nr; i++) {
		const char *s = str(n->o, n->shstrndx, n->o->sh[i].sh_name);

		if (s && !strcmp(s, name))
			return (int64_t)n->o->sh[i].sh_size;
	}
	return -1;
}

/* Its .BTF.ext, which libbpf reads with the BTF (it ignores one without a BTF). */
static int check_btf_ext(const struct obj *o, size_t i, const struct btfcheck_info *info,
			 size_t shstrndx)
{
	struct named n = { o, shstrndx };
	struct btfext_sections secs = { size_of, &n };
	char why[160];
	int err;

	if (!has_bytes(&o->sh[i]))
		return bad(o, "its BTF.ext section holds no bytes");
	err = btfext__validate(data(o, i), o->sh[i].sh_size, info, &secs, why, sizeof(why));
	return err == -EINVAL ? bad(o, "its BTF.ext: %s", why) : err;
}

static int check_sections(const struct obj *o, size_t shstrndx)
{
	struct btfcheck_info info;
	size_t btf = 0, ext = 0;

	for (size_t i = 1; i < o->nr; i++) {
		const Elf64_Shdr *s = &o->sh[i];
		const char *name = str(o, shstrndx, s->sh_name);
		int err = 0;

		if (!name)
			return bad(o, "section %zu has no name", i);
		if (s->sh_type == SHT_SYMTAB)
			err = check_symtab(o, i);
		else if (s->sh_type == SHT_REL)
			err = check_rel(o, i);
		else if (!strcmp(name, "license") &&
			 (!has_bytes(s) || !s->sh_size || !memchr(data(o, i), 0, s->sh_size)))
			return bad(o, "its license is not a NUL-terminated string");
		else if (!strcmp(name, ".BTF")) /* libbpf takes the last */
			err = check_btf(o, btf = i, &info);
		else if (!strcmp(name, ".BTF.ext"))
			ext = i;
		if (err)
			return err;
	}
	return btf && ext ? check_btf_ext(o, ext, &info, shstrndx) : 0;
}

int objcheck__validate(const void *buf, size_t size, const char *path)
{
	struct obj o = { .buf = buf, .size = size, .path = path };
	Elf64_Ehdr eh;
	Elf64_Shdr sh0;
	size_t shstrndx;
	int err;

	if (size < sizeof(eh) || memcmp(buf, ELFMAG, SELFMAG))
		return bad(&o, "no ELF header");
	memcpy(&eh, buf, sizeof(eh));
	if (eh.e_ident[EI_CLASS] != ELFCLASS64 ||
	    eh.e_ident[EI_DATA] != (__BYTE_ORDER == __LITTLE_ENDIAN ? ELFDATA2LSB : ELFDATA2MSB))
		return 0; /* libbpf says what it thinks of it */
	if (eh.e_shentsize != sizeof(Elf64_Shdr) || !eh.e_shoff ||
	    !bytes__inside(eh.e_shoff, sizeof(sh0), 0, size))
		return bad(&o, "its section headers are not in the file");
	memcpy(&sh0, o.buf + eh.e_shoff, sizeof(sh0));
	o.nr = eh.e_shnum ?: sh0.sh_size; /* extended numbering: the count is in section 0 */
	shstrndx = eh.e_shstrndx == SHN_XINDEX ? sh0.sh_link : eh.e_shstrndx;
	if (!o.nr || o.nr > (size - eh.e_shoff) / sizeof(Elf64_Shdr))
		return bad(&o, "its %zu section headers do not fit in the file", o.nr);
	if (!shstrndx || shstrndx >= o.nr)
		return bad(&o, "its section name table %zu does not exist", shstrndx);
	o.sh = malloc(o.nr * sizeof(*o.sh));
	if (!o.sh)
		return -ENOMEM;
	memcpy(o.sh, o.buf + eh.e_shoff, o.nr * sizeof(*o.sh));
	err = check_layout(&o, eh.e_shoff);
	err = err ?: check_sections(&o, shstrndx);
	free(o.sh);
	return err;
}
