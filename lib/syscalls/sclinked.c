// SPDX-License-Identifier: GPL-2.0
/*
 * Arguments whose text needs another argument or the call's result (syscalls/sclinked.h):
 * a socket length read and rewritten, an option's value by its length, ioctl's int by
 * the request, futex's timeout by the operation, clone3's struct by its size,
 * getdents64's entries and sched_getaffinity's mask by the bytes returned.
 */
#include <dirent.h>
#include <stddef.h>
#include <string.h>
#include <sys/ioctl.h>
#include <linux/futex.h>
#include <linux/sched.h>

#include "syscalls/scfmt.h"
#include "syscalls/sclinked.h"
#include "syscalls/scout.h"
#include "syscalls/scstruct.h"
#include "syscalls/sysconst.h"

_Static_assert(sizeof(struct clone_args) == SCSTRUCT_CLONE_ARGS_SIZE, "clone3's third version");

/* What the capture read at entry, if it could. */
static const struct sc_bytes *at_entry(const struct sc_call *c, int i)
{
	const struct sc_bytes *b = &c->mem[i];

	return b->p && !b->fault ? b : NULL;
}

/* What the call filled, once it returned with success. */
static const struct sc_bytes *at_exit(const struct sc_call *c, int i)
{
	const struct sc_bytes *b = &c->out[i];

	return c->exited && c->ret >= 0 && b->p && !b->fault ? b : NULL;
}

/* The int in b, when b holds one. */
static bool int_of(const struct sc_bytes *b, int32_t *v)
{
	if (!b || b->len < sizeof(*v))
		return false;
	memcpy(v, b->p, sizeof(*v));
	return true;
}

/* "[4]" */
static void int_in_brackets(struct scout *o, int32_t v)
{
	scout__put(o, "[", 1);
	scout__s64(o, v);
	scout__put(o, "]", 1);
}

/* "[16]" when the call left the length as it was (or failed), "[128 => 16]" when it changed it */
void sclinked__socklen(struct scout *o, const struct sc_call *c, int i,
		       const struct scfmt_opts *opt)
{
	int32_t in = 0, out = 0;
	bool has_in = int_of(at_entry(c, i), &in), has_out = int_of(at_exit(c, i), &out);

	if (!c->args[i]) {
		scout__str(o, "NULL");
	} else if (has_in && has_out && in != out) {
		scout__put(o, "[", 1);
		scout__s64(o, in);
		scout__str(o, " => ");
		scout__s64(o, out);
		scout__put(o, "]", 1);
	} else if (has_out || has_in) {
		int_in_brackets(o, has_out ? out : in);
	} else {
		scout__hex(o, c->args[i]);
	}
}

/* setsockopt's value: an int when optlen (the next argument) says 4, else its bytes. */
void sclinked__sockopt_in(struct scout *o, const struct sc_call *c, int i,
			  const struct scfmt_opts *opt)
{
	const struct sc_bytes *b = at_entry(c, i);
	int32_t v;

	if (!b)
		scout__hex(o, c->args[i]);
	else if (i + 1 < c->desc->nr_args && c->args[i + 1] == sizeof(v) && int_of(b, &v))
		int_in_brackets(o, v);
	else
		scout__quoted(o, b->p, b->len, opt && opt->strsize ? opt->strsize : 32,
			      b->truncated);
}

/* getsockopt's value: an int when the length it wrote back (the next argument) is 4. */
void sclinked__sockopt_out(struct scout *o, const struct sc_call *c, int i,
			   const struct scfmt_opts *opt)
{
	int32_t len, v;

	if (i + 1 < c->desc->nr_args && int_of(at_exit(c, i + 1), &len) && len == sizeof(v) &&
	    int_of(at_exit(c, i), &v))
		int_in_brackets(o, v);
	else
		scout__hex(o, c->args[i]);
}

/* ioctl's arg: FIONREAD's int (the request is argument 1), else the address. */
void sclinked__ioctl_arg(struct scout *o, const struct sc_call *c, int i,
			 const struct scfmt_opts *opt)
{
	int32_t v;

	if (i == 2 && (uint32_t)c->args[1] == FIONREAD && int_of(at_exit(c, i), &v))
		int_in_brackets(o, v);
	else
		scout__hex(o, c->args[i]);
}

/* The futex operations whose fourth argument is a timeout; the others pass a number there. */
static bool futex_waits(uint64_t op)
{
	switch (op & FUTEX_CMD_MASK) {
	case FUTEX_WAIT:
	case FUTEX_WAIT_BITSET:
	case FUTEX_LOCK_PI:
	case FUTEX_LOCK_PI2:
	case FUTEX_WAIT_REQUEUE_PI:
		return true;
	}
	return false;
}

void sclinked__futex_timeout(struct scout *o, const struct sc_call *c, int i,
			     const struct scfmt_opts *opt)
{
	const struct sc_bytes *b = at_entry(c, i);

	if (!futex_waits(c->args[1]))
		scout__u64(o, (uint32_t)c->args[i]); /* val2 of the requeues and WAKE_OP */
	else if (b)
		scstruct__print(o, SCA_FUTEX_TIMEOUT, b, opt);
	else
		scout__hex(o, c->args[i]);
}

/* ---- clone3 ---- */

/* "CLONE_VM|CLONE_FS|0x..." from the table's names, which leave the prefix out */
static void clone_flags(struct scout *o, uint64_t flags)
{
	char names[512], *s, *save = NULL;
	bool first = true;

	if (!flags) {
		scout__put(o, "0", 1);
		return;
	}
	sysconst__flags(&sysconst_clone, flags, names, sizeof(names));
	for (s = strtok_r(names, "|", &save); s; s = strtok_r(NULL, "|", &save)) {
		if (!first)
			scout__put(o, "|", 1);
		first = false;
		if (strncmp(s, "0x", 2))
			scout__str(o, "CLONE_");
		scout__str(o, s);
	}
}

static void ptr_member(struct scout *o, const char *name, uint64_t v, bool *first)
{
	scout__member(o, name, first);
	if (v)
		scout__hex(o, v);
	else
		scout__str(o, "NULL");
}

/* The members a flag gives a meaning to are shown with it, the others always. */
static void print_clone_args(struct scout *o, const struct clone_args *a, size_t size)
{
	bool first = true;

	scout__put(o, "{", 1);
	scout__member(o, "flags", &first);
	clone_flags(o, a->flags);
	if (a->flags & CLONE_PIDFD)
		ptr_member(o, "pidfd", a->pidfd, &first);
	if (a->flags & (CLONE_CHILD_SETTID | CLONE_CHILD_CLEARTID))
		ptr_member(o, "child_tid", a->child_tid, &first);
	if (a->flags & CLONE_PARENT_SETTID)
		ptr_member(o, "parent_tid", a->parent_tid, &first);
	scout__member(o, "exit_signal", &first);
	scout__named(o, &sysconst_signal, (int64_t)a->exit_signal, 0);
	ptr_member(o, "stack", a->stack, &first);
	scout__member(o, "stack_size", &first);
	scout__hex(o, a->stack_size);
	if (a->flags & CLONE_SETTLS)
		ptr_member(o, "tls", a->tls, &first);
	if (size > offsetof(struct clone_args, set_tid_size) && a->set_tid_size) {
		ptr_member(o, "set_tid", a->set_tid, &first);
		scout__member(o, "set_tid_size", &first);
		scout__u64(o, a->set_tid_size);
	}
	if (size > offsetof(struct clone_args, cgroup) && a->flags & CLONE_INTO_CGROUP) {
		scout__member(o, "cgroup", &first);
		scout__u64(o, a->cgroup);
	}
	scout__put(o, "}", 1);
}

/* As many bytes as clone3's size (the next argument) says, of the first version at least. */
void sclinked__clone_args(struct scout *o, const struct sc_call *c, int i,
			  const struct scfmt_opts *opt)
{
	const struct sc_bytes *b = at_entry(c, i);
	struct clone_args a = { 0 };
	size_t size = i + 1 < c->desc->nr_args ? c->args[i + 1] : 0;

	if (!b) {
		scout__hex(o, c->args[i]);
		return;
	}
	size = size < b->len ? size : b->len;
	if (size > sizeof(a))
		size = sizeof(a);
	if (size < CLONE_ARGS_SIZE_VER0) {
		scout__str(o, "{...}");
		return;
	}
	memcpy(&a, b->p, size); /* a newer caller's members past ours are not shown */
	print_clone_args(o, &a, size);
}

/* ---- getdents64 ---- */

/* struct linux_dirent64, the kernel's entry: the user headers name it dirent64 */
struct dirent_head {
	uint64_t d_ino;
	int64_t d_off;
	uint16_t d_reclen;
	uint8_t d_type;
} __attribute__((packed));

#define DIRENT_NAME 19 /* the offset of d_name */
_Static_assert(offsetof(struct dirent64, d_name) == DIRENT_NAME, "linux_dirent64's layout");

static void dirent_type(struct scout *o, uint8_t t)
{
	static const char *const names[] = {
		[DT_UNKNOWN] = "DT_UNKNOWN", [DT_FIFO] = "DT_FIFO", [DT_CHR] = "DT_CHR",
		[DT_DIR] = "DT_DIR",	     [DT_BLK] = "DT_BLK",   [DT_REG] = "DT_REG",
		[DT_LNK] = "DT_LNK",	     [DT_SOCK] = "DT_SOCK", [DT_WHT] = "DT_WHT",
	};

	if (t < sizeof(names) / sizeof(names[0]) && names[t])
		scout__str(o, names[t]);
	else
		scout__u64(o, t);
}

static void print_dirent(struct scout *o, const struct dirent_head *d, const char *name, size_t max)
{
	bool first = true;

	scout__put(o, "{", 1);
	scout__member(o, "d_ino", &first);
	scout__u64(o, d->d_ino);
	scout__member(o, "d_off", &first);
	scout__s64(o, d->d_off);
	scout__member(o, "d_reclen", &first);
	scout__u64(o, d->d_reclen);
	scout__member(o, "d_type", &first);
	dirent_type(o, d->d_type);
	scout__member(o, "d_name", &first);
	scout__quoted(o, name, (uint32_t)strnlen(name, max), (unsigned)max, false);
	scout__put(o, "}", 1);
}

/*
 * The entries in len bytes, each printed when list; their count. An entry that claims more
 * bytes than there are, or fewer than its head, ends the walk: *whole says whether it was
 * the bytes' end.
 */
static unsigned walk_dirents(struct scout *o, const uint8_t *p, uint32_t len, bool list,
			     bool *whole)
{
	struct dirent_head d;
	unsigned n = 0;
	uint32_t off = 0;

	while (len - off > DIRENT_NAME) {
		memcpy(&d, p + off, sizeof(d));
		if (d.d_reclen <= DIRENT_NAME || d.d_reclen > len - off)
			break;
		if (list && n)
			scout__put(o, ", ", 2);
		if (list)
			print_dirent(o, &d, (const char *)p + off + DIRENT_NAME,
				     d.d_reclen - DIRENT_NAME);
		off += d.d_reclen;
		n++;
	}
	*whole = off == len;
	return n;
}

/* The pointer and a comment that counts the entries; with -v the entries, [{d_ino=...}, ...] */
void sclinked__dirents(struct scout *o, const struct sc_call *c, int i,
		       const struct scfmt_opts *opt)
{
	const struct sc_bytes *b = at_exit(c, i);
	bool verbose = opt && opt->verbose, whole = true, cut;
	unsigned n = 0;

	if (!c->exited || c->ret < 0 || (c->ret > 0 && !b)) {
		scout__hex(o, c->args[i]);
		return;
	}
	cut = b && (b->truncated || b->len < (uint64_t)c->ret);
	if (verbose) {
		scout__put(o, "[", 1);
		if (b)
			n = walk_dirents(o, b->p, b->len, true, &whole);
		scout__str(o, cut || !whole ? (n ? ", ...]" : "...]") : "]");
		return;
	}
	if (b)
		n = walk_dirents(o, b->p, b->len, false, &whole);
	scout__hex(o, c->args[i]);
	scout__str(o, " /* ");
	scout__u64(o, n);
	/* the capture keeps the first bytes of a long read: those counted, more not */
	scout__str(o, cut || !whole ? "+ entries */" : " entries */");
}

/* "[0 1 2]": the CPUs in the mask the call filled, "..." after them when it was cut */
void sclinked__cpuset(struct scout *o, const struct sc_call *c, int i, const struct scfmt_opts *opt)
{
	const struct sc_bytes *b = at_exit(c, i);
	const uint8_t *p;
	bool first = true;

	if (!b) {
		scout__hex(o, c->args[i]);
		return;
	}
	p = b->p;
	scout__put(o, "[", 1);
	for (uint32_t cpu = 0; cpu < b->len * 8; cpu++) {
		if (!(p[cpu / 8] >> (cpu % 8) & 1))
			continue;
		if (!first)
			scout__put(o, " ", 1);
		first = false;
		scout__u64(o, cpu);
	}
	scout__str(o, b->truncated ? (first ? "...]" : " ...]") : "]");
}
