// SPDX-License-Identifier: GPL-2.0
/*
 * The converted object (legacy.h): new contents for the sections that change (relocations
 * pointed at the maps' own symbols, the symbols moved to their .maps slots, the section
 * names with ".maps" and ".BTF"), and the output ELF.  libelf writes an ELF only through a
 * file descriptor, so the result is laid out by elf_update() into a memfd (memory, no file
 * system, nothing left behind) and read back into a malloc'ed buffer.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "load/legacy-int.h"

#define MAPS_SEC_ALIGN 8
#define BTF_SEC_ALIGN 4
#define MAX_SEC_ALIGN 4096

/* A copy of section idx's data that becomes its contents in the output. */
void *legacy__repl_copy(struct conv *c, size_t idx)
{
	Elf_Data *d;
	void *buf;

	if (c->repl[idx].buf)
		return c->repl[idx].buf;
	d = scn_data(c, idx);
	if (!d || !d->d_buf)
		return NULL;
	buf = malloc(d->d_size ? d->d_size : 1);
	if (!buf)
		return NULL;
	memcpy(buf, d->d_buf, d->d_size);
	c->repl[idx].buf = buf;
	c->repl[idx].size = d->d_size;
	return buf;
}

/* Relocation r of section rel_idx points at the section symbol of "maps". */
static int retarget_rel(struct conv *c, size_t rel_idx, size_t tgt, size_t r)
{
	Elf64_Rel *rel = legacy__repl_copy(c, rel_idx);
	unsigned char *insns = legacy__repl_copy(c, tgt);
	uint64_t off;
	uint32_t imm;
	int i;

	if (!rel || !insns)
		return bad("section %zu: unreadable relocations or target", rel_idx);
	off = rel[r].r_offset;
	if (c->repl[tgt].size < 8 || off > c->repl[tgt].size - 8)
		return bad("section %zu: relocation %zu is outside its target", rel_idx, r);
	imm = read32(c, insns + off + 4);
	for (i = 0; i < c->nr_maps; i++)
		if (c->maps[i].old_off == imm)
			break;
	if (i == c->nr_maps)
		return bad("section %zu: relocation %zu: no map at 'maps' + %u", rel_idx, r, imm);
	rel[r].r_info = ELF64_R_INFO(c->maps[i].sym, ELF64_R_TYPE(rel[r].r_info));
	memset(insns + off + 4, 0, 4);
	return 0;
}

static int fix_rel_scn(struct conv *c, size_t idx, const GElf_Shdr *sh)
{
	size_t tgt = sh->sh_info, i, n;
	Elf_Data *d = scn_data(c, idx);
	const Elf64_Rel *rel;
	GElf_Shdr tsh;
	int err;

	if (!tgt || tgt >= c->nr_scns || !gelf_getshdr(elf_getscn(c->elf, tgt), &tsh))
		return bad("section %zu: relocations for no section", idx);
	if (!(tsh.sh_flags & SHF_EXECINSTR))
		return 0;
	if (tgt == c->maps_idx || tgt == c->symtab_idx || tgt == c->shstrndx || tgt == c->btf_idx)
		return bad("section %zu: relocations for section %zu", idx, tgt);
	if (!d || d->d_type != ELF_T_REL || (d->d_size && !d->d_buf))
		return bad("section %zu: unreadable relocations", idx);
	rel = d->d_buf;
	n = d->d_size / sizeof(*rel);
	for (i = 0; i < n; i++) {
		size_t s = ELF64_R_SYM(rel[i].r_info);

		if (s >= c->nr_syms || c->syms[s].st_shndx != c->maps_idx ||
		    ELF64_ST_TYPE(c->syms[s].st_info) != STT_SECTION)
			continue;
		err = retarget_rel(c, idx, tgt, i);
		if (err)
			return err;
	}
	return 0;
}

int legacy__fix_relocs(struct conv *c)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;
	int err;

	while ((scn = elf_nextscn(c->elf, scn))) {
		if (!gelf_getshdr(scn, &sh))
			return bad("section %zu: %s", elf_ndxscn(scn), elf_errmsg(-1));
		if (sh.sh_type != SHT_REL || sh.sh_link != c->symtab_idx)
			continue;
		err = fix_rel_scn(c, elf_ndxscn(scn), &sh);
		if (err)
			return err;
	}
	return 0;
}

/* libbpf finds a BTF map's symbol among global objects of default visibility. */
void legacy__move_symbols(struct conv *c)
{
	int i;

	for (i = 0; i < c->nr_maps; i++) {
		Elf64_Sym *s = &c->syms[c->maps[i].sym];
		int bind = ELF64_ST_BIND(s->st_info);

		s->st_value = c->maps[i].new_off;
		s->st_size = c->maps[i].new_size;
		s->st_info = ELF64_ST_INFO(bind == STB_WEAK ? STB_WEAK : STB_GLOBAL, STT_OBJECT);
		s->st_other &= ~0x3;
	}
}

int legacy__new_section_names(struct conv *c)
{
	static const char maps_name[] = ".maps";
	static const char btf_name[] = ".BTF";
	Elf_Data *d = scn_data(c, c->shstrndx);
	size_t size;
	char *buf;

	if (!d || !d->d_buf || !d->d_size || ((const char *)d->d_buf)[d->d_size - 1])
		return bad("unreadable section name table");
	size = d->d_size + sizeof(maps_name) + sizeof(btf_name);
	buf = malloc(size);
	if (!buf)
		return -ENOMEM;
	memcpy(buf, d->d_buf, d->d_size);
	c->maps_name = d->d_size;
	memcpy(buf + c->maps_name, maps_name, sizeof(maps_name));
	c->btf_name = c->maps_name + sizeof(maps_name);
	memcpy(buf + c->btf_name, btf_name, sizeof(btf_name));
	c->repl[c->shstrndx].buf = buf;
	c->repl[c->shstrndx].size = c->btf_idx ? size - sizeof(btf_name) : size;
	c->repl[c->maps_idx].buf = calloc(1, c->maps_size ? c->maps_size : 1);
	c->repl[c->maps_idx].size = c->maps_size;
	return c->repl[c->maps_idx].buf ? 0 : -ENOMEM;
}

static int set_data(Elf_Scn *out, const struct repl *r, Elf_Type type, size_t align)
{
	Elf_Data *nd = elf_newdata(out);

	if (!nd)
		return bad("output: %s", elf_errmsg(-1));
	nd->d_buf = r->buf;
	nd->d_size = r->size;
	nd->d_type = type;
	nd->d_align = align;
	nd->d_off = 0;
	nd->d_version = EV_CURRENT;
	return 0;
}

static int copy_scn(struct conv *c, Elf *o, size_t idx)
{
	Elf_Scn *in = elf_getscn(c->elf, idx), *out = elf_newscn(o);
	Elf_Data *d = NULL, *nd;
	GElf_Shdr sh;
	int err = 0;

	if (!in || !out || elf_ndxscn(out) != idx || !gelf_getshdr(in, &sh))
		return bad("section %zu: %s", idx, elf_errmsg(-1));
	/* libelf pads to each alignment: a huge one would make a huge output */
	if (sh.sh_addralign > MAX_SEC_ALIGN || (sh.sh_addralign & (sh.sh_addralign - 1)))
		return bad("section %zu: alignment %llu", idx, (unsigned long long)sh.sh_addralign);
	if (idx == c->maps_idx) {
		sh.sh_name = c->maps_name;
		sh.sh_addralign = MAPS_SEC_ALIGN;
		err = set_data(out, &c->repl[idx], ELF_T_BYTE, MAPS_SEC_ALIGN);
	} else if (c->repl[idx].buf) {
		d = elf_getdata(in, NULL);
		err = set_data(out, &c->repl[idx], d ? d->d_type : ELF_T_BYTE, d ? d->d_align : 1);
	} else {
		elf_errno();
		while ((d = elf_getdata(in, d))) {
			nd = elf_newdata(out);
			if (!nd)
				return bad("output: %s", elf_errmsg(-1));
			*nd = *d;
		}
		if (elf_errno())
			return bad("section %zu: unreadable data", idx);
	}
	if (err)
		return err;
	if (!gelf_update_shdr(out, &sh))
		return bad("section %zu: %s", idx, elf_errmsg(-1));
	return 0;
}

static int add_btf_scn(struct conv *c, Elf *o)
{
	Elf_Scn *out = elf_newscn(o);
	GElf_Shdr sh = {
		.sh_name = c->btf_name,
		.sh_type = SHT_PROGBITS,
		.sh_addralign = BTF_SEC_ALIGN,
	};
	int err;

	if (!out)
		return bad("output: %s", elf_errmsg(-1));
	err = set_data(out, &c->new_btf, ELF_T_BYTE, BTF_SEC_ALIGN);
	if (err)
		return err;
	if (!gelf_update_shdr(out, &sh))
		return bad("output: %s", elf_errmsg(-1));
	return 0;
}

static int fill_elf(struct conv *c, Elf *o)
{
	GElf_Ehdr eh;
	size_t idx;
	int err;

	if (!gelf_getehdr(c->elf, &eh) || !gelf_newehdr(o, ELFCLASS64))
		return bad("ELF header: %s", elf_errmsg(-1));
	for (idx = 1; idx < c->nr_scns; idx++) {
		err = copy_scn(c, o, idx);
		if (err)
			return err;
	}
	if (!c->btf_idx) {
		err = add_btf_scn(c, o);
		if (err)
			return err;
	}
	eh.e_phoff = 0;
	eh.e_phnum = 0;
	eh.e_shstrndx = c->shstrndx;
	if (!gelf_update_ehdr(o, &eh))
		return bad("ELF header: %s", elf_errmsg(-1));
	return 0;
}

static int read_all(int fd, size_t len, void **out)
{
	char *buf = malloc(len ? len : 1);
	size_t done = 0;
	ssize_t n;

	if (!buf)
		return -ENOMEM;
	while (done < len) {
		n = pread(fd, buf + done, len - done, done);
		if (n <= 0) {
			free(buf);
			return n < 0 ? -errno : -EIO;
		}
		done += n;
	}
	*out = buf;
	return 0;
}

int legacy__write_elf(struct conv *c, void **out, size_t *out_size)
{
	int fd = memfd_create("perf-bpf-legacy", MFD_CLOEXEC);
	Elf *o = NULL;
	off_t len;
	int err;

	if (fd < 0)
		return -errno;
	o = elf_begin(fd, ELF_C_WRITE, NULL);
	if (!o) {
		err = bad("output: %s", elf_errmsg(-1));
		goto out;
	}
	err = fill_elf(c, o);
	if (err)
		goto out;
	len = elf_update(o, ELF_C_WRITE);
	if (len < 0) {
		err = bad("output: %s", elf_errmsg(-1));
		goto out;
	}
	err = read_all(fd, len, out);
	if (!err)
		*out_size = len;
out:
	elf_end(o);
	close(fd);
	return err;
}
