// SPDX-License-Identifier: GPL-2.0
/* perf's config files: sections, comments, quoting, escapes, errors with their line. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util/perfconfig.h"

static struct perfconfig *parse_ok(const char *text)
{
	struct perfconfig *c = perfconfig__new();

	assert_non_null(c);
	assert_int_equal(perfconfig__parse(c, text, "test"), 0);
	return c;
}

static void test_perfconfig__parse_llvm_section(void **state)
{
	struct perfconfig *c = parse_ok("[llvm]\n"
					"\tclang-path = /usr/bin/clang-16\n"
					"\tclang-opt = -g -O2\n");

	assert_string_equal(perfconfig__get(c, "llvm.clang-path"), "/usr/bin/clang-16");
	assert_string_equal(perfconfig__get(c, "llvm.clang-opt"), "-g -O2");
	assert_null(perfconfig__get(c, "llvm.kbuild-dir"));
	perfconfig__free(c);
}

static void test_perfconfig__parse_comments(void **state)
{
	struct perfconfig *c = parse_ok("# top comment\n"
					"; another\n"
					"[llvm] # after the header\n"
					"  clang-path = clang-15 ; trailing comment\n"
					"  # clang-opt = -DWRONG\n"
					"\n"
					"  clang-opt = -DA  # c\n");

	assert_string_equal(perfconfig__get(c, "llvm.clang-path"), "clang-15");
	assert_string_equal(perfconfig__get(c, "llvm.clang-opt"), "-DA");
	perfconfig__free(c);
}

static void test_perfconfig__parse_quoting(void **state)
{
	struct perfconfig *c = parse_ok("[llvm]\n"
					"clang-opt = \"-DX=1 # not a comment ; nor this\"\n"
					"clang-path = \"  /opt/my clang/bin/clang  \"\n"
					"kbuild-opts = a\\tb \\\"q\\\" \\\\ end\n"
					"dump-obj = spaced    out\t words   \n");

	assert_string_equal(perfconfig__get(c, "llvm.clang-opt"),
			    "-DX=1 # not a comment ; nor this");
	assert_string_equal(perfconfig__get(c, "llvm.clang-path"), "  /opt/my clang/bin/clang  ");
	assert_string_equal(perfconfig__get(c, "llvm.kbuild-opts"), "a\tb \"q\" \\ end");
	assert_string_equal(perfconfig__get(c, "llvm.dump-obj"), "spaced out words");
	perfconfig__free(c);
}

static void test_perfconfig__parse_other_sections_ignored(void **state)
{
	struct perfconfig *c = parse_ok("[colors]\n"
					"clang-path = red\n"
					"[LLVM]\n"
					"Clang-Path = mine\n"
					"[llvm \"sub\"]\n"
					"clang-path = sub\n"
					"[report]\n"
					"clang-opt = nope\n");

	assert_string_equal(perfconfig__get(c, "llvm.clang-path"), "mine");
	assert_string_equal(perfconfig__get(c, "llvm.sub.clang-path"), "sub");
	assert_string_equal(perfconfig__get(c, "colors.clang-path"), "red");
	assert_null(perfconfig__get(c, "llvm.clang-opt"));
	perfconfig__free(c);
}

static void test_perfconfig__parse_last_wins_and_bare_key(void **state)
{
	struct perfconfig *c = parse_ok("[llvm]\nclang-path = a\ndump-obj\nclang-path = b\n"
					"clang-opt = one \\\n two\n");

	assert_string_equal(perfconfig__get(c, "llvm.clang-path"), "b");
	assert_string_equal(perfconfig__get(c, "llvm.dump-obj"), "true");
	assert_string_equal(perfconfig__get(c, "llvm.clang-opt"), "one two");
	perfconfig__free(c);
}

static void expect_error(const char *text, const char *where)
{
	struct perfconfig *c = perfconfig__new();

	assert_int_equal(perfconfig__parse(c, text, "cfg"), -EINVAL);
	assert_non_null(strstr(perfconfig__error(c), where));
	perfconfig__free(c);
}

static void test_perfconfig__parse_errors(void **state)
{
	expect_error("[llvm\nclang-path = x\n", "'cfg:1'");
	expect_error("clang-path = x\n", "'cfg:1': setting outside of a section");
	expect_error("[llvm]\n\nclang-opt = \"open\n", "'cfg:3': unterminated quoted value");
	expect_error("[llvm]\nclang-opt = bad\\q\n", "'cfg:2': bad escape");
	expect_error("[llvm]\n9key = x\n", "'cfg:2': bad setting name");
	expect_error("[llvm]\nclang path = x\n", "'cfg:2'");
}

static void test_perfconfig__read_default_env(void **state)
{
	char path[] = "/tmp/test-perfconfig.XXXXXX";
	int fd = mkstemp(path);
	const char text[] = "[llvm]\n\tclang-path = /from/env\n";
	struct perfconfig *c;

	assert_true(fd >= 0);
	assert_int_equal(write(fd, text, sizeof(text) - 1), (ssize_t)sizeof(text) - 1);
	close(fd);
	setenv("PERF_CONFIG", path, 1);
	c = perfconfig__new();
	assert_int_equal(perfconfig__read_default(c), 0);
	assert_string_equal(perfconfig__get(c, "llvm.clang-path"), "/from/env");
	perfconfig__free(c);

	/* A missing file is no error; an empty PERF_CONFIG reads nothing at all. */
	unlink(path);
	c = perfconfig__new();
	assert_int_equal(perfconfig__read_default(c), 0);
	assert_null(perfconfig__get(c, "llvm.clang-path"));
	perfconfig__free(c);
	setenv("PERF_CONFIG", "", 1);
	c = perfconfig__new();
	assert_int_equal(perfconfig__read_default(c), 0);
	perfconfig__free(c);
	unsetenv("PERF_CONFIG");
}

/*
 * HOME in a directory the user may not search (HOME=/root as nobody): no config file, as
 * perf has it. The reading runs in a child that is not root, which root's rights would hide.
 */
static void test_perfconfig__read_default_unsearchable_home(void **state)
{
	char dir[] = "/tmp/test-perfconfig.XXXXXX", home[64];
	int status;
	pid_t pid;

	assert_non_null(mkdtemp(dir));
	assert_int_equal(chmod(dir, 0), 0);
	snprintf(home, sizeof(home), "%s/home", dir);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		struct perfconfig *c = perfconfig__new();

		if (geteuid() == 0 && (setgid(65534) || setuid(65534)))
			_exit(2);
		unsetenv("PERF_CONFIG");
		setenv("HOME", home, 1);
		_exit(c && perfconfig__read_default(c) == 0 ? 0 : 1);
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	rmdir(dir);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_perfconfig__parse_llvm_section),
		cmocka_unit_test(test_perfconfig__parse_comments),
		cmocka_unit_test(test_perfconfig__parse_quoting),
		cmocka_unit_test(test_perfconfig__parse_other_sections_ignored),
		cmocka_unit_test(test_perfconfig__parse_last_wins_and_bare_key),
		cmocka_unit_test(test_perfconfig__parse_errors),
		cmocka_unit_test(test_perfconfig__read_default_env),
		cmocka_unit_test(test_perfconfig__read_default_unsearchable_home),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
