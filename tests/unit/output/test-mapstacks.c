// SPDX-License-Identifier: GPL-2.0
/* Stacks in map looks: the fields that name them, lookups, errors, a full 127-frame stack. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/bpf.h>
#include <bpf/btf.h>

#include "util/tfeat.h"
#include "output/mapstacks.h"

#define DEPTH 127

struct key {
	uint32_t pid;
	uint32_t tgid;
	int32_t user_stack_id;
	int32_t kern_stack_id;
	char comm[16];
};

/* struct key as BTF: its id in *id. */
static struct btf *key_btf(uint32_t *id)
{
	struct btf *btf = btf__new_empty();
	int u32 = btf__add_int(btf, "u32", 4, 0), s32 = btf__add_int(btf, "int", 4, BTF_INT_SIGNED);
	int chr = btf__add_int(btf, "char", 1, BTF_INT_CHAR);
	int arr = btf__add_array(btf, u32, chr, 16);

	*id = btf__add_struct(btf, "key", sizeof(struct key));
	btf__add_field(btf, "pid", u32, 0, 0);
	btf__add_field(btf, "tgid", u32, 32, 0);
	btf__add_field(btf, "user_stack_id", s32, 64, 0);
	btf__add_field(btf, "kern_stack_id", s32, 96, 0);
	btf__add_field(btf, "comm", arr, 128, 0);
	assert_true(*id > 0);
	return btf;
}

/* A look with object 0's STACK_TRACE map: stack 7 of 3 frames, stack 9 of DEPTH frames. */
static void stack_look(struct dbuf *b)
{
	struct tfeat_map m = { .map_type = BPF_MAP_TYPE_STACK_TRACE,
			       .key_size = 4,
			       .value_size = DEPTH * 8,
			       .nr_values = 1,
			       .nr_entries = 2,
			       .name_len = 16 };
	uint64_t ips[DEPTH] = { 0xffffffff81000010ull, 0xffffffff81000020ull, 0x401000 };
	uint32_t id = 7;
	size_t at = tfeat__begin(b, TFEAT_MAP);

	dbuf__put(b, &m, sizeof(m));
	dbuf__put(b, "stackmap\0\0\0\0\0\0\0\0", 16);
	dbuf__put(b, &id, 4);
	dbuf__put(b, ips, sizeof(ips));
	for (int i = 0; i < DEPTH; i++)
		ips[i] = 0x400000 + i;
	id = 9;
	dbuf__put(b, &id, 4);
	dbuf__put(b, ips, sizeof(ips));
	tfeat__end(b, at);
}

static void test_mapstacks__key_fields(void **state)
{
	uint32_t id;
	struct btf *btf = key_btf(&id);
	struct stackkey sk;
	struct key k = { .pid = 5, .tgid = 4, .user_stack_id = 9, .kern_stack_id = -14 };

	assert_true(mapstacks__key(btf, id, &sk));
	assert_int_equal(sk.nr_ids, 2);
	assert_string_equal(sk.ids[0].name, "user_stack_id");
	assert_string_equal(sk.ids[1].name, "kern_stack_id");
	assert_int_equal(mapstacks__id(&sk, 1, &k), -14);
	assert_int_equal(mapstacks__pid(&sk, &k), 4); /* the tgid: the process */
	assert_int_equal(sk.comm_off, 16);
	assert_false(mapstacks__key(btf, 1, &sk)); /* an int names no stack */
	btf__free(btf);
}

static void test_mapstacks__lookups(void **state)
{
	struct dbuf b = { 0 };
	struct mapstacks *ms;
	const void *ips;

	stack_look(&b);
	ms = mapstacks__new(b.p, b.len);
	assert_non_null(ms);
	assert_true(mapstacks__has(ms, 0));
	assert_false(mapstacks__has(ms, 1));
	assert_int_equal(mapstacks__get(ms, 0, 7, &ips), 3);
	assert_true(mapstacks__ip(ips, 2) == 0x401000);
	assert_int_equal(mapstacks__get(ms, 0, 9, &ips), DEPTH); /* full: no zero ends it */
	assert_true(mapstacks__ip(ips, DEPTH - 1) == 0x400000 + DEPTH - 1);
	assert_int_equal(mapstacks__get(ms, 0, 8, &ips), 0); /* no longer held */
	assert_int_equal(mapstacks__get(ms, 0, -14, &ips), 0);
	mapstacks__free(ms);
	dbuf__free(&b);
}

static void text(struct mapstacks *ms, struct resolver *res, const struct stackkey *sk,
		 const struct key *k, struct dbuf *out)
{
	struct resolved_stack st[MAPSTACKS_MAX_FIELDS];

	mapstacks__text(out, st, mapstacks__resolve(ms, res, 0, sk, k, 0, st));
}

static void test_mapstacks__text_names_errors(void **state)
{
	struct dbuf b = { 0 }, out = { 0 };
	struct resolver *res = resolver__new(false);
	struct key k = { .tgid = 1, .user_stack_id = 8, .kern_stack_id = -14 };
	struct mapstacks *ms;
	struct stackkey sk;
	uint32_t id;
	struct btf *btf = key_btf(&id);

	stack_look(&b);
	ms = mapstacks__new(b.p, b.len);
	assert_true(mapstacks__key(btf, id, &sk));
	text(ms, res, &sk, &k, &out);
	assert_string_equal(out.p, "\tuser_stack_id: 8 unknown\n\tkern_stack_id: -EFAULT\n");
	out.len = 0;
	k.kern_stack_id = 7;
	text(ms, res, &sk, &k, &out);
	assert_non_null(strstr(out.p, "\tkern_stack_id:\n\t    ffffffff81000010 [unknown]"));
	assert_non_null(strstr(out.p, "\n\t              401000 [unknown]"));
	mapstacks__free(ms);
	resolver__free(res);
	btf__free(btf);
	dbuf__free(&b);
	dbuf__free(&out);
}

/* Folded: the comm, the user stack from its root, then the kernel's; no stack at all counts. */
static void test_mapstacks__fold(void **state)
{
	struct dbuf b = { 0 };
	struct resolver *res = resolver__new(false);
	struct key k = { .tgid = 1, .user_stack_id = -14, .kern_stack_id = 7, .comm = "sleepy" };
	struct fold *f = fold__new(0);
	struct mapstacks *ms;
	struct stackkey sk;
	const uint32_t *ids;
	uint32_t id, nr;
	uint64_t w;
	struct btf *btf = key_btf(&id);

	stack_look(&b);
	ms = mapstacks__new(b.p, b.len);
	assert_true(mapstacks__key(btf, id, &sk));
	assert_int_equal(mapstacks__fold(ms, res, 0, &sk, &k, "[m]", 100, f), 0);
	k.kern_stack_id = -17;
	assert_int_equal(mapstacks__fold(ms, res, 0, &sk, &k, "[m]", 5, f), 0);
	assert_int_equal(fold__nr(f), 2);
	ids = fold__stack(f, 0, &nr, &w);
	assert_int_equal(nr, 4); /* sleepy, then the 3 frames root first */
	assert_string_equal(fold__name(f, ids[0]), "sleepy");
	assert_int_equal(w, 100);
	/* 0x401000, the root, then the leaf: no symbols here, so "[unknown]" frames */
	assert_string_equal(fold__name(f, ids[1]), "[unknown]");
	assert_string_equal(fold__name(f, ids[3]), "[unknown]");
	ids = fold__stack(f, 1, &nr, &w);
	assert_int_equal(nr, 2);
	assert_string_equal(fold__name(f, ids[1]), "[no stack]");
	fold__free(f);
	mapstacks__free(ms);
	resolver__free(res);
	btf__free(btf);
	dbuf__free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mapstacks__key_fields),
		cmocka_unit_test(test_mapstacks__lookups),
		cmocka_unit_test(test_mapstacks__text_names_errors),
		cmocka_unit_test(test_mapstacks__fold),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
