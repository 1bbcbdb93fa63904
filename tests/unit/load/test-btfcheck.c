// SPDX-License-Identifier: GPL-2.0
/*
 * btfcheck on BTF made by libbpf's writer: a good one passes, each defect alone is named
 * (a type id that does not exist, a typedef of itself, a name past the strings, a cut,
 * an unknown kind).
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <linux/btf.h>
#include <bpf/btf.h>

#include "load/btfcheck.h"

/* int; struct def { int *type; } (a map definition's shape); typedef def def_t */
static uint8_t *good(uint32_t *size)
{
	struct btf *btf = btf__new_empty();
	int i = btf__add_int(btf, "int", 4, BTF_INT_SIGNED);
	int p = btf__add_ptr(btf, i);
	int s = btf__add_struct(btf, "def", 8);
	const void *raw;
	uint8_t *copy;

	btf__add_field(btf, "type", p, 0, 0);
	btf__add_typedef(btf, "def_t", s);
	raw = btf__raw_data(btf, size);
	copy = malloc(*size);
	memcpy(copy, raw, *size);
	btf__free(btf);
	return copy;
}

/* The offset of type id's struct btf_type in raw (ids as good() adds them). */
static size_t type_at(uint32_t id)
{
	static const size_t sizes[] = { 0, 16, 12, 24, 12 };
	size_t at = sizeof(struct btf_header);

	for (uint32_t k = 1; k < id; k++)
		at += sizes[k];
	return at;
}

static void refused(uint8_t *raw, uint32_t size, const char *want)
{
	char why[160] = "";

	assert_int_equal(btfcheck__validate(raw, size, NULL, why, sizeof(why)), -EINVAL);
	assert_string_equal(why, want);
	free(raw);
}

static void put32(uint8_t *raw, size_t at, uint32_t v)
{
	memcpy(raw + at, &v, 4);
}

static void test_good(void **state)
{
	uint32_t size;
	uint8_t *raw = good(&size);
	char why[160] = "";

	(void)state;
	assert_int_equal(btfcheck__validate(raw, size, NULL, why, sizeof(why)), 0);
	assert_string_equal(why, "");
	free(raw);
}

static void test_member_names_no_type(void **state)
{
	uint32_t size;
	uint8_t *raw = good(&size);

	(void)state;
	put32(raw, type_at(3) + 12 + 4, 999); /* the member 'type' */
	refused(raw, size, "type 3 names type 999, which does not exist (4 types)");
}

static void test_pointer_to_no_type(void **state)
{
	uint32_t size;
	uint8_t *raw = good(&size);

	(void)state;
	put32(raw, type_at(2) + 8, 5);
	refused(raw, size, "type 2 names type 5, which does not exist (4 types)");
}

static void test_typedef_of_itself(void **state)
{
	uint32_t size;
	uint8_t *raw = good(&size);

	(void)state;
	put32(raw, type_at(4) + 8, 4);
	refused(raw, size, "type 4 is a typedef or modifier of itself");
}

static void test_name_past_strings(void **state)
{
	uint32_t size;
	uint8_t *raw = good(&size);

	(void)state;
	put32(raw, type_at(3), 0x10000);
	refused(raw, size, "type 3 names string 0x10000, past the strings' 0x14 bytes");
}

static void test_unknown_kind(void **state)
{
	uint32_t size;
	uint8_t *raw = good(&size);

	(void)state;
	put32(raw, type_at(2) + 4, 31U << 24);
	refused(raw, size, "type 2 is of unknown kind 31");
}

static void test_cut(void **state)
{
	uint32_t size;
	uint8_t *raw = good(&size);
	struct btf_header h;

	(void)state;
	memcpy(&h, raw, sizeof(h));
	h.type_len -= 4; /* the typedef cut */
	memcpy(raw, &h, sizeof(h));
	refused(raw, size, "type 4 is cut short");
	raw = good(&size);
	refused(raw, 20, "its header is cut short");
	raw = good(&size);
	refused(raw, size - 1, "its sections are outside it");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_good),
		cmocka_unit_test(test_member_names_no_type),
		cmocka_unit_test(test_pointer_to_no_type),
		cmocka_unit_test(test_typedef_of_itself),
		cmocka_unit_test(test_name_past_strings),
		cmocka_unit_test(test_unknown_kind),
		cmocka_unit_test(test_cut),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
