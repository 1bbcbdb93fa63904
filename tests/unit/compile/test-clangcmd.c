// SPDX-License-Identifier: GPL-2.0
/* The clang command line: every flag, option splitting, the cache key, dependency files. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "compile/clangcmd.h"
#include "util/hash.h"

static const struct clangcmd_env full_env = {
	.clang = "/usr/bin/clang",
	.nr_cpus = 8,
	.version_code = 0x6122c,
	.compat_dir = "/compat",
	.perf_dir = "/usr/include/perf/bpf",
	.vmlinux_dir = "/cache/vmlinux-1",
	.multiarch_dir = "/usr/include/x86_64-linux-gnu",
	.libbpf_dir = "/opt/libbpf/include",
	.pch = "/cache/vmlinux-1/x.pch",
};

static int index_of(const struct clangcmd *cmd, const char *word)
{
	for (int i = 0; i < cmd->argc; i++)
		if (!strcmp(cmd->argv[i], word))
			return i;
	return -1;
}

static void test_clangcmd__build_every_flag(void **state)
{
	static const char *const want[] = {
		"-target",
		"bpf",
		"-O2",
		"-g",
		"-D__KERNEL__",
		"-D__NR_CPUS__=8",
		"-DLINUX_VERSION_CODE=0x6122c",
		"-I/compat",
		"-I/usr/include/perf/bpf",
		"-I/cache/vmlinux-1",
		"-I/usr/include/x86_64-linux-gnu",
		"-idirafter",
		"/opt/libbpf/include",
		"-include-pch",
		"/cache/vmlinux-1/x.pch",
		"-x",
		"-c",
		"/src/p.c",
		"-o",
		"/tmp/out.o",
		"-MD",
		"-MF",
		"/tmp/out.d",
	};
	struct clangcmd cmd;

	assert_int_equal(clangcmd__build(&full_env, "/src/p.c", "/tmp/out.o", "/tmp/out.d", &cmd),
			 0);
	assert_string_equal(cmd.argv[0], "/usr/bin/clang");
	assert_null(cmd.argv[cmd.argc]);
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++)
		if (index_of(&cmd, want[i]) < 0)
			fail_msg("'%s' missing from the clang command", want[i]);
	/* Our include directories in their order; the outputs after the key part. */
	assert_true(index_of(&cmd, "-I/compat") < index_of(&cmd, "-I/usr/include/perf/bpf"));
	assert_true(index_of(&cmd, "-I/usr/include/perf/bpf") <
		    index_of(&cmd, "-I/cache/vmlinux-1"));
	assert_true(index_of(&cmd, "-I/cache/vmlinux-1") <
		    index_of(&cmd, "-I/usr/include/x86_64-linux-gnu"));
	assert_int_equal(index_of(&cmd, "-o"), cmd.key_argc);
	assert_false(cmd.user_opts);
	clangcmd__exit(&cmd);
}

static void test_clangcmd__build_user_opts_before_includes(void **state)
{
	struct clangcmd_env env = full_env;
	struct clangcmd cmd;

	env.clang_opt = "-DX='a b' -I\"my dir\"";
	env.pch = NULL;
	assert_int_equal(clangcmd__build(&env, "/src/p.c", NULL, NULL, &cmd), 0);
	assert_true(cmd.user_opts);
	assert_true(index_of(&cmd, "-DX=a b") > index_of(&cmd, "-DLINUX_VERSION_CODE=0x6122c"));
	assert_true(index_of(&cmd, "-Imy dir") > 0);
	assert_true(index_of(&cmd, "-Imy dir") < index_of(&cmd, "-I/compat"));
	assert_int_equal(index_of(&cmd, "-include-pch"), -1);
	assert_int_equal(cmd.key_argc, cmd.argc); /* no outputs asked for */
	clangcmd__exit(&cmd);
}

static void test_clangcmd__build_flags_only(void **state)
{
	struct clangcmd_env env = { .clang = "clang", .nr_cpus = 2 };
	struct clangcmd cmd;

	assert_int_equal(clangcmd__build(&env, NULL, NULL, NULL, &cmd), 0);
	assert_int_equal(index_of(&cmd, "-c"), -1);
	assert_int_equal(index_of(&cmd, "-idirafter"), -1);
	for (int i = 0; i < cmd.argc; i++)
		assert_false(!strncmp(cmd.argv[i], "-I", 2));
	clangcmd__exit(&cmd);
}

/* The header that puts struct event into the BTF: after vmlinux.h's PCH, for a source only. */
static void test_clangcmd__build_record_types(void **state)
{
	struct clangcmd_env env = full_env;
	struct clangcmd cmd;
	int at;

	(void)state;
	env.record_types = "/compat/perf-bpf-record.h";
	assert_int_equal(clangcmd__build(&env, "/src/p.c", "/tmp/out.o", NULL, &cmd), 0);
	at = index_of(&cmd, "/compat/perf-bpf-record.h");
	assert_true(at > index_of(&cmd, "-include-pch"));
	assert_string_equal(cmd.argv[at - 1], "-include");
	assert_true(at < index_of(&cmd, "/src/p.c"));
	assert_true(at < cmd.key_argc);
	clangcmd__exit(&cmd);
	/* the precompiled header is built with the flags only: not with it */
	assert_int_equal(clangcmd__build(&env, NULL, NULL, NULL, &cmd), 0);
	assert_int_equal(index_of(&cmd, "/compat/perf-bpf-record.h"), -1);
	clangcmd__exit(&cmd);
}

/* The command's own include path, as clang searches it, and the files put ahead of the source. */
static void test_clangcmd__search_path(void **state)
{
	static const char *const want[] = {
		"/src/arch/x86/include",
		"/src/include",
		"/compat",
		"/usr/include/perf/bpf",
		"/cache/vmlinux-1",
		"/usr/include/x86_64-linux-gnu",
		"/usr/local/include",
		"/usr/include",
		"/opt/libbpf/include",
		NULL,
	};
	struct clangcmd_env env = full_env;
	struct clangcmd_kbuild kb = { .obj = "/src", .src = "/src", .arch = "x86" };
	char **dirs, **forced;
	struct clangcmd cmd;
	int n = 0;

	(void)state;
	env.record_types = "/compat/perf-bpf-record.h";
	env.kbuild = &kb;
	assert_int_equal(clangcmd__build(&env, "/src/p.c", "/tmp/out.o", NULL, &cmd), 0);
	assert_int_equal(clangcmd__search_path(&cmd, &dirs, &forced), 0);
	for (int i = 0; dirs[i]; i++) /* kbuild's generated dirs are not there: skipped */
		if (!strstr(dirs[i], "generated") && !strstr(dirs[i], "uapi"))
			assert_string_equal(dirs[i], want[n++]);
	assert_null(want[n]);
	assert_string_equal(forced[0], "/src/include/linux/kconfig.h");
	assert_string_equal(forced[1], "/compat/perf-bpf-record.h");
	assert_null(forced[2]); /* not the precompiled header */
	clangcmd__free_words(dirs);
	clangcmd__free_words(forced);
	clangcmd__exit(&cmd);
}

/* A kernel build dir: kbuild's LINUXINCLUDE order, ahead of ours, kconfig.h included. */
static void test_clangcmd__build_kbuild_include_set(void **state)
{
	static const char *const order[] = {
		"-I/src/arch/x86/include",
		"-I/obj/arch/x86/include/generated",
		"-I/src/include",
		"-I/obj/include",
		"-I/src/arch/x86/include/uapi",
		"-I/obj/arch/x86/include/generated/uapi",
		"-I/src/include/uapi",
		"-I/obj/include/generated/uapi",
		"-I/compat",
		"/src/include/linux/compiler-version.h",
		"/src/include/linux/kconfig.h",
		"-x",
	};
	struct clangcmd_kbuild kb = { .obj = "/obj", .src = "/src", .arch = "x86" };
	struct clangcmd_env env = full_env;
	struct clangcmd cmd;

	kb.compiler_version = true;
	env.kbuild = &kb;
	assert_int_equal(clangcmd__build(&env, "/src/p.c", NULL, NULL, &cmd), 0);
	for (size_t i = 0; i < sizeof(order) / sizeof(order[0]); i++) {
		int at = index_of(&cmd, order[i]);

		if (at < 0)
			fail_msg("'%s' missing from the clang command", order[i]);
		if (i && at < index_of(&cmd, order[i - 1]))
			fail_msg("'%s' before '%s'", order[i], order[i - 1]);
	}
	assert_string_equal(cmd.argv[index_of(&cmd, "/src/include/linux/kconfig.h") - 1],
			    "-include");
	clangcmd__exit(&cmd);

	/* an in-tree build: its include/ once */
	snprintf(kb.src, sizeof(kb.src), "/obj");
	assert_int_equal(clangcmd__build(&env, "/src/p.c", NULL, NULL, &cmd), 0);
	int n = 0;

	for (int i = 0; i < cmd.argc; i++)
		n += !strcmp(cmd.argv[i], "-I/obj/include");
	assert_int_equal(n, 1);
	clangcmd__exit(&cmd);
}

static void test_clangcmd__header_hint(void **state)
{
	struct clangcmd_kbuild kb = { .obj = "/obj" };
	char buf[1024];
	const char *h;

	h = clangcmd__header_hint("p.c:1:10: fatal error: 'uapi/linux/fs.h' file not found\n", NULL,
				  buf, sizeof(buf));
	assert_non_null(h);
	assert_non_null(strstr(h, "'uapi/linux/fs.h' is a kernel header"));
	assert_non_null(strstr(h, "linux-headers-"));
	assert_non_null(strstr(h, "kbuild-dir"));
	assert_non_null(strstr(h, "vmlinux.h"));
	h = clangcmd__header_hint("p.c:1:10: fatal error: 'asm/ptrace.h' file not found\n", &kb,
				  buf, sizeof(buf));
	assert_non_null(h);
	assert_non_null(strstr(h, "not in the kernel build dir /obj"));
	/* not a kernel header, or not a missing file */
	assert_null(clangcmd__header_hint("p.c:1:10: fatal error: 'mine.h' file not found\n", NULL,
					  buf, sizeof(buf)));
	assert_null(
		clangcmd__header_hint("p.c:3:1: error: expected ';'\n", NULL, buf, sizeof(buf)));
	assert_true(clangcmd__wants_kernel_headers("p.c:5:2: error: unknown type name 'fmode_t'"));
	assert_false(clangcmd__wants_kernel_headers("p.c:3:1: error: expected ';'"));
}

static void expect_split(const char *s, int nr, ...)
{
	char **words;
	va_list ap;
	int n;

	assert_int_equal(clangcmd__split(s, &words, &n), 0);
	assert_int_equal(n, nr);
	va_start(ap, nr);
	for (int i = 0; i < nr; i++)
		assert_string_equal(words[i], va_arg(ap, const char *));
	va_end(ap);
	assert_null(words[nr]);
	clangcmd__free_words(words);
}

static void test_clangcmd__split_like_a_shell(void **state)
{
	char **words;
	int n;

	expect_split("", 0);
	expect_split("  \t ", 0);
	expect_split("-g  -O2\t-DX", 3, "-g", "-O2", "-DX");
	expect_split("-DMSG='hello world'", 1, "-DMSG=hello world");
	expect_split("-DQ=\"a \\\"b\\\" c\"", 1, "-DQ=a \"b\" c");
	expect_split("a\\ b 'it'\\''s'", 2, "a b", "it's");
	/* Nothing a shell would expand is expanded: there is no shell. */
	expect_split("$HOME `id` $(id) *.c ; rm -rf /", 8, "$HOME", "`id`", "$(id)", "*.c", ";",
		     "rm", "-rf", "/");
	expect_split("'' x", 2, "", "x");
	assert_int_equal(clangcmd__split("-DX='open", &words, &n), -EINVAL);
	assert_int_equal(clangcmd__split("\"open", &words, &n), -EINVAL);
}

/* The cache key over a source file in a temp dir, for one variation of the inputs. */
static char src[] = "/tmp/test-clangcmd.XXXXXX";

static int src_setup(void **state)
{
	int fd = mkstemp(src);

	if (fd < 0 || write(fd, "int x;\n", 7) != 7)
		return -1;
	close(fd);
	return 0;
}

static int src_teardown(void **state)
{
	return unlink(src);
}

static void key_of(const struct clangcmd_env *env, const char *clang_id, const char *btf_id,
		   char *hex)
{
	char src_hash[HASH_HEX_SIZE];
	struct clangcmd cmd;

	assert_int_equal(hash__file_hex(src, src_hash), 0);
	assert_int_equal(clangcmd__build(env, src, NULL, NULL, &cmd), 0);
	assert_int_equal(clangcmd__key(&cmd, src, src_hash, clang_id, btf_id, hex), 0);
	assert_int_equal(strlen(hex), HASH_HEX_SIZE - 1);
	clangcmd__exit(&cmd);
}

static void test_clangcmd__key_changes_with_each_input(void **state)
{
	char base[HASH_HEX_SIZE], again[HASH_HEX_SIZE], k[HASH_HEX_SIZE];
	struct clangcmd_env env = full_env;
	struct clangcmd cmd;
	FILE *f;

	key_of(&env, "clang1", "btf1", base);
	key_of(&env, "clang1", "btf1", again);
	assert_string_equal(base, again);

	key_of(&env, "clang2", "btf1", k); /* another clang */
	assert_string_not_equal(base, k);
	key_of(&env, "clang1", "btf2", k); /* another kernel BTF */
	assert_string_not_equal(base, k);
	env.clang_opt = "-DDEBUG"; /* user flags */
	key_of(&env, "clang1", "btf1", k);
	assert_string_not_equal(base, k);
	env = full_env;
	env.nr_cpus = 4; /* a macro */
	key_of(&env, "clang1", "btf1", k);
	assert_string_not_equal(base, k);
	env = full_env;
	env.compat_dir = "/elsewhere"; /* an include directory */
	key_of(&env, "clang1", "btf1", k);
	assert_string_not_equal(base, k);
	env = full_env;

	/* The outputs' names are not inputs. */
	assert_int_equal(hash__file_hex(src, k), 0);
	assert_int_equal(clangcmd__build(&env, src, "/a.o", "/a.d", &cmd), 0);
	assert_int_equal(clangcmd__key(&cmd, src, k, "clang1", "btf1", k), 0);
	assert_string_equal(base, k);
	clangcmd__exit(&cmd);

	f = fopen(src, "a"); /* the source's content */
	assert_non_null(f);
	fputs("int y;\n", f);
	fclose(f);
	key_of(&env, "clang1", "btf1", k);
	assert_string_not_equal(base, k);
}

static void expect_deps(const char *text, int nr, ...)
{
	char **paths;
	va_list ap;
	int i;

	assert_int_equal(clangcmd__parse_deps(text, &paths), 0);
	va_start(ap, nr);
	for (i = 0; i < nr; i++) {
		assert_non_null(paths[i]);
		assert_string_equal(paths[i], va_arg(ap, const char *));
	}
	va_end(ap);
	assert_null(paths[nr]);
	clangcmd__free_words(paths);
}

static void test_clangcmd__parse_deps_make_syntax(void **state)
{
	char **paths;

	expect_deps("out.o: /s/p.c /usr/include/linux/bpf.h \\\n  /usr/include/bpf/bpf_helpers.h\n",
		    3, "/s/p.c", "/usr/include/linux/bpf.h", "/usr/include/bpf/bpf_helpers.h");
	expect_deps("/tmp/x/out.o: /my\\ dir/a.h /b$$c.h\n", 2, "/my dir/a.h", "/b$c.h");
	expect_deps("out.o:\n", 0);
	assert_int_equal(clangcmd__parse_deps("no rule here", &paths), -EINVAL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_clangcmd__build_every_flag),
		cmocka_unit_test(test_clangcmd__build_user_opts_before_includes),
		cmocka_unit_test(test_clangcmd__build_flags_only),
		cmocka_unit_test(test_clangcmd__build_kbuild_include_set),
		cmocka_unit_test(test_clangcmd__build_record_types),
		cmocka_unit_test(test_clangcmd__search_path),
		cmocka_unit_test(test_clangcmd__header_hint),
		cmocka_unit_test(test_clangcmd__split_like_a_shell),
		cmocka_unit_test_setup_teardown(test_clangcmd__key_changes_with_each_input,
						src_setup, src_teardown),
		cmocka_unit_test(test_clangcmd__parse_deps_make_syntax),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
