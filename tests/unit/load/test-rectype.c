// SPDX-License-Identifier: GPL-2.0
/* Unit tests of lib/load/rectype.c: the record type of an output map that names none. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>
#include <bpf/btf.h>

#include "load/rectype.h"

struct types {
	struct btf *btf;
	int u32, chr;
};

static void types__init(struct types *t)
{
	t->btf = btf__new_empty();
	assert_non_null(t->btf);
	t->u32 = btf__add_int(t->btf, "unsigned int", 4, 0);
	t->chr = btf__add_int(t->btf, "char", 1, BTF_INT_CHAR);
	assert_true(t->u32 > 0 && t->chr > 0);
}

/* struct NAME { u32 a; u32 b; [char tail[tail]] } */
static int add_struct(struct types *t, const char *name, uint32_t tail)
{
	int arr = tail ? btf__add_array(t->btf, t->u32, t->chr, tail) : 0;
	int id = btf__add_struct(t->btf, name, 8 + tail); /* fields go to the last type added */

	assert_true(arr >= 0 && id > 0);
	assert_int_equal(btf__add_field(t->btf, "a", t->u32, 0, 0), 0);
	assert_int_equal(btf__add_field(t->btf, "b", t->u32, 32, 0), 0);
	if (tail)
		assert_int_equal(btf__add_field(t->btf, "tail", arr, 64, 0), 0);
	return id;
}

static int kernel_reads;

/* rectype_kernel_fn: the test's kernel BTF, or none */
static const struct btf *kernel(void *ctx)
{
	kernel_reads++;
	return ((struct types *)ctx)->btf;
}

static const struct btf *no_kernel(void *ctx)
{
	(void)ctx;
	kernel_reads++;
	return NULL;
}

static struct progscan_sizes sizes(int calls, bool variable, uint32_t a, uint32_t b)
{
	struct progscan_sizes s = { .calls = calls, .variable = variable };

	if (a)
		s.size[s.nr++] = a;
	if (b)
		s.size[s.nr++] = b;
	return s;
}

static void test_event_fixed(void **state)
{
	struct types t;
	struct progscan_sizes s = sizes(2, false, 8, 0);
	char why[256];
	int id;

	(void)state;
	types__init(&t);
	add_struct(&t, "other", 0); /* same size, another name: not taken */
	id = add_struct(&t, "event", 0);
	assert_int_equal(rectype__find(t.btf, no_kernel, NULL, &s, why, sizeof(why)), id);
	assert_string_equal(why, "struct event (records of 8 bytes)");
	s = sizes(1, false, 16, 0);
	assert_int_equal(rectype__find(t.btf, no_kernel, NULL, &s, why, sizeof(why)), 0);
	assert_string_equal(why,
			    "struct event (8 bytes) does not fit the records' size (16 bytes)");
	/* a size computed as the program runs, and no array to cut: not taken */
	s = sizes(1, true, 0, 0);
	assert_int_equal(rectype__find(t.btf, no_kernel, NULL, &s, why, sizeof(why)), 0);
	assert_string_equal(
		why,
		"struct event (8 bytes) does not fit the records' size (a size computed as it runs)");
	/* no call hands the map records */
	s = sizes(0, false, 0, 0);
	assert_int_equal(rectype__find(t.btf, no_kernel, NULL, &s, why, sizeof(why)), 0);
	/* struct event decides alone: the kernel's BTF (tens of ms to read) is not asked for */
	assert_int_equal(kernel_reads, 0);
	btf__free(t.btf);
}

static void test_event_tail(void **state)
{
	struct types t;
	struct progscan_sizes s = sizes(1, true, 0, 0);
	char why[256];
	int id;

	(void)state;
	types__init(&t);
	id = add_struct(&t, "event", 100);
	/* execsnoop's EVENT_SIZE(e): from the array's offset up to the whole struct */
	assert_int_equal(rectype__find(t.btf, no_kernel, NULL, &s, why, sizeof(why)), id);
	assert_string_equal(why, "struct event (records of 8 to 108 bytes)");
	s = sizes(2, false, 8, 50);
	assert_int_equal(rectype__find(t.btf, no_kernel, NULL, &s, why, sizeof(why)), id);
	s = sizes(2, false, 50, 109);
	assert_int_equal(rectype__find(t.btf, no_kernel, NULL, &s, why, sizeof(why)), 0);
	s = sizes(1, false, 4, 0); /* cut before the array */
	assert_int_equal(rectype__find(t.btf, no_kernel, NULL, &s, why, sizeof(why)), 0);
	btf__free(t.btf);
}

static void test_suffixed(void **state)
{
	struct types t, k;
	struct progscan_sizes s = sizes(1, false, 24, 0);
	char why[256];
	int id;

	(void)state;
	types__init(&t);
	types__init(&k);
	add_struct(&t, "hw_perf_event", 16); /* a kernel type, of that size too */
	add_struct(&k, "hw_perf_event", 16);
	id = add_struct(&t, "bind_event", 16);
	add_struct(&t, "small_event", 0);
	assert_int_equal(rectype__find(t.btf, kernel, &k, &s, why, sizeof(why)), id);
	assert_string_equal(why, "struct bind_event (records of 8 to 24 bytes)");
	/* no kernel BTF to tell the kernel's types: none taken */
	assert_int_equal(rectype__find(t.btf, no_kernel, NULL, &s, why, sizeof(why)), 0);
	/* a size computed as it runs: none taken */
	s = sizes(1, true, 0, 0);
	assert_int_equal(rectype__find(t.btf, kernel, &k, &s, why, sizeof(why)), 0);
	/* none fits: the kernel's BTF is not asked for */
	kernel_reads = 0;
	s = sizes(1, false, 999, 0);
	assert_int_equal(rectype__find(t.btf, kernel, &k, &s, why, sizeof(why)), 0);
	assert_int_equal(kernel_reads, 0);
	/* two that fit */
	s = sizes(1, false, 24, 0);
	add_struct(&t, "conn_event", 16);
	assert_int_equal(rectype__find(t.btf, kernel, &k, &s, why, sizeof(why)), 0);
	assert_string_equal(why, "struct bind_event and struct conn_event both fit its records "
				 "(24 bytes)");
	btf__free(t.btf);
	btf__free(k.btf);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_event_fixed),
		cmocka_unit_test(test_event_tail),
		cmocka_unit_test(test_suffixed),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
