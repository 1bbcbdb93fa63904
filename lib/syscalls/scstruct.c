// SPDX-License-Identifier: GPL-2.0
/* Structs of system calls, one printer each (syscalls/scstruct.h). */
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include "syscalls/scfmt.h"
#include "syscalls/scout.h"
#include "syscalls/scstruct.h"
#include "syscalls/sysconst.h"

_Static_assert(sizeof(struct stat) == SCSTRUCT_STAT_SIZE, "the capture reads a struct stat");
_Static_assert(sizeof(struct statx) == SCSTRUCT_STATX_SIZE, "the capture reads a struct statx");

/* "name=" after the first member's ", " */
static void member(struct scout *o, const char *name, bool *first)
{
	if (!*first)
		scout__put(o, ", ", 2);
	*first = false;
	scout__str(o, name);
	scout__put(o, "=", 1);
}

static void u64_member(struct scout *o, const char *name, uint64_t v, bool *first)
{
	member(o, name, first);
	scout__u64(o, v);
}

/* "S_IFREG|0644": the file type by name, the permission bits in octal */
static void file_mode(struct scout *o, uint32_t mode)
{
	static const struct {
		uint32_t type;
		const char *name;
	} types[] = { { S_IFREG, "S_IFREG" },  { S_IFDIR, "S_IFDIR" }, { S_IFCHR, "S_IFCHR" },
		      { S_IFBLK, "S_IFBLK" },  { S_IFIFO, "S_IFIFO" }, { S_IFLNK, "S_IFLNK" },
		      { S_IFSOCK, "S_IFSOCK" } };

	for (size_t i = 0; i < sizeof(types) / sizeof(types[0]); i++) {
		if ((mode & S_IFMT) == types[i].type) {
			scout__str(o, types[i].name);
			scout__put(o, "|", 1);
			scout__mode(o, mode & ~(uint32_t)S_IFMT);
			return;
		}
	}
	scout__mode(o, mode);
}

/* "makedev(0x88, 0x1)" */
static void device(struct scout *o, uint64_t dev)
{
	scout__str(o, "makedev(");
	scout__hex(o, major(dev));
	scout__put(o, ", ", 2);
	scout__hex(o, minor(dev));
	scout__put(o, ")", 1);
}

static void dev_member(struct scout *o, const char *name, uint64_t dev, bool *first)
{
	member(o, name, first);
	device(o, dev);
}

static bool is_device(uint32_t mode)
{
	return S_ISCHR(mode) || S_ISBLK(mode);
}

static void print_stat(struct scout *o, const struct stat *st, bool verbose)
{
	bool first = true;

	scout__put(o, "{", 1);
	if (verbose) {
		dev_member(o, "st_dev", st->st_dev, &first);
		u64_member(o, "st_ino", st->st_ino, &first);
	}
	member(o, "st_mode", &first);
	file_mode(o, st->st_mode);
	if (verbose) {
		u64_member(o, "st_nlink", st->st_nlink, &first);
		u64_member(o, "st_uid", st->st_uid, &first);
		u64_member(o, "st_gid", st->st_gid, &first);
		u64_member(o, "st_blksize", st->st_blksize, &first);
		u64_member(o, "st_blocks", st->st_blocks, &first);
	}
	/* a device's number says more than its size */
	if (is_device(st->st_mode))
		dev_member(o, "st_rdev", st->st_rdev, &first);
	else
		u64_member(o, "st_size", st->st_size, &first);
	if (verbose) {
		u64_member(o, "st_atime", st->st_atim.tv_sec, &first);
		u64_member(o, "st_mtime", st->st_mtim.tv_sec, &first);
		u64_member(o, "st_ctime", st->st_ctim.tv_sec, &first);
		scout__put(o, "}", 1);
	} else {
		scout__str(o, ", ...}");
	}
}

static void print_statx(struct scout *o, const struct statx *sx, bool verbose)
{
	bool first = true;

	scout__put(o, "{", 1);
	member(o, "stx_mask", &first);
	scout__hex(o, sx->stx_mask);
	u64_member(o, "stx_attributes", sx->stx_attributes, &first);
	member(o, "stx_mode", &first);
	file_mode(o, sx->stx_mode);
	if (verbose) {
		u64_member(o, "stx_nlink", sx->stx_nlink, &first);
		u64_member(o, "stx_uid", sx->stx_uid, &first);
		u64_member(o, "stx_gid", sx->stx_gid, &first);
		u64_member(o, "stx_ino", sx->stx_ino, &first);
		u64_member(o, "stx_blocks", sx->stx_blocks, &first);
	}
	if (is_device(sx->stx_mode)) {
		member(o, "stx_rdev", &first);
		device(o, makedev(sx->stx_rdev_major, sx->stx_rdev_minor));
	} else {
		u64_member(o, "stx_size", sx->stx_size, &first);
	}
	scout__str(o, verbose ? "}" : ", ...}");
}

/* A signal's name without its SIG, as strace writes sets: "CHLD", "RTMIN", "RT_3". */
static void set_member(struct scout *o, int sig)
{
	const char *name = sig < SIGRTMIN ? sysconst__name(&sysconst_signal, sig) : NULL;

	if (name) {
		scout__str(o, name + 3);
	} else if (sig == 32) {
		scout__str(o, "RTMIN");
	} else if (sig > 32) {
		scout__str(o, "RT_");
		scout__u64(o, (uint64_t)(sig - 32));
	} else {
		scout__u64(o, (uint64_t)sig);
	}
}

/* "[CHLD USR1]", or "~[KILL STOP]" for a set of more than half the signals: those it lacks */
static void print_sigset(struct scout *o, uint64_t set)
{
	bool first = true, inverted = __builtin_popcountll(set) > 32;

	if (inverted) {
		scout__put(o, "~", 1);
		set = ~set;
	}
	scout__put(o, "[", 1);
	for (int sig = 1; sig <= 64; sig++) {
		if (!(set >> (sig - 1) & 1))
			continue;
		if (!first)
			scout__put(o, " ", 1);
		first = false;
		set_member(o, sig);
	}
	scout__put(o, "]", 1);
}

void scstruct__print(struct scout *o, enum sc_arg_kind k, const struct sc_bytes *b,
		     const struct scfmt_opts *opt)
{
	bool verbose = opt && opt->verbose;
	union {
		struct stat st;
		struct statx sx;
		uint64_t set;
	} u;
	size_t need = k == SCA_STAT_OUT	 ? sizeof(u.st) :
		      k == SCA_STATX_OUT ? sizeof(u.sx) :
					   sizeof(u.set);

	if (b->len < need) {
		scout__str(o, "{...}");
		return;
	}
	memcpy(&u, b->p, need);
	switch (k) {
	case SCA_STAT_OUT:
		print_stat(o, &u.st, verbose);
		break;
	case SCA_STATX_OUT:
		print_statx(o, &u.sx, verbose);
		break;
	case SCA_SIGSET_IN:
	case SCA_SIGSET_OUT:
		print_sigset(o, u.set);
		break;
	default:
		scout__str(o, "{...}");
	}
}
