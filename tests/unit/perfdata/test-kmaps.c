// SPDX-License-Identifier: GPL-2.0
/* Unit tests of lib/perfdata/kmaps.c: the kernel's text and modules' maps. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "perfdata/kmaps.h"

static int text_of(const char *listing, struct kmap *m)
{
	FILE *f = fmemopen((void *)listing, strlen(listing), "r");
	int err;

	assert_non_null(f);
	err = kmaps__text(f, m);
	fclose(f);
	return err;
}

/* The map ends at _etext, as perf's own: what lies above is left to BPF programs' records. */
static void test_kmaps__text_ends_at_etext(void **state)
{
	struct kmap m;

	assert_int_equal(text_of("0000000000000000 A fixed_percpu_data\n"
				 "ffffffff81000000 T _stext\n"
				 "ffffffff81000000 T _text\n"
				 "ffffffff810010a0 T do_one_initcall\n"
				 "ffffffff82269a88 T _etext\n"
				 "ffffffffc0000678 t bpf_prog_0e8c2d46a405d574_spin\t[bpf]\n",
				 &m),
			 0);
	assert_int_equal(m.start, 0xffffffff81000000ULL);
	assert_int_equal(m.len, 0x1269a88);
	assert_string_equal(m.name, "[kernel.kallsyms]_text");
}

static void test_kmaps__text_without_etext(void **state)
{
	struct kmap m;

	assert_int_equal(text_of("ffffffff81000000 T _text\n", &m), 0);
	assert_int_equal(m.len, ~0ULL - 0xffffffff81000000ULL);
	/* an _etext below _text says nothing of the text's end */
	assert_int_equal(text_of("ffffffff81000000 T _etext\nffffffff82000000 T _text\n", &m), 0);
	assert_int_equal(m.start, 0xffffffff82000000ULL);
	assert_int_equal(m.len, ~0ULL - 0xffffffff82000000ULL);
}

static void test_kmaps__text_hidden_or_missing(void **state)
{
	struct kmap m;

	assert_int_equal(text_of("0000000000000000 T _text\n0000000000000000 T _etext\n", &m),
			 -EPERM);
	assert_int_equal(text_of("ffffffff81000000 T _stext\n", &m), -ENOENT);
	assert_int_equal(text_of("", &m), -ENOENT);
}

static void test_kmaps__module(void **state)
{
	struct kmap m;

	assert_int_equal(kmaps__module("nf_tables 352256 0 - Live 0xffffffffc0a1c000\n", &m), 1);
	assert_int_equal(m.start, 0xffffffffc0a1c000ULL);
	assert_int_equal(m.len, 352256);
	assert_string_equal(m.name, "[nf_tables]");
	assert_int_equal(
		kmaps__module("kvm 1200128 1 kvm_intel, Live 0xffffffffc0400000 (E)\n", &m), 1);
	assert_string_equal(m.name, "[kvm]");
	assert_int_equal(m.len, 1200128);
}

static void test_kmaps__module_unusable(void **state)
{
	struct kmap m;

	/* hidden address (kptr_restrict), no size, past the top, malformed */
	assert_int_equal(kmaps__module("nf_tables 352256 0 - Live 0x0000000000000000\n", &m), 0);
	assert_int_equal(kmaps__module("x 0 0 - Live 0xffffffffc0000000\n", &m), 0);
	assert_int_equal(kmaps__module("x 4096 0 - Live 0xfffffffffffff800\n", &m), 0);
	assert_int_equal(kmaps__module("x 4096\n", &m), 0);
	assert_int_equal(kmaps__module("", &m), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_kmaps__text_ends_at_etext),
		cmocka_unit_test(test_kmaps__text_without_etext),
		cmocka_unit_test(test_kmaps__text_hidden_or_missing),
		cmocka_unit_test(test_kmaps__module),
		cmocka_unit_test(test_kmaps__module_unusable),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
