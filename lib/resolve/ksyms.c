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
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "resolve/ksymcache.h"
#include "resolve/ksyms.h"
#include "util/log.h"
#include "util/testhook.h"

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
	struct ksymcache_map cached; /* when mapped: syms and pool point into it */
	pthread_t reader; /* ksyms__load_ahead(): reading the table meanwhile */
	bool reading; /* until the first lookup (or free) has joined it */
	bool read; /* set by that thread when it is done (atomic) */
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

/*
 * kallsyms lists the kernel image in address order, then the modules: sort only what
 * follows the sorted prefix and merge the two (the same order a full sort gives, as
 * sym_cmp is a total order). -ENOMEM when the merge has no room.
 */
static int sort_syms(struct ksyms *ks)
{
	size_t k = 1, i, j, o;
	struct ksym *out;

	while (k < ks->nr && sym_cmp(&ks->syms[k - 1], &ks->syms[k]) <= 0)
		k++;
	if (k >= ks->nr)
		return 0;
	qsort(ks->syms + k, ks->nr - k, sizeof(*ks->syms), sym_cmp);
	out = malloc(ks->cap * sizeof(*out));
	if (!out)
		return -ENOMEM;
	for (i = 0, j = k, o = 0; i < k || j < ks->nr; o++) {
		bool left = j == ks->nr || (i < k && sym_cmp(&ks->syms[i], &ks->syms[j]) <= 0);

		out[o] = left ? ks->syms[i++] : ks->syms[j++];
	}
	free(ks->syms);
	ks->syms = out;
	return 0;
}

/* Keep the last listed symbol of each address, then bound each one. */
static void sort_and_dedup(struct ksyms *ks)
{
	size_t i, out = 0;

	if (sort_syms(ks))
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

/* Parse the lines of buf[0, len); the bytes after its last '\n' are left: their count. */
static size_t parse_lines(struct ksyms *ks, const char *buf, size_t len, int *err)
{
	const char *p = buf, *end = buf + len, *nl;

	while (!*err && (nl = memchr(p, '\n', end - p))) {
		*err = parse_line(ks, p, nl - p);
		p = nl + 1;
	}
	return end - p;
}

static int load_into(struct ksyms *ks, const char *path)
{
	static char buf[1 << 18]; /* few, large reads: each read of kallsyms walks the table */
	size_t have = 0;
	ssize_t n;
	int err = 0, fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0) {
		err = -errno;
		pr_debug("cannot open '%s': %s", path, strerror(-err));
		return err;
	}
	while (!err && (n = read(fd, buf + have, sizeof(buf) - have)) != 0) {
		size_t left;

		if (n < 0) {
			if (errno != EINTR)
				err = -errno;
			continue;
		}
		have += n;
		left = parse_lines(ks, buf, have, &err);
		if (left == sizeof(buf)) /* a line longer than the buffer: not kallsyms */
			left = 0;
		memmove(buf, buf + have - left, left);
		have = left;
	}
	if (!err && have)
		err = parse_line(ks, buf, have);
	close(fd);
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

/* The table as bytes for the kernel symbol cache: a header, the symbols, the names. */
struct ksyms_blob {
	char magic[8];
	uint64_t nr, pool_len;
};

#define KSYMS_BLOB_MAGIC "ksyms 1"

/* Every name inside the pool, the pool's end a NUL, the symbols in order and bounded. */
static bool blob_sane(const struct ksym *syms, size_t nr, const char *pool, size_t pool_len)
{
	if (!pool_len || pool[pool_len - 1])
		return false;
	for (size_t i = 0; i < nr; i++) {
		if (syms[i].name >= pool_len || syms[i].module >= pool_len ||
		    syms[i].end <= syms[i].addr || (i && syms[i].addr <= syms[i - 1].addr))
			return false;
	}
	return true;
}

/* Use a cache blob in place; false (ks untouched) when it is not a sound table. */
static bool from_blob(struct ksyms *ks, const char *blob, size_t size)
{
	struct ksyms_blob hdr;
	const struct ksym *syms = (const void *)(blob + sizeof(hdr));

	if (size < sizeof(hdr))
		return false;
	memcpy(&hdr, blob, sizeof(hdr));
	if (memcmp(hdr.magic, KSYMS_BLOB_MAGIC, sizeof(hdr.magic)) || !hdr.nr ||
	    hdr.nr > (size - sizeof(hdr)) / sizeof(*syms) ||
	    hdr.pool_len != size - sizeof(hdr) - hdr.nr * sizeof(*syms) ||
	    !blob_sane(syms, hdr.nr, (const char *)(syms + hdr.nr), hdr.pool_len))
		return false;
	free(ks->syms);
	free(ks->pool);
	ks->syms = (struct ksym *)syms; /* read only from here on: lookups never write */
	ks->nr = ks->cap = hdr.nr;
	ks->pool = (char *)(syms + hdr.nr);
	ks->pool_len = ks->pool_cap = hdr.pool_len;
	return true;
}

/*
 * A recorded file's reader wants this boot's kernel and modules only: that table is the
 * same until a reboot or a module load, so it is kept in the kernel symbol cache.
 */
static bool load_cached(struct ksyms *ks, const char *key)
{
	struct ksymcache_map m;
	bool ok;

	if (ksymcache__map(key, &m))
		return false;
	ok = from_blob(ks, m.blob, m.size);
	if (ok)
		ks->cached = m;
	else
		ksymcache__unmap(&m);
	pr_debug("kernel symbols: %s", ok ? "from the cache" : "cache entry unsound, ignored");
	return ok;
}

static void store_cached(const struct ksyms *ks, const char *key)
{
	struct ksyms_blob hdr = { .magic = KSYMS_BLOB_MAGIC,
				  .nr = ks->nr,
				  .pool_len = ks->pool_len };
	struct iovec parts[] = {
		{ &hdr, sizeof(hdr) },
		{ ks->syms, ks->nr * sizeof(*ks->syms) },
		{ ks->pool, ks->pool_len },
	};

	if (ks->nr)
		ksymcache__put(key, parts, 3);
}

/* The table behind a lazy handle is a cache: filling it does not change what ks means. */
static void load_lazy(const struct ksyms *cks)
{
	struct ksyms *ks = (struct ksyms *)cks;
	char *path = ks->lazy_path, key[HASH_HEX_SIZE];
	bool cacheable = ks->real_modules_only && !strcmp(path, "/proc/kallsyms") &&
			 !secure_getenv("PERF_BPF_NO_KSYMCACHE") && !ksymcache__key(key);

	ks->lazy_path = NULL;
	if (cacheable && load_cached(ks, key)) {
		free(path);
		return;
	}
	if (load_into(ks, path)) {
		ks->nr = 0;
	} else {
		sort_and_dedup(ks);
		if (cacheable)
			store_cached(ks, key);
	}
	free(path);
}

static void *read_ahead(void *arg)
{
	struct ksyms *ks = arg;

	testhook__ksyms();
	load_lazy(ks);
	__atomic_store_n(&ks->read, true, __ATOMIC_RELEASE);
	return NULL;
}

bool ksyms__loading(const struct ksyms *ks)
{
	return ks && ks->reading && !__atomic_load_n(&ks->read, __ATOMIC_ACQUIRE);
}

/* The table read by a thread of its own from now: the first lookup waits for it only if not done. */
void ksyms__load_ahead(struct ksyms *ks)
{
	if (ks && ks->lazy_path && !ks->reading)
		ks->reading = !pthread_create(&ks->reader, NULL, read_ahead, ks);
}

/* The reader's table is the one lookups use from here on. */
static void join_reader(const struct ksyms *cks)
{
	struct ksyms *ks = (struct ksyms *)cks;

	pthread_join(ks->reader, NULL);
	ks->reading = false;
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
	if (ks->reading)
		join_reader(ks);
	if (ks->cached.map) {
		ksymcache__unmap(&ks->cached);
	} else {
		free(ks->syms);
		free(ks->pool);
	}
	free(ks->lazy_path);
	free(ks);
}

static const struct ksym *lookup(const struct ksyms *ks, uint64_t addr)
{
	size_t lo = 0, hi;

	if (ks && ks->reading)
		join_reader(ks);
	else if (ks && ks->lazy_path)
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
