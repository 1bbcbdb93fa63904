// SPDX-License-Identifier: GPL-2.0
/*
 * Maps of many histograms (output/histgroup.h): keys of a name and a slot grouped by the
 * name, libbpf-tools' slots[] values one group per key; groups ordered by their totals, the
 * empty ones left out; text, JSON, and the maps that are not such.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <bpf/btf.h>

#include "util/jsonw.h"
#include "output/histgroup.h"

/* struct comm_slot { char comm[4]; unsigned int slot; }; struct hist { unsigned int slots[4]; } */
struct comm_slot {
	char comm[4];
	uint32_t slot;
};

struct proc_hist {
	uint32_t slots[4];
	char comm[4];
};

static struct btf *btf;
static int u32_id, comm_slot_id, hist_id, proc_hist_id, odd_id;

static int setup(void **state)
{
	int chr, arr4, slots4, slots9;

	(void)state;
	btf = btf__new_empty();
	u32_id = btf__add_int(btf, "unsigned int", 4, 0);
	chr = btf__add_int(btf, "char", 1, BTF_INT_CHAR);
	arr4 = btf__add_array(btf, u32_id, chr, 4);
	slots4 = btf__add_array(btf, u32_id, u32_id, 4);
	slots9 = btf__add_array(btf, u32_id, u32_id, 9);
	comm_slot_id = btf__add_struct(btf, "comm_slot", 8);
	btf__add_field(btf, "comm", arr4, 0, 0);
	btf__add_field(btf, "slot", u32_id, 32, 0);
	hist_id = btf__add_struct(btf, "hist", 16);
	btf__add_field(btf, "slots", slots4, 0, 0);
	proc_hist_id = btf__add_struct(btf, "proc_hist", 20);
	btf__add_field(btf, "slots", slots4, 0, 0);
	btf__add_field(btf, "comm", arr4, 128, 0);
	/* a hostile type: slots[9] of 4 bytes said to fit in a 16-byte value */
	odd_id = btf__add_struct(btf, "odd", 16);
	btf__add_field(btf, "slots", slots9, 0, 0);
	return odd_id > 0 ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	btf__free(btf);
	return 0;
}

static char *text_of(const struct hist_groups *hg, const struct typeset_map *m)
{
	struct dbuf b = { 0 };

	hist_groups__text(&b, hg, m);
	return b.p;
}

static char *json_of(const struct hist_groups *hg, const struct typeset_map *m)
{
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);
	struct jsonw *w = jsonw__new(f, false);

	hist_groups__json(w, hg, m);
	jsonw__free(w);
	fclose(f);
	return out;
}

/* A map of comm_slot keys and integer values. */
static struct typeset_map key_slot_map(const char *name, const struct typeset_entry *e, uint32_t nr)
{
	return (struct typeset_map){ .name = name,
				     .btf = btf,
				     .key_type = comm_slot_id,
				     .value_type = u32_id,
				     .key_size = 8,
				     .value_size = 8,
				     .num_values = true,
				     .ents = e,
				     .nr = nr };
}

/* A map of u32 keys and values of type id. */
static struct typeset_map slots_map(const char *name, int id, uint32_t size,
				    const struct typeset_entry *e, uint32_t nr)
{
	return (struct typeset_map){ .name = name,
				     .btf = btf,
				     .key_type = u32_id,
				     .value_type = id,
				     .key_size = 4,
				     .value_size = size,
				     .ents = e,
				     .nr = nr };
}

#define BAR50 "|@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@|\n"
#define BAR0 "|                                                  |\n"

/* Entries in any order: one block per name, the smaller total first, "zz" (all 0) left out. */
static void test_key_slot(void **state)
{
	struct comm_slot k[] = { { "dd", 13 }, { "ls", 1 }, { "dd", 3 }, { "zz", 5 }, { "ls", 3 } };
	struct typeset_entry e[5];
	int64_t n[] = { 6, 1, 2, 0, 1 };
	struct typeset_map m = key_slot_map("size_hist", e, 5);
	struct hist_groups hg;
	char *s;

	(void)state;
	for (int i = 0; i < 5; i++)
		e[i] = (struct typeset_entry){ .key = (const uint8_t *)&k[i], .num = n[i] };
	assert_int_equal(hist_groups__make(&hg, &m), 1);
	assert_int_equal(hg.by, HIST_BY_KEY_SLOT);
	assert_int_equal(hg.nr, 2);
	assert_int_equal(hg.g[0].total, 2);
	assert_int_equal(hg.g[1].total, 8);
	s = text_of(&hg, &m);
	assert_string_equal(
		s,
		"@size_hist[ls]:\n"
		"[1]                         1 " BAR50 "[2, 4)                      0 " BAR0
		"[4, 8)                      1 " BAR50 "\n"
		"@size_hist[dd]:\n"
		"[4, 8)                      2 |@@@@@@@@@@@@@@@@                                  |\n"
		"[4K, 8K)                    6 " BAR50 /* 9 empty ones left out */
		"\n");
	free(s);
	s = json_of(&hg, &m);
	assert_string_equal(
		s, "{\"type\":\"map\",\"map\":\"size_hist\",\"hist\":\"log2\",\"groups\":["
		   "{\"key\":{\"comm\":\"ls\"},\"buckets\":[{\"low\":1,\"high\":2,\"count\":1},"
		   "{\"low\":2,\"high\":4,\"count\":0},{\"low\":4,\"high\":8,\"count\":1}]},"
		   "{\"key\":{\"comm\":\"dd\"},\"buckets\":[{\"low\":4,\"high\":8,\"count\":2},"
		   "{\"low\":4096,\"high\":8192,\"count\":6}]}]}\n");
	free(s);
	hist_groups__free(&hg);
}

/* A linear key slot without a width: the GCD of every group's slots. */
static void test_key_slot_linear(void **state)
{
	struct comm_slot k[] = { { "a", 20 }, { "b", 50 } };
	struct typeset_entry e[2] = { { .key = (const uint8_t *)&k[0], .num = 1 },
				      { .key = (const uint8_t *)&k[1], .num = 2 } };
	struct typeset_map m = key_slot_map("x_lhist", e, 2);
	struct hist_groups hg;
	char *s;

	(void)state;
	assert_int_equal(hist_groups__make(&hg, &m), 1);
	assert_int_equal(hg.kind, HIST_LINEAR);
	assert_int_equal(hg.width, 10);
	s = text_of(&hg, &m);
	assert_string_equal(s, "@x_lhist[a]:\n[20, 30)                    1 " BAR50 "\n"
			       "@x_lhist[b]:\n[50, 60)                    2 " BAR50 "\n");
	free(s);
	hist_groups__free(&hg);
}

/* libbpf-tools' slots: slot 0 counts 0 and 1, slot k [2^k, 2^(k+1)); the value's name shown. */
static void test_value_slots(void **state)
{
	uint32_t keys[] = { 7, 9 };
	struct proc_hist v[] = { { { 0, 0, 0, 4 }, "sh" }, { { 2, 1, 0, 0 }, "ls" } };
	struct typeset_entry e[2] = {
		{ .key = (const uint8_t *)&keys[0], .value = (uint8_t *)&v[0] },
		{ .key = (const uint8_t *)&keys[1], .value = (uint8_t *)&v[1] },
	};
	struct typeset_map m = slots_map("hists", proc_hist_id, 20, e, 2);
	struct hist_groups hg;
	char *s;

	(void)state;
	assert_int_equal(hist_groups__make(&hg, &m), 1);
	assert_int_equal(hg.by, HIST_BY_VALUE_SLOTS);
	assert_int_equal(hg.kind, HIST_LOG2_SLOTS);
	s = text_of(&hg, &m);
	assert_string_equal(
		s,
		"@hists[9]: comm=ls\n"
		"[0, 2)                      2 " BAR50
		"[2, 4)                      1 |@@@@@@@@@@@@@@@@@@@@@@@@@                         |\n"
		"\n"
		"@hists[7]: comm=sh\n"
		"[8, 16)                     4 " BAR50 "\n");
	free(s);
	s = json_of(&hg, &m);
	assert_non_null(strstr(s, "{\"key\":7,\"value\":{\"comm\":\"sh\"},\"buckets\":[{\"low\":8,"
				  "\"high\":16,\"count\":4}]}"));
	free(s);
	hist_groups__free(&hg);
	/* named _lhist_W: linear buckets of W, slot i from i*W */
	m.name = "hists_lhist_100";
	assert_int_equal(hist_groups__make(&hg, &m), 1);
	s = text_of(&hg, &m);
	assert_non_null(strstr(s, "@hists_lhist_100[7]: comm=sh\n[300, 400)                  4 "));
	assert_non_null(strstr(s, "[0, 100)                    2 "));
	free(s);
	hist_groups__free(&hg);
}

/* No group: a name that says no histogram, a slots array past the value, no entries. */
static void test_not_groups(void **state)
{
	struct comm_slot k = { "dd", 3 };
	uint8_t value[16] = { 1 };
	struct typeset_entry e = { .key = (const uint8_t *)&k, .value = value, .num = 1 };
	struct typeset_map m = key_slot_map("sizes", &e, 1);
	struct hist_groups hg;

	(void)state;
	assert_int_equal(hist_groups__make(&hg, &m), 0);
	m.name = "sizes_hist";
	m.btf = NULL;
	assert_int_equal(hist_groups__make(&hg, &m), 0);
	m = slots_map("h", odd_id, 16, &e, 1);
	assert_int_equal(hist_groups__make(&hg, &m), 0);
	m.value_type = hist_id;
	m.nr = 0;
	assert_int_equal(hist_groups__make(&hg, &m), 0);
	m.nr = 1;
	assert_int_equal(hist_groups__make(&hg, &m), 1);
	hist_groups__free(&hg);
}

/* The top slots neither shift past 63 nor wrap. */
static void test_slot_bounds(void **state)
{
	uint64_t lo, hi;

	(void)state;
	hist__bounds(HIST_LOG2_SLOTS, 1, 0, &lo, &hi);
	assert_true(lo == 0 && hi == 2);
	hist__bounds(HIST_LOG2_SLOTS, 1, 12, &lo, &hi);
	assert_true(lo == 4096 && hi == 8192);
	hist__bounds(HIST_LOG2_SLOTS, 1, 63, &lo, &hi);
	assert_true(lo == 1ULL << 63 && hi == UINT64_MAX);
	hist__bounds(HIST_LOG2_SLOTS, 1, 200, &lo, &hi);
	assert_true(lo == UINT64_MAX && hi == UINT64_MAX);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_key_slot),    cmocka_unit_test(test_key_slot_linear),
		cmocka_unit_test(test_value_slots), cmocka_unit_test(test_not_groups),
		cmocka_unit_test(test_slot_bounds),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
