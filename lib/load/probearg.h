/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Probe arguments in perf-probe syntax (`oldfd`, `file->f_mode`, `$retval`, `+8(%di)`, `$arg2`)
 * turned into fetches the prologue performs: a base read from pt_regs, then dereferences.
 * Kernel functions are resolved from BTF (prototypes and struct layouts of
 * /sys/kernel/btf/vmlinux; the x86-64 calling convention puts parameter N in di, si, dx, cx,
 * r8, r9), user functions from the binary's DWARF at the probe address.
 *
 *	struct probearg_target t = { .func = "do_sys_openat2", .btf = btf };
 *	struct prologue_arg out[PROLOGUE_MAX_ARGS];
 *	char why[256];
 *
 *	err = probearg__resolve(&t, sec.args, n, out, why, sizeof(why));
 */
#ifndef PERF_BPF_PROBEARG_H
#define PERF_BPF_PROBEARG_H

#include <stdbool.h>
#include <stddef.h>

#include "load/prologue.h"
#include "event/section.h"

struct btf;
struct probearg_dwarf;

struct probearg_target {
	const char *func; /* the probed function */
	bool retprobe;
	/*
	 * fentry/fexit instead of a kprobe: the context is the function's arguments as an array of
	 * u64 (the return value after them), so parameters come from there and registers are not
	 * available.
	 */
	bool fentry;
	/* kernel functions */
	struct btf *btf; /* vmlinux BTF (borrowed), or NULL: named variables cannot resolve */
	/* user functions (path != NULL) */
	const char *path;
	unsigned long addr; /* the probe address, as in the ELF file */
	struct probearg_dwarf *dwarf; /* from probearg__dwarf_open(path), or NULL */
};

/*
 * Resolve @nr args (at most PROLOGUE_MAX_ARGS are looked at) into @out.  Returns 0, or
 * -ENOENT (no such parameter or member), -ENOTSUP (a form the prologue cannot fetch: globals,
 * strings, $comm, values on the stack), -EINVAL; @why then says which argument and why.
 */
int probearg__resolve(const struct probearg_target *t, const struct section_arg *args, int nr,
		      struct prologue_arg *out, char *why, size_t why_size);

/*
 * Where a user probe with these arguments goes: t->addr, unless it is the entry of an
 * unoptimised function whose parameter asked for lives in the frame, which only the
 * prologue fills: then past the prologue (where its line table says it ends), as perf probe
 * does. Resolve the arguments at the address returned.
 */
unsigned long probearg__probe_addr(const struct probearg_target *t, const struct section_arg *args,
				   int nr);

/* The DWARF of an ELF file; NULL + errno (ENODATA: the file has no debug information). */
struct probearg_dwarf *probearg__dwarf_open(const char *path);
void probearg__dwarf_close(struct probearg_dwarf *d);

#endif
