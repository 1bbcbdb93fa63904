// SPDX-License-Identifier: GPL-2.0
#include <string.h>

#include "compile/bpftarget.h"

static bool prefix(const char *s, const char *p)
{
	return !strncmp(s, p, strlen(p));
}

const char *bpftarget__arch(const char *machine)
{
	/* first match wins: "aarch64" before "arc", "arm64" before "arm" */
	static const char *const map[][2] = {
		{ "x86_64", "x86" },  { "i386", "x86" },	{ "i486", "x86" },
		{ "i586", "x86" },    { "i686", "x86" },	{ "aarch64", "arm64" },
		{ "arm64", "arm64" }, { "arm", "arm" },		{ "s390", "s390" },
		{ "ppc", "powerpc" }, { "powerpc", "powerpc" }, { "mips", "mips" },
		{ "sparc", "sparc" }, { "riscv", "riscv" },	{ "loongarch", "loongarch" },
		{ "arc", "arc" },
	};

	if (!machine)
		return NULL;
	for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (prefix(machine, map[i][0]))
			return map[i][1];
	return NULL;
}

#define KV(a, b) ((a) << 16 | (b) << 8)

const char *bpftarget__mcpu(unsigned int version_code)
{
	if (version_code >= KV(5u, 1u))
		return "v3";
	if (version_code >= KV(4u, 14u))
		return "v2";
	return "v1";
}

bool bpftarget__user_sets(const char *clang_opt, const char *what)
{
	return clang_opt && strstr(clang_opt, what);
}
