// SPDX-License-Identifier: GPL-2.0
/*
 * DSO symbol tables through libelf. A table is one sorted array of {start, end, name}
 * in file offsets, with its names in one pool; the ELF file is closed once it is read.
 */
#include <errno.h>
#include <gelf.h>
#include <libelf.h>
#include <lzma.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <unistd.h>

#include "util/log.h"
#include "util/safeopen.h"
#include "resolve/buildid.h"
#include "resolve/demangle.h"
#include "resolve/dso.h"

#define DSOS_MIN_BUCKETS 1024
#define DSOS_DEFAULT_LOADED 64
#define BUILD_ID_MAX BUILDID_MAX
/* A .gnu_debugdata larger than this once decompressed is not read. */
#define DEBUGDATA_MAX (256u << 20)

struct dso_sym {
	uint64_t start, end;
	uint32_t name; /* offset in the pool */
	uint8_t bind; /* STB_* */
	bool sized;
};

/* The PT_LOAD segments of the runtime file: how its virtual addresses map to offsets. */
#define MAX_SEGS 16
struct segs {
	size_t nr;
	struct {
		uint64_t vaddr, memsz, offset;
	} s[MAX_SEGS];
};

struct symtab {
	struct dso_sym *syms;
	size_t nr, cap;
	char *pool;
	size_t plen, pcap;
};

struct dso {
	struct dso *next; /* hash chain */
	struct dso *newer; /* loaded: the one loaded after it */
	uint32_t hash;
	unsigned char bid[BUILD_ID_MAX];
	uint8_t bid_size;
	bool loaded; /* tab was read (NULL: no symbols, or no memory for them) */
	struct symtab *tab; /* a pointer: most dsos of a large file are never looked into */
	char path[]; /* in the same allocation: a file may name a million of them */
};

/*
 * A hash table that doubles as it fills (a file may name a million files), and the loaded
 * ones in the order they were loaded: the oldest is dropped first, without a walk of all.
 */
struct dsos {
	struct dso **buckets;
	size_t nr_buckets, nr; /* nr_buckets: a power of two */
	struct dso *oldest, *newest; /* loaded */
	size_t max_loaded, nr_loaded;
	char *root; /* test hook: prefix of the debug directories */
};

/* ---- the table ---- */

static void symtab__free(struct symtab *t)
{
	free(t->syms);
	free(t->pool);
	memset(t, 0, sizeof(*t));
}

static void dso__unload(struct dso *d)
{
	if (d->tab)
		symtab__free(d->tab);
	free(d->tab);
	d->tab = NULL;
	d->loaded = false;
}

static int symtab__add(struct symtab *t, uint64_t start, uint64_t size, uint8_t bind,
		       const char *mangled)
{
	char *demangled = demangle(mangled);
	const char *name = demangled ?: mangled;
	size_t len = strlen(name);
	int err = 0;

	if (t->nr == t->cap) {
		size_t cap = t->cap ? t->cap * 2 : 256;
		struct dso_sym *p = realloc(t->syms, cap * sizeof(*p));

		if (!p) {
			err = -ENOMEM;
			goto out;
		}
		t->syms = p;
		t->cap = cap;
	}
	if (t->plen + len + 1 > t->pcap) {
		size_t cap = t->pcap ? t->pcap * 2 : 4096;
		char *p;

		while (cap < t->plen + len + 1)
			cap *= 2;
		p = cap > UINT32_MAX ? NULL : realloc(t->pool, cap);
		if (!p) {
			err = cap > UINT32_MAX ? -E2BIG : -ENOMEM;
			goto out;
		}
		t->pool = p;
		t->pcap = cap;
	}
	memcpy(t->pool + t->plen, name, len + 1);
	t->syms[t->nr++] = (struct dso_sym){
		.start = start,
		.end = start + size,
		.name = (uint32_t)t->plen,
		.bind = bind,
		.sized = size != 0,
	};
	t->plen += len + 1;
out:
	free(demangled);
	return err;
}

static int underscores(const char *s)
{
	int n = 0;

	while (s[n] == '_')
		n++;
	return n;
}

/*
 * At one address the symbol kept is the one with a size, then not weak, then global,
 * then with fewer leading underscores, then with the longer name (perf's choice).
 * Negative: a is better.
 */
static int sym_better(const struct symtab *t, const struct dso_sym *a, const struct dso_sym *b)
{
	const char *na = t->pool + a->name, *nb = t->pool + b->name;
	size_t la, lb;

	if (a->sized != b->sized)
		return a->sized ? -1 : 1;
	if ((a->bind == STB_WEAK) != (b->bind == STB_WEAK))
		return a->bind == STB_WEAK ? 1 : -1;
	if ((a->bind == STB_GLOBAL) != (b->bind == STB_GLOBAL))
		return a->bind == STB_GLOBAL ? -1 : 1;
	if (underscores(na) != underscores(nb))
		return underscores(na) - underscores(nb);
	la = strlen(na);
	lb = strlen(nb);
	if (la != lb)
		return la > lb ? -1 : 1;
	return 0;
}

static int sym_cmp(const void *x, const void *y, void *arg)
{
	const struct dso_sym *a = x, *b = y;

	if (a->start != b->start)
		return a->start < b->start ? -1 : 1;
	/* the better one first; equals keep their table order */
	return sym_better(arg, a, b) ?: (a->name < b->name ? -1 : a->name > b->name);
}

/* Sort, keep the best symbol of each address, end the unsized ones at the next. */
static void symtab__finish(struct symtab *t)
{
	size_t i, out = 0;

	if (!t->nr)
		return;
	qsort_r(t->syms, t->nr, sizeof(*t->syms), sym_cmp, t);
	for (i = 0; i < t->nr; i++)
		if (!out || t->syms[out - 1].start != t->syms[i].start)
			t->syms[out++] = t->syms[i];
	t->nr = out;
	for (i = 0; i < t->nr; i++) {
		struct dso_sym *s = &t->syms[i];

		if (s->sized)
			continue;
		if (i + 1 < t->nr)
			s->end = t->syms[i + 1].start;
		else
			s->end = ((s->start + 4095) & ~4095ull) + 4096;
	}
}

static const struct dso_sym *symtab__find(const struct symtab *t, uint64_t addr)
{
	size_t lo = 0, hi = t->nr;

	if (!t->nr || addr < t->syms[0].start)
		return NULL;
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;

		if (t->syms[mid].start <= addr)
			lo = mid;
		else
			hi = mid;
	}
	return addr < t->syms[lo].end ? &t->syms[lo] : NULL;
}

/* ---- ELF ---- */

static void segs_read(Elf *elf, struct segs *sg)
{
	size_t nphdr = 0;

	sg->nr = 0;
	if (elf_getphdrnum(elf, &nphdr))
		return;
	for (size_t i = 0; i < nphdr && sg->nr < MAX_SEGS; i++) {
		GElf_Phdr ph;

		if (!gelf_getphdr(elf, (int)i, &ph) || ph.p_type != PT_LOAD)
			continue;
		sg->s[sg->nr].vaddr = ph.p_vaddr;
		sg->s[sg->nr].memsz = ph.p_memsz;
		sg->s[sg->nr].offset = ph.p_offset;
		sg->nr++;
	}
}

/* The file offset of virtual address v: through the PT_LOAD that holds it. */
static bool vaddr_to_offset(const struct segs *sg, uint64_t v, uint64_t *off)
{
	for (size_t i = 0; i < sg->nr; i++) {
		if (v >= sg->s[i].vaddr && v < sg->s[i].vaddr + sg->s[i].memsz) {
			*off = v - sg->s[i].vaddr + sg->s[i].offset;
			return true;
		}
	}
	return false;
}

static Elf_Scn *find_section(Elf *elf, uint32_t type, const char *name)
{
	size_t shstrndx;
	Elf_Scn *scn = NULL;

	if (elf_getshdrstrndx(elf, &shstrndx))
		return NULL;
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		const char *n;

		if (!gelf_getshdr(scn, &sh) || (type && sh.sh_type != type))
			continue;
		n = name ? elf_strptr(elf, shstrndx, sh.sh_name) : NULL;
		if (!name || (n && !strcmp(n, name)))
			return scn;
	}
	return NULL;
}

static bool section_is_exec(Elf *elf, size_t idx)
{
	Elf_Scn *scn = elf_getscn(elf, idx);
	GElf_Shdr sh;

	return scn && gelf_getshdr(scn, &sh) && (sh.sh_flags & SHF_EXECINSTR);
}

/*
 * The code symbols of the symbol section of type, added to t, at offsets of the runtime
 * file's segments rt (NULL or empty: elf's own). -ENOENT: no such section.
 */
static int elf_collect(Elf *elf, uint32_t type, const struct segs *rt, struct symtab *t)
{
	Elf_Scn *scn = find_section(elf, type, NULL);
	struct segs own;
	GElf_Shdr sh;
	Elf_Data *data;
	bool exec_cache[64] = { 0 }, known[64] = { 0 };

	if (!scn || !gelf_getshdr(scn, &sh) || !sh.sh_entsize)
		return -ENOENT;
	data = elf_getdata(scn, NULL);
	if (!data)
		return -ENOENT;
	if (!rt || !rt->nr) {
		segs_read(elf, &own);
		rt = &own;
	}
	for (size_t i = 0; i < sh.sh_size / sh.sh_entsize; i++) {
		GElf_Sym sym;
		const char *name;
		uint64_t off;
		int st;
		bool exec;

		if (!gelf_getsym(data, (int)i, &sym) || !sym.st_name)
			continue;
		st = GELF_ST_TYPE(sym.st_info);
		if (st != STT_FUNC && st != STT_GNU_IFUNC && st != STT_NOTYPE)
			continue;
		if (sym.st_shndx == SHN_UNDEF || sym.st_shndx >= SHN_LORESERVE)
			continue;
		if (sym.st_shndx < 64) {
			if (!known[sym.st_shndx]) {
				known[sym.st_shndx] = true;
				exec_cache[sym.st_shndx] = section_is_exec(elf, sym.st_shndx);
			}
			exec = exec_cache[sym.st_shndx];
		} else {
			exec = section_is_exec(elf, sym.st_shndx);
		}
		if (!exec)
			continue;
		name = elf_strptr(elf, sh.sh_link, sym.st_name);
		if (!name || !*name)
			continue;
		if (!vaddr_to_offset(rt, sym.st_value, &off))
			off = sym.st_value;
		if (symtab__add(t, off, sym.st_size, GELF_ST_BIND(sym.st_info), name))
			return -ENOMEM;
	}
	return 0;
}

/* The GNU build id note of elf into bid; its size, 0 when it has none. */
static size_t elf_build_id(Elf *elf, unsigned char *bid)
{
	int n = buildid__from_elf(elf, bid, BUILD_ID_MAX);

	return n > 0 ? (size_t)n : 0;
}

static void *xz_decode(const void *in, size_t in_len, size_t *out_len)
{
	lzma_stream st = LZMA_STREAM_INIT;
	size_t cap = in_len * 4 + 4096;
	unsigned char *out = NULL;
	lzma_ret ret;

	if (lzma_stream_decoder(&st, UINT64_MAX, 0) != LZMA_OK)
		return NULL;
	st.next_in = in;
	st.avail_in = in_len;
	for (;;) {
		if (!out || st.avail_out == 0) {
			unsigned char *p;

			if (out)
				cap *= 2;
			if (cap > DEBUGDATA_MAX)
				break;
			p = realloc(out, cap);
			if (!p)
				break;
			out = p;
			st.next_out = out + st.total_out;
			st.avail_out = cap - st.total_out;
		}
		ret = lzma_code(&st, LZMA_FINISH);
		if (ret == LZMA_STREAM_END) {
			*out_len = st.total_out;
			lzma_end(&st);
			return out;
		}
		if (ret != LZMA_OK && ret != LZMA_BUF_ERROR)
			break;
		if (ret == LZMA_BUF_ERROR && st.avail_out)
			break; /* truncated input */
	}
	lzma_end(&st);
	free(out);
	return NULL;
}

/* The .symtab of .gnu_debugdata (MiniDebugInfo), added to t. */
static void elf_collect_debugdata(Elf *elf, const struct segs *rt, struct symtab *t)
{
	Elf_Scn *scn = find_section(elf, SHT_PROGBITS, ".gnu_debugdata");
	Elf_Data *data = scn ? elf_getdata(scn, NULL) : NULL;
	size_t len = 0;
	void *buf;
	Elf *mini;

	if (!data || !data->d_size)
		return;
	buf = xz_decode(data->d_buf, data->d_size, &len);
	if (!buf) {
		pr_debug("cannot decompress .gnu_debugdata");
		return;
	}
	mini = elf_memory(buf, len);
	if (mini && elf_collect(mini, SHT_SYMTAB, rt, t) == -ENOMEM)
		pr_debug("out of memory reading .gnu_debugdata");
	elf_end(mini);
	free(buf);
}

enum src_result { SRC_NONE, SRC_DYNSYM, SRC_SYMTAB };

/* What a candidate file must be: the build id it holds (size 0: any), and whose it is. */
struct cand {
	const unsigned char *bid;
	size_t bid_size;
	bool debug_dir; /* in a debug directory: root's or ours, past no link of another user's */
};

/*
 * Read one candidate ELF: its .symtab into t (SRC_SYMTAB), else its .dynsym and
 * .gnu_debugdata into dyn when dyn is still empty (SRC_DYNSYM).
 */
static enum src_result read_elf(Elf *elf, const struct cand *c, const struct segs *rt,
				struct symtab *t, struct symtab *dyn, bool *dyn_done)
{
	unsigned char bid[BUILD_ID_MAX];

	if (elf_kind(elf) != ELF_K_ELF)
		return SRC_NONE;
	if (c->bid_size &&
	    (elf_build_id(elf, bid) != c->bid_size || memcmp(bid, c->bid, c->bid_size)))
		return SRC_NONE;
	if (elf_collect(elf, SHT_SYMTAB, rt, t) == 0 && t->nr)
		return SRC_SYMTAB;
	symtab__free(t);
	if (*dyn_done)
		return SRC_NONE;
	if (elf_collect(elf, SHT_DYNSYM, rt, dyn) == 0 || find_section(elf, 0, ".gnu_debugdata")) {
		elf_collect_debugdata(elf, rt, dyn);
		*dyn_done = true;
		return SRC_DYNSYM;
	}
	symtab__free(dyn);
	return SRC_NONE;
}

static enum src_result read_path(const char *path, const struct dso *d, const struct cand *c,
				 const struct segs *rt, struct symtab *t, struct symtab *dyn,
				 bool *dyn_done)
{
	enum src_result r;
	int fd = c->debug_dir ? safeopen__owned(path, SAFEOPEN_ELF_MAX) :
				safeopen__regular(path, SAFEOPEN_ELF_MAX);
	Elf *elf;

	if (fd < 0) {
		if (fd != -ENOENT && fd != -ENOTDIR)
			pr_debug("not reading '%s': %s", path, strerror(-fd));
		return SRC_NONE;
	}
	elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	r = elf ? read_elf(elf, c, rt, t, dyn, dyn_done) : SRC_NONE;
	if (r != SRC_NONE)
		pr_debug("symbols of %s from %s", d->path, path);
	elf_end(elf);
	close(fd);
	return r;
}

/* This process's vdso image: the same kernel's, when the build ids agree. */
static enum src_result read_vdso(const struct dso *d, struct symtab *t, struct symtab *dyn,
				 bool *dyn_done)
{
	const GElf_Ehdr *eh = (const void *)getauxval(AT_SYSINFO_EHDR);
	const Elf64_Ehdr *e = (const void *)eh;
	enum src_result r;
	Elf *elf;

	if (!e || memcmp(e->e_ident, ELFMAG, SELFMAG) || e->e_ident[EI_CLASS] != ELFCLASS64)
		return SRC_NONE;
	elf = elf_memory((char *)e, e->e_shoff + (size_t)e->e_shnum * e->e_shentsize);
	r = elf ? read_elf(elf, &(struct cand){ d->bid, d->bid_size, false }, NULL, t, dyn,
			   dyn_done) :
		  SRC_NONE;
	elf_end(elf);
	return r;
}

static void bid_hex(const unsigned char *bid, size_t n, char *hex)
{
	for (size_t i = 0; i < n; i++)
		sprintf(hex + 2 * i, "%02x", bid[i]);
	hex[2 * n] = '\0';
}

/*
 * perf's PLT symbols: "name@plt" for each entry of .plt (after its header), named by the
 * relocation of .rela.plt in the same order, at file offsets.
 */
static void elf_collect_plt(Elf *elf, struct symtab *t)
{
	Elf_Scn *rel = find_section(elf, SHT_RELA, ".rela.plt");
	Elf_Scn *plt = find_section(elf, SHT_PROGBITS, ".plt"), *dsym;
	GElf_Shdr rsh, psh, dsh;
	Elf_Data *rdata, *sdata;
	uint64_t entsize, off;
	char name[512];

	if (!rel || !plt || !gelf_getshdr(rel, &rsh) || !gelf_getshdr(plt, &psh) || !rsh.sh_entsize)
		return;
	dsym = elf_getscn(elf, rsh.sh_link);
	rdata = elf_getdata(rel, NULL);
	sdata = dsym ? elf_getdata(dsym, NULL) : NULL;
	if (!rdata || !sdata || !gelf_getshdr(dsym, &dsh))
		return;
	entsize = psh.sh_entsize ?: 16;
	off = psh.sh_offset + entsize; /* the first entry is the resolver's */
	for (size_t i = 0; i < rsh.sh_size / rsh.sh_entsize; i++, off += entsize) {
		GElf_Rela r;
		GElf_Sym sym;
		const char *n = "";
		char *dn;

		if (off + entsize > psh.sh_offset + psh.sh_size || !gelf_getrela(rdata, (int)i, &r))
			break;
		if (GELF_R_SYM(r.r_info) && gelf_getsym(sdata, (int)GELF_R_SYM(r.r_info), &sym))
			n = elf_strptr(elf, dsh.sh_link, sym.st_name) ?: "";
		dn = demangle(n);
		snprintf(name, sizeof(name), "%s@plt", dn ?: n);
		free(dn);
		if (symtab__add(t, off, entsize, STB_GLOBAL, name))
			return;
	}
}

/*
 * The build id of the file at path now (what its debug files are found by), its
 * segments (how their symbols' addresses map to its offsets) and its PLT symbols.
 */
static size_t file_build_id(const char *path, unsigned char *bid, struct segs *rt,
			    struct symtab *plt)
{
	int fd = safeopen__regular(path, SAFEOPEN_ELF_MAX);
	size_t n = 0;
	Elf *elf;

	rt->nr = 0;
	if (fd < 0)
		return 0;
	elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	if (elf && elf_kind(elf) == ELF_K_ELF) {
		n = elf_build_id(elf, bid);
		segs_read(elf, rt);
		elf_collect_plt(elf, plt);
	}
	elf_end(elf);
	close(fd);
	return n;
}

static int start_cmp(const void *x, const void *y)
{
	const struct dso_sym *a = x, *b = y;

	return a->start < b->start ? -1 : a->start > b->start;
}

/*
 * The PLT entries that no symbol of the table covers: perf bounds the table's symbols
 * before it adds them, so an unsized symbol before .plt (_init) keeps its entries.
 */
static void add_plt(struct symtab *t, const struct symtab *plt)
{
	size_t nr = t->nr;

	for (size_t i = 0; i < plt->nr; i++) {
		const struct dso_sym *p = &plt->syms[i];
		struct symtab own = *t; /* the table's sorted entries, without the added ones */

		own.nr = nr;
		if (symtab__find(&own, p->start))
			continue;
		if (symtab__add(t, p->start, p->end - p->start, STB_GLOBAL, plt->pool + p->name))
			break;
	}
	if (t->nr)
		qsort(t->syms, t->nr, sizeof(*t->syms), start_cmp);
}

static void load(struct dsos *ds, struct dso *d)
{
	const char *root = ds->root ?: "", *home = ds->root ?: getenv("HOME");
	struct symtab t = { 0 }, dyn = { 0 }, plt = { 0 };
	bool dyn_done = false;
	char path[4096 + 64], hex[2 * BUILD_ID_MAX + 1];
	unsigned char bid[BUILD_ID_MAX], file_bid[BUILD_ID_MAX];
	size_t bid_size = d->bid_size, file_bid_size;
	enum src_result r = SRC_NONE;
	struct segs rt;
	/* in a debug directory: named by the build id (held when under HOME), or the path's */
	const struct cand by_name = { .debug_dir = true }, recorded = { d->bid, d->bid_size, true };
	struct cand by_bid = { bid, 0, true };

	elf_version(EV_CURRENT);
	if (!strcmp(d->path, "[vdso]")) {
		r = read_vdso(d, &t, &dyn, &dyn_done);
		if (r == SRC_NONE && d->bid_size && home) { /* another kernel's: perf's copy */
			bid_hex(d->bid, d->bid_size, hex);
			snprintf(path, sizeof(path), "%s/.debug/.build-id/%.2s/%s/vdso", home, hex,
				 hex + 2);
			r = read_path(path, d, &recorded, NULL, &t, &dyn, &dyn_done);
		}
		goto out;
	}
	if (d->path[0] != '/')
		goto out;
	/* no recorded build id: the file's own, when it is still there */
	file_bid_size = file_build_id(d->path, file_bid, &rt, &plt);
	if (bid_size && (file_bid_size != bid_size || memcmp(file_bid, d->bid, bid_size))) {
		rt.nr = 0; /* another file now: the debug file's own segments */
		symtab__free(&plt);
	}
	if (bid_size) {
		memcpy(bid, d->bid, bid_size);
	} else {
		bid_size = file_bid_size;
		memcpy(bid, file_bid, bid_size);
	}
	if (bid_size) {
		by_bid.bid_size = bid_size;
		bid_hex(bid, bid_size, hex);
		snprintf(path, sizeof(path), "%s/usr/lib/debug/.build-id/%.2s/%s.debug", root, hex,
			 hex + 2);
		r = read_path(path, d, &by_name, &rt, &t, &dyn, &dyn_done);
		if (r != SRC_SYMTAB && home) {
			snprintf(path, sizeof(path), "%s/.debug/.build-id/%.2s/%s/debug", home, hex,
				 hex + 2);
			r = read_path(path, d, &by_bid, &rt, &t, &dyn, &dyn_done);
		}
		if (r != SRC_SYMTAB && home) {
			snprintf(path, sizeof(path), "%s/.debug/.build-id/%.2s/%s/elf", home, hex,
				 hex + 2);
			r = read_path(path, d, &by_bid, &rt, &t, &dyn, &dyn_done);
		}
	}
	if (r != SRC_SYMTAB) {
		snprintf(path, sizeof(path), "%s/usr/lib/debug%s.debug", root, d->path);
		r = read_path(path, d, &recorded, &rt, &t, &dyn, &dyn_done);
	}
	if (r != SRC_SYMTAB) {
		snprintf(path, sizeof(path), "%s/usr/lib/debug%s", root, d->path);
		r = read_path(path, d, &recorded, &rt, &t, &dyn, &dyn_done);
	}
	if (r != SRC_SYMTAB)
		r = read_path(d->path, d, &(struct cand){ d->bid, d->bid_size, false }, &rt, &t,
			      &dyn, &dyn_done);
out:
	if (r != SRC_SYMTAB) {
		symtab__free(&t);
		t = dyn;
	} else {
		symtab__free(&dyn);
	}
	symtab__finish(&t);
	add_plt(&t, &plt);
	symtab__free(&plt);
	d->tab = malloc(sizeof(t));
	if (d->tab)
		*d->tab = t;
	else
		symtab__free(&t);
	d->loaded = true;
	d->newer = NULL;
	if (ds->newest)
		ds->newest->newer = d;
	else
		ds->oldest = d;
	ds->newest = d;
	ds->nr_loaded++;
}

/* ---- the cache ---- */

struct dsos *dsos__new(size_t max_loaded)
{
	struct dsos *ds = calloc(1, sizeof(*ds));

	if (!ds)
		return NULL;
	ds->nr_buckets = DSOS_MIN_BUCKETS;
	ds->buckets = calloc(ds->nr_buckets, sizeof(*ds->buckets));
	if (!ds->buckets) {
		free(ds);
		return NULL;
	}
	ds->max_loaded = max_loaded ?: DSOS_DEFAULT_LOADED;
	return ds;
}

void dsos__free(struct dsos *ds)
{
	if (!ds)
		return;
	for (size_t i = 0; i < ds->nr_buckets; i++) {
		struct dso *d = ds->buckets[i], *next;

		for (; d; d = next) {
			next = d->next;
			dso__unload(d);
			free(d);
		}
	}
	free(ds->buckets);
	free(ds->root);
	free(ds);
}

static uint32_t hash_of(const char *path, const unsigned char *bid, size_t n)
{
	uint32_t h = 2166136261u;

	for (; *path; path++)
		h = (h ^ (unsigned char)*path) * 16777619u;
	for (size_t i = 0; i < n; i++)
		h = (h ^ bid[i]) * 16777619u;
	return h;
}

/* Twice the buckets, once there are twice as many dsos as buckets: chains stay short. */
static void grow(struct dsos *ds)
{
	size_t nr = ds->nr_buckets * 2;
	struct dso **b = calloc(nr, sizeof(*b));

	if (!b)
		return; /* longer chains, still right */
	for (size_t i = 0; i < ds->nr_buckets; i++) {
		struct dso *d = ds->buckets[i], *next;

		for (; d; d = next) {
			next = d->next;
			d->next = b[d->hash & (nr - 1)];
			b[d->hash & (nr - 1)] = d;
		}
	}
	free(ds->buckets);
	ds->buckets = b;
	ds->nr_buckets = nr;
}

struct dso *dsos__get(struct dsos *ds, const char *path, const unsigned char *build_id,
		      size_t build_id_size)
{
	uint32_t h;
	struct dso *d, **head;

	if (!ds || !path) {
		errno = EINVAL;
		return NULL;
	}
	if (!build_id || build_id_size > BUILD_ID_MAX)
		build_id_size = 0;
	h = hash_of(path, build_id, build_id_size);
	for (d = ds->buckets[h & (ds->nr_buckets - 1)]; d; d = d->next)
		if (d->hash == h && d->bid_size == build_id_size &&
		    (!build_id_size || !memcmp(d->bid, build_id, build_id_size)) &&
		    !strcmp(d->path, path))
			return d;
	d = calloc(1, sizeof(*d) + strlen(path) + 1);
	if (!d)
		return NULL;
	strcpy(d->path, path);
	if (build_id_size)
		memcpy(d->bid, build_id, build_id_size);
	d->bid_size = (uint8_t)build_id_size;
	d->hash = h;
	if (++ds->nr > ds->nr_buckets * 2)
		grow(ds);
	head = &ds->buckets[h & (ds->nr_buckets - 1)];
	d->next = *head;
	*head = d;
	return d;
}

const char *dso__name(const struct dso *d)
{
	return d ? d->path : NULL;
}

const char *dsos__find(struct dsos *ds, struct dso *d, uint64_t rel, uint64_t *off)
{
	const struct dso_sym *s;

	if (!ds || !d)
		return NULL;
	if (!d->loaded)
		load(ds, d);
	s = d->tab ? symtab__find(d->tab, rel) : NULL;
	if (!s)
		return NULL;
	if (off)
		*off = rel - s->start;
	return d->tab->pool + s->name;
}

void dsos__trim(struct dsos *ds)
{
	while (ds && ds->nr_loaded > ds->max_loaded && ds->oldest) {
		struct dso *oldest = ds->oldest;

		ds->oldest = oldest->newer;
		if (!ds->oldest)
			ds->newest = NULL;
		dso__unload(oldest);
		ds->nr_loaded--;
	}
}

void dsos__set_debug_root(struct dsos *ds, const char *root)
{
	if (!ds)
		return;
	free(ds->root);
	ds->root = root ? strdup(root) : NULL;
}

size_t dsos__loaded(const struct dsos *ds)
{
	return ds ? ds->nr_loaded : 0;
}
