// SPDX-License-Identifier: GPL-2.0
/*
 * What clang compiles with, found without compiling: clang itself and its identity, the
 * include directories (ours, the multiarch one, perf's helper headers, a kernel build dir,
 * vmlinux.h's), the kernel's version and the target's CPUs.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <bpf/libbpf.h>

#include "compile/bpftarget.h"
#include "compile/compile-int.h"
#include "util/errmsg.h"
#include "util/log.h"
#include "util/runcmd.h"
#include "util/testhook.h"
#include "compile/vmlinuxh.h"

#ifndef PERF_BPF_DATADIR
#define PERF_BPF_DATADIR "/usr/local/share/perf-bpf"
#endif
#ifndef LIBBPF_INCDIR
#define LIBBPF_INCDIR "/usr/include"
#endif
#define COMPAT_SUBDIR "include/bpf-compat"
#define PERF_HEADERS_DIR "/usr/include/perf/bpf"
#define RECORD_TYPES "perf-bpf-record.h" /* in the compat directory */

static bool is_dir(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISDIR(st.st_mode);
}

/* clang's identity without running it: where it really is, its size and time. */
static int identify_clang(struct compile_job *j)
{
	char real[PATH_MAX], text[PATH_MAX + 96];
	struct hash *h;
	struct stat st;
	int err;

	if (!realpath(j->clang, real) || stat(real, &st))
		return -errno;
	snprintf(text, sizeof(text), "%s %lld %lld.%09ld %llu", real, (long long)st.st_size,
		 (long long)st.st_mtim.tv_sec, st.st_mtim.tv_nsec, (unsigned long long)st.st_ino);
	h = hash__new();
	if (!h)
		return -errno;
	hash__str(h, text);
	err = hash__final(h, j->clang_id);
	hash__free(h);
	return err;
}

int toolchain__find_clang(struct compile_job *j, const struct compile_opts *o)
{
	const char *name = o->clang_path ? o->clang_path : "clang";
	int err = runcmd__find_program(name, j->clang, sizeof(j->clang));

	if (!err)
		err = identify_clang(j);
	if (err) {
		errmsg__set(err, "unable to find clang '%s': %s", name, strerror(-err));
		errmsg__hint("install clang (Debian: apt-get install clang), or name it with "
			     "--clang-path or clang-path in the [llvm] section of ~/.perfconfig");
	}
	return err;
}

/* The multiarch triple clang uses (x86_64-linux-gnu), asked once per clang, then cached. */
static int find_multiarch(struct compile_job *j)
{
	char name[64], *argv[] = { j->clang, "-print-multiarch", NULL }, *triple = NULL;
	struct runcmd_result res;
	size_t len;
	void *data;

	snprintf(name, sizeof(name), "clang-%.16s.multiarch", j->clang_id);
	if (!cache__read(j->cache, name, &data, &len)) {
		triple = data;
	} else if (!clangrun__run(j, argv, &res)) {
		if (!res.status) {
			triple = res.out;
			res.out = NULL;
			cache__write(j->cache, name, triple, strlen(triple));
		}
		runcmd__result_exit(&res);
	}
	if (!triple)
		return j->stopped;
	triple[strcspn(triple, "\n")] = '\0';
	if (*triple && !strchr(triple, '/')) {
		snprintf(j->multiarch_dir, sizeof(j->multiarch_dir), "/usr/include/%s", triple);
		if (is_dir(j->multiarch_dir))
			j->env.multiarch_dir = j->multiarch_dir;
	}
	free(triple);
	return 0;
}

/* Use dir/sub as the compat directory if it exists. */
static bool try_compat(struct compile_job *j, const char *dir, const char *sub)
{
	char path[PATH_MAX];

	if (snprintf(path, sizeof(path), "%s%s", dir, sub) >= (int)sizeof(path) || !is_dir(path) ||
	    !realpath(path, j->compat_dir))
		return false;
	j->env.compat_dir = j->compat_dir;
	return true;
}

/*
 * $PERF_BPF_INCLUDE, else next to the binary (source tree, build dir), else where it is
 * installed beside the binary (BINDIR/../share/perf-bpf: any PREFIX), else the DATADIR
 * the build was configured with.
 */
static void find_compat_dir(struct compile_job *j)
{
	const char *env = secure_getenv("PERF_BPF_INCLUDE");
	char exe[PATH_MAX], *slash;
	ssize_t n;

	if (env && *env) {
		if (!try_compat(j, env, ""))
			pr_warn("PERF_BPF_INCLUDE '%s': not a directory", env);
		return;
	}
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n > 0) {
		exe[n] = '\0';
		slash = strrchr(exe, '/');
		if (slash)
			*slash = '\0';
		if (try_compat(j, exe, "/" COMPAT_SUBDIR) ||
		    try_compat(j, exe, "/../" COMPAT_SUBDIR) ||
		    try_compat(j, exe, "/../share/perf-bpf/" COMPAT_SUBDIR))
			return;
	}
	try_compat(j, PERF_BPF_DATADIR, "/" COMPAT_SUBDIR);
}

/* LINUX_VERSION_CODE of the running kernel: major << 16 | minor << 8 | min(patch, 255). */
static unsigned int kernel_version_code(void)
{
	unsigned int major = 0, minor = 0, patch = 0;
	struct utsname u;

	if (uname(&u) || sscanf(u.release, "%u.%u.%u", &major, &minor, &patch) < 2)
		return 0;
	return major << 16 | minor << 8 | (patch > 255 ? 255 : patch);
}

static int possible_cpus(void)
{
	int n = libbpf_num_possible_cpus();

	if (n <= 0) {
		pr_warn("unable to get available CPUs in this system");
		return 128;
	}
	return n;
}

static void find_vmlinux(struct compile_job *j)
{
	int err = vmlinuxh__btf_id(j->cache, VMLINUXH_BTF_PATH, j->btf_id);

	if (err) {
		pr_debug("no vmlinux.h: '%s': %s", VMLINUXH_BTF_PATH, strerror(-err));
		snprintf(j->btf_id, sizeof(j->btf_id), "none");
		return;
	}
	snprintf(j->vmlinux_sub, sizeof(j->vmlinux_sub), "vmlinux-%.16s", j->btf_id);
	if (!cache__path(j->cache, j->vmlinux_sub, j->vmlinux_dir, sizeof(j->vmlinux_dir)))
		j->env.vmlinux_dir = j->vmlinux_dir;
}

/* Debian's perf BPF helper headers; $PERF_BPF_PERF_HEADERS names another place ("" for none). */
static const char *perf_headers_dir(void)
{
	const char *dir = secure_getenv("PERF_BPF_PERF_HEADERS");

	if (!dir)
		dir = PERF_HEADERS_DIR;
	return *dir && is_dir(dir) ? dir : NULL;
}

/*
 * [llvm] kbuild-dir, as perf used it; else the running kernel's build dir when there is one,
 * for a source that fails without it ("" for none). Modern sources include <linux/bpf.h>
 * and the like for their uapi form, which a kernel tree's kernel-internal one is not.
 */
static void find_kbuild(struct compile_job *j, const struct compile_opts *o)
{
	const char *dir = o->kbuild_dir, *mods = testhook__modules_dir();
	char def[PATH_MAX];
	struct utsname u;
	int err;

	if (dir && !*dir)
		return;
	if (!dir) {
		if (uname(&u))
			return;
		snprintf(def, sizeof(def), "%s/%s/build", mods ? mods : "/lib/modules", u.release);
		if (!is_dir(def))
			return;
		dir = def;
	}
	err = clangcmd__kbuild_find(dir, &j->kbuild);
	if (err) {
		pr_warn("unable to get kernel include directories from '%s': %s", dir,
			err == -ENOENT ? "not a kernel build dir" : strerror(-err));
		return;
	}
	pr_debug("kernel build dir %s (source %s, arch %s)", j->kbuild.obj, j->kbuild.src,
		 j->kbuild.arch);
	if (o->kbuild_dir)
		j->env.kbuild = &j->kbuild;
	else
		j->kbuild_later = true;
}

/*
 * Everything else the command depends on (clang found, the cache open), found without running
 * clang (but once per clang).
 */
int toolchain__prepare(struct compile_job *j, const struct compile_opts *o)
{
	struct utsname u;
	int err;

	find_vmlinux(j);
	err = find_multiarch(j);
	if (err)
		return err;
	find_compat_dir(j);
	j->env.clang = j->clang;
	j->env.clang_opt = o->clang_opt && *o->clang_opt ? o->clang_opt : NULL;
	j->env.nr_cpus = possible_cpus();
	j->env.version_code = kernel_version_code();
	j->env.mcpu = bpftarget__mcpu(j->env.version_code);
	j->env.target_arch = bpftarget__arch(uname(&u) ? NULL : u.machine);
	/* perf's own helper headers (<bpf.h>, <stdio.h>): Debian's, else our equivalents */
	j->env.perf_dir = perf_headers_dir();
	if (!j->env.perf_dir && j->env.compat_dir) {
		snprintf(j->compat_perf_dir, sizeof(j->compat_perf_dir), "%s/perf",
			 j->env.compat_dir);
		j->env.perf_dir = is_dir(j->compat_perf_dir) ? j->compat_perf_dir : NULL;
	}
	if (j->env.compat_dir) {
		snprintf(j->record_types, sizeof(j->record_types), "%s/" RECORD_TYPES,
			 j->env.compat_dir);
		j->env.record_types = access(j->record_types, R_OK) ? NULL : j->record_types;
	}
	j->env.libbpf_dir = LIBBPF_INCDIR;
	find_kbuild(j, o);
	if (j->env.clang_opt) {
		char **words;
		int nr;

		if (clangcmd__split(j->env.clang_opt, &words, &nr))
			return errmsg__set(-EINVAL,
					   "invalid clang options '%s': unterminated quote",
					   j->env.clang_opt);
		clangcmd__free_words(words);
	}
	return 0;
}
