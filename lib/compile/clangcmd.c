// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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
 * Where clang looks for headers, first match first. The user's options come before all of
 * these (as perf placed them), so their -I wins.
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
	return err;
}

int clangcmd__build(const struct clangcmd_env *env, const char *src, const char *out,
		    const char *depfile, struct clangcmd *cmd)
{
	struct words w = { 0 };
	int err;

	memset(cmd, 0, sizeof(*cmd));
	err = words_add(&w, env->clang) ?: add_flags(&w, env, &cmd->user_opts);
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
