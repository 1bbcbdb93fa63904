// SPDX-License-Identifier: GPL-2.0
/*
 * perf-bpf compile: a BPF C source to a BPF object file, through the compile cache.
 */
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cmds.h"
#include "evopts.h"
#include "compile/compile.h"
#include "util/errmsg.h"
#include "util/jsonw.h"
#include "util/log.h"
#include "util/opts.h"

static const char *const compile_usage[] = {
	"perf-bpf compile [-o OUT.o] [--clang-path PATH] [--clang-opt OPTS] [--clang-timeout SECONDS] [--no-cache] [-v] [-j] FILE.c",
	NULL,
};

/* What the command line asks for. */
struct compile_args {
	struct compile_opts co; /* --clang-path, --clang-opt, --clang-timeout, --no-cache */
	const char *out; /* -o, NULL: NAME.o */
	bool json; /* -j */
	const char *src; /* the operand */
};

/* NAME.o in the current directory for .../NAME.c (NAME.x.o for any other NAME.x). */
static void default_output(const char *src, char *out, size_t size)
{
	char copy[PATH_MAX];
	char *base;
	size_t len;

	snprintf(copy, sizeof(copy), "%s", src);
	base = basename(copy);
	len = strlen(base);
	if (len > 2 && !strcmp(base + len - 2, ".c"))
		len -= 2;
	snprintf(out, size, "%.*s.o", (int)len, base);
}

static int write_object(const char *path, const void *obj, size_t size)
{
	const char *p = obj;
	int fd, err = 0;

	fd = strcmp(path, "-") ? open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644) :
				 STDOUT_FILENO;
	if (fd < 0)
		err = -errno;
	while (!err && size) {
		ssize_t n = write(fd, p, size);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			err = -errno;
		else
			p += n, size -= (size_t)n;
	}
	if (fd > STDOUT_FILENO && close(fd) && !err)
		err = -errno;
	if (err)
		pr_err("unable to write '%s': %s", path, strerror(-err));
	return err;
}

static int print_json(const char *src, const char *out, size_t size, const struct compile_report *r)
{
	struct jsonw *w = jsonw__new(stdout, true);

	if (!w)
		return -errno;
	jsonw__start_object(w);
	jsonw__kv_str(w, "source", src);
	jsonw__kv_str(w, "output", out);
	jsonw__kv_u64(w, "size", size);
	jsonw__kv_bool(w, "cache_hit", r->cache_hit);
	jsonw__name(w, "cache_dir");
	if (r->cache_dir[0])
		jsonw__str(w, r->cache_dir);
	else
		jsonw__null(w);
	jsonw__kv_str(w, "key", r->key);
	jsonw__kv_bool(w, "precompiled_vmlinux_h", r->pch);
	jsonw__kv_str(w, "command", r->command ? r->command : "");
	jsonw__name(w, "seconds");
	jsonw__double(w, r->seconds);
	jsonw__end_object(w);
	jsonw__free(w);
	return 0;
}

/* -1 to go on with a filled, or the exit status. */
static int parse(int argc, char **argv, struct compile_args *a)
{
	const struct opt rows[] = {
		OPT_STRING('o', "output", &a->out, "FILE",
			   "write the object to FILE ('-': stdout; default: ./NAME.o)"),
		OPT_CLANG(&a->co),
		OPT_BOOL('j', "json", &a->json, "print what was done as one JSON document"),
		OPT_COMMON,
		OPT_END,
	};
	struct opts o;
	int ret = opts__parse(&o, rows, compile_usage, argc, argv, 0);

	if (ret)
		return opts__exit_status(ret);
	if (!o.nr_operands)
		return opts__misuse(&o, "missing the source file"), EXIT_USAGE;
	if (o.nr_operands > 1)
		return opts__misuse(&o, "one source file only, got '%s' too", o.operands[1]),
		       EXIT_USAGE;
	a->src = o.operands[0];
	if (a->json && a->out && !strcmp(a->out, "-"))
		return opts__misuse(&o, "--json and '-o -' both want stdout"), EXIT_USAGE;
	return -1;
}

/* Is src a regular file starting with the ELF magic (an object given for a source)? */
static bool is_elf(const char *src)
{
	char magic[4] = "";
	struct stat st;
	FILE *f;

	if (stat(src, &st) || !S_ISREG(st.st_mode))
		return false;
	f = fopen(src, "re");
	if (!f)
		return false;
	if (fread(magic, 1, sizeof(magic), f) != sizeof(magic))
		magic[0] = 0;
	fclose(f);
	return !memcmp(magic, "\177ELF", 4);
}

int cmd_compile(int argc, char **argv)
{
	struct compile_args a = { 0 };
	struct compile_report r;
	const char *out;
	char defout[PATH_MAX];
	size_t size = 0;
	void *obj = NULL;
	int ret;

	ret = parse(argc, argv, &a);
	if (ret >= 0)
		return ret;
	ret = compile__load_perfconfig(&a.co);
	if (ret) {
		errmsg__print(ret, "unable to read config file");
		return 1;
	}
	if (is_elf(a.src)) {
		pr_err("'%s' is an ELF object, not C source", a.src);
		pr_hint("compile takes a FILE.c; 'perf-bpf trace -e %s' runs an object as it is",
			a.src);
		return 1;
	}
	out = a.out;
	if (!out) {
		default_output(a.src, defout, sizeof(defout));
		out = defout;
	}
	ret = compile__source_report(a.src, &a.co, &obj, &size, &r);
	if (ret)
		errmsg__print(ret, "unable to compile %s", a.src);
	ret = ret ? 1 : 0;
	if (!ret)
		ret = write_object(out, obj, size) ? 1 : 0;
	if (!ret && a.json)
		ret = print_json(a.src, out, size, &r) ? 1 : 0;
	compile__report_exit(&r);
	free(obj);
	return ret;
}
