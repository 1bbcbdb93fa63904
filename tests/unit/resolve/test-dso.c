// SPDX-License-Identifier: GPL-2.0
/*
 * dso.c on ELF files written here with libelf: symbol extents and gaps, the choice at
 * one address, the address-to-offset mapping of the segments, PLT entries, lookups by
 * build id in a debug directory, .gnu_debugdata, and the bound on loaded tables.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#include "resolve/dso.h"

/* .text is at vaddr 0x401000, file offset 0x1000: symbols come out at offsets. */
#define TEXT_VADDR 0x401000
#define TEXT_OFF 0x1000
#define TEXT_SIZE 0x200

struct tsym {
	const char *name;
	uint64_t value; /* vaddr */
	uint64_t size;
	int type, bind;
	int shndx; /* 1: .text, 2: .data */
};

static const struct tsym syms[] = {
	{ "sized_one", TEXT_VADDR + 0x10, 0x10, STT_FUNC, STB_GLOBAL, 1 },
	/* gap 0x20..0x40: nothing there */
	{ "after_gap", TEXT_VADDR + 0x40, 0x10, STT_FUNC, STB_LOCAL, 1 },
	{ "label", TEXT_VADDR + 0x60, 0, STT_NOTYPE, STB_LOCAL, 1 }, /* up to the next */
	{ "weak_alias", TEXT_VADDR + 0x80, 0x8, STT_FUNC, STB_WEAK, 1 },
	{ "strong", TEXT_VADDR + 0x80, 0x8, STT_FUNC, STB_GLOBAL, 1 },
	{ "__under", TEXT_VADDR + 0x90, 0x8, STT_FUNC, STB_GLOBAL, 1 },
	{ "under", TEXT_VADDR + 0x90, 0x8, STT_FUNC, STB_GLOBAL, 1 },
	{ "nosize", TEXT_VADDR + 0xa0, 0, STT_FUNC, STB_GLOBAL, 1 },
	{ "sized_at_nosize", TEXT_VADDR + 0xa0, 0x4, STT_FUNC, STB_GLOBAL, 1 },
	{ "_Z8ggc_freePv", TEXT_VADDR + 0xb0, 0x10, STT_FUNC, STB_GLOBAL, 1 },
	{ "an_object", TEXT_VADDR + 0xc0, 0x10, STT_OBJECT, STB_GLOBAL, 1 },
	{ "in_data", 0x402000, 0x10, STT_FUNC, STB_GLOBAL, 2 },
	{ "last", TEXT_VADDR + 0x1f0, 0, STT_FUNC, STB_GLOBAL, 1 },
};

static size_t add_str(char *tab, size_t *len, const char *s)
{
	size_t off = *len;

	strcpy(tab + off, s);
	*len += strlen(s) + 1;
	return off;
}

static Elf_Scn *new_section(Elf *elf, const char *name, uint32_t type, uint64_t flags,
			    uint64_t addr, void *buf, size_t size, char *shstr, size_t *shlen)
{
	Elf_Scn *scn = elf_newscn(elf);
	Elf_Data *d = elf_newdata(scn);
	GElf_Shdr sh;

	d->d_buf = buf;
	d->d_size = size;
	d->d_type = ELF_T_BYTE;
	d->d_align = 8;
	gelf_getshdr(scn, &sh);
	sh.sh_name = add_str(shstr, shlen, name);
	sh.sh_type = type;
	sh.sh_flags = flags;
	sh.sh_addr = addr;
	sh.sh_addralign = 8;
	gelf_update_shdr(scn, &sh);
	return scn;
}

/*
 * Write an ELF to path: .text, .data, a build id note (bid_byte repeated, 20 bytes; 0:
 * none), and .symtab with syms (with_symtab) or .dynsym with just "strong" otherwise;
 * extra: a section (name, bytes) to add, or NULL.
 */
static void write_elf(const char *path, unsigned char bid_byte, bool with_symtab,
		      const char *extra_name, void *extra, size_t extra_size)
{
	static unsigned char text[TEXT_SIZE], data[0x10];
	static char shstr[512], strtab[1024];
	static Elf64_Sym st[32];
	static unsigned char note[12 + 4 + 20];
	size_t shlen = 1, strlen_ = 1, nsyms = 1;
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	Elf *elf;
	Elf64_Ehdr *eh;
	Elf64_Phdr *ph;
	Elf_Scn *scn, *strscn, *symscn;
	GElf_Shdr sh;

	assert_true(fd >= 0);
	elf_version(EV_CURRENT);
	elf = elf_begin(fd, ELF_C_WRITE, NULL);
	assert_non_null(elf);
	eh = elf64_newehdr(elf);
	eh->e_ident[EI_DATA] = ELFDATA2LSB;
	eh->e_type = ET_EXEC;
	eh->e_machine = EM_X86_64;
	eh->e_version = EV_CURRENT;
	ph = elf64_newphdr(elf, 1);
	memset(shstr, 0, sizeof(shstr));
	memset(strtab, 0, sizeof(strtab));
	memset(st, 0, sizeof(st));

	scn = new_section(elf, ".text", SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, TEXT_VADDR, text,
			  sizeof(text), shstr, &shlen);
	new_section(elf, ".data", SHT_PROGBITS, SHF_ALLOC | SHF_WRITE, 0x402000, data, sizeof(data),
		    shstr, &shlen);
	if (bid_byte) {
		uint32_t hdr[3] = { 4, 20, NT_GNU_BUILD_ID };

		memcpy(note, hdr, 12);
		memcpy(note + 12, "GNU", 4);
		memset(note + 16, bid_byte, 20);
		new_section(elf, ".note.gnu.build-id", SHT_NOTE, SHF_ALLOC, 0, note, sizeof(note),
			    shstr, &shlen);
	}
	if (extra_name)
		new_section(elf, extra_name, SHT_PROGBITS, 0, 0, extra, extra_size, shstr, &shlen);
	for (size_t i = 0; i < sizeof(syms) / sizeof(syms[0]); i++) {
		if (!with_symtab && strcmp(syms[i].name, "strong"))
			continue;
		st[nsyms].st_name = add_str(strtab, &strlen_, syms[i].name);
		st[nsyms].st_value = syms[i].value;
		st[nsyms].st_size = syms[i].size;
		st[nsyms].st_info = ELF64_ST_INFO(syms[i].bind, syms[i].type);
		st[nsyms].st_shndx = syms[i].shndx;
		nsyms++;
	}
	strscn = new_section(elf, ".strtab", SHT_STRTAB, 0, 0, strtab, strlen_, shstr, &shlen);
	symscn = new_section(elf, with_symtab ? ".symtab" : ".dynsym",
			     with_symtab ? SHT_SYMTAB : SHT_DYNSYM, 0, 0, st,
			     nsyms * sizeof(Elf64_Sym), shstr, &shlen);
	gelf_getshdr(symscn, &sh);
	sh.sh_link = elf_ndxscn(strscn);
	sh.sh_entsize = sizeof(Elf64_Sym);
	gelf_update_shdr(symscn, &sh);
	elf_getdata(symscn, NULL)->d_type = ELF_T_SYM;
	scn = new_section(elf, ".shstrtab", SHT_STRTAB, 0, 0, shstr, sizeof(shstr), shstr, &shlen);
	eh->e_shstrndx = elf_ndxscn(scn);
	elf_flagelf(elf, ELF_C_SET, ELF_F_LAYOUT);
	/* lay out by hand: .text at TEXT_OFF, the rest after it */
	{
		size_t off = TEXT_OFF;

		for (scn = NULL; (scn = elf_nextscn(elf, scn));) {
			gelf_getshdr(scn, &sh);
			sh.sh_offset = off;
			sh.sh_size = elf_getdata(scn, NULL)->d_size;
			off += (sh.sh_size + 7) & ~7ul;
			gelf_update_shdr(scn, &sh);
		}
		eh->e_phoff = sizeof(*eh);
		eh->e_shoff = (off + 7) & ~7ul;
	}
	ph->p_type = PT_LOAD;
	ph->p_offset = TEXT_OFF;
	ph->p_vaddr = TEXT_VADDR;
	ph->p_filesz = ph->p_memsz = TEXT_SIZE;
	ph->p_flags = PF_R | PF_X;
	assert_true(elf_update(elf, ELF_C_WRITE) > 0);
	elf_end(elf);
	close(fd);
}

static char dir[] = "/tmp/test-dso.XXXXXX";

static int setup(void **state)
{
	assert_non_null(mkdtemp(dir));
	return 0;
}

static int teardown(void **state)
{
	char cmd[64];

	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	return system(cmd);
}

/* name at offset off (relative to .text's file offset), with its offset in the symbol */
static const char *at(struct dsos *ds, struct dso *d, uint64_t off, uint64_t *in)
{
	return dsos__find(ds, d, TEXT_OFF + off, in);
}

static void test_dso_extents_and_gaps(void **state)
{
	char path[PATH_MAX];
	struct dsos *ds = dsos__new(0);
	struct dso *d;
	uint64_t off;

	snprintf(path, sizeof(path), "%s/prog", dir);
	write_elf(path, 0, true, NULL, NULL, 0);
	d = dsos__get(ds, path, NULL, 0);
	assert_non_null(d);
	assert_string_equal(dso__name(d), path);
	assert_ptr_equal(dsos__get(ds, path, NULL, 0), d);
	assert_null(at(ds, d, 0x0f, &off)); /* before the first */
	assert_string_equal(at(ds, d, 0x10, &off), "sized_one");
	assert_int_equal(off, 0);
	assert_string_equal(at(ds, d, 0x1f, &off), "sized_one");
	assert_int_equal(off, 0xf);
	/* past a sized symbol, before the next: no name */
	assert_null(at(ds, d, 0x20, &off));
	assert_null(at(ds, d, 0x3f, &off));
	assert_string_equal(at(ds, d, 0x4f, &off), "after_gap");
	assert_null(at(ds, d, 0x50, &off));
	/* a label spans up to the next symbol */
	assert_string_equal(at(ds, d, 0x7f, &off), "label");
	assert_int_equal(off, 0x1f);
	/* global over weak; fewer underscores */
	assert_string_equal(at(ds, d, 0x80, &off), "strong");
	assert_string_equal(at(ds, d, 0x94, &off), "under");
	/* sized over unsized at one address */
	assert_string_equal(at(ds, d, 0xa2, &off), "sized_at_nosize");
	assert_null(at(ds, d, 0xa4, &off));
	/* C++ names demangled, without parameters */
	assert_string_equal(at(ds, d, 0xb4, &off), "ggc_free");
	/* objects and symbols of data sections are no code */
	assert_null(at(ds, d, 0xc4, &off));
	assert_null(dsos__find(ds, d, 0x402000, &off));
	/* the last unsized one: up to the page after its own */
	assert_string_equal(at(ds, d, 0x1f0 + 0x100, &off), "last");
	assert_int_equal(dsos__loaded(ds), 1);
	dsos__free(ds);
}

/* A stripped file (.dynsym only) gets its symbols from a debug file found by build id. */
static void test_dso_build_id_debug_dir(void **state)
{
	char path[PATH_MAX], dbg[PATH_MAX];
	unsigned char bid[20];
	struct dsos *ds = dsos__new(0);
	struct dso *d, *other;
	uint64_t off;

	snprintf(path, sizeof(path), "%s/stripped", dir);
	write_elf(path, 0xab, false, NULL, NULL, 0);
	snprintf(dbg, sizeof(dbg), "%s/usr/lib/debug/.build-id/ab", dir);
	{
		char cmd[PATH_MAX + 16];

		snprintf(cmd, sizeof(cmd), "mkdir -p %s", dbg);
		assert_int_equal(system(cmd), 0);
	}
	strcat(dbg, "/");
	for (int i = 0; i < 19; i++)
		strcat(dbg, "ab"); /* the 38 hex digits after the directory's two */
	strcat(dbg, ".debug");
	dsos__set_debug_root(ds, dir);
	/* before the debug file exists: .dynsym */
	d = dsos__get(ds, path, NULL, 0);
	assert_string_equal(at(ds, d, 0x84, &off), "strong");
	assert_null(at(ds, d, 0x10, &off));
	write_elf(dbg, 0xab, true, NULL, NULL, 0);
	/* the recorded build id finds it, and so does the file's own when none was recorded */
	memset(bid, 0xab, sizeof(bid));
	other = dsos__get(ds, path, bid, sizeof(bid));
	assert_ptr_not_equal(other, d);
	assert_string_equal(at(ds, other, 0x10, &off), "sized_one");
	d = dsos__get(ds, "/gone/stripped", bid, sizeof(bid));
	assert_string_equal(at(ds, d, 0x10, &off), "sized_one");
	/* a file whose build id is not the recorded one is not used */
	memset(bid, 0xcd, sizeof(bid));
	d = dsos__get(ds, path, bid, sizeof(bid));
	assert_null(at(ds, d, 0x84, &off));
	dsos__free(ds);
}

/* .gnu_debugdata: an xz-compressed ELF whose .symtab adds to .dynsym. */
static void test_dso_gnu_debugdata(void **state)
{
	char path[PATH_MAX], mini[PATH_MAX], cmd[3 * PATH_MAX];
	struct dsos *ds = dsos__new(0);
	struct dso *d;
	uint64_t off;
	void *xz;
	long size;
	FILE *f;

	snprintf(mini, sizeof(mini), "%s/mini", dir);
	write_elf(mini, 0, true, NULL, NULL, 0);
	snprintf(cmd, sizeof(cmd), "xz -zkf %s 2>/dev/null", mini);
	if (system(cmd) != 0) {
		dsos__free(ds);
		skip();
	}
	strcat(mini, ".xz");
	f = fopen(mini, "rb");
	assert_non_null(f);
	fseek(f, 0, SEEK_END);
	size = ftell(f);
	rewind(f);
	xz = malloc(size);
	assert_int_equal(fread(xz, 1, size, f), size);
	fclose(f);
	snprintf(path, sizeof(path), "%s/with-debugdata", dir);
	write_elf(path, 0, false, ".gnu_debugdata", xz, size);
	d = dsos__get(ds, path, NULL, 0);
	assert_string_equal(at(ds, d, 0x84, &off), "strong");
	assert_string_equal(at(ds, d, 0x44, &off), "after_gap");
	free(xz);
	dsos__free(ds);
}

/* At most max_loaded tables stay loaded; a dropped one loads again. */
static void test_dso_trim(void **state)
{
	char path[PATH_MAX];
	struct dsos *ds = dsos__new(2);
	struct dso *d[3];
	uint64_t off;

	for (int i = 0; i < 3; i++) {
		snprintf(path, sizeof(path), "%s/prog%d", dir, i);
		write_elf(path, 0, true, NULL, NULL, 0);
		d[i] = dsos__get(ds, path, NULL, 0);
		assert_string_equal(at(ds, d[i], 0x10, &off), "sized_one");
	}
	assert_int_equal(dsos__loaded(ds), 3);
	dsos__trim(ds);
	assert_int_equal(dsos__loaded(ds), 2);
	assert_string_equal(at(ds, d[0], 0x40, &off), "after_gap");
	assert_int_equal(dsos__loaded(ds), 3);
	dsos__free(ds);
	/* no file, no path: nothing, and no crash */
	ds = dsos__new(0);
	assert_null(dsos__find(ds, dsos__get(ds, "/nonexistent", NULL, 0), 0x10, &off));
	assert_null(dsos__find(ds, dsos__get(ds, "[heap]", NULL, 0), 0x10, &off));
	assert_null(dsos__find(NULL, NULL, 0, &off));
	dsos__free(ds);
}

/* 100000 files: each path (and build id) is one dso, found again after the table grew. */
static void test_dso_many(void **state)
{
	static struct dso *d[100000];
	struct dsos *ds = dsos__new(0);
	unsigned char bid[20] = { 1 };
	char path[64];

	(void)state;
	for (int i = 0; i < 100000; i++) {
		snprintf(path, sizeof(path), "/usr/lib/lib%d.so", i);
		d[i] = dsos__get(ds, path, NULL, 0);
		assert_non_null(d[i]);
	}
	for (int i = 0; i < 100000; i += 7) {
		snprintf(path, sizeof(path), "/usr/lib/lib%d.so", i);
		assert_ptr_equal(dsos__get(ds, path, NULL, 0), d[i]);
		assert_string_equal(dso__name(d[i]), path);
	}
	assert_ptr_not_equal(dsos__get(ds, "/usr/lib/lib5.so", bid, sizeof(bid)), d[5]);
	assert_ptr_equal(dsos__get(ds, "/usr/lib/lib5.so", NULL, 0), d[5]);
	dsos__free(ds);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_dso_extents_and_gaps),
		cmocka_unit_test(test_dso_build_id_debug_dir),
		cmocka_unit_test(test_dso_gnu_debugdata),
		cmocka_unit_test(test_dso_trim),
		cmocka_unit_test(test_dso_many),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
