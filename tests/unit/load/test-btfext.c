// SPDX-License-Identifier: GPL-2.0
/*
 * btfext on a .BTF.ext made here for BTF made by libbpf's writer: a good one passes, each
 * defect alone is named (a layout that does not fit, a record naming a type, a string, a
 * section or an instruction that does not exist, an unknown relocation kind).
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <linux/btf.h>
#include <bpf/btf.h>

#include "load/btfcheck.h"
#include "load/btfext.h"

static struct btf *btf;
static struct btfcheck_info info;
static uint32_t text_name, file_name; /* string offsets: ".text", "prog.c" */

/* int; int f(void); the strings ".text" and "prog.c" */
static int setup(void **state)
{
	const void *raw;
	uint32_t size;
	char why[160];
	int i, proto;

	(void)state;
	btf = btf__new_empty();
	i = btf__add_int(btf, "int", 4, BTF_INT_SIGNED);
	proto = btf__add_func_proto(btf, i);
	btf__add_func(btf, "f", BTF_FUNC_GLOBAL, proto);
	text_name = (uint32_t)btf__add_str(btf, ".text");
	file_name = (uint32_t)btf__add_str(btf, "prog.c");
	raw = btf__raw_data(btf, &size);
	return btfcheck__validate(raw, size, &info, why, sizeof(why));
}

static int teardown(void **state)
{
	(void)state;
	btf__free(btf);
	return 0;
}

static int64_t size_of(const char *name, void *ctx)
{
	(void)ctx;
	return strcmp(name, ".text") ? -1 : 32; /* four instructions */
}

/* Word offsets of the good .BTF.ext's fields, for the tests to change. */
enum {
	HDR_LEN = 1,
	FUNC_OFF = 2,
	FUNC_LEN = 3,
	FUNC_REC = 8,
	FUNC_SEC = 9,
	FUNC_NR = 10,
	FUNC_INSN = 11,
	FUNC_TYPE = 12,
	LINE_REC = 13,
	LINE_SEC = 14,
	LINE_INSN = 16,
	LINE_FILE = 17,
	CORE_REC = 20,
	CORE_INSN = 23,
	CORE_TYPE = 24,
	CORE_STR = 25,
	CORE_KIND = 26,
	NR_WORDS = 27,
};

/* Header (32 bytes), then func_info, line_info, CO-RE relocations: one record each. */
static void good(uint32_t *w)
{
	uint32_t v[NR_WORDS] = {
		0x0001eb9f, 32,		 0,  20, 20,
		28,	    48,		 28, /* the header */
		8,	    text_name,	 1,  8,	 3, /* func_info: f at instruction 1 */
		16,	    text_name,	 1,  16, file_name,
		file_name,  7 << 10 | 2, /* line_info */
		16,	    text_name,	 1,  24, 1,
		file_name,  0, /* a field offset relocation */
	};

	memcpy(w, v, sizeof(v));
}

static int check(const uint32_t *w, char *why)
{
	struct btfext_sections secs = { size_of, NULL };

	return btfext__validate(w, NR_WORDS * 4, &info, &secs, why, 160);
}

static void test_good(void **state)
{
	uint32_t w[NR_WORDS];
	char why[160] = "";

	(void)state;
	good(w);
	assert_int_equal(check(w, why), 0);
	assert_string_equal(why, "");
}

/* The good one with word at set to v: refused, for the reason want. */
static void refused(int at, uint32_t v, const char *want)
{
	uint32_t w[NR_WORDS];
	char why[160] = "";

	good(w);
	w[at] = v;
	assert_int_equal(check(w, why), -EINVAL);
	assert_string_equal(why, want);
}

static void test_layout(void **state)
{
	(void)state;
	refused(0, 0x0001eb9e, "its magic, version or flags are not BTF.ext's");
	refused(HDR_LEN, 4096, "its header is of 4096 bytes");
	refused(FUNC_LEN, 4000, "its func_info is outside it");
	refused(FUNC_OFF, 2, "its func_info is outside it");
	refused(FUNC_REC, 6, "func_info records are of 6 bytes");
	refused(LINE_REC, 8, "line_info records are of 8 bytes");
	refused(FUNC_NR, 0, "func_info of section '.text' holds 0 records, which do not fit");
	refused(FUNC_NR, 0x20000001,
		"func_info of section '.text' holds 536870913 records, which do not fit");
}

static void test_names(void **state)
{
	char want[160];

	(void)state;
	refused(FUNC_TYPE, 999,
		"func_info 0 of section '.text' names type 999, which does not exist");
	refused(FUNC_TYPE, 0, "func_info 0 of section '.text' names type 0, which does not exist");
	refused(CORE_TYPE, 4,
		"CO-RE relocation 0 of section '.text' names type 4, which does not exist");
	refused(LINE_FILE, 0xffffff,
		"line_info 0 of section '.text' names a string past the BTF's");
	refused(CORE_STR, info.str_len,
		"CO-RE relocation 0 of section '.text' names a string past the BTF's");
	refused(CORE_KIND, 99, "CO-RE relocation 0 of section '.text' is of unknown kind 99");
	snprintf(want, sizeof(want), "line_info names section string %#x, past the BTF's %#x bytes",
		 info.str_len + 5, info.str_len);
	refused(LINE_SEC, info.str_len + 5, want);
	refused(FUNC_SEC, file_name,
		"func_info names section 'prog.c', which the object does not have");
	refused(FUNC_INSN, 12,
		"func_info 0 of section '.text' is at 0xc, not an instruction of it");
	refused(LINE_INSN, 32,
		"line_info 0 of section '.text' is at 0x20, not an instruction of it");
	refused(CORE_INSN, 0xfffffff8,
		"CO-RE relocation 0 of section '.text' is at 0xfffffff8, not an instruction of it");
}

/* Cut anywhere, it is refused, never read past. */
static void test_cut(void **state)
{
	struct btfext_sections secs = { size_of, NULL };
	uint32_t w[NR_WORDS];
	char why[160];

	(void)state;
	good(w);
	for (size_t n = 0; n < sizeof(w); n++) {
		uint8_t *copy = malloc(n ?: 1);

		memcpy(copy, w, n);
		assert_int_equal(btfext__validate(copy, n, &info, &secs, why, sizeof(why)),
				 -EINVAL);
		free(copy);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_good),
		cmocka_unit_test(test_layout),
		cmocka_unit_test(test_names),
		cmocka_unit_test(test_cut),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
