/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Kernel symbols from /proc/kallsyms (or any text in its format), sorted by address
 * for binary search: an address resolves to the symbol at or below it, within that
 * symbol's extent (up to the next symbol of its module; the last one of the kernel image
 * or of a module up to the page boundary after the next), printed as "sym+0xoff" the way
 * perf script shows kernel ips. Past every extent an address has no symbol.
 *
 *	struct ksyms *ks = ksyms__load(NULL);
 *	const char *name = ksyms__find(ks, ip, &off);
 *	ksyms__free(ks);
 */
#ifndef PERF_BPF_KSYMS_H
#define PERF_BPF_KSYMS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct ksyms;

/* path NULL: /proc/kallsyms. NULL + errno on failure (ENOENT, EACCES, ENOMEM, ENODATA: no symbol). */
struct ksyms *ksyms__load(const char *path);
/* Lines "ADDR TYPE NAME[\t[MODULE]]"; unparsable lines and zero addresses are skipped. */
struct ksyms *ksyms__parse(const char *text, size_t len);
/* A handle that reads path (NULL: /proc/kallsyms) only when a lookup first needs it. */
struct ksyms *ksyms__new_lazy(const char *path);
/*
 * A lazy handle read for a recorded file: the symbols of pseudo-modules ([bpf] programs
 * and [__builtin__*] trampolines loaded now) are not the file's, and are skipped (perf
 * names BPF programs from the file's KSYMBOL records only). Before the first lookup.
 */
void ksyms__real_modules_only(struct ksyms *ks);
/*
 * A lazy table read now by a thread of its own, not at the first lookup: a live reader that
 * will look up kernel ips does not stop for it while the rings fill.
 */
void ksyms__load_ahead(struct ksyms *ks);
/* That thread is still reading: a lookup now would wait for it. */
bool ksyms__loading(const struct ksyms *ks);
void ksyms__free(struct ksyms *ks);

/*
 * The symbol containing addr (the last one at or below it), and its offset; NULL when
 * addr lies before the first symbol. Names live as long as ks. ks may be NULL.
 */
const char *ksyms__find(const struct ksyms *ks, uint64_t addr, uint64_t *off);
/* The module of the symbol ksyms__find would return, or NULL for the kernel image. */
const char *ksyms__module(const struct ksyms *ks, uint64_t addr);
/* "sym+0xoff" into buf (snprintf semantics); -ENOENT (buf untouched) when not found. */
int ksyms__snprint(const struct ksyms *ks, uint64_t addr, char *buf, size_t size);

#endif
