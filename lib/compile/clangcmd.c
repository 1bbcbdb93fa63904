// SPDX-License-Identifier: GPL-2.0
#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/utsname.h>

#include "compile/bpftarget.h"
#include "compile/clangcmd.h"
#include "util/hash.h"

/* Bumped when the meaning of a cached object changes without its inputs changing. */
#define KEY_VERSION "perf-bpf compile 2"

/* Environment variables clang reads include directories from. */
static const char *const clang_env[] = { "CPATH", "C_INCLUDE_PATH", "CCC_OVERRIDE_OPTIONS", NULL };

struct words {
	char **v;
	int n, cap;
};

static int words_add(struct words *w, const char *s)
{
	if (w->n + 2 > w->cap) {
		int cap = w->cap ? w->cap * 2 : 32;
		char **v = realloc(w->v, cap * sizeof(*v));

		if (!v)
			return -ENOMEM;
		w->v = v;
		w->cap = cap;
	}
	w->v[w->n] = strdup(s);
	if (!w->v[w->n])
		return -ENOMEM;
	w->v[++w->n] = NULL;
	return 0;
}

/* Several words, up to a NULL. */
static int words_add_all(struct words *w, ...)
{
	const char *s;
	va_list ap;
	int err = 0;

	va_start(ap, w);
	while (!err && (s = va_arg(ap, const char *)))
		err = words_add(w, s);
	va_end(ap);
	return err;
}

static int words_addf(struct words *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int words_addf(struct words *w, const char *fmt, ...)
{
	char buf[4200];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= sizeof(buf))
		return -ENAMETOOLONG;
	return words_add(w, buf);
}

void clangcmd__free_words(char **words)
{
	if (!words)
		return;
	for (char **w = words; *w; w++)
		free(*w);
	free(words);
}

/* The words read into *out (an empty list when there are none) or, when err is set, freed. */
static int words_done(struct words *w, int err, char ***out)
{
	if (!err && !w->v) {
		w->v = calloc(1, sizeof(*w->v));
		err = w->v ? 0 : -ENOMEM;
	}
	if (err) {
		clangcmd__free_words(w->v);
		return err;
	}
	*out = w->v;
	return 0;
}

/* One word starting at *sp: quotes and backslashes as sh(1) reads them, nothing expanded. */
static int next_word(const char **sp, char *out)
{
	const char *s = *sp;
	char quote = 0;

	for (; *s; s++) {
		if (quote == '\'') {
			if (*s == '\'')
				quote = 0;
			else
				*out++ = *s;
		} else if (quote == '"') {
			if (*s == '"')
				quote = 0;
			else if (*s == '\\' && s[1] && strchr("\"\\$`\n", s[1]))
				*out++ = *++s;
			else
				*out++ = *s;
		} else if (*s == '\'' || *s == '"') {
			quote = *s;
		} else if (*s == '\\' && s[1]) {
			if (*++s != '\n')
				*out++ = *s;
		} else if (*s == ' ' || *s == '\t' || *s == '\n') {
			break;
		} else {
			*out++ = *s;
		}
	}
	*out = '\0';
	*sp = s;
	return quote ? -EINVAL : 0;
}

int clangcmd__split(const char *s, char ***words, int *nr)
{
	struct words w = { 0 };
	char *buf = malloc(strlen(s) + 1);
	int err = buf ? 0 : -ENOMEM;

	while (!err) {
		while (*s == ' ' || *s == '\t' || *s == '\n')
			s++;
		if (!*s)
			break;
		err = next_word(&s, buf);
		if (!err)
			err = words_add(&w, buf);
	}
	free(buf);
	err = words_done(&w, err, words);
	if (!err)
		*nr = w.n;
	return err;
}

/* perf's flags: BPF target, optimised (the verifier needs it), debug info (BTF, CO-RE). */
/* clang-format off */
static const char *const base_flags[] = {
	"-target", "bpf", "-O2", "-g",
	"-D__KERNEL__",
	"-Wno-unused-value", "-Wno-pointer-sign",
	NULL,
};
/* clang-format on */

/*
 * A kernel build dir's include set, in the order of kbuild's LINUXINCLUDE (the arch's
 * headers, then the generic ones, then the uapi ones; kconfig.h included first), as perf
 * got it from make. Not its -nostdinc: clang's own <stddef.h> stays reachable after them.
 */
static int add_kbuild_dirs(struct words *w, const struct clangcmd_kbuild *kb)
{
	const char *s = kb->src, *o = kb->obj, *a = kb->arch;
	int err;

	err = words_addf(w, "-I%s/arch/%s/include", s, a);
	if (!err)
		err = words_addf(w, "-I%s/arch/%s/include/generated", o, a);
	if (!err && strcmp(s, o))
		err = words_addf(w, "-I%s/include", s);
	if (!err)
		err = words_addf(w, "-I%s/include", o);
	if (!err)
		err = words_addf(w, "-I%s/arch/%s/include/uapi", s, a);
	if (!err)
		err = words_addf(w, "-I%s/arch/%s/include/generated/uapi", o, a);
	if (!err)
		err = words_addf(w, "-I%s/include/uapi", s);
	if (!err)
		err = words_addf(w, "-I%s/include/generated/uapi", o);
	return err;
}

static int add_kbuild_includes(struct words *w, const struct clangcmd_kbuild *kb)
{
	int err = 0;

	if (kb->compiler_version)
		err = words_add(w, "-include") ?:
			      words_addf(w, "%s/include/linux/compiler-version.h", kb->src);
	if (!err)
		err = words_add(w, "-include") ?:
						 words_addf(w, "%s/include/linux/kconfig.h", kb->src);
	return err;
}

/*
 * Where clang looks for headers, first match first. The user's options come before all of
 * these (as perf placed them), so their -I wins.
 *   kbuild          the kernel build dir's include set ([llvm] kbuild-dir): the kernel's
 *                   own <uapi/linux/bpf.h> and types, which the compat headers stand in for
 *   compat_dir      headers perf-era sources expect (uapi/linux/bpf.h, ...), ours
 *   perf_dir        Debian perf's BPF helper headers (/usr/include/perf/bpf)
 *   vmlinux_dir     vmlinux.h generated from the running kernel's BTF
 *   multiarch_dir   /usr/include/<triple>: the asm/ headers the uapi headers include
 *   (clang's own headers, /usr/include)
 *   libbpf_dir      <bpf/bpf_helpers.h>, when libbpf lives outside /usr/include (-idirafter)
 */
static int add_include_dirs(struct words *w, const struct clangcmd_env *env)
{
	const char *const dirs[] = { env->compat_dir, env->perf_dir, env->vmlinux_dir,
				     env->multiarch_dir };
	int err = 0;

	if (env->kbuild)
		err = add_kbuild_dirs(w, env->kbuild);
	for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]) && !err; i++)
		if (dirs[i])
			err = words_addf(w, "-I%s", dirs[i]);
	if (!err && env->libbpf_dir)
		err = words_add_all(w, "-idirafter", env->libbpf_dir, NULL);
	return err;
}

static int add_flags(struct words *w, const struct clangcmd_env *env, bool *user_opts)
{
	char **user = NULL;
	int err = 0, nr = 0;

	for (int i = 0; base_flags[i] && !err; i++)
		err = words_add(w, base_flags[i]);
	if (!err)
		err = words_addf(w, "-D__NR_CPUS__=%d", env->nr_cpus);
	if (!err)
		err = words_addf(w, "-DLINUX_VERSION_CODE=0x%x", env->version_code);
	/* libbpf-style sources: bpf_tracing.h's pt_regs, 32-bit atomics (the user's own win) */
	if (!err && env->target_arch && !bpftarget__user_sets(env->clang_opt, "__TARGET_ARCH_"))
		err = words_addf(w, "-D__TARGET_ARCH_%s", env->target_arch);
	if (!err && env->mcpu && !bpftarget__user_sets(env->clang_opt, "-mcpu"))
		err = words_addf(w, "-mcpu=%s", env->mcpu);
	if (!err && env->clang_opt)
		err = clangcmd__split(env->clang_opt, &user, &nr);
	for (int i = 0; i < nr && !err; i++)
		err = words_add(w, user[i]);
	clangcmd__free_words(user);
	*user_opts = nr > 0;
	if (!err)
		err = add_include_dirs(w, env);
	if (!err && env->pch)
		err = words_add_all(w, "-include-pch", env->pch, NULL);
	if (!err && env->kbuild)
		err = add_kbuild_includes(w, env->kbuild);
	return err;
}

int clangcmd__build(const struct clangcmd_env *env, const char *src, const char *out,
		    const char *depfile, struct clangcmd *cmd)
{
	struct words w = { 0 };
	int err;

	memset(cmd, 0, sizeof(*cmd));
	err = words_add(&w, env->clang) ?: add_flags(&w, env, &cmd->user_opts);
	if (!err && src && env->record_types)
		err = words_add_all(&w, "-include", env->record_types, NULL);
	if (!err && src)
		err = words_add_all(&w, "-x", "c", "-c", src, NULL);
	cmd->key_argc = w.n;
	if (!err && out)
		err = words_add_all(&w, "-o", out, NULL);
	if (!err && depfile)
		err = words_add_all(&w, "-MD", "-MF", depfile, NULL);
	if (err) {
		clangcmd__free_words(w.v);
		return err;
	}
	cmd->argv = w.v;
	cmd->argc = w.n;
	return 0;
}

void clangcmd__exit(struct clangcmd *cmd)
{
	if (!cmd)
		return;
	clangcmd__free_words(cmd->argv);
	memset(cmd, 0, sizeof(*cmd));
}

int clangcmd__key(const struct clangcmd *cmd, const char *src, const char *src_hash,
		  const char *clang_id, const char *btf_id, char *hex)
{
	struct hash *h = hash__new();
	char cwd[4096];
	int err = 0;

	if (!h)
		return -errno;
	hash__str(h, KEY_VERSION);
	hash__u64(h, (uint64_t)cmd->key_argc);
	for (int i = 0; i < cmd->key_argc; i++)
		hash__str(h, cmd->argv[i]);
	hash__str(h, clang_id);
	hash__str(h, btf_id);
	for (int i = 0; clang_env[i]; i++)
		hash__str(h, getenv(clang_env[i]));
	/* The user's options may name relative paths: the same command elsewhere differs. */
	if (cmd->user_opts)
		hash__str(h, getcwd(cwd, sizeof(cwd)) ? cwd : "?");
	if (src) {
		hash__str(h, src);
		hash__str(h, src_hash);
	}
	if (!err)
		err = hash__final(h, hex);
	hash__free(h);
	return err;
}

/* clang's own directories after the -I ones, for a target with no system of its own (bpf). */
static const char *const system_dirs[] = { "/usr/local/include", "/usr/include", NULL };

int clangcmd__search_path(const struct clangcmd *cmd, char ***dirs, char ***forced)
{
	struct words first = { 0 }, after = { 0 }, files = { 0 };
	int err = 0;

	for (int i = 1; i < cmd->key_argc && !err; i++) {
		const char *a = cmd->argv[i],
			   *next = i + 1 < cmd->key_argc ? cmd->argv[i + 1] : NULL;

		if (!strncmp(a, "-I", 2) && (a[2] || next))
			err = words_add(&first, a[2] ? a + 2 : cmd->argv[++i]);
		else if ((!strcmp(a, "-isystem") || !strcmp(a, "-idirafter")) && next)
			err = words_add(a[2] == 's' ? &first : &after, cmd->argv[++i]);
		else if (!strcmp(a, "-include") && next)
			err = words_add(&files, cmd->argv[++i]);
		else if (!strcmp(a, "-include-pch") && next)
			i++;
	}
	for (int i = 0; system_dirs[i] && !err; i++)
		err = words_add(&first, system_dirs[i]);
	for (int i = 0; i < after.n && !err; i++)
		err = words_add(&first, after.v[i]);
	clangcmd__free_words(after.v);
	err = words_done(&files, err, forced);
	if (err) {
		clangcmd__free_words(first.v);
		return err;
	}
	err = words_done(&first, 0, dirs);
	if (err)
		clangcmd__free_words(*forced);
	return err;
}

/* The next path of a make rule: "\ " is a space, "$$" a dollar, "\\n" continues. */
static const char *next_dep(const char *s, char *out)
{
	while (*s == ' ' || *s == '\t' || *s == '\n' || (*s == '\\' && s[1] == '\n'))
		s += *s == '\\' ? 2 : 1;
	if (!*s)
		return NULL;
	for (; *s && *s != ' ' && *s != '\t' && *s != '\n'; s++) {
		if (*s == '\\' && s[1] == '\n')
			break;
		if ((*s == '\\' && (s[1] == ' ' || s[1] == '#')) || (*s == '$' && s[1] == '$'))
			s++;
		*out++ = *s;
	}
	*out = '\0';
	return s;
}

int clangcmd__parse_deps(const char *text, char ***paths)
{
	struct words w = { 0 };
	const char *s = text;
	char *buf;
	int err = 0;

	/* Skip the target: up to the first ':' followed by a blank or the end. */
	while (*s && !(*s == ':' && (!s[1] || s[1] == ' ' || s[1] == '\\' || s[1] == '\n')))
		s++;
	if (!*s)
		return -EINVAL;
	buf = malloc(strlen(text) + 1);
	if (!buf)
		return -ENOMEM;
	for (s++; !err && (s = next_dep(s, buf));)
		err = words_add(&w, buf);
	free(buf);
	return words_done(&w, err, paths);
}

static bool is_file(const char *dir, const char *name)
{
	char path[8192];
	struct stat st;

	if (snprintf(path, sizeof(path), "%s/%s", dir, name) >= (int)sizeof(path))
		return false;
	return !stat(path, &st) && S_ISREG(st.st_mode);
}

/* The source tree the build dir's Makefile includes ("include /usr/src/X/Makefile"). */
static bool makefile_src(const char *obj, char *src, size_t size)
{
	char path[8192], line[4096], cand[8192], *end;
	const char *dir = NULL;
	FILE *f;

	snprintf(path, sizeof(path), "%s/Makefile", obj);
	f = fopen(path, "re");
	if (!f)
		return false;
	while (!dir && fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		end = line + strlen(line);
		if (strncmp(line, "include ", 8) || end - line < 17 || strcmp(end - 9, "/Makefile"))
			continue;
		end[-9] = '\0';
		dir = line + 8 + strspn(line + 8, " \t");
	}
	fclose(f);
	if (!dir || *dir != '/')
		return false;
	/* where it says, else next to the build dir (a tree extracted elsewhere) */
	snprintf(cand, sizeof(cand), "%s", dir);
	if (!is_file(cand, "include/linux/kconfig.h")) {
		const char *slash = strrchr(obj, '/');

		snprintf(cand, sizeof(cand), "%.*s%s", (int)(slash - obj), obj, strrchr(dir, '/'));
		if (!is_file(cand, "include/linux/kconfig.h"))
			return false;
	}
	return realpath(cand, path) && snprintf(src, size, "%s", path) < (int)size;
}

/* The one arch/<ARCH> holding generated headers, else the running machine's. */
static void find_arch(const char *obj, char *arch, size_t size)
{
	static const char *const map[][2] = {
		{ "x86_64", "x86" },	{ "i686", "x86" },	  { "i386", "x86" },
		{ "aarch64", "arm64" }, { "ppc64le", "powerpc" }, { "ppc64", "powerpc" },
		{ "s390x", "s390" },	{ "riscv64", "riscv" },	  { "loongarch64", "loongarch" },
	};
	char path[8192];
	struct utsname u;
	struct dirent *d;
	DIR *dir;

	snprintf(path, sizeof(path), "%s/arch", obj);
	dir = opendir(path);
	while (dir && (d = readdir(dir))) {
		char sub[8192];

		if (snprintf(sub, sizeof(sub), "%s/%s/include/generated", path, d->d_name) >=
		    (int)sizeof(sub))
			continue;
		if (d->d_name[0] != '.' && !access(sub, F_OK) && strlen(d->d_name) < size) {
			memcpy(arch, d->d_name, strlen(d->d_name) + 1); /* fits: checked above */
			closedir(dir);
			return;
		}
	}
	if (dir)
		closedir(dir);
	if (uname(&u))
		u.machine[0] = '\0';
	if (snprintf(arch, size, "%s", *u.machine ? u.machine : "x86") >= (int)size)
		arch[0] = '\0';
	for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (!strcmp(u.machine, map[i][0]))
			snprintf(arch, size, "%s", map[i][1]);
}

int clangcmd__kbuild_find(const char *dir, struct clangcmd_kbuild *kb)
{
	char path[8192];

	memset(kb, 0, sizeof(*kb));
	if (!realpath(dir, kb->obj))
		return -errno;
	if (!is_file(kb->obj, "include/generated/autoconf.h"))
		return -ENOENT;
	/* an O= build dir links its source; a headers package's Makefile names it */
	snprintf(path, sizeof(path), "%s/source", kb->obj);
	if (!(is_file(path, "include/linux/kconfig.h") && realpath(path, kb->src)) &&
	    !makefile_src(kb->obj, kb->src, sizeof(kb->src)))
		snprintf(kb->src, sizeof(kb->src), "%s", kb->obj);
	if (!is_file(kb->src, "include/linux/kconfig.h"))
		return -ENOENT;
	find_arch(kb->obj, kb->arch, sizeof(kb->arch));
	kb->compiler_version = is_file(kb->src, "include/linux/compiler-version.h");
	return 0;
}

/* Headers of the kernel's trees (not in /usr/include, or not as a kernel build has them). */
static bool kernel_header(const char *name)
{
	static const char *const prefixes[] = { "uapi/",      "linux/", "asm/",	  "asm-generic/",
						"generated/", "net/",	"trace/", NULL };

	for (int i = 0; prefixes[i]; i++)
		if (!strncmp(name, prefixes[i], strlen(prefixes[i])))
			return true;
	return false;
}

bool clangcmd__wants_kernel_headers(const char *diag)
{
	char buf[512];

	return clangcmd__header_hint(diag, NULL, buf, sizeof(buf)) ||
	       strstr(diag, "error: unknown type name '");
}

const char *clangcmd__header_hint(const char *diag, const struct clangcmd_kbuild *kb, char *buf,
				  size_t size)
{
	const char *s = diag, *q, *end;
	struct utsname u;
	char name[256];

	/* clang: "file.c:1:10: fatal error: 'uapi/linux/fs.h' file not found" */
	while (s && (s = strstr(s, "fatal error: '"))) {
		q = s + strlen("fatal error: '");
		end = strchr(q, '\'');
		s = q;
		if (!end || strncmp(end, "' file not found", 16))
			continue;
		snprintf(name, sizeof(name), "%.*s", (int)(end - q), q);
		if (!kernel_header(name))
			continue;
		if (kb)
			snprintf(
				buf, size,
				"'%s' is not in the kernel build dir %s: set kbuild-dir in the [llvm] "
				"section of ~/.perfconfig to a kernel build that has it, or include "
				"\"vmlinux.h\" for the kernel's types",
				name, kb->obj);
		else
			snprintf(
				buf, size,
				"'%s' is a kernel header: install the kernel's headers (Debian: "
				"apt-get install linux-headers-%s) or set kbuild-dir in the [llvm] "
				"section of ~/.perfconfig to a kernel build dir; or include "
				"\"vmlinux.h\" for the kernel's types",
				name, uname(&u) ? "$(uname -r)" : u.release);
		return buf;
	}
	return NULL;
}
