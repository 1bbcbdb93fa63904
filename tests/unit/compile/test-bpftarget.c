// SPDX-License-Identifier: GPL-2.0
/* The target arch of bpf_tracing.h and the -mcpu for a kernel version. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "compile/bpftarget.h"
#include "compile/clangcmd.h"

static void test_bpftarget__arch_from_uname(void **state)
{
	static const char *const map[][2] = {
		{ "x86_64", "x86" },	  { "i686", "x86" },	  { "i386", "x86" },
		{ "aarch64", "arm64" },	  { "armv7l", "arm" },	  { "s390x", "s390" },
		{ "ppc64le", "powerpc" }, { "ppc64", "powerpc" }, { "mips64", "mips" },
		{ "sparc64", "sparc" },	  { "riscv64", "riscv" }, { "loongarch64", "loongarch" },
		{ "arc", "arc" },
	};

	for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		assert_string_equal(bpftarget__arch(map[i][0]), map[i][1]);
	assert_null(bpftarget__arch("m68k"));
	assert_null(bpftarget__arch(""));
	assert_null(bpftarget__arch(NULL));
}

static void test_bpftarget__mcpu_by_kernel(void **state)
{
	assert_string_equal(bpftarget__mcpu(0x61200), "v3"); /* 6.18 */
	assert_string_equal(bpftarget__mcpu(0x50f00), "v3"); /* 5.15 */
	assert_string_equal(bpftarget__mcpu(0x50100), "v3"); /* 5.1: JMP32 */
	assert_string_equal(bpftarget__mcpu(0x500ff), "v2");
	assert_string_equal(bpftarget__mcpu(0x40e00), "v2"); /* 4.14 */
	assert_string_equal(bpftarget__mcpu(0x40dff), "v1");
	assert_string_equal(bpftarget__mcpu(0), "v1"); /* unknown */
}

static int index_of(const struct clangcmd *cmd, const char *prefix)
{
	for (int i = 0; i < cmd->argc; i++)
		if (!strncmp(cmd->argv[i], prefix, strlen(prefix)))
			return i;
	return -1;
}

/* In the command (so in the cache key), unless the user's options choose their own. */
static void test_bpftarget__in_clang_command(void **state)
{
	struct clangcmd_env env = {
		.clang = "/usr/bin/clang",
		.nr_cpus = 2,
		.version_code = 0x61200,
		.target_arch = "x86",
		.mcpu = "v3",
	};
	struct clangcmd cmd;
	char k1[65], k2[65];

	assert_int_equal(clangcmd__build(&env, NULL, NULL, NULL, &cmd), 0);
	assert_true(index_of(&cmd, "-D__TARGET_ARCH_x86") > 0);
	assert_true(index_of(&cmd, "-mcpu=v3") > 0);
	assert_int_equal(clangcmd__key(&cmd, NULL, NULL, "clang", "btf", k1), 0);
	clangcmd__exit(&cmd);

	env.mcpu = "v2";
	assert_int_equal(clangcmd__build(&env, NULL, NULL, NULL, &cmd), 0);
	assert_int_equal(clangcmd__key(&cmd, NULL, NULL, "clang", "btf", k2), 0);
	assert_string_not_equal(k1, k2);
	clangcmd__exit(&cmd);

	env.clang_opt = "-mcpu=v1 -D__TARGET_ARCH_arm64";
	assert_int_equal(clangcmd__build(&env, NULL, NULL, NULL, &cmd), 0);
	assert_int_equal(index_of(&cmd, "-D__TARGET_ARCH_x86"), -1);
	assert_int_equal(index_of(&cmd, "-mcpu=v2"), -1);
	assert_true(index_of(&cmd, "-mcpu=v1") > 0);
	clangcmd__exit(&cmd);

	assert_false(bpftarget__user_sets(NULL, "-mcpu"));
	assert_true(bpftarget__user_sets("-O2 -mcpu=v2", "-mcpu"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bpftarget__arch_from_uname),
		cmocka_unit_test(test_bpftarget__mcpu_by_kernel),
		cmocka_unit_test(test_bpftarget__in_clang_command),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
