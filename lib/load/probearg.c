// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <dwarf.h>
#include <elfutils/libdw.h>
#include <bpf/btf.h>

#include "load/probearg.h"

struct probearg_dwarf {
	int fd;
	Dwarf *dw;
};

/* A type, in BTF (id) or DWARF (die). */
struct tref {
	bool dwarf;
	const struct btf *btf;
	__u32 id;
	Dwarf_Die die;
};

enum tkind { T_OTHER, T_POINTER, T_RECORD, T_ARRAY, T_VOID };

/* x86-64: the registers of the first six integer parameters, and DWARF's register numbers. */
static const char *const abi_regs[] = { "di", "si", "dx", "cx", "r8", "r9" };
static const char *const dwarf_regs[] = { "ax", "dx", "cx",  "bx",  "si",  "di",  "bp",	 "sp",
					  "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15" };

static int fail(char *why, size_t size, int err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, size, fmt, ap);
	va_end(ap);
	return err;
}

/* Bytes of a perf-probe type ("u32", "s8", "x64"); 0 for unknown, -1 for "string" and bitfields. */
static int probearg__type_size(const char *type)
{
	int bits;
	char c, rest;

	if (!strcmp(type, "string") || !strcmp(type, "ustring") || strchr(type, '@'))
		return -1;
	if (sscanf(type, "%c%d%c", &c, &bits, &rest) != 2 || !strchr("usx", c))
		return 0;
	return bits == 8 || bits == 16 || bits == 32 || bits == 64 ? bits / 8 : 0;
}

static void peel(struct tref *t)
{
	if (t->dwarf) {
		Dwarf_Die out;

		if (dwarf_peel_type(&t->die, &out) == 0)
			t->die = out;
		return;
	}
	t->id = btf__resolve_type(t->btf, t->id);
}

static enum tkind kind(struct tref *t)
{
	peel(t);
	if (t->dwarf) {
		switch (dwarf_tag(&t->die)) {
		case DW_TAG_pointer_type:
			return T_POINTER;
		case DW_TAG_structure_type:
		case DW_TAG_union_type:
			return T_RECORD;
		case DW_TAG_array_type:
			return T_ARRAY;
		default:
			return T_OTHER;
		}
	}
	if (!t->id)
		return T_VOID;
	switch (btf_kind(btf__type_by_id(t->btf, t->id))) {
	case BTF_KIND_PTR:
		return T_POINTER;
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
		return T_RECORD;
	case BTF_KIND_ARRAY:
		return T_ARRAY;
	default:
		return T_OTHER;
	}
}

/* The pointee of a pointer, the element of an array; false for void. */
static bool inner(struct tref *t)
{
	if (t->dwarf) {
		Dwarf_Attribute a;

		return dwarf_attr_integrate(&t->die, DW_AT_type, &a) &&
		       dwarf_formref_die(&a, &t->die);
	}
	if (btf_is_array(btf__type_by_id(t->btf, t->id)))
		t->id = btf_array(btf__type_by_id(t->btf, t->id))->type;
	else
		t->id = btf__type_by_id(t->btf, t->id)->type;
	return t->id != 0;
}

static long size_of(struct tref *t)
{
	if (t->dwarf) {
		Dwarf_Word sz;

		return dwarf_aggregate_size(&t->die, &sz) ? -1 : (long)sz;
	}
	return btf__resolve_size(t->btf, t->id);
}

static const char *type_name(struct tref *t, char *buf, size_t size)
{
	const char *n = NULL;
	bool rec = kind(t) == T_RECORD;

	if (t->dwarf)
		n = dwarf_diename(&t->die);
	else if (t->id)
		n = btf__name_by_offset(t->btf, btf__type_by_id(t->btf, t->id)->name_off);
	snprintf(buf, size, "%s%s", rec ? "struct " : "", n && *n ? n : "(anonymous)");
	return buf;
}

/* Member @name of the record @t (anonymous members searched too): its offset and type. */
static bool member_btf(struct tref *t, const char *name, long *off)
{
	const struct btf_type *bt = btf__type_by_id(t->btf, t->id);
	const struct btf_member *m = btf_members(bt);

	for (int i = 0; i < btf_vlen(bt); i++, m++) {
		const char *mn = btf__name_by_offset(t->btf, m->name_off);
		struct tref sub = *t;

		if (btf_member_bitfield_size(bt, i))
			continue;
		sub.id = m->type;
		if (mn && !strcmp(mn, name)) {
			*off = btf_member_bit_offset(bt, i) / 8;
			*t = sub;
			return true;
		}
		if ((!mn || !*mn) && kind(&sub) == T_RECORD && member_btf(&sub, name, off)) {
			*off += btf_member_bit_offset(bt, i) / 8;
			*t = sub;
			return true;
		}
	}
	return false;
}

static bool member_dwarf(struct tref *t, const char *name, long *off)
{
	Dwarf_Die child;

	if (dwarf_child(&t->die, &child))
		return false;
	do {
		const char *mn = dwarf_diename(&child);
		Dwarf_Attribute a;
		Dwarf_Word loc = 0;
		struct tref sub = *t;

		if (dwarf_tag(&child) != DW_TAG_member)
			continue;
		if (dwarf_attr_integrate(&child, DW_AT_data_member_location, &a))
			dwarf_formudata(&a, &loc);
		sub.die = child;
		if (!inner(&sub))
			continue;
		if (mn && !strcmp(mn, name)) {
			*off = loc;
			*t = sub;
			return true;
		}
		if (!mn && kind(&sub) == T_RECORD && member_dwarf(&sub, name, off)) {
			*off += loc;
			*t = sub;
			return true;
		}
	} while (dwarf_siblingof(&child, &child) == 0);
	return false;
}

static bool member(struct tref *t, const char *name, long *off)
{
	return t->dwarf ? member_dwarf(t, name, off) : member_btf(t, name, off);
}

static int push_deref(struct prologue_arg *out, long off, bool user)
{
	if (out->nr_derefs == PROLOGUE_MAX_DEREFS)
		return -E2BIG;
	out->derefs[out->nr_derefs].off = off;
	out->derefs[out->nr_derefs].user = user;
	out->nr_derefs++;
	return 0;
}

/* One step of a member chain: "->name", ".name" or "[index]". */
static int walk_field(struct tref *t, const struct section_field *f, struct prologue_arg *out,
		      bool user, char *why, size_t wsz)
{
	enum tkind k = kind(t);
	char tn[128];
	long off = 0;

	if (!f->name) { /* [index] */
		if (k != T_POINTER && k != T_ARRAY)
			return fail(why, wsz, -EINVAL, "'%s' is neither a pointer nor an array",
				    type_name(t, tn, sizeof(tn)));
		if (!inner(t) || size_of(t) <= 0)
			return fail(why, wsz, -EINVAL, "cannot index a pointer to void");
		off = f->index * size_of(t);
		if (k == T_POINTER)
			return push_deref(out, off, user);
		goto add_to_last;
	}
	if (f->ref) {
		if (k != T_POINTER || !inner(t) || kind(t) != T_RECORD)
			return fail(why, wsz, -EINVAL, "'->%s' needs a pointer to a struct",
				    f->name);
	} else if (k != T_RECORD) {
		return fail(why, wsz, -EINVAL, "'.%s' needs a struct", f->name);
	}
	type_name(t, tn, sizeof(tn));
	if (!member(t, f->name, &off))
		return fail(why, wsz, -ENOENT, "%s has no member '%s'", tn, f->name);
	if (f->ref)
		return push_deref(out, off, user);
add_to_last:
	/* inside the value the last read fetched: that read moves by off */
	if (!out->nr_derefs)
		return fail(why, wsz, -ENOTSUP, "a struct passed by value is not fetched");
	out->derefs[out->nr_derefs - 1].off += off;
	return 0;
}

static int finish_type(struct tref *t, struct prologue_arg *out, char *why, size_t wsz)
{
	char tn[128];
	long sz;

	switch (kind(t)) {
	case T_RECORD:
	case T_ARRAY:
		return fail(why, wsz, -ENOTSUP, "it is a %s: name one of its members",
			    type_name(t, tn, sizeof(tn)));
	case T_POINTER:
		out->size = 8;
		return 0;
	default:
		sz = size_of(t);
		out->size = sz == 1 || sz == 2 || sz == 4 ? (int)sz : 8;
		return 0;
	}
}

/* Kernel: parameter @name of the function's BTF prototype: which register, which type. */
static int btf_param(const struct probearg_target *t, const char *name, struct tref *ty,
		     struct prologue_arg *out, char *why, size_t wsz)
{
	const struct btf_type *fn, *proto;
	const struct btf_param *p;
	int id;

	if (!t->btf)
		return fail(why, wsz, -ENOENT, "the kernel has no BTF to find '%s' in", name);
	id = btf__find_by_name_kind(t->btf, t->func, BTF_KIND_FUNC);
	if (id < 0)
		return fail(why, wsz, -ENOENT, "no function '%s' in the kernel's BTF", t->func);
	fn = btf__type_by_id(t->btf, id);
	proto = btf__type_by_id(t->btf, fn->type);
	p = btf_params(proto);
	for (int i = 0; i < btf_vlen(proto); i++, p++) {
		const char *pn = btf__name_by_offset(t->btf, p->name_off);

		if (!pn || strcmp(pn, name))
			continue;
		if (t->fentry) {
			out->ctx_off = 8 * i;
			goto found;
		}
		if (i >= 6)
			return fail(why, wsz, -ENOTSUP,
				    "'%s' is parameter %d: only the first 6 sit in registers", name,
				    i + 1);
		out->ctx_off = prologue__reg_offset(abi_regs[i]);
found:
		ty->dwarf = false;
		ty->btf = t->btf;
		ty->id = p->type;
		return 0;
	}
	return fail(why, wsz, -ENOENT, "'%s' has no parameter '%s'", t->func, name);
}

struct probearg_dwarf *probearg__dwarf_open(const char *path)
{
	struct probearg_dwarf *d = calloc(1, sizeof(*d));

	if (!d)
		return NULL;
	d->fd = open(path, O_RDONLY | O_CLOEXEC);
	if (d->fd < 0) {
		free(d);
		return NULL;
	}
	d->dw = dwarf_begin(d->fd, DWARF_C_READ);
	if (!d->dw) {
		close(d->fd);
		free(d);
		errno = ENODATA;
		return NULL;
	}
	return d;
}

void probearg__dwarf_close(struct probearg_dwarf *d)
{
	if (!d)
		return;
	dwarf_end(d->dw);
	close(d->fd);
	free(d);
}

struct func_search {
	const char *name;
	Dwarf_Die die;
	bool found;
};

static int match_func(Dwarf_Die *die, void *arg)
{
	struct func_search *s = arg;
	const char *n = dwarf_diename(die);
	Dwarf_Addr lo;

	if (!n || strcmp(n, s->name) || dwarf_lowpc(die, &lo))
		return DWARF_CB_OK;
	s->die = *die;
	s->found = true;
	return DWARF_CB_ABORT;
}

static bool find_func(Dwarf *dw, const char *name, Dwarf_Die *out)
{
	struct func_search s = { .name = name };
	Dwarf_Off off = 0, next;
	size_t hsize;

	while (!s.found && dwarf_nextcu(dw, off, &next, &hsize, NULL, NULL, NULL) == 0) {
		Dwarf_Die cu;

		if (dwarf_offdie(dw, off + hsize, &cu))
			dwarf_getfuncs(&cu, match_func, &s, 0);
		off = next;
	}
	if (s.found)
		*out = s.die;
	return s.found;
}

static bool find_var(Dwarf_Die *fn, const char *name, Dwarf_Die *out)
{
	Dwarf_Die c;

	if (dwarf_child(fn, &c))
		return false;
	do {
		int tag = dwarf_tag(&c);
		const char *n = dwarf_diename(&c);

		if ((tag == DW_TAG_formal_parameter || tag == DW_TAG_variable) && n &&
		    !strcmp(n, name)) {
			*out = c;
			return true;
		}
	} while (dwarf_siblingof(&c, &c) == 0);
	return false;
}

static int dwarf_reg(unsigned int regno, struct prologue_arg *out)
{
	if (regno >= sizeof(dwarf_regs) / sizeof(dwarf_regs[0]))
		return -ENOTSUP;
	out->ctx_off = prologue__reg_offset(dwarf_regs[regno]);
	return 0;
}

/*
 * The frame base at the probe address, as a DWARF register number and an offset: the
 * canonical frame address, when DW_AT_frame_base says so (as gcc and clang do), from the call
 * frame information (.debug_frame, else .eh_frame).
 */
static int frame_base(const struct probearg_target *t, Dwarf_Die *fn, unsigned int *reg, long *off)
{
	Dwarf_CFI *cfi[2] = { dwarf_getcfi(t->dwarf->dw), NULL };
	Dwarf_Attribute a;
	Dwarf_Op *expr;
	size_t len;
	int err = -ENOTSUP;

	if (!dwarf_attr_integrate(fn, DW_AT_frame_base, &a) || dwarf_getlocation(&a, &expr, &len) ||
	    len != 1 || expr[0].atom != DW_OP_call_frame_cfa)
		return -ENOTSUP;
	cfi[1] = dwarf_getcfi_elf(dwarf_getelf(t->dwarf->dw));
	for (int i = 0; err && i < 2; i++) {
		Dwarf_Frame *fr = NULL;

		if (cfi[i] && !dwarf_cfi_addrframe(cfi[i], t->addr, &fr) &&
		    !dwarf_frame_cfa(fr, &expr, &len) && len == 1 && expr[0].atom == DW_OP_bregx) {
			*reg = expr[0].number;
			*off = (long)expr[0].number2;
			err = 0;
		}
		free(fr);
	}
	if (cfi[1])
		dwarf_cfi_end(cfi[1]);
	return err;
}

/* The location expression of the variable at the probe address, as base register + derefs. */
static int dwarf_location(const struct probearg_target *t, Dwarf_Die *fn, Dwarf_Die *var,
			  struct prologue_arg *out, char *why, size_t wsz)
{
	const char *name = dwarf_diename(var);
	Dwarf_Attribute a;
	Dwarf_Op *expr;
	size_t len;
	unsigned int op, reg;
	long base;

	if (!dwarf_attr_integrate(var, DW_AT_location, &a) ||
	    dwarf_getlocation_addr(&a, t->addr, &expr, &len, 1) != 1 || len != 1)
		return fail(why, wsz, -ENOTSUP, "'%s' has no simple location at 0x%lx in '%s'",
			    name, t->addr, t->path);
	op = expr[0].atom;
	if (op >= DW_OP_reg0 && op <= DW_OP_reg31)
		return dwarf_reg(op - DW_OP_reg0, out) ? -ENOTSUP : 0;
	if (op == DW_OP_regx)
		return dwarf_reg(expr[0].number, out) ? -ENOTSUP : 0;
	if (op >= DW_OP_breg0 && op <= DW_OP_breg31) {
		if (dwarf_reg(op - DW_OP_breg0, out))
			return -ENOTSUP;
		return push_deref(out, (long)expr[0].number, true);
	}
	if (op == DW_OP_fbreg && !frame_base(t, fn, &reg, &base) && !dwarf_reg(reg, out))
		return push_deref(out, base + (long)expr[0].number, true);
	return fail(why, wsz, -ENOTSUP,
		    "'%s' at 0x%lx in '%s' is in a place the prologue cannot read", name, t->addr,
		    t->path);
}

static int dwarf_param(const struct probearg_target *t, const char *name, struct tref *ty,
		       struct prologue_arg *out, char *why, size_t wsz)
{
	Dwarf_Die fn, var;
	Dwarf_Attribute a;
	int err;

	if (!t->dwarf)
		return fail(why, wsz, -ENOENT, "'%s' has no debug information to find '%s' in",
			    t->path, name);
	if (!find_func(t->dwarf->dw, t->func, &fn))
		return fail(why, wsz, -ENOENT, "no function '%s' in the debug information of '%s'",
			    t->func, t->path);
	if (!find_var(&fn, name, &var))
		return fail(why, wsz, -ENOENT, "'%s' has no parameter or variable '%s'", t->func,
			    name);
	err = dwarf_location(t, &fn, &var, out, why, wsz);
	if (err)
		return err;
	ty->dwarf = true;
	if (!dwarf_attr_integrate(&var, DW_AT_type, &a) || !dwarf_formref_die(&a, &ty->die))
		return fail(why, wsz, -EINVAL, "'%s' has no type", name);
	return 0;
}

static int resolve_var(const struct probearg_target *t, const struct section_arg *arg,
		       struct prologue_arg *out, char *why, size_t wsz)
{
	bool user = t->path != NULL;
	struct tref ty = { 0 };
	int err;

	if (t->retprobe && !t->fentry)
		return fail(why, wsz, -ENOTSUP, "a return probe sees no variables, only $retval");
	err = user ? dwarf_param(t, arg->base, &ty, out, why, wsz) :
		     btf_param(t, arg->base, &ty, out, why, wsz);
	for (int i = 0; !err && i < arg->nr_fields; i++)
		err = walk_field(&ty, &arg->fields[i], out, user, why, wsz);
	if (!err)
		err = finish_type(&ty, out, why, wsz);
	return err;
}

/* fentry: the slot of the return value (after the arguments), or of argument $argN. */
static int fentry_slot(const struct probearg_target *t, const struct section_arg *arg,
		       struct prologue_arg *out, char *why, size_t wsz)
{
	const struct btf_type *fn;
	int id, n;

	if (arg->kind == SECTION_ARG_SPECIAL && sscanf(arg->base, "$arg%d", &n) == 1 && n >= 1 &&
	    n <= 12) {
		out->ctx_off = 8 * (n - 1);
		return 0;
	}
	if (arg->kind != SECTION_ARG_RETVAL)
		return fail(why, wsz, -ENOTSUP, "'%s' is not available at fentry/fexit", arg->base);
	id = t->btf ? btf__find_by_name_kind(t->btf, t->func, BTF_KIND_FUNC) : -ENOENT;
	if (id < 0)
		return fail(why, wsz, -ENOENT, "no function '%s' in the kernel's BTF", t->func);
	fn = btf__type_by_id(t->btf, id);
	out->ctx_off = 8 * btf_vlen(btf__type_by_id(t->btf, fn->type));
	return 0;
}

static int resolve_base(const struct probearg_target *t, const struct section_arg *arg,
			struct prologue_arg *out, char *why, size_t wsz)
{
	int n;

	if (t->fentry && arg->kind != SECTION_ARG_VAR)
		return fentry_slot(t, arg, out, why, wsz);
	switch (arg->kind) {
	case SECTION_ARG_VAR:
		return resolve_var(t, arg, out, why, wsz);
	case SECTION_ARG_REG:
		out->ctx_off = prologue__reg_offset(arg->base);
		if (out->ctx_off < 0)
			return fail(why, wsz, -EINVAL, "no register '%%%s' on x86-64", arg->base);
		return 0;
	case SECTION_ARG_RETVAL:
		if (!t->retprobe)
			return fail(why, wsz, -EINVAL, "$retval needs a return probe (%%return)");
		out->ctx_off = prologue__reg_offset("ax");
		return 0;
	case SECTION_ARG_SYMBOL:
		return fail(why, wsz, -ENOTSUP, "global '%s' is not supported", arg->base);
	case SECTION_ARG_SPECIAL:
		if (sscanf(arg->base, "$arg%d", &n) == 1 && n >= 1 && n <= 6) {
			out->ctx_off = prologue__reg_offset(abi_regs[n - 1]);
			return 0;
		}
		return fail(why, wsz, -ENOTSUP, "'%s' is not supported", arg->base);
	default:
		return fail(why, wsz, -EINVAL, "unknown argument");
	}
}

static int resolve_one(const struct probearg_target *t, const struct section_arg *arg,
		       struct prologue_arg *out, char *why, size_t wsz)
{
	int err, sz;

	memset(out, 0, sizeof(*out));
	out->size = 8;
	err = resolve_base(t, arg, out, why, wsz);
	/* +OFF(...) around the argument, innermost first */
	for (int i = 0; !err && i < arg->nr_derefs; i++) {
		err = push_deref(out, arg->derefs[i].off, arg->derefs[i].user || t->path);
		out->size = 8;
	}
	if (err || !arg->type)
		return err;
	sz = probearg__type_size(arg->type);
	if (sz <= 0)
		return fail(why, wsz, -ENOTSUP, "type '%s' is not supported (u8..u64, s8..s64)",
			    arg->type);
	out->size = sz;
	return 0;
}

int probearg__resolve(const struct probearg_target *t, const struct section_arg *args, int nr,
		      struct prologue_arg *out, char *why, size_t why_size)
{
	if (nr > PROLOGUE_MAX_ARGS)
		nr = PROLOGUE_MAX_ARGS;
	for (int i = 0; i < nr; i++) {
		char sub[200] = "";
		int err = resolve_one(t, &args[i], &out[i], sub, sizeof(sub));

		if (err == -E2BIG)
			snprintf(sub, sizeof(sub), "more than %d dereferences",
				 PROLOGUE_MAX_DEREFS);
		if (err) {
			snprintf(why, why_size, "argument %d ('%s'): %s", i + 1,
				 args[i].name ? args[i].name : args[i].base, sub);
			return err;
		}
	}
	return 0;
}

/* Does var live in the frame (DW_OP_fbreg) at addr? */
static bool in_frame(Dwarf_Die *var, Dwarf_Addr addr)
{
	Dwarf_Attribute a;
	Dwarf_Op *expr;
	size_t len;

	return dwarf_attr_integrate(var, DW_AT_location, &a) &&
	       dwarf_getlocation_addr(&a, addr, &expr, &len, 1) == 1 && len >= 1 &&
	       expr[0].atom == DW_OP_fbreg;
}

/*
 * Where fn's prologue ends, by its line table: the first row marked as the prologue's end,
 * else the first row of another line than the entry's. 0 when the table does not say.
 */
static Dwarf_Addr prologue_end(Dwarf_Die *fn, Dwarf_Addr lo)
{
	Dwarf_Addr hi, a, marked = 0, next_line = 0;
	Dwarf_Lines *lines;
	int entry_line = -1, ln;
	bool end;
	size_t n;
	Dwarf_Die cu;

	if (!dwarf_diecu(fn, &cu, NULL, NULL) || dwarf_getsrclines(&cu, &lines, &n) ||
	    dwarf_highpc(fn, &hi))
		return 0;
	for (size_t i = 0; i < n; i++) {
		Dwarf_Line *l = dwarf_onesrcline(lines, i);

		if (l && !dwarf_lineaddr(l, &a) && a == lo)
			dwarf_lineno(l, &entry_line);
	}
	for (size_t i = 0; i < n; i++) {
		Dwarf_Line *l = dwarf_onesrcline(lines, i);

		if (!l || dwarf_lineaddr(l, &a) || a <= lo || a >= hi || dwarf_lineno(l, &ln))
			continue;
		if (!dwarf_lineprologueend(l, &end) && end && (!marked || a < marked))
			marked = a;
		if (ln != entry_line && (!next_line || a < next_line))
			next_line = a;
	}
	return marked ? marked : next_line;
}

unsigned long probearg__probe_addr(const struct probearg_target *t, const struct section_arg *args,
				   int nr)
{
	Dwarf_Die fn, var;
	Dwarf_Addr lo, past;
	bool framed = false;

	if (t->retprobe || !t->dwarf || !find_func(t->dwarf->dw, t->func, &fn) ||
	    dwarf_lowpc(&fn, &lo) || lo != t->addr)
		return t->addr;
	for (int i = 0; !framed && i < nr && i < PROLOGUE_MAX_ARGS; i++)
		framed = args[i].kind == SECTION_ARG_VAR && find_var(&fn, args[i].base, &var) &&
			 in_frame(&var, lo);
	past = framed ? prologue_end(&fn, lo) : 0;
	return past ? past : t->addr;
}
