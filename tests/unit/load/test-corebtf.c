// SPDX-License-Identifier: GPL-2.0
/*
 * corebtf__cut on BTF made by libbpf's writer: a local task_struct as a program sees it,
 * a target one laid out otherwise with more members; the cut keeps what the relocations
 * go through, at the target's offsets, and nothing else.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <linux/bpf.h>
#include <linux/btf.h>
#include <bpf/btf.h>

#include "load/corebtf.h"

#define RELOS_MAX 8

/*
 * struct task_struct { struct thread_info ti; int pid; union { int tgid; }; } as a program
 * sees it, and enum state
 */
static struct btf *local_btf(void)
{
	struct btf *b = btf__new_empty();
	int i = btf__add_int(b, "int", 4, BTF_INT_SIGNED);
	int ti = btf__add_struct(b, "thread_info", 12);
	int u;

	btf__add_field(b, "flags", i, 0, 0);
	btf__add_field(b, "status", i, 32, 0);
	btf__add_field(b, "gone", i, 64, 0); /* not in the target */
	u = btf__add_union(b, NULL, 4);
	btf__add_field(b, "tgid", i, 0, 0);
	btf__add_struct(b, "task_struct___local", 16); /* id 4: a flavor of task_struct */
	btf__add_field(b, "thread_info", ti, 0, 0);
	btf__add_field(b, "pid", i, 64, 0);
	btf__add_field(b, "", u, 96, 0);
	btf__add_enum(b, "state", 4); /* id 5 */
	btf__add_enum_value(b, "RUNNING", 0);
	return b;
}

/*
 * The kernel's: struct task_struct { long pad; struct { int tgid; int other; };
 * struct thread_info { int x; int status; int flags; } thread_info; int pid; void *mm; }
 * and enum state { RUNNING = 0, SLEEPING = 1 }, with typedefs on the way.
 */
static struct btf *target_btf(void)
{
	struct btf *b = btf__new_empty();
	int i = btf__add_int(b, "int", 4, BTF_INT_SIGNED);
	int l = btf__add_int(b, "long", 8, BTF_INT_SIGNED);
	int pid_t = btf__add_typedef(b, "pid_t", i);
	int anon = btf__add_struct(b, NULL, 8);
	int ti;

	btf__add_field(b, "tgid", pid_t, 0, 0);
	btf__add_field(b, "other", i, 32, 0);
	ti = btf__add_struct(b, "thread_info", 12);
	btf__add_field(b, "x", i, 0, 0);
	btf__add_field(b, "status", i, 32, 0);
	btf__add_field(b, "flags", i, 64, 0);
	btf__add_struct(b, "task_struct", 48);
	btf__add_field(b, "pad", l, 0, 0);
	btf__add_field(b, "", anon, 64, 0);
	btf__add_field(b, "thread_info", ti, 128, 0);
	btf__add_field(b, "pid", pid_t, 224, 0);
	btf__add_field(b, "mm", btf__add_ptr(b, 0), 256, 0);
	btf__add_enum(b, "state", 4);
	btf__add_enum_value(b, "RUNNING", 0);
	btf__add_enum_value(b, "SLEEPING", 1);
	return b;
}

/* A .BTF.ext with only CO-RE relocations, their access strings added to local. */
struct ext {
	struct {
		uint16_t magic;
		uint8_t version, flags;
		uint32_t hdr_len, fi_off, fi_len, li_off, li_len, cr_off, cr_len;
	} h;
	uint32_t rec_size, sec_name, nr;
	struct bpf_core_relo r[RELOS_MAX];
};

static void add_relo(struct ext *e, struct btf *local, uint32_t type, const char *access,
		     enum bpf_core_relo_kind kind)
{
	struct bpf_core_relo *r = &e->r[e->nr++];

	r->insn_off = 8 * e->nr;
	r->type_id = type;
	r->access_str_off = btf__add_str(local, access);
	r->kind = kind;
	e->h.magic = BTF_MAGIC;
	e->h.version = 1;
	e->h.hdr_len = sizeof(e->h);
	e->h.cr_len = 12 + e->nr * sizeof(*r);
	e->rec_size = sizeof(*r);
}

static const struct btf_type *named(const struct btf *b, const char *name, int kind, int *id)
{
	*id = btf__find_by_name_kind(b, name, kind);
	assert_true(*id > 0);
	return btf__type_by_id(b, *id);
}

/* The member of t named name: its bit offset, or -1 when the cut left it out */
static long member_at(const struct btf *b, const struct btf_type *t, const char *name)
{
	for (int i = 0; i < btf_vlen(t); i++)
		if (!strcmp(btf__name_by_offset(b, btf_members(t)[i].name_off), name))
			return btf_member_bit_offset(t, i);
	return -1;
}

static void test_fields_through_anonymous_members(void **state)
{
	struct btf *local = local_btf(), *target = target_btf(), *cut;
	struct ext e = { 0 };
	const struct btf_type *t, *ti, *anon;
	int id, tid;

	(void)state;
	add_relo(&e, local, 4, "0:0:1", BPF_CORE_FIELD_BYTE_OFFSET); /* thread_info.status */
	add_relo(&e, local, 4, "0:2:0", BPF_CORE_FIELD_EXISTS); /* tgid */
	add_relo(&e, local, 4, "0:1", BPF_CORE_FIELD_BYTE_OFFSET); /* pid */
	cut = corebtf__cut(local, &e, sizeof(e), target);
	assert_non_null(cut);
	t = named(cut, "task_struct", BTF_KIND_STRUCT, &id);
	assert_int_equal(t->size, 48);
	assert_int_equal(btf_vlen(t), 3); /* neither pad nor mm */
	assert_int_equal(member_at(cut, t, "thread_info"), 128);
	assert_int_equal(member_at(cut, t, "pid"), 224);
	assert_int_equal(member_at(cut, t, "pad"), -1);
	ti = named(cut, "thread_info", BTF_KIND_STRUCT, &tid);
	assert_int_equal(ti->size, 12);
	assert_int_equal(btf_vlen(ti), 1);
	assert_int_equal(member_at(cut, ti, "status"), 32);
	anon = btf__type_by_id(cut, btf_members(t)[0].type);
	assert_true(btf_is_struct(anon));
	assert_int_equal(btf_members(t)[0].name_off, 0);
	assert_int_equal(btf_member_bit_offset(t, 0), 64);
	assert_int_equal(btf_vlen(anon), 1); /* tgid, not other */
	assert_int_equal(member_at(cut, anon, "tgid"), 0);
	assert_true(btf_is_int(btf__type_by_id(cut, btf_members(anon)[0].type))); /* pid_t: int */
	btf__free(cut);
	btf__free(local);
	btf__free(target);
}

static void test_missing_field_and_enum(void **state)
{
	struct btf *local = local_btf(), *target = target_btf(), *cut;
	struct ext e = { 0 };
	const struct btf_type *t;
	int id;

	(void)state;
	add_relo(&e, local, 2, "0:0", BPF_CORE_FIELD_EXISTS); /* thread_info.flags */
	add_relo(&e, local, 2, "0:2", BPF_CORE_FIELD_EXISTS); /* thread_info.gone: none */
	add_relo(&e, local, 5, "1", BPF_CORE_ENUMVAL_EXISTS);
	add_relo(&e, local, 4, "0", BPF_CORE_TYPE_ID_LOCAL); /* needs nothing of the target */
	cut = corebtf__cut(local, &e, sizeof(e), target);
	assert_non_null(cut);
	t = named(cut, "thread_info", BTF_KIND_STRUCT, &id);
	assert_int_equal(btf_vlen(t), 1);
	assert_int_equal(member_at(cut, t, "flags"), 64);
	t = named(cut, "state", BTF_KIND_ENUM, &id);
	assert_int_equal(btf_vlen(t), 2); /* the whole enum */
	assert_int_equal(btf__find_by_name_kind(cut, "task_struct", BTF_KIND_STRUCT), -ENOENT);
	btf__free(cut);
	btf__free(local);
	btf__free(target);
}

static void test_refused(void **state)
{
	struct btf *local = local_btf(), *target = target_btf();
	struct ext e = { 0 };

	(void)state;
	add_relo(&e, local, 4, "0:9", BPF_CORE_FIELD_BYTE_OFFSET); /* no local member 9 */
	assert_null(corebtf__cut(local, &e, sizeof(e), target));
	assert_int_equal(errno, EINVAL);
	memset(&e, 0, sizeof(e));
	add_relo(&e, local, 4, "0", BPF_CORE_TYPE_MATCHES);
	assert_null(corebtf__cut(local, &e, sizeof(e), target));
	assert_int_equal(errno, EOPNOTSUPP);
	memset(&e, 0, sizeof(e));
	add_relo(&e, local, 4, "0:1", BPF_CORE_FIELD_BYTE_OFFSET);
	e.nr = 1000; /* more relocations than bytes */
	assert_null(corebtf__cut(local, &e, sizeof(e), target));
	assert_int_equal(errno, EINVAL);
	btf__free(local);
	btf__free(target);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fields_through_anonymous_members),
		cmocka_unit_test(test_missing_field_and_enum),
		cmocka_unit_test(test_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
