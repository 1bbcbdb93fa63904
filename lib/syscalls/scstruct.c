// SPDX-License-Identifier: GPL-2.0
/*
 * Structs of files and of the system, one printer each, and the printer of any struct by
 * its argument kind (syscalls/scstruct.h).
 */
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/sysinfo.h>
#include <sys/sysmacros.h>
#include <linux/magic.h>
#include <linux/utsname.h>

#include "syscalls/scfmt.h"
#include "syscalls/scout.h"
#include "syscalls/scproc.h"
#include "syscalls/scstruct.h"
#include "syscalls/sysconst.h"

_Static_assert(sizeof(struct stat) == SCSTRUCT_STAT_SIZE, "the capture reads a struct stat");
_Static_assert(sizeof(struct statx) == SCSTRUCT_STATX_SIZE, "the capture reads a struct statx");
_Static_assert(sizeof(struct statfs) == SCSTRUCT_STATFS_SIZE, "the capture reads a statfs");
_Static_assert(sizeof(struct sysinfo) == SCSTRUCT_SYSINFO_SIZE, "the capture reads a sysinfo");
_Static_assert(sizeof(struct new_utsname) == SCSTRUCT_UTSNAME_SIZE, "the capture's utsname");

static void member(struct scout *o, const char *name, bool *first)
{
	scout__member(o, name, first);
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

static void print_stat(struct scout *o, const void *p, bool verbose)
{
	const struct stat *st = p;
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

static void print_statx(struct scout *o, const void *p, bool verbose)
{
	const struct statx *sx = p;
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
void scstruct__sigset(struct scout *o, uint64_t set)
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

void scstruct__bits(struct scout *o, const struct scstruct_bit *table, uint64_t v)
{
	bool first = true;

	if (!v) {
		scout__put(o, "0", 1);
		return;
	}
	for (; table->name; table++) {
		if (!(v & table->bit))
			continue;
		if (!first)
			scout__put(o, "|", 1);
		first = false;
		scout__str(o, table->name);
		v &= ~table->bit;
	}
	if (v) {
		if (!first)
			scout__put(o, "|", 1);
		scout__hex(o, v);
	}
}

/* ---- statfs ---- */

static void u64s_member(struct scout *o, const char *name, const uint64_t *v, int n, bool *first)
{
	member(o, name, first);
	scout__put(o, "[", 1);
	for (int i = 0; i < n; i++) {
		if (i)
			scout__put(o, ", ", 2);
		scout__u64(o, v[i]);
	}
	scout__put(o, "]", 1);
}

static void fsid_member(struct scout *o, const int *val, bool *first)
{
	member(o, "f_fsid", first);
	scout__str(o, "{val=[");
	scout__hex(o, (uint32_t)val[0]);
	scout__put(o, ", ", 2);
	scout__hex(o, (uint32_t)val[1]);
	scout__str(o, "]}");
}

/* Every member: none is one a person would skip. */
static void print_statfs(struct scout *o, const void *p, bool verbose)
{
	const struct statfs *f = p;
	const char *name = sysconst__name(&sysconst_fsmagic, (long long)f->f_type);
	bool first = true;

	scout__put(o, "{", 1);
	member(o, "f_type", &first);
	if (name)
		scout__str(o, name);
	else
		scout__hex(o, (uint64_t)f->f_type);
	u64_member(o, "f_bsize", f->f_bsize, &first);
	u64_member(o, "f_blocks", f->f_blocks, &first);
	u64_member(o, "f_bfree", f->f_bfree, &first);
	u64_member(o, "f_bavail", f->f_bavail, &first);
	u64_member(o, "f_files", f->f_files, &first);
	u64_member(o, "f_ffree", f->f_ffree, &first);
	fsid_member(o, f->f_fsid.__val, &first);
	u64_member(o, "f_namelen", f->f_namelen, &first);
	u64_member(o, "f_frsize", f->f_frsize, &first);
	member(o, "f_flags", &first);
	scout__flags(o, &sysconst_stflags, f->f_flags);
	scout__put(o, "}", 1);
}

/* ---- the system ---- */

static void name_member(struct scout *o, const char *name, const char *s, bool *first)
{
	uint32_t len = (uint32_t)strnlen(s, __NEW_UTS_LEN + 1);

	member(o, name, first);
	scout__quoted(o, s, len, __NEW_UTS_LEN + 1, false);
}

/* "{sysname="Linux", nodename="vm", ...}": the kernel and the host; -v the rest */
static void print_utsname(struct scout *o, const void *p, bool verbose)
{
	const struct new_utsname *u = p;
	bool first = true;

	scout__put(o, "{", 1);
	name_member(o, "sysname", u->sysname, &first);
	name_member(o, "nodename", u->nodename, &first);
	if (!verbose) {
		scout__str(o, ", ...}");
		return;
	}
	name_member(o, "release", u->release, &first);
	name_member(o, "version", u->version, &first);
	name_member(o, "machine", u->machine, &first);
	name_member(o, "domainname", u->domainname, &first);
	scout__put(o, "}", 1);
}

static void print_sysinfo(struct scout *o, const void *p, bool verbose)
{
	const struct sysinfo *si = p;
	uint64_t loads[3] = { si->loads[0], si->loads[1], si->loads[2] };
	bool first = true;

	scout__put(o, "{", 1);
	member(o, "uptime", &first);
	scout__s64(o, si->uptime);
	u64s_member(o, "loads", loads, 3, &first);
	u64_member(o, "totalram", si->totalram, &first);
	u64_member(o, "freeram", si->freeram, &first);
	u64_member(o, "sharedram", si->sharedram, &first);
	u64_member(o, "bufferram", si->bufferram, &first);
	u64_member(o, "totalswap", si->totalswap, &first);
	u64_member(o, "freeswap", si->freeswap, &first);
	u64_member(o, "procs", si->procs, &first);
	u64_member(o, "totalhigh", si->totalhigh, &first);
	u64_member(o, "freehigh", si->freehigh, &first);
	u64_member(o, "mem_unit", si->mem_unit, &first);
	scout__put(o, "}", 1);
}

static void print_sigset(struct scout *o, const void *p, bool verbose)
{
	uint64_t set;

	memcpy(&set, p, sizeof(set));
	scstruct__sigset(o, set);
}

/* ---- by argument kind ---- */

struct printer {
	uint16_t size; /* bytes the struct needs */
	void (*print)(struct scout *o, const void *p, bool verbose);
};

static const struct printer printers[SCA_KIND_COUNT] = {
	[SCA_STAT_OUT] = { SCSTRUCT_STAT_SIZE, print_stat },
	[SCA_STATX_OUT] = { SCSTRUCT_STATX_SIZE, print_statx },
	[SCA_SIGSET_IN] = { SCSTRUCT_SIGSET_SIZE, print_sigset },
	[SCA_SIGSET_OUT] = { SCSTRUCT_SIGSET_SIZE, print_sigset },
	[SCA_SIGACTION_IN] = { SCSTRUCT_SIGACTION_SIZE, scproc__sigaction },
	[SCA_SIGACTION_OUT] = { SCSTRUCT_SIGACTION_SIZE, scproc__sigaction },
	[SCA_RLIMIT_IN] = { SCSTRUCT_RLIMIT_SIZE, scproc__rlimit },
	[SCA_RLIMIT_OUT] = { SCSTRUCT_RLIMIT_SIZE, scproc__rlimit },
	[SCA_RLIMIT64_IN] = { SCSTRUCT_RLIMIT_SIZE, scproc__rlimit64 },
	[SCA_RLIMIT64_OUT] = { SCSTRUCT_RLIMIT_SIZE, scproc__rlimit64 },
	[SCA_TIMESPEC_IN] = { SCSTRUCT_TIMESPEC_SIZE, scproc__timespec },
	[SCA_TIMESPEC_OUT] = { SCSTRUCT_TIMESPEC_SIZE, scproc__timespec },
	[SCA_FUTEX_TIMEOUT] = { SCSTRUCT_TIMESPEC_SIZE, scproc__timespec },
	[SCA_WAIT_STATUS_OUT] = { SCSTRUCT_INT_SIZE, scproc__wait_status },
	[SCA_RUSAGE_OUT] = { SCSTRUCT_RUSAGE_SIZE, scproc__rusage },
	[SCA_UTSNAME_OUT] = { SCSTRUCT_UTSNAME_SIZE, print_utsname },
	[SCA_SYSINFO_OUT] = { SCSTRUCT_SYSINFO_SIZE, print_sysinfo },
	[SCA_TMS_OUT] = { SCSTRUCT_TMS_SIZE, scproc__tms },
	[SCA_STATFS_OUT] = { SCSTRUCT_STATFS_SIZE, print_statfs },
};

void scstruct__print(struct scout *o, enum sc_arg_kind k, const struct sc_bytes *b,
		     const struct scfmt_opts *opt)
{
	const struct printer *pr = k < SCA_KIND_COUNT ? &printers[k] : NULL;
	/* the bytes may sit anywhere in a record: copied where the struct's type can be */
	_Alignas(16) unsigned char u[SCSTRUCT_UTSNAME_SIZE + 2]; /* the largest */

	if (!pr || !pr->print || pr->size > sizeof(u) || b->len < pr->size) {
		scout__str(o, "{...}");
		return;
	}
	memcpy(u, b->p, pr->size);
	pr->print(o, u, opt && opt->verbose);
}
