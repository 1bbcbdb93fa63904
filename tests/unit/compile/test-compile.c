// SPDX-License-Identifier: GPL-2.0
/*
 * The compile stage around clang: perfconfig defaults, a missing clang, a failing clang; what
 * clang says goes to stderr, the ERROR and Hint lines into the record (util/errmsg.h).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "compile/compile.h"
#include "util/errmsg.h"

static char top[] = "/tmp/test-compile.XXXXXX";
static char path[PATH_MAX];

static const char *in_top(const char *name)
{
	snprintf(path, sizeof(path), "%s/%s", top, name);
	return path;
}

static void put(const char *name, const char *text, mode_t mode)
{
	FILE *f = fopen(in_top(name), "w");

	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
	assert_int_equal(chmod(in_top(name), mode), 0);
}

/* Run fn with stderr going to a file; returns what it wrote. */
static char *capture_stderr(int (*fn)(void *), void *arg, int *ret)
{
	static char buf[16384];
	int saved = dup(2), fd = open(in_top("stderr"), O_RDWR | O_CREAT | O_TRUNC, 0600);
	ssize_t n;

	assert_true(saved >= 0 && fd >= 0);
	fflush(stderr);
	dup2(fd, 2);
	*ret = fn(arg);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	n = pread(fd, buf, sizeof(buf) - 1, 0);
	close(fd);
	buf[n > 0 ? n : 0] = '\0';
	return buf;
}

static int group_setup(void **state)
{
	char cache[PATH_MAX + 16];

	if (!mkdtemp(top))
		return -1;
	snprintf(cache, sizeof(cache), "%s/cache", top);
	setenv("XDG_CACHE_HOME", cache, 1);
	return 0;
}

static int group_teardown(void **state)
{
	char cmd[PATH_MAX];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", top);
	return system(cmd);
}

/* Must run first: the configuration is read once per process. */
static void test_compile__load_perfconfig_fills_unset(void **state)
{
	struct compile_opts given = { .clang_path = "/cli/clang" };
	struct compile_opts none = { 0 };

	put("perfconfig", "[llvm]\n\tclang-path = /cfg/clang\n\tclang-opt = \"-DA -DB\"\n", 0644);
	setenv("PERF_CONFIG", in_top("perfconfig"), 1);
	assert_int_equal(compile__load_perfconfig(&none), 0);
	assert_string_equal(none.clang_path, "/cfg/clang");
	assert_string_equal(none.clang_opt, "-DA -DB");
	assert_int_equal(compile__load_perfconfig(&given), 0);
	assert_string_equal(given.clang_path, "/cli/clang"); /* the command line wins */
	assert_string_equal(given.clang_opt, "-DA -DB");
	unsetenv("PERF_CONFIG");
}

struct call {
	const char *src;
	struct compile_opts o;
	void *obj;
	size_t size;
};

static int call_compile(void *arg)
{
	struct call *c = arg;

	return compile__source(c->src, &c->o, &c->obj, &c->size);
}

static void test_compile__source_missing_clang(void **state)
{
	struct call c = { .o = { .clang_path = "/nonexistent/clang" } };
	char *err;
	int ret;

	put("p.c", "int x;\n", 0644);
	c.src = strdup(in_top("p.c"));
	err = capture_stderr(call_compile, &c, &ret);
	assert_int_equal(ret, -ENOENT);
	assert_string_equal(err, ""); /* the command says it */
	assert_string_equal(errmsg__text(),
			    "unable to find clang '/nonexistent/clang': No such file or directory");
	assert_non_null(strstr(errmsg__hint_text(), "install clang"));
	assert_null(c.obj);
	free((char *)c.src);
}

static void test_compile__source_clang_fails(void **state)
{
	struct call c = { 0 };
	char clang[PATH_MAX], *err;
	int ret;

	/* A "clang" that answers -print-multiarch and fails every compile with a message. */
	put("fake-clang",
	    "#!/bin/sh\n"
	    "case \"$*\" in *-print-multiarch*) echo x86_64-linux-gnu; exit 0;; esac\n"
	    "echo 'p.c:1:1: error: this is the diagnostic' >&2\nexit 1\n",
	    0755);
	snprintf(clang, sizeof(clang), "%s", in_top("fake-clang"));
	put("p.c", "int x;\n", 0644);
	c.src = strdup(in_top("p.c"));
	c.o.clang_path = clang;
	c.o.no_cache = true;
	err = capture_stderr(call_compile, &c, &ret);
	assert_true(ret < 0);
	/* clang's words now, ours when the command prints them */
	assert_string_equal(err, "p.c:1:1: error: this is the diagnostic\n");
	snprintf(path, sizeof(path), "unable to compile %s", c.src);
	assert_string_equal(errmsg__text(), path);
	assert_non_null(strstr(errmsg__hint_text(), "check the messages above"));
	assert_null(c.obj);
	free((char *)c.src);
}

static void test_compile__source_missing_file(void **state)
{
	struct call c = { .src = "/nonexistent/prog.c", .o = { .clang_path = "/bin/true" } };
	char *err;
	int ret;

	err = capture_stderr(call_compile, &c, &ret);
	assert_int_equal(ret, -ENOENT);
	assert_string_equal(err, "");
	assert_string_equal(errmsg__text(),
			    "unable to compile /nonexistent/prog.c: No such file or directory");
	assert_null(errmsg__hint_text());
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_compile__load_perfconfig_fills_unset),
		cmocka_unit_test(test_compile__source_missing_clang),
		cmocka_unit_test(test_compile__source_clang_fails),
		cmocka_unit_test(test_compile__source_missing_file),
	};

	return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
