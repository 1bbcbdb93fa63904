// SPDX-License-Identifier: GPL-2.0
/*
 * kallsyms table: one array of {address, end, name offset, module offset} sorted by
 * address, names in one string pool. When several symbols share an address, the one
 * listed last names it, as in perf (its other names end where they start).
 *
 * Only code and data symbols are kept (types T, W, D, B in either case), as perf keeps
 * them. kallsyms gives no sizes: a symbol ends where the next one starts, unless the
 * next one is in another module (or the kernel image's last symbol is followed by a
 * module's): then, like the last symbol of all, it ends at most a page further.
 */
#include <stdbool.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record/ksyms.h"
#include "util/log.h"

/* A symbol with no next one in its module spans up to this boundary past its page. */
#define KSYMS_PAGE 4096ull

struct ksym {
	uint64_t addr;
	uint64_t end; /* first address past it (set once sorted) */
	uint32_t name; /* offset in pool */
	uint32_t module; /* offset in pool; 0 = kernel image (pool[0] is "") */
};

struct ksyms {
	struct ksym *syms;
	size_t nr, cap;
	char *pool;
	size_t pool_len, pool_cap;
	char *lazy_path; /* ksyms__new_lazy(): read on the first lookup, then NULL */
	bool real_modules_only; /* skip [bpf] and [__builtin__*] symbols */
};

static int pool_add(struct ksyms *ks, const char *s, size_t len, uint32_t *off)
{
	if (ks->pool_len + len + 1 > UINT32_MAX)
		return -E2BIG;
	if (ks->pool_len + len + 1 > ks->pool_cap) {
		size_t cap = ks->pool_cap ? ks->pool_cap * 2 : 1 << 16;
		char *p;

		while (cap < ks->pool_len + len + 1)
			cap *= 2;
		p = realloc(ks->pool, cap);
		if (!p)
			return -ENOMEM;
		ks->pool = p;
		ks->pool_cap = cap;
	}
	memcpy(ks->pool + ks->pool_len, s, len);
	ks->pool[ks->pool_len + len] = '\0';
	*off = ks->pool_len;
	ks->pool_len += len + 1;
	return 0;
}

static int sym_add(struct ksyms *ks, const struct ksym *sym)
{
	if (ks->nr == ks->cap) {
		size_t cap = ks->cap ? ks->cap * 2 : 4096;
		struct ksym *p = realloc(ks->syms, cap * sizeof(*p));

		if (!p)
			return -ENOMEM;
		ks->syms = p;
		ks->cap = cap;
	}
	ks->syms[ks->nr++] = *sym;
	return 0;
}

/* The hex number at the start of [p, end) (at most 16 digits); returns where it stops. */
static const char *parse_hex(const char *p, const char *end, uint64_t *v)
{
	const char *start = p;
	uint64_t x = 0;

	for (; p < end && p - start < 17; p++) {
		char c = *p;

		if (c >= '0' && c <= '9')
			x = x << 4 | (c - '0');
		else if (c >= 'a' && c <= 'f')
			x = x << 4 | (c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			x = x << 4 | (c - 'A' + 10);
		else
			break;
	}
	*v = x;
	return p - start > 16 ? start : p;
}

/* Symbols of running BPF programs and trampolines: [bpf], [__builtin__ftrace], ... */
static bool pseudo_module(const char *mod, size_t len)
{
	return (len == 3 && !memcmp(mod, "bpf", 3)) || (len > 9 && !memcmp(mod, "__builtin", 9));
}

/* One line "ADDR TYPE NAME[\t[MODULE]]" (without its '\n'); 0 also for a skipped line. */
static int parse_line(struct ksyms *ks, const char *line, size_t len)
{
	const char *end = line + len, *name, *name_end, *mod, *after;
	struct ksym sym = { 0 };
	int err;

	after = parse_hex(line, end, &sym.addr);
	if (after == line || after + 3 > end || after[0] != ' ' || after[2] != ' ' || !sym.addr)
		return 0;
	if (!strchr("TtWwDdBb", after[1]) || !after[1])
		return 0;
	name = after + 3;
	for (name_end = name; name_end < end && *name_end != '\t' && *name_end != ' '; name_end++)
		;
	if (name_end == name)
		return 0;
	err = pool_add(ks, name, name_end - name, &sym.name);
	if (err)
		return err;
	mod = memchr(name_end, '[', end - name_end);
	if (mod) {
		const char *mod_end = memchr(mod, ']', end - mod);

		if (mod_end && mod_end > mod + 1) {
			if (ks->real_modules_only && pseudo_module(mod + 1, mod_end - mod - 1)) {
				ks->pool_len = sym.name; /* drop the name just added */
				return 0;
			}
			err = pool_add(ks, mod + 1, mod_end - mod - 1, &sym.module);
			if (err)
				return err;
		}
	}
	return sym_add(ks, &sym);
}

/* Sort by address; at one address in the order they were listed (pooled names are). */
static int sym_cmp(const void *a, const void *b)
{
	const struct ksym *x = a, *y = b;

	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	return x->name < y->name ? -1 : x->name > y->name;
}

/* Keep the last listed symbol of each address, then bound each one. */
static void sort_and_dedup(struct ksyms *ks)
{
	size_t i, out = 0;

	qsort(ks->syms, ks->nr, sizeof(*ks->syms), sym_cmp);
	for (i = 0; i < ks->nr; i++) {
		if (out && ks->syms[out - 1].addr == ks->syms[i].addr)
			out--;
		ks->syms[out++] = ks->syms[i];
	}
	ks->nr = out;
	for (i = 0; i < ks->nr; i++) {
		struct ksym *sym = &ks->syms[i];
		bool page_bound = i + 1 == ks->nr ||
				  strcmp(ks->pool + sym->module, ks->pool + ks->syms[i + 1].module);

		sym->end = page_bound ? (sym->addr + 2 * KSYMS_PAGE - 1) & ~(KSYMS_PAGE - 1) :
					ks->syms[i + 1].addr;
		if (sym->end < sym->addr) /* wrapped at the top of the address space */
			sym->end = UINT64_MAX;
	}
}

static struct ksyms *ksyms_alloc(void)
{
	struct ksyms *ks = calloc(1, sizeof(*ks));
	uint32_t off;

	if (!ks)
		return NULL;
	if (pool_add(ks, "", 0, &off)) {
		free(ks);
		errno = ENOMEM;
		return NULL;
	}
	return ks;
}

static struct ksyms *finish(struct ksyms *ks, int err)
{
	if (!err && !ks->nr)
		err = -ENODATA;
	if (err) {
		ksyms__free(ks);
		errno = -err;
		return NULL;
	}
	sort_and_dedup(ks);
	return ks;
}

struct ksyms *ksyms__parse(const char *text, size_t len)
{
	const char *p = text, *end = text + len;
	struct ksyms *ks = ksyms_alloc();
	int err = 0;

	if (!ks)
		return NULL;
	while (p < end && !err) {
		const char *nl = memchr(p, '\n', end - p);
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);

		err = parse_line(ks, p, n);
		p += n + 1;
	}
	return finish(ks, err);
}

static int load_into(struct ksyms *ks, const char *path)
{
	static char buf[1 << 18]; /* few, large reads: each read of kallsyms walks the table */
	char line[512];
	int err = 0;
	FILE *f = fopen(path, "re");

	if (!f) {
		err = -errno;
		pr_debug("cannot open '%s': %s", path, strerror(-err));
		return err;
	}
	setvbuf(f, buf, _IOFBF, sizeof(buf));
	while (!err && fgets(line, sizeof(line), f))
		err = parse_line(ks, line, strcspn(line, "\n"));
	fclose(f);
	if (!err && ks->nr == 0)
		pr_debug("'%s': no symbol with a non-zero address (kptr_restrict?)", path);
	return err;
}

struct ksyms *ksyms__load(const char *path)
{
	struct ksyms *ks = ksyms_alloc();
	int err;

	if (!ks)
		return NULL;
	err = load_into(ks, path ? path : "/proc/kallsyms");
	if (err == -ENOENT || err == -EACCES) {
		ksyms__free(ks);
		errno = -err;
		return NULL;
	}
	return finish(ks, err);
}

struct ksyms *ksyms__new_lazy(const char *path)
{
	struct ksyms *ks = ksyms_alloc();

	if (!ks)
		return NULL;
	ks->lazy_path = strdup(path ? path : "/proc/kallsyms");
	if (!ks->lazy_path) {
		ksyms__free(ks);
		errno = ENOMEM;
		return NULL;
	}
	return ks;
}

/* The table behind a lazy handle is a cache: filling it does not change what ks means. */
static void load_lazy(const struct ksyms *cks)
{
	struct ksyms *ks = (struct ksyms *)cks;
	char *path = ks->lazy_path;

	ks->lazy_path = NULL;
	if (load_into(ks, path))
		ks->nr = 0;
	else
		sort_and_dedup(ks);
	free(path);
}

void ksyms__real_modules_only(struct ksyms *ks)
{
	if (ks)
		ks->real_modules_only = true;
}

void ksyms__free(struct ksyms *ks)
{
	if (!ks)
		return;
	free(ks->syms);
	free(ks->pool);
	free(ks->lazy_path);
	free(ks);
}

static const struct ksym *lookup(const struct ksyms *ks, uint64_t addr)
{
	size_t lo = 0, hi;

	if (ks && ks->lazy_path)
		load_lazy(ks);
	if (!ks || !ks->nr || addr < ks->syms[0].addr)
		return NULL;
	hi = ks->nr;
	/* invariant: syms[lo].addr <= addr, and syms[hi].addr > addr when hi < nr */
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;

		if (ks->syms[mid].addr <= addr)
			lo = mid;
		else
			hi = mid;
	}
	if (addr >= ks->syms[lo].end)
		return NULL;
	return &ks->syms[lo];
}

const char *ksyms__find(const struct ksyms *ks, uint64_t addr, uint64_t *off)
{
	const struct ksym *sym = lookup(ks, addr);

	if (!sym)
		return NULL;
	if (off)
		*off = addr - sym->addr;
	return ks->pool + sym->name;
}

const char *ksyms__module(const struct ksyms *ks, uint64_t addr)
{
	const struct ksym *sym = lookup(ks, addr);

	return sym && sym->module ? ks->pool + sym->module : NULL;
}

int ksyms__snprint(const struct ksyms *ks, uint64_t addr, char *buf, size_t size)
{
	uint64_t off;
	const char *name = ksyms__find(ks, addr, &off);

	if (!name)
		return -ENOENT;
	snprintf(buf, size, "%s+0x%llx", name, (unsigned long long)off);
	return 0;
}
