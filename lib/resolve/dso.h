/* SPDX-License-Identifier: GPL-2.0 */
/*
 * User-space code objects (DSOs: executables, libraries, the vdso) and their symbols.
 * A dso is named by the path its MMAP record gave and, when the record had one, its
 * build id. Its symbol table is read from ELF at its first lookup, from the first of:
 *	/usr/lib/debug/.build-id/xx/rest.debug	(build id known)
 *	~/.debug/.build-id/xx/rest/{debug,elf}	(perf's build id cache; vdso for [vdso]
 *						when the running one is another)
 *	/usr/lib/debug/PATH.debug, /usr/lib/debug/PATH
 *	PATH itself (skipped when its build id is not the recorded one)
 * that has a .symtab; else the first that has a .dynsym (with the symbols of its
 * .gnu_debugdata, xz-compressed, when it has one). Symbols are the functions and code
 * labels of executable sections, at file offsets (what a map's ip - start + pgoff gives);
 * each ends at its size, or at the next symbol when it has none: past that, nothing.
 *
 * Loaded tables are bounded: dsos__trim() drops the oldest ones beyond the limit (they
 * load again when needed). Names returned stay valid until the next dsos__trim().
 */
#ifndef PERF_BPF_DSO_H
#define PERF_BPF_DSO_H

#include <stddef.h>
#include <stdint.h>

struct dsos;
struct dso;

/* max_loaded: symbol tables kept loaded at once (0: a default). NULL + errno. */
struct dsos *dsos__new(size_t max_loaded);
void dsos__free(struct dsos *ds);

/*
 * The dso of path (and build id, NULL/0 when unknown), made on first use. Lives as
 * long as ds. NULL + errno on ENOMEM.
 */
struct dso *dsos__get(struct dsos *ds, const char *path, const unsigned char *build_id,
		      size_t build_id_size);
/* The name perf prints for it: the path. */
const char *dso__name(const struct dso *d);

/* The symbol at file offset rel, and rel's offset in it; NULL when none covers rel. */
const char *dsos__find(struct dsos *ds, struct dso *d, uint64_t rel, uint64_t *off);

/* Drop the loaded tables beyond the limit, oldest first (between two samples). */
void dsos__trim(struct dsos *ds);

/* Test hook: root replaces / before usr/lib/debug, and $HOME before .debug (NULL: none). */
void dsos__set_debug_root(struct dsos *ds, const char *root);
/* How many symbol tables are loaded now. */
size_t dsos__loaded(const struct dsos *ds);

#endif
