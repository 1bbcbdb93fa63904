// SPDX-License-Identifier: GPL-2.0
/* System calls as perf trace prints them, each argument by its kind's row (scargs.h). */
#include <errno.h>
#include <string.h>

#include "bpf/syscalls.h"
#include "syscalls/scargs.h"
#include "syscalls/scfmt.h"
#include "syscalls/scout.h"
#include "syscalls/sysconst.h"

size_t scfmt__quoted(char *buf, size_t size, const void *p, uint32_t len, unsigned max,
		     bool truncated)
{
	struct scout o = scout__at(buf, size);

	scout__quoted(&o, p, len, max, truncated);
	return o.len;
}

size_t scfmt__sockaddr(char *buf, size_t size, const void *addr, uint32_t len)
{
	struct scout o = scout__at(buf, size);

	scout__sockaddr(&o, addr, len);
	return o.len;
}

/* Is the value one the line leaves out (perf trace drops arguments that are 0)? */
static bool omitted(const struct sc_call *c, int i)
{
	const struct sc_kind_row *row = scargs__row(c->desc->args[i].kind);

	if (row->omit && row->omit(c, i))
		return true;
	return !row->shows_zero && c->args[i] == 0;
}

static void arg_value(struct scout *o, const struct sc_call *c, int i, const struct scfmt_opts *opt)
{
	scargs__row(c->desc->args[i].kind)->print(o, c, i, opt);
}

size_t scfmt__arg(char *buf, size_t size, const struct sc_call *c, int i,
		  const struct scfmt_opts *opt, bool *shown)
{
	struct scout o = scout__at(buf, size);

	*shown = !omitted(c, i);
	arg_value(&o, c, i, opt);
	return o.len;
}

/* "name: value, ...": the arguments the line shows; filled_only, those read at exit alone. */
static void put_args(struct scout *o, const struct sc_call *c, const struct scfmt_opts *opt,
		     bool filled_only)
{
	bool first = true;

	for (int i = 0; i < c->desc->nr_args; i++) {
		if (omitted(c, i) ||
		    (filled_only && scargs__row(c->desc->args[i].kind)->when == SYSREC_AT_ENTRY &&
		     !c->mem[i].late))
			continue;
		if (!first)
			scout__put(o, ", ", 2);
		first = false;
		scout__str(o, c->desc->args[i].name);
		scout__put(o, ": ", 2);
		arg_value(o, c, i, opt);
	}
}

size_t scfmt__call(char *buf, size_t size, const struct sc_call *c, const struct scfmt_opts *opt)
{
	struct scout o = scout__at(buf, size);

	scout__str(&o, c->desc->name);
	scout__put(&o, "(", 1);
	put_args(&o, c, opt, false);
	scout__put(&o, ")", 1);
	return o.len;
}

size_t scfmt__filled(char *buf, size_t size, const struct sc_call *c, const struct scfmt_opts *opt)
{
	struct scout o = scout__at(buf, size);

	put_args(&o, c, opt, true);
	return o.len;
}

/* ---- the result ---- */

/* " (text)"; none for the kernel's own codes (ERESTARTSYS), which libc has no text for. */
static void error_text(struct scout *o, int err)
{
	const char *text = strerror(err);

	if (!strncmp(text, "Unknown error", 13))
		return;
	scout__put(o, " (", 2);
	scout__str(o, text);
	scout__put(o, ")", 1);
}

size_t scfmt__ret(char *buf, size_t size, const struct sc_call *c)
{
	struct scout o = scout__at(buf, size);
	const char *name;

	if (!c->exited) {
		scout__put(&o, "?", 1);
	} else if (c->ret < 0 && c->ret >= -4095) {
		name = sysconst__name(&sysconst_errno, -c->ret);
		scout__put(&o, "-1 ", 3);
		if (name) {
			scout__str(&o, name);
			error_text(&o, (int)-c->ret);
		} else {
			scout__put(&o, "errno ", 6);
			scout__s64(&o, -c->ret);
		}
	} else if (c->desc->ret_address) {
		scout__hex(&o, (uint64_t)c->ret);
	} else {
		scout__s64(&o, c->ret);
	}
	return o.len;
}

size_t scfmt__ret_fd(char *buf, size_t size, const struct sc_call *c, const struct scfmt_opts *o)
{
	if (!o || !o->fd_made || !c->exited || c->ret < 0 || c->ret > INT32_MAX || !size ||
	    !sctable__ret_is_fd(c->desc, c->args))
		return 0;
	if (!o->fd_made(o->ctx, o->pid, (int)c->ret, buf, size))
		return 0;
	buf[size - 1] = '\0';
	return strlen(buf);
}
