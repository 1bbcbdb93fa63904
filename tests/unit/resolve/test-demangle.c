// SPDX-License-Identifier: GPL-2.0
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "resolve/demangle.h"

static void strip(const char *in, const char *out)
{
	char buf[256];

	strcpy(buf, in);
	demangle__strip_params(buf);
	assert_string_equal(buf, out);
}

static void test_demangle_strip_params(void **state)
{
	strip("ggc_free(void*)", "ggc_free");
	strip("hash_table<decl_die_hasher, false, xcallocator>::find_slot_with_hash(tree_node* "
	      "const&, unsigned int, insert_option)",
	      "hash_table<decl_die_hasher, false, xcallocator>::find_slot_with_hash");
	strip("ns::C::get() const", "ns::C::get");
	strip("f(void (*)(int))", "f");
	strip("Foo::operator()(int)", "Foo::operator()");
	strip("void g<int>(int)", "g<int>");
	strip("no_params", "no_params");
}

/* With the C++ runtime on the machine: perf's short form. */
static void test_demangle_names(void **state)
{
	char *s = demangle("_Z8ggc_freePv");

	assert_null(demangle("main"));
	if (!s)
		skip();
	assert_string_equal(s, "ggc_free");
	free(s);
	s = demangle("_Z19sparseset_clear_bitP13sparseset_defj");
	assert_string_equal(s, "sparseset_clear_bit");
	free(s);
	assert_null(demangle("_Znot a mangled name"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_demangle_strip_params),
		cmocka_unit_test(test_demangle_names),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
